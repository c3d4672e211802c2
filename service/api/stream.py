"""`GET /campaigns/{id}/stream`: every event as it commits, as Server-Sent Events, resumable with Last-Event-ID.

Each event goes out once, in seq order, as `id: <seq>` and `data: <the event's record>` (the same record as
`GET /campaigns/{id}/events` and the export). The stream starts after `Last-Event-ID` (what a browser sends
when it reconnects), else after `?after=`, else at the head. It is fed from the database, never from the
notification: a wake-up (NOTIFY, a reconnect of the listener, or a few seconds passing) makes it read the
log after the last seq it sent, so nothing committed is ever missed, between reconnects or otherwise.

Before each read after the first, the reader is checked again (`still_reads`): a stream opened with a token
or a web session that has since been revoked (or rotated, or signed out), or with a revoked share link, ends
there and sends nothing more. A revocation is an event, so its commit wakes the stream at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Annotated, Any

import msgspec
from litestar import Request, get
from litestar.params import FromPath, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from service.api.answers import reading
from service.api.problems import ApiError
from service.api.services import services
from service.live import Hub
from service.store import MAX_SEQ, EventStore
from service.web.reader import read_actor

PAGE = 200
# Readers wake on their own this often (a comment line keeps proxies from closing an idle stream).
IDLE_SECONDS = 15.0
RETRY_MILLISECONDS = 2000


def hub_of(request: Request[Any, Any, Any]) -> Hub:
    found = request.app.state.hub
    assert isinstance(found, Hub)
    return found


def _resume_point(request: Request[Any, Any, Any], after: int | None) -> int | None:
    header = request.headers.get("last-event-id")
    if header is not None and header.strip():
        text = header.strip()
        if not text.isdigit() or int(text) > MAX_SEQ:
            raise ApiError(400, "invalid-request", f"Last-Event-ID is the seq of the last event received, not {text!r}",
                           f"Last-Event-ID es el seq del último evento recibido, no {text!r}")
        return int(text)
    return after


async def _events(
    store: EventStore, hub: Hub, campaign_id: str, last: int, still_reads: Callable[[], Awaitable[bool]]
) -> AsyncIterator[ServerSentEventMessage]:
    # The first line asks browsers to reconnect after 2 s (docs/web.md); it also sends the headers at once.
    yield ServerSentEventMessage(data=None, retry=RETRY_MILLISECONDS)
    checked = True  # the handler has just checked the reader
    with hub.subscribe(campaign_id) as woken:
        while True:
            woken.clear()  # cleared before reading: a commit during the read sets it again
            if not checked and not await still_reads():
                return  # the stream ends; the browser's reconnect is refused (401)
            checked = False
            events = await store.stored(campaign_id, last, MAX_SEQ, PAGE)
            for event in events:
                yield ServerSentEventMessage(data=msgspec.json.encode(event).decode(), id=event.seq)
                last = event.seq
            if len(events) == PAGE:
                continue
            try:
                await asyncio.wait_for(woken.wait(), IDLE_SECONDS)
            except TimeoutError:
                yield ServerSentEventMessage(data=None, comment="idle")


@get(
    "/campaigns/{campaign_id:str}/stream",
    summary="Live: each new event as a Server-Sent Event (id = seq)",
    responses=reading("/stream"),
)
async def stream(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    after: Annotated[int | None, QueryParameter(ge=0, le=MAX_SEQ, description="start after this seq")] = None,
) -> ServerSentEvent:
    found = services(request)
    await read_actor(request, found.store, campaign_id)
    start = _resume_point(request, after)
    if start is None:
        start = (await found.store.head(campaign_id)).version

    async def still_reads() -> bool:
        """Whether what opened the stream (a token, a web session, a share key) still opens it, read now."""
        try:
            await read_actor(request, found.store, campaign_id)
        except ApiError:
            return False
        return True

    return ServerSentEvent(_events(found.store, hub_of(request), campaign_id, start, still_reads),
                           headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
