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

from domain.rulesets import engine_for
from projections.rendering.timeline import PostBlock, blocks, row
from projections.rendering.titles import TITLES
from projections.rendering.vocabulary import title
from service.api.sharing import links_for
from service.store import MAX_SEQ, StoredEvent, campaign_uuid, stored_from_row
from service.web import page_queries
from service.web.common import Page, page
from service.web.frames_walk import corrections, walk

PAGE_SIZE = 50
MAX_PAGE = 200


@dataclass(frozen=True)
class Filters:
    session: int | None = None
    encounter: str | None = None
    character: str | None = None
    type: str | None = None

    def params(self) -> tuple[str | None, str | None, str | None, str | None]:
        return (str(self.session) if self.session is not None else None, self.encounter or None,
                self.type or None, self.character or None)

    def query(self) -> dict[str, object]:
        return {"session": self.session, "encounter": self.encounter, "character": self.character, "type": self.type}

    @property
    def any(self) -> bool:
        return any(v not in (None, "") for v in self.query().values())


async def _rows(
    found: Page, filters: Filters, after: int | None, before: int | None, limit: int
) -> tuple[list[StoredEvent], bool, bool]:
    """The page's events in seq order, and whether matching events lie before it and after it."""
    pool, campaign = found.found.store.pool, campaign_uuid(found.reader.campaign_id)
    params = filters.params()
    if after is not None:
        rows = await pool.fetch(page_queries.TIMELINE_FORWARD, campaign, after, MAX_SEQ, *params, limit)
    else:
        upper = before if before is not None else found.head.version + 1
        rows = list(reversed(await pool.fetch(page_queries.TIMELINE_BACKWARD, campaign, 0, upper, *params, limit)))
    events = [stored_from_row(r) for r in rows]
    if not events:
        return events, False, False
    older = await pool.fetchval(page_queries.TIMELINE_ANY, campaign, 0, events[0].seq, *params, 1)
    newer = await pool.fetchval(page_queries.TIMELINE_ANY, campaign, events[-1].seq, MAX_SEQ, *params, 1)
    return events, bool(older), bool(newer)


async def _blocks(found: Page, events: list[StoredEvent]) -> list[PostBlock]:
    reader, store = found.reader, found.found.store
    undone = await corrections(store, reader.campaign_id)
    links = await links_for(found.found, reader.campaign_id)
    walked = await walk(store, found.found.snapshots, reader.campaign_id, events, reader.lang, links, undone)
    rows = []
    for frame in walked.frames:
        mark = undone.get(frame.seq)
        rows.append(row(frame, reader.lang, undone_at=mark.recorded_at if mark else None))
    return blocks(walked.frames, rows)


Session = Annotated[int | None, QueryParameter(ge=1, le=MAX_SEQ)]
Text = Annotated[str | None, QueryParameter(max_length=120)]
Seq = Annotated[int | None, QueryParameter(ge=0, le=MAX_SEQ)]
Limit = Annotated[int, QueryParameter(ge=1, le=MAX_PAGE)]


@get("/campaigns/{campaign_id:str}", summary="Web: the campaign's timeline", include_in_schema=False)
async def timeline(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    session: Session = None,
    encounter: Text = None,
    character: Text = None,
    type: Text = None,
    after: Seq = None,
    before: Seq = None,
    limit: Limit = PAGE_SIZE,
) -> Template:
    found = await page(request, campaign_id)
    filters = Filters(session=session, encounter=encounter or None, character=character or None, type=type or None)
    events, older, newer = await _rows(found, filters, after, before, limit)
    reader, state = found.reader, found.state
    ui = reader.ui
    query = {**filters.query(), "limit": limit if limit != PAGE_SIZE else None}
    first = events[0].seq if events else None
    last = events[-1].seq if events else None
    # Only the types this campaign's ruleset can record: another ruleset's types never match, and their titles
    # repeat this one's ("attack", "round begins"), which made options a reader could not tell apart.
    kinds = sorted({**TITLES, **engine_for(state.ruleset).phrases.titles}, key=lambda kind: title(kind, reader.lang))
    context = {
        **found.context,
        "page": "timeline",
        "blocks": await _blocks(found, events),
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
    session: Session = None,
    encounter: Text = None,
    character: Text = None,
    type: Text = None,
) -> Template:
    found = await page(request, campaign_id, badge_wait=0)
    filters = Filters(session=session, encounter=encounter or None, character=character or None, type=type or None)
    events, _, _ = await _rows(found, filters, after, None, MAX_PAGE)
    shown = await found.found.store.stored_one(campaign_id, after) if after else None
    context = {**found.context, "blocks": await _blocks(found, events),
               "last": events[-1].seq if events else after,
               # The headings continue from the last row the page shows: no second "Session 1".
               "start_session": shown.envelope.session if shown else -1,
               "start_encounter": shown.envelope.encounter if shown else -1}
    return Template(template_name="rows.html", context=context)


@get("/campaigns/{campaign_id:str}/badge", summary="Web: the verify badge (HTML fragment)", include_in_schema=False)
async def badge_fragment(request: Request[Any, Any, Any], campaign_id: FromPath[str]) -> Template:
    found = await page(request, campaign_id)
    return Template(template_name="badge.html", context=found.context)
