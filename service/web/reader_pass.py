"""What let a reader in, kept for as long as a read lasts, so that a long read (the live stream) can ask
again, at any moment, whether that reader may still read.

A page is answered at once, but `GET /campaigns/{id}/stream` stays open for minutes: the share key or token
that opened it may be revoked meanwhile. The stream keeps the reader's pass and calls `still_allowed`
whenever it is about to send something (service/api/stream.py); a pass that no longer opens the campaign
ends the stream with a last frame saying why (`ended_reason`).

A share key is revoked by the GM (`DELETE /campaigns/{id}/share-links/{link}`); a participant token is
revoked or rotated by the GM (docs/api.md, "Participants' tokens"), which also ends every web session signed
in with it; a web session ends at sign-out too. Each check is the same lookup every request makes (no process
remembers a token or a session between requests), so a pass stops opening the campaign at once.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec
from litestar import Request

from domain.catalog import sentence
from service import share_links
from service.api.auth import bearer
from service.store import EventStore
from service.tokens import token_hash
from service.web import sessions
from service.web.reader import cookie_name

PassKind = Literal["share", "token", "session"]


class ReaderPass(msgspec.Struct, frozen=True, kw_only=True):
    """How a reader got in: a share key as sent, the hash of a bearer token, or the web session's id (the
    pages' cookie, service/web/sessions.py)."""

    kind: PassKind
    secret: str


def reader_pass(request: Request[Any, Any, Any], campaign_id: str) -> ReaderPass:
    """The pass of a reader `read_actor` (service/web/reader.py) let in, chosen in the same order: a bearer
    token, else a share key, else the campaign's cookie."""
    token = bearer(request)
    share = request.query_params.get("share")
    if token is None and share is not None:
        return ReaderPass(kind="share", secret=share)
    if token is None:
        return ReaderPass(kind="session", secret=request.cookies.get(cookie_name(campaign_id), ""))
    return ReaderPass(kind="token", secret=token_hash(token))


async def still_allowed(store: EventStore, campaign_id: str, reader: ReaderPass) -> bool:
    """Whether the pass still opens the campaign (a revoked share key, token or web session does not)."""
    if reader.kind == "share":
        return await share_links.link_of_key(store, campaign_id, reader.secret) is not None
    if reader.kind == "session":
        return await sessions.session_reader(store, campaign_id, reader.secret) is not None
    return await store.token(campaign_id, reader.secret) is not None


def ended_reason(reader: ReaderPass) -> tuple[str, str, str]:
    """The stream's last frame when the pass no longer opens the campaign: a reason a script can branch
    on, and a sentence in English and in Spanish."""
    reason = {"share": "share-link-revoked", "session": "web-session-ended"}.get(reader.kind, "token-revoked")
    message_id = f"page.said.ended.{reason.replace('-', '_')}"
    return reason, sentence(message_id, "en"), sentence(message_id, "es")
