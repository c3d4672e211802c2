"""`GET /campaigns/{id}/stream`: every event as it commits, as Server-Sent Events, resumable with Last-Event-ID.

Each event goes out once, in seq order, as `id: <seq>` and `data: <the event's record>` (the same record as
`GET /campaigns/{id}/events` and the export). The stream starts after `Last-Event-ID` (what a browser sends
when it reconnects), else after `?after=`, else at the head. It is fed from the database, never from the
notification: a wake-up (NOTIFY, a reconnect of the listener, or a few seconds passing) makes it read the
log after the last seq it sent, so nothing committed is ever missed, between reconnects or otherwise. Its first
read comes after the process's listener registered the campaign (service/live.py): appends send their NOTIFY
only to campaigns some listener registered.

A stream outlives the request that opened it, so it asks again whether its reader may still read
(service/web/reader_pass.py) each time it wakes, after reading and before sending: a revoked share key, a
revoked or rotated token or an ended web session (each revocation wakes the campaign's streams at once) ends
it with a last `event: revoked` frame, and nothing committed after the revocation goes out. It also ends
after the instance's maximum life (Settings.stream_max_seconds, 15 minutes): browsers reconnect by themselves
with Last-Event-ID, and that reconnect is a new request, authenticated from scratch.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated, Any

import msgspec
from litestar import Request, get
from litestar.params import FromPath, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from domain.message import message
from service.api.answers import reading
from service.api.negotiation import language
from service.api.problems import ApiError
from service.api.services import Injected
from service.live import Hub
from service.store import MAX_SEQ, EventStore
from service.web.common import WebServices
from service.web.reader import read_actor
from service.web.reader_pass import ReaderPass, ended_reason, reader_pass, still_allowed

PAGE = 200
# Readers wake on their own this often (a comment line keeps proxies from closing an idle stream).
IDLE_SECONDS = 15.0
RETRY_MILLISECONDS = 2000


def _resume_point(request: Request[Any, Any, Any], after: int | None) -> int | None:
    header = request.headers.get("last-event-id")
    if header is not None and header.strip():
        text = header.strip()
        if not text.isdigit() or int(text) > MAX_SEQ:
            raise ApiError(400, "invalid-request", message("edge.bad_last_event_id", value=repr(text)))
        return int(text)
    return after


class StreamReader(msgspec.Struct, frozen=True, kw_only=True):
    """Who a stream is for: the pass that let the reader in, and the language of a last frame."""

    campaign_id: str
    reader: ReaderPass
    lang: str


def _revoked(stream: StreamReader) -> ServerSentEventMessage:
    reason, english, spanish = ended_reason(stream.reader)
    words = spanish if stream.lang == "es" else english
    body = msgspec.json.encode({"reason": reason, "detail": words}).decode()
    return ServerSentEventMessage(event="revoked", data=body)


async def _events(store: EventStore, hub: Hub, stream: StreamReader, last: int,
                  max_seconds: float) -> AsyncIterator[ServerSentEventMessage]:
    # The first line asks browsers to reconnect after 2 s (docs/web.md); it also sends the headers at once.
    yield ServerSentEventMessage(data=None, retry=RETRY_MILLISECONDS)
    loop = asyncio.get_running_loop()
    ends_at = loop.time() + max_seconds
    async with hub.subscribe(stream.campaign_id) as woken:  # registered before the first read
        while True:
            woken.clear()  # cleared before reading: a commit during the read sets it again
            events = await store.stored(stream.campaign_id, last, MAX_SEQ, PAGE)
            # Asked after the read: what was read committed before this answer, so a revocation committed
            # before it ends the stream, and one after it finds only events from before it in hand.
            if not await still_allowed(store, stream.campaign_id, stream.reader):
                yield _revoked(stream)
                return
            for event in events:
                yield ServerSentEventMessage(data=msgspec.json.encode(event).decode(), id=event.seq)
                last = event.seq
            if len(events) == PAGE:
                continue
            left = ends_at - loop.time()
            if left <= 0:
                return  # the browser reconnects with Last-Event-ID: a new request, its reader checked anew
            try:
                await asyncio.wait_for(woken.wait(), min(IDLE_SECONDS, left))
            except TimeoutError:
                if loop.time() < ends_at:
                    yield ServerSentEventMessage(data=None, comment="idle")


@get(
    "/campaigns/{campaign_id:str}/stream",
    summary="Live: each new event as a Server-Sent Event (id = seq)",
    responses=reading("/stream"),
)
async def stream(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    web: Injected[WebServices],
    after: Annotated[int | None, QueryParameter(ge=0, le=MAX_SEQ, description="start after this seq")] = None,
) -> ServerSentEvent:
    await read_actor(request, web.store, campaign_id)
    reader = StreamReader(campaign_id=campaign_id, reader=reader_pass(request, campaign_id),
                          lang=language(request)[0])
    start = _resume_point(request, after)
    if start is None:
        start = (await web.store.head(campaign_id)).version
    return ServerSentEvent(_events(web.store, web.hub, reader, start, web.settings.stream_max_seconds),
                           headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
