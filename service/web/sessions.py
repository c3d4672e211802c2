"""Web sessions: what a browser's sign-in cookie names instead of a token (docs/web.md, "Signing in").

Signing in with a participant token opens a session: a random id (256 bits from the OS CSPRNG) that the
cookie carries, of which the service keeps only the sha256, bound to the campaign and the participant,
until it expires (`LIFETIME`), its reader signs out, or the participant's token is revoked or rotated
(service/commanding.py deletes the participant's sessions in the same transaction as the event).

A session is read-only by construction: it resolves to a reader of pages and of the live stream
(service/web/reader.py) and to nothing else; every write authenticates with `service.api.auth.campaign_actor`,
which reads the Authorization header alone. A cookie copied out of a browser therefore never writes, and
stops reading when the GM revokes the token it was opened with.
"""

from __future__ import annotations

import hashlib
import secrets

from domain.commands import Actor, Role
from service import queries
from service.store import EventStore, campaign_uuid

PREFIX = "lxw_"
LIFETIME_SECONDS = 30 * 24 * 3600
# The live sessions one participant may hold at once (one per browser it signs in from): signing in again
# ends its oldest beyond this, so a token's holder cannot grow the table without bound.
MAX_PER_PARTICIPANT = 20


def new_session_id() -> str:
    return PREFIX + secrets.token_urlsafe(32)


def session_hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


def _well_formed(session_id: str) -> bool:
    # What new_session_id makes: a raw token left in an old cookie (lxm_…), or anything else, is no session.
    return session_id.startswith(PREFIX) and len(session_id) <= 100


async def open_session(store: EventStore, campaign_id: str, actor: Actor) -> str:
    """A new session for the participant, after its ended and surplus ones are gone; answers its id (the cookie)."""
    session_id = new_session_id()
    campaign = campaign_uuid(campaign_id)
    async with store.pool.acquire() as connection, connection.transaction():
        await connection.execute(queries.PRUNE_WEB_SESSIONS, campaign, actor.participant_id, MAX_PER_PARTICIPANT)
        await connection.execute(queries.INSERT_WEB_SESSION, campaign, session_hash(session_id),
                                 actor.participant_id, actor.role, float(LIFETIME_SECONDS))
    return session_id


async def session_reader(store: EventStore, campaign_id: str, session_id: str) -> Actor | None:
    """Who reads with this session id, if it names a live session of this campaign whose participant still
    holds a token that works; None otherwise."""
    if not _well_formed(session_id):
        return None
    row = await store.pool.fetchrow(queries.SELECT_WEB_SESSION, campaign_uuid(campaign_id), session_hash(session_id))
    if row is None:
        return None
    role: Role = "gm" if row["role"] == "gm" else "player" if row["role"] == "player" else "observer"
    return Actor(participant_id=row["participant_id"], role=role)


async def end_session(store: EventStore, campaign_id: str, session_id: str) -> None:
    """The session ends now (signing out); an unknown or malformed id ends nothing."""
    if _well_formed(session_id):
        await store.pool.execute(queries.DELETE_WEB_SESSION, campaign_uuid(campaign_id), session_hash(session_id))


def holds_no_session(cookie: str | None) -> bool:
    """Whether a cookie's value is something other than a session id (a raw token an older release stored)."""
    return cookie is not None and not _well_formed(cookie)
