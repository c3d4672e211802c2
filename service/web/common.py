"""What every page shares: its reader, the campaign's name and head, the verify badge, the labels, the templates."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from litestar import Request, Response
from litestar.datastructures import State
from litestar.di import Provide
from litestar.exceptions import HTTPException, ValidationException
from litestar.plugins.jinja import JinjaTemplateEngine
from litestar.response import Redirect, Template
from litestar.template.config import TemplateConfig
from litestar.types import ExceptionHandlersMap

from domain.campaign.state import CampaignState
from domain.catalog import sentence, text
from domain.engine import Lang
from projections.rendering.names import participant_name
from projections.rendering.page_words import label, labels
from projections.whose_turn import turn_sentence, whose_turn
from service.api.negotiation import language
from service.api.problems import ApiError, http_problem, validation_words
from service.live import Hub
from service.settings import Settings
from service.snapshots import Snapshots
from service.state_cache import StateCache
from service.store import CampaignNotFound, EventStore, Head
from service.web.badge import INLINE_EVENTS, BadgeCache
from service.web.reader import PageReader, SignInNeeded, page_reader


@dataclass(frozen=True)
class WebServices:
    """What the pages (and the live stream) use, in one object: the service's store, cache, snapshots and
    settings, and the pages' own process-wide objects, the verify badges and the live feed's listener, which
    the pages' lifespan owns (`web_lifespan`)."""

    settings: Settings
    store: EventStore
    cache: StateCache
    snapshots: Snapshots
    badges: BadgeCache
    hub: Hub


def _provide(state: State) -> WebServices:
    found = state.web
    assert isinstance(found, WebServices), "the pages' lifespan has not started"
    return found


def web_dependencies() -> dict[str, Provide]:
    """The app's dependency on the pages' objects (one dependency: service/api/services.py says why)."""
    return {"web": Provide(_provide, sync_to_thread=False)}


@dataclass(frozen=True)
class Page:
    """A page's reader, the campaign at its head, and the context every template gets."""

    reader: PageReader
    head: Head
    state: CampaignState
    context: dict[str, Any]


def _short(value: str | None, length: int = 12) -> str:
    return value[:length] + "…" if value and len(value) > length else value or ""


def _when(value: str | None) -> str:
    """`2026-12-01T11:30:05.123456Z` as `2026-12-01 11:30:05 UTC`."""
    return f"{value[:10]} {value[11:19]} UTC" if value and len(value) >= 19 else value or ""


def _web_url(value: object) -> bool:
    """Only http(s) links leave a page: a post's url is the client's text (a javascript: url must not run)."""
    return isinstance(value, str) and value.lower().startswith(("https://", "http://"))


def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("service.web", "templates"),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["short"] = _short
    env.filters["when"] = _when
    env.tests["web_url"] = _web_url
    return env


def template_config() -> TemplateConfig[JinjaTemplateEngine]:
    return TemplateConfig(instance=JinjaTemplateEngine.from_environment(environment()))


async def verify_after_response(request: Request[Any, Any, Any]) -> None:
    """The pages' `after_response` hook: start the verification a page deferred (its badge showed pending)."""
    deferred = request.state.get("badge_deferred")
    if isinstance(deferred, tuple):
        badges, head = deferred
        if not badges.known(head):
            badges.start(head)


async def page(
    request: Request[Any, Any, Any], campaign_id: str, web: WebServices, badge_wait: float | None = None
) -> Page:
    """Everything a campaign page needs before its own part: reader, head, the state at the head, badge.

    Called by the handler, after Litestar has checked its query parameters: a malformed one is refused
    before any read.
    """
    reader = await page_reader(request, web.store, campaign_id)
    head = await web.store.head(campaign_id)
    # The head state from the nearest snapshot and a short tail: a first read never folds a long log.
    state = await web.snapshots.state_at(campaign_id, head.version) if head.version else CampaignState()
    participant = state.participants.get(reader.actor.participant_id)
    # A long log is verified after the answer is sent (`verify_after_response`), never inside the request.
    defer = head.version > INLINE_EVENTS
    badge = await web.badges.badge(head, **({} if badge_wait is None else {"wait": badge_wait}), defer=defer)
    if defer and badge.pending:
        # What the hook needs, handed over in the request: a hook gets no injected service objects.
        request.state.badge_deferred = (web.badges, head)
    lang = reader.lang
    who = participant_name(participant.name, participant.role, lang) if participant is not None else None
    role = label(f"role_{reader.role}", lang)
    context: dict[str, Any] = {
        "L": labels(lang),
        "label": lambda key, **values: label(key, lang, **values),
        "lang": lang,
        "reader": reader,
        "campaign_name": state.name,
        "campaign_id": campaign_id,
        "head": head,
        "badge": badge,
        "who": who if who != role else None,  # "DJ", not "DJ (DJ)", for a GM nobody named
        "role": role,
        "other_lang": {"en": "es", "es": "en"}[lang],
        "lang_href": _lang_href(request, "es" if lang == "en" else "en"),
        "nav": {
            "timeline": reader.href(reader.ui),
            "state": reader.href(f"{reader.ui}/state"),
            "compare": reader.href(f"{reader.ui}/compare"),
        },
        "sign_out": reader.href(f"{reader.ui}/sign-out") if reader.via_cookie else None,
        # Whose turn it is, in the header of every page while an encounter runs (the same sentence as
        # GET /campaigns/{id}/turn and the turn notification).
        "turn_line": _turn_line(state, lang),
    }
    return Page(reader=reader, head=head, state=state, context=context)


