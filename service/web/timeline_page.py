"""`GET /ui/campaigns/{id}`: the timeline, a page of events at a time (keyset on seq), filtered if asked.

The newest page by default; `after=<seq>` pages forward from a seq, `before=<seq>` back from one. A page
costs its own rows, one snapshot read and short folds between them, however long the campaign is.
`GET /ui/campaigns/{id}/rows?after=<seq>` is the same rows as an HTML fragment, for the live page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from litestar import Request, get
from litestar.params import FromPath, QueryParameter
from litestar.response import Template

from domain.rulesets import surface_for
from projections.corrections import voided_by
from projections.rendering.timeline import PostBlock, blocks, row
from projections.rendering.titles import TITLES
from projections.rendering.vocabulary import title
from service.api.services import Injected
from service.api.sharing import links_for
from service.store import MAX_SEQ, EventFilter, EventStore, StoredEvent
from service.web.common import Page, WebServices, page
from service.web.frames_walk import walk

PAGE_SIZE = 50
MAX_PAGE = 200


@dataclass(frozen=True)
class Filters:
    session: int | None = None
    encounter: str | None = None
    character: str | None = None
    type: str | None = None

    def matching(self) -> EventFilter:
        return EventFilter(session=self.session, encounter=self.encounter or None, type=self.type or None,
                           character=self.character or None)

    def query(self) -> dict[str, object]:
        return {"session": self.session, "encounter": self.encounter, "character": self.character, "type": self.type}

    @property
    def any(self) -> bool:
        return any(v not in (None, "") for v in self.query().values())


async def _rows(
    store: EventStore, found: Page, filters: Filters, after: int | None, before: int | None, limit: int
) -> tuple[list[StoredEvent], bool, bool]:
    """The page's events in seq order, and whether matching events lie before it and after it."""
    campaign_id, matching = found.reader.campaign_id, filters.matching()
    if after is not None:
        events = await store.timeline(campaign_id, matching, after, MAX_SEQ, limit)
    else:
        upper = before if before is not None else found.head.version + 1
        events = await store.timeline(campaign_id, matching, 0, upper, limit, newest=True)
    if not events:
        return events, False, False
    older = await store.any_matching(campaign_id, matching, 0, events[0].seq)
    newer = await store.any_matching(campaign_id, matching, events[-1].seq, MAX_SEQ)
    return events, older, newer


async def _blocks(web: WebServices, found: Page, events: list[StoredEvent]) -> list[PostBlock]:
    reader = found.reader
    undone = voided_by(await web.store.corrections(reader.campaign_id))
    links = await links_for(web.store, web.settings, reader.campaign_id)
    walked = await walk(web.store, web.snapshots, reader.campaign_id, events, reader.lang, links, undone)
    rows = []
    for frame in walked.frames:
        voider = undone.get(frame.seq)
        rows.append(row(frame, reader.lang, undone_at=voider.recorded_at if voider else None))
    return blocks(walked.frames, rows)


Session = Annotated[int | None, QueryParameter(ge=1, le=MAX_SEQ)]
Text = Annotated[str | None, QueryParameter(max_length=120)]
Seq = Annotated[int | None, QueryParameter(ge=0, le=MAX_SEQ)]
Limit = Annotated[int, QueryParameter(ge=1, le=MAX_PAGE)]


@get("/campaigns/{campaign_id:str}", summary="Web: the campaign's timeline", include_in_schema=False)
async def timeline(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    web: Injected[WebServices],
    session: Session = None,
    encounter: Text = None,
    character: Text = None,
    type: Text = None,
    after: Seq = None,
    before: Seq = None,
    limit: Limit = PAGE_SIZE,
) -> Template:
    found = await page(request, campaign_id, web)
    filters = Filters(session=session, encounter=encounter or None, character=character or None, type=type or None)
    events, older, newer = await _rows(web.store, found, filters, after, before, limit)
    reader, state = found.reader, found.state
    ui = reader.ui
    query = {**filters.query(), "limit": limit if limit != PAGE_SIZE else None}
    first = events[0].seq if events else None
    last = events[-1].seq if events else None
    # Only the types this campaign's ruleset can record: another ruleset's types never match, and their titles
    # repeat this one's ("attack", "round begins"), which made options a reader could not tell apart.
    kinds = sorted({**TITLES, **surface_for(state.ruleset).phrases.titles}, key=lambda kind: title(kind, reader.lang))
    context = {
        **found.context,
        "page": "timeline",
        "blocks": await _blocks(web, found, events),
        "filters": filters,
        "sessions": list(range(1, state.sessions_held + 1)),
        "encounters": sorted(state.encounters),
        "characters": [(cid, c.name) for cid, c in state.characters.items()],
        "types": [(kind, title(kind, reader.lang)) for kind in kinds],
        "first": first,
        "last": last,
        "total": found.head.version,
        "older": reader.href(ui, **query, before=first) if older else None,
        "newer": reader.href(ui, **query, after=last) if newer else None,
        "first_page": reader.href(ui, **query, after=0) if older else None,
        "last_page": reader.href(ui, **query) if newer else None,
        # Live rows only on the newest page: older pages say how many events arrived since.
        "live": not newer,
        "rows_url": reader.href(f"{ui}/rows", **query),
        # The newest page follows from its last row; an older one counts only what arrives after the head.
        "stream_url": reader.href(f"/campaigns/{campaign_id}/stream",
                                  after=(last or found.head.version) if not newer else found.head.version),
        "after_seq": last or 0,
        "head_version": found.head.version,
    }
    return Template(template_name="timeline.html", context=context)


@get("/campaigns/{campaign_id:str}/rows", summary="Web: timeline rows after a seq (HTML fragment)",
     include_in_schema=False)
async def timeline_rows(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    after: Annotated[int, QueryParameter(ge=0, le=MAX_SEQ)],
    web: Injected[WebServices],
    session: Session = None,
    encounter: Text = None,
    character: Text = None,
    type: Text = None,
) -> Template:
    found = await page(request, campaign_id, web, badge_wait=0)
    filters = Filters(session=session, encounter=encounter or None, character=character or None, type=type or None)
    events, _, _ = await _rows(web.store, found, filters, after, None, MAX_PAGE)
    shown = await web.store.stored_one(campaign_id, after) if after else None
    context = {**found.context, "blocks": await _blocks(web, found, events),
               "last": events[-1].seq if events else after,
               # The headings continue from the last row the page shows: no second "Session 1".
               "start_session": shown.envelope.session if shown else -1,
               "start_encounter": shown.envelope.encounter if shown else -1}
    return Template(template_name="rows.html", context=context)


@get("/campaigns/{campaign_id:str}/badge", summary="Web: the verify badge (HTML fragment)", include_in_schema=False)
async def badge_fragment(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    web: Injected[WebServices],
) -> Template:
    found = await page(request, campaign_id, web)
    return Template(template_name="badge.html", context=found.context)
