"""Transcripts of a session, an encounter or a span of events, for auditors and forum posts."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request, Response, get
from litestar.params import FromPath, QueryParameter

from projections.rendering import build_frames, render
from projections.rendering.formats import Format
from projections.rendering.transcript import ChainHead
from projections.rendering.vocabulary import Lang, word
from service.api.answers import reading
from service.api.missions import MEDIA
from service.api.problems import ApiError
from service.api.reads import _reader
from service.api.sharing import links_for
from service.snapshots import reaches_back
from service.store import MAX_SEQ, EventStore


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
        raise ApiError(400, "invalid-request", "choose one of session, encounter or from_seq/to_seq")
    if session is not None or encounter is not None:
        span = await store.seq_range(campaign_id, encounter=encounter, session=session)
        what = (
            f"{word('encounter', lang)} {encounter}" if encounter is not None else f"{word('session', lang)} {session}"
        )
        if span is None:
            raise ApiError(404, "not-found", f"no event of this campaign belongs to {what}")
        return span[0], span[1], what
    first, last = first or 1, min(last or head, head)
    if first > last:
        raise ApiError(
            400, "invalid-request", f"from_seq {first} is after to_seq {last} (the campaign has {head} events)"
        )
    return first, last, f"{first}–{last}"


@get(
    "/campaigns/{campaign_id:str}/transcript",
    summary="Frames of a session, encounter or span: JSON, Markdown, BBCode",
    responses=reading("/transcript"),
)
async def transcript(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    session: Annotated[int | None, QueryParameter(ge=1, le=MAX_SEQ)] = None,
    encounter: Annotated[str | None, QueryParameter(max_length=64)] = None,
    from_seq: Annotated[int | None, QueryParameter(ge=1, le=MAX_SEQ)] = None,
    to_seq: Annotated[int | None, QueryParameter(ge=1, le=MAX_SEQ)] = None,
    format: Annotated[Format, QueryParameter(description="json, markdown or bbcode")] = "json",
    lang: Annotated[Lang, QueryParameter(description="en or es")] = "en",
) -> Response[Any]:
    found = await _reader(request, campaign_id)
    store = found.store
    chain_head = await store.head(campaign_id)
    first, last, what = await _span(store, campaign_id, session, encounter, from_seq, to_seq, lang)
    head = await found.cache.at_head(campaign_id)
    before = await found.snapshots.state_at(campaign_id, first - 1) if first > 1 else None
    records = await store.records(campaign_id, first - 1, head.version)
    if before is not None and reaches_back(records, first - 1) is not None:
        # An undo inside the span reaches before it: fold from the first event instead.
        before, records = None, await store.records(campaign_id, 0, head.version)
    stored = await store.stored(campaign_id, first - 1, last, last - first + 1)
    times = {event.seq: event.recorded_at for event in stored}
    links = await links_for(found, campaign_id)
    frames = build_frames(records, first, last, lang, campaign_id, times, initial=before, links=links)
    names = {cid: character.name for cid, character in head.characters.items()}
    title = f"{word('transcript', lang)} — {head.name} — {what}"
    # The head the transcript was made at: pasted into the forum, it witnesses the log (docs/audit-format.md).
    witness = ChainHead(version=chain_head.version, head_hash=chain_head.head_hash)
    return Response(render(frames, format, lang, names, title, witness), media_type=MEDIA[format])