def _turn_line(state: CampaignState, lang: Lang) -> str | None:
    turn = whose_turn(state, lang)
    return text(turn_sentence(turn), lang) if turn is not None else None


def _lang_href(request: Request[Any, Any, Any], lang: str) -> str:
    params = {k: v for k, v in request.query_params.items() if k != "lang"}
    params["lang"] = lang
    return f"{request.url.path}?{urlencode(params)}"


def sign_in_redirect(request: Request[Any, Any, Any], error: SignInNeeded) -> Response[Any]:
    """To the sign-in form, which brings the reader back to the page asked for once signed in."""
    target = f"/ui/campaigns/{error.campaign_id}/sign-in"
    asked = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    params = {"next": asked}
    if request.query_params.get("lang") in ("en", "es"):
        params["lang"] = request.query_params["lang"]
    return Redirect(path=f"{target}?{urlencode(params)}", status_code=303)


_CAMPAIGN_PAGE = re.compile(r"^/ui/campaigns/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(/|$)")


def ways_back(request: Request[Any, Any, Any], lang: Lang) -> list[tuple[str, str]]:
    """Where a reader refused on a campaign's page can go next: its timeline, and the sign-in form (a revoked
    share link or an expired sign-in lands here). None for an address that names no campaign."""
    found = _CAMPAIGN_PAGE.match(request.url.path)
    if found is None:
        return []
    base = f"/ui/campaigns/{found.group(1)}"
    query = f"?lang={lang}" if request.query_params.get("lang") in ("en", "es") else ""
    return [(f"{base}{query}", "timeline"), (f"{base}/sign-in{query}", "sign_in")]


def _error_template(request: Request[Any, Any, Any], lang: Lang, status: int, detail: str,
                    back: bool = True) -> Template:
    return Template(
        template_name="error.html",
        context={"L": labels(lang), "lang": lang, "status": status, "detail": detail,
                 "back": ways_back(request, lang) if back else []},
        status_code=status,
    )


def error_page(request: Request[Any, Any, Any], error: Exception) -> Response[Any]:
    """A refusal as a page a person reads (the API answers the same refusals as problem documents)."""
    lang, _ = language(request)
    status = error.status if isinstance(error, ApiError) else 404
    detail = str(error)
    if isinstance(error, ApiError):
        detail = error.told(lang)
    if isinstance(error, CampaignNotFound):
        case = "page.said.no_campaign" + (".did_you_mean" if error.canonical else "")
        detail = sentence(case, lang).format(campaign_id=error.campaign_id, canonical=error.canonical)
    return _error_template(request, lang, status, detail, back=not isinstance(error, CampaignNotFound))


def invalid_page(request: Request[Any, Any, Any], error: ValidationException) -> Response[Any]:
    """A query parameter a page cannot take (`?limit=500`, `?session=abc`), said on a page, not as JSON."""
    lang, _ = language(request)
    english, spanish = validation_words(error)
    return _error_template(request, lang, 400, spanish if lang == "es" else english)


def page_or_problem(request: Request[Any, Any, Any], error: HTTPException) -> Response[Any]:
    """An address under /ui/campaigns/ that no page answers (`/rolls/abc`) is said on a page; the API's, as JSON.

    The app's handler, not the pages' router's: a path no route matches never reaches the router.
    """
    if not request.url.path.startswith("/ui/campaigns/") or error.status_code not in (404, 405):
        return http_problem(request, error)
    lang, _ = language(request)
    return _error_template(request, lang, error.status_code, label("no_such_page", lang, path=request.url.path))


PAGE_EXCEPTION_HANDLERS: ExceptionHandlersMap = {
    SignInNeeded: sign_in_redirect,
    ValidationException: invalid_page,
    ApiError: error_page,
    CampaignNotFound: error_page,
}
