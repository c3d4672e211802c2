"""Transcripts of a session, an encounter or a span of events, for auditors and forum posts.

A transcript streams: it folds from the snapshot right before the span, then reads the span page by page
to its END (never to the head) and sends each frame as it is made, so a whole-session transcript of a long
campaign costs a page of events and one state, not the campaign. Which events of the span were undone later
comes from one small query for the corrections after the span's start.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any

import msgspec
from litestar import Request, get
from litestar.params import FromPath, QueryParameter
from litestar.response import Stream

from domain.campaign.state import CampaignState
from domain.message import Message
from projections.corrections import voided_by
from projections.permalinks import Links
from projections.rendering import FrameBuilder, Head, Splitter
from projections.rendering import Stream as TranscriptStream
from projections.rendering.formats import Format
from projections.rendering.frames import Frame
from projections.rendering.vocabulary import Lang, word
from projections.replay import is_voiding
from service.api.answers import reading
from service.api.auth import campaign_reader
from service.api.missions import MEDIA
from service.api.problems import ApiError
from service.api.services import Injected, Services
from service.api.sharing import base_of, links_for
from service.snapshots import Snapshots
from service.store import MAX_SEQ, EventStore

PAGE = 500
# Frames are sent in chunks of about this many characters: one chunk per frame cost an HTTP chunk, an ASGI
# message and a socket write per event (a third of a long transcript's time), while a chunk this size keeps
# the stream's memory flat.
CHUNK = 32 * 1024


async def _span(
    store: EventStore,
    campaign_id: str,
    session: int | None,
    encounter: str | None,
    first: int | None,
    last: int | None,
    lang: Lang,
) -> tuple[int, int, str]:
    head = (await store.head(campaign_id)).version
    if sum(x is not None for x in (session, encounter)) + (first is not None or last is not None) > 1:
        raise ApiError(400, "invalid-request", Message("edge.transcript_one_of"))
    if session is not None or encounter is not None:
        span = await store.seq_range(campaign_id, encounter=encounter, session=session)
        what = (
            f"{word('encounter', lang)} {encounter}" if encounter is not None else f"{word('session', lang)} {session}"
        )
        if span is None:
            said = (Message("edge.not_found.encounter_events", {"encounter": encounter}) if encounter is not None
                    else Message("edge.not_found.session_events", {"session": str(session)}))
            raise ApiError(404, "not-found", said)
        return span[0], span[1], what
    first, last = first or 1, min(last or head, head)
    if first > last:
        said = Message("edge.span_reversed", {"first": first, "last": last, "head": head})
        raise ApiError(400, "invalid-request", said)
    return first, last, f"{first}–{last}"


async def frames_of(
    store: EventStore, snapshots: Snapshots, campaign_id: str, first: int, last: int, lang: Lang, links: Links,
    raw_changes: bool,
) -> AsyncIterator[Frame]:
    """The frames of events first..last, one page of events in memory at a time."""
    before = await snapshots.state_at(campaign_id, first - 1) if first > 1 else CampaignState()
    undone = voided_by(await store.corrections(campaign_id, first))
    builder = FrameBuilder(before, lang, campaign_id, links, undone, raw_changes=raw_changes)
    after = first - 1
    while after < last:
        page = await store.page(campaign_id, after, last, PAGE)
        if not page:
            break
        for recorded, recorded_at in page:
            # A correction changes which earlier events are live: the state after it is folded again.
            refolded = await snapshots.state_at(campaign_id, recorded.seq) if is_voiding(recorded) else None
            yield builder.frame(recorded, refolded, recorded_at)
        after = page[-1][0].seq


@get(
    "/campaigns/{campaign_id:str}/transcript",
    summary="Frames of a session, encounter or span: JSON, Markdown, BBCode",
    responses=reading("/transcript"),
)
async def transcript(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    services: Injected[Services],
    session: Annotated[int | None, QueryParameter(ge=1, le=MAX_SEQ)] = None,
    encounter: Annotated[str | None, QueryParameter(max_length=64)] = None,
    from_seq: Annotated[int | None, QueryParameter(ge=1, le=MAX_SEQ)] = None,
    to_seq: Annotated[int | None, QueryParameter(ge=1, le=MAX_SEQ)] = None,
    format: Annotated[Format, QueryParameter(description="json, markdown or bbcode")] = "json",
    lang: Annotated[Lang, QueryParameter(description="en or es")] = "en",
    split: Annotated[
        int | None,
        QueryParameter(ge=200, le=100_000, description="cut Markdown or BBCode into messages of at most N characters "
                       "(Discord: 2000); answers JSON {messages: [...], head}"),
    ] = None,
) -> Stream:
    await campaign_reader(request, services.store, campaign_id)
    first, last, what = await _span(services.store, campaign_id, session, encounter, from_seq, to_seq, lang)
    chain = await services.store.head(campaign_id)
    head = Head(chain.version, chain.head_hash)
    name = (await services.snapshots.state_at(campaign_id, 1)).name
    title = f"{word('transcript', lang)} — {name} — {what}"
    links = await links_for(services.store, services.settings, campaign_id, base_of(request))
    frames = frames_of(services.store, services.snapshots, campaign_id, first, last, lang, links, format == "json")
    if split is not None:
        if format == "json":
            raise ApiError(400, "invalid-request", Message("edge.split_needs_text"))
        return Stream(_messages(frames, Splitter(format, lang, title, head, split), head), media_type=MEDIA["json"])
    return Stream(_text(frames, TranscriptStream(format, lang, title, head)), media_type=MEDIA[format])


async def _chunked(parts: AsyncIterator[str]) -> AsyncIterator[str]:
    """The same text, in chunks of at least CHUNK characters (but the last)."""
    pending: list[str] = []
    size = 0
    async for part in parts:
        pending.append(part)
        size += len(part)
        if size >= CHUNK:
            yield "".join(pending)
            pending, size = [], 0
    if pending:
        yield "".join(pending)


async def _text(frames: AsyncIterator[Frame], stream: TranscriptStream) -> AsyncIterator[str]:
    async def parts() -> AsyncIterator[str]:
        yield stream.begin()
        async for frame in frames:
            yield stream.frame(frame)
        yield stream.end()

    async for chunk in _chunked(parts()):
        yield chunk


async def _messages(frames: AsyncIterator[Frame], splitter: Splitter, head: Head) -> AsyncIterator[str]:
    async for chunk in _chunked(_message_parts(frames, splitter, head)):
        yield chunk


async def _message_parts(frames: AsyncIterator[Frame], splitter: Splitter, head: Head) -> AsyncIterator[str]:
    encode = msgspec.json.encode
    count = 0
    yield '{"messages":['
    async for frame in frames:
        for message in splitter.push(frame):
            yield ("," if count else "") + encode(message).decode()
            count += 1
    for message in splitter.finish():
        yield ("," if count else "") + encode(message).decode()
        count += 1
    yield '],"head":' + encode(head).decode() + "}"
