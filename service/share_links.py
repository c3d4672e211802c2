"""Share links: read-only capability URLs a GM hands to forum readers, and revokes.

A share key is unguessable (256 bits from the OS CSPRNG) and opens exactly what an observer may read,
for one campaign, until it is revoked. It is kept as issued (migrations/0003 says why) so that the
permalinks the service writes can carry it.
"""

from __future__ import annotations

import datetime as dt
import secrets

import msgspec

from domain.errors import RuleViolation
from service import queries
from service.store import EventStore
from service.store import campaign_uuid as _uuid

KEY_PREFIX = "lxs_"
# Valid (unrevoked) share links a campaign may hold at once: one per forum thread, Discord channel or reader
# group is a handful; 20 leaves room for many and keeps what a GM must keep track of (and revoke if a key
# leaks) a short list. A revoked link frees its place.
VALID_LINKS_PER_CAMPAIGN = 20


class ShareLink(msgspec.Struct, frozen=True, kw_only=True):
    link_id: str
    key: str
    label: str | None
    created_by: str
    created_at: dt.datetime
    revoked_at: dt.datetime | None = None


def new_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(32)


async def create(store: EventStore, campaign_id: str, label: str | None, created_by: str) -> ShareLink:
    """A new valid link, or RuleViolation `share_link_quota` when the campaign already holds the most it may."""
    link_id, key = f"s-{secrets.token_hex(4)}", new_key()
    campaign = _uuid(campaign_id)
    async with store.pool.acquire() as connection, connection.transaction():
        await connection.execute(queries.LOCK_SHARE_LINKS, str(campaign))
        valid = await connection.fetchval(queries.COUNT_VALID_SHARE_LINKS, campaign)
        if valid >= VALID_LINKS_PER_CAMPAIGN:
            raise RuleViolation("share_link_quota", links=VALID_LINKS_PER_CAMPAIGN, campaign=campaign_id)
        created = await connection.fetchval(queries.INSERT_SHARE_LINK, campaign, link_id, key, label, created_by)
    return ShareLink(link_id=link_id, key=key, label=label, created_by=created_by, created_at=created)


async def listed(store: EventStore, campaign_id: str) -> list[ShareLink]:
    rows = await store.pool.fetch(queries.SELECT_SHARE_LINKS, _uuid(campaign_id))
    return [ShareLink(**dict(row)) for row in rows]


async def revoke(store: EventStore, campaign_id: str, link_id: str) -> dt.datetime | None:
    """When the link was revoked now, or None when there is no such link still valid."""
    revoked: dt.datetime | None = await store.pool.fetchval(queries.REVOKE_SHARE_LINK, _uuid(campaign_id), link_id)
    return revoked


async def link_of_key(store: EventStore, campaign_id: str, key: str) -> str | None:
    """The id of the valid share link with this key, or None (unknown, revoked, or another campaign's)."""
    if not key.startswith(KEY_PREFIX) or len(key) > 100:
        return None
    found: str | None = await store.pool.fetchval(queries.SELECT_SHARE_KEY, _uuid(campaign_id), key)
    return found


async def newest_key(store: EventStore, campaign_id: str) -> str | None:
    found: str | None = await store.pool.fetchval(queries.SELECT_NEWEST_SHARE_KEY, _uuid(campaign_id))
    return found
