"""The state pages: the campaign right after any post, event or turn; what changed between two; an encounter now.

The state shown is exactly `GET /campaigns/{id}/state` with the same `at_post`, `at_seq` or `at_turn` (the
same time-travel read, service/api/reads.py), embedded in the page as JSON beside the tables that show it.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Request, get
from litestar.params import FromPath, QueryParameter
from litestar.response import Template

from domain.campaign.state import CampaignState
from domain.message import message
from projections.rendering.mission_wording import WORDING
from projections.rendering.page_words import label
from projections.rendering.state_view import StateView, compare, name_of, state_view
from projections.rendering.vocabulary import Lang
from service.api.problems import ApiError
from service.api.reads import AtPost, AtSeq, AtTurn, _point, _state
from service.api.services import Injected
from service.store import MAX_SEQ
from service.web.common import Page, WebServices, page

POST_CHOICES = 500


def _json(value: object) -> str:
    """JSON safe inside a <script> element (no "</script>" can close it early)."""
    return msgspec.json.encode(value).decode().replace("<", "\\u003c")


def _what(lang: Lang, at_seq: int | None, at_post: str | None, at_turn: str | None) -> str | None:
    if at_post is not None:
        return label("post_n", lang, post=at_post)
    if at_seq is not None:
        return label("event_n", lang, seq=at_seq)
    if at_turn is not None:
        # `gate/1/2` is the address's spelling; a reader reads the encounter's round and turn.
        encounter, _, numbers = at_turn.partition("/")
        round_, _, turn = numbers.partition("/")
        if round_.isdigit() and turn.isdigit():
            return label("turn_of_encounter", lang, round=round_, turn=turn, id=encounter)
        return at_turn
    return None


def _view_context(found: Page, state: CampaignState) -> dict[str, Any]:
    view = state_view(state)
    lang = found.reader.lang
    names = {c.character_id: c.name for c in view.characters}
    return {
        "view": view,
        "names": names,
        "key_name": lambda key: name_of(key, lang, state.ruleset),
        "listed": lambda key, values: ", ".join(
            name_of(v, lang, state.ruleset) if key == "conditions" else str(v) for v in values),
        "wording": WORDING[lang],
        "state_json": _json(state),
    }


@get("/campaigns/{campaign_id:str}/state", summary="Web: the campaign now or at a point", include_in_schema=False)
async def state_page(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    web: Injected[WebServices],
    at_seq: AtSeq = None,
    at_post: AtPost = None,
    at_turn: AtTurn = None,
) -> Template:
    found = await page(request, campaign_id, web)
    seq = await _point(web.store, campaign_id, at_seq, at_post, at_turn)
    state = (await _state(web.store, web.cache, web.snapshots, campaign_id, at_seq, at_post, at_turn) if seq is not None
             else found.state)
    reader = found.reader
    what = _what(reader.lang, at_seq, at_post, at_turn)
    context = {
        **found.context,
        **_view_context(found, state),
        "page": "state",
        "heading": label("state_after", reader.lang, what=what) if what else label("state_now", reader.lang),
        "at_seq": state.version,
        "historic": seq is not None,
        "compare_now": reader.href(f"{reader.ui}/compare", from_seq=state.version) if seq is not None else None,
        "timeline_here": reader.href(reader.ui, before=state.version + 1),
        "live": seq is None,
        "stream_url": reader.href(f"/campaigns/{campaign_id}/stream", after=found.head.version),
    }
    return Template(template_name="state.html", context=context)


@get("/campaigns/{campaign_id:str}/encounters/{encounter_id:str}", summary="Web: an encounter now",
     include_in_schema=False)
async def encounter_page(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    encounter_id: FromPath[str],
    web: Injected[WebServices],
) -> Template:
    found = await page(request, campaign_id, web)
    state = found.state
    log = state.encounters.get(encounter_id)
    view = state_view(state)
    running = next((e for e in view.encounters if e.encounter_id == encounter_id), None)
    if log is None and running is None:
        raise ApiError(404, "not-found", message("edge.not_found.encounter", encounter=repr(encounter_id)))
    reader = found.reader
    context = {
        **found.context,
        **_view_context(found, state),
        "page": "encounter",
        "encounter_id": encounter_id,
        "running": running,
        "turns": log.turns if log is not None else (),
        "turn_href": lambda r, t: reader.href(f"{reader.ui}/state", at_turn=f"{encounter_id}/{r}/{t}"),
        "live": True,
        "stream_url": reader.href(f"/campaigns/{campaign_id}/stream", after=found.head.version),
    }
    return Template(template_name="encounter.html", context=context)


async def _at(web: WebServices, found: Page, post: str | None, seq: int | None) -> tuple[int, CampaignState]:
    point = await _point(web.store, found.reader.campaign_id, seq, post, None)
    if point is None:
        return found.head.version, found.state
    return point, await _state(web.store, web.cache, web.snapshots, found.reader.campaign_id, seq, post, None)


def _side(lang: Lang, post: str | None, seq: int | None, point: int) -> str:
    return label("post_n", lang, post=post) if post is not None else label("event_n", lang, seq=seq or point)


@get("/campaigns/{campaign_id:str}/compare", summary="Web: what changed between two points", include_in_schema=False)
async def compare_page(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    web: Injected[WebServices],
    from_post: Annotated[str | None, QueryParameter(max_length=200)] = None,
    to_post: Annotated[str | None, QueryParameter(max_length=200)] = None,
    from_seq: Annotated[int | None, QueryParameter(ge=1, le=MAX_SEQ)] = None,
    to_seq: Annotated[int | None, QueryParameter(ge=1, le=MAX_SEQ)] = None,
) -> Template:
    found = await page(request, campaign_id, web)
    reader = found.reader
    posts = await web.store.posts(campaign_id, POST_CHOICES)
    lines: list[str] | None = None
    title = None
    views: tuple[StateView, StateView] | None = None
    if (from_post or from_seq) is not None:
        a, before = await _at(web, found, from_post or None, from_seq)
        b, after = await _at(web, found, to_post or None, to_seq)
        if a > b:
            (a, before), (b, after) = (b, after), (a, before)
            from_post, to_post, from_seq, to_seq = to_post, from_post, to_seq, from_seq
        views = (state_view(before), state_view(after))
        lines = compare(before, after, reader.lang)
        title = label("compare_title", reader.lang, a=_side(reader.lang, from_post or None, from_seq, a),
                      b=_side(reader.lang, to_post or None, to_seq, b))
    context = {
        **found.context,
        "page": "compare",
        "posts": posts,
        "from_post": from_post or "",
        "to_post": to_post or "",
        "lines": lines,
        "title": title,
        "views": views,
        "live": False,
    }
    return Template(template_name="compare.html", context=context)
