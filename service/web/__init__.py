"""The web pages: server-rendered HTML of the campaign log, its state at any point, and roll proofs.

Everything under `/ui/` (one router, `web_router`), the local assets under `/ui/static/` (no CDN), and
the lifespan that owns the pages' process-wide objects (the verify badges, the live feed's listener).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from litestar import Litestar, Router
from litestar.datastructures import CacheControlHeader, ResponseHeader
from litestar.static_files import create_static_files_router

from service.api.services import services_of
from service.live import Hub
from service.warm_up import warm_up
from service.web.badge import BadgeCache
from service.web.common import (
    PAGE_EXCEPTION_HANDLERS,
    WebServices,
    template_config,
    verify_after_response,
    web_dependencies,
)
from service.web.page_warm_up import warm_pages
from service.web.proof_page import proof_page
from service.web.sign_in import sign_in, sign_in_form, sign_out
from service.web.state_pages import compare_page, encounter_page, state_page
from service.web.timeline_page import badge_fragment, timeline, timeline_rows

STATIC = Path(__file__).parent / "static"
_log = logging.getLogger("lexmechanic")

# Scripts and styles only from the service itself (the JSON blocks are data, never run); no page in a frame;
# and no Referer leaves a page, whose address may hold a share key.
PAGE_HEADERS = [
    ResponseHeader(name="Content-Security-Policy", value="default-src 'self'; script-src 'self'; "
                   "style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
                   "base-uri 'none'; form-action 'self'"),
    ResponseHeader(name="Referrer-Policy", value="same-origin"),
    ResponseHeader(name="X-Content-Type-Options", value="nosniff"),
]

__all__ = ["static_router", "template_config", "web_dependencies", "web_lifespan", "web_router"]


def web_router() -> Router:
    return Router(
        path="/ui",
        route_handlers=[timeline, timeline_rows, badge_fragment, state_page, encounter_page, compare_page, proof_page,
                        sign_in_form, sign_in, sign_out],
        exception_handlers=PAGE_EXCEPTION_HANDLERS,
        response_headers=PAGE_HEADERS,
        include_in_schema=False,
        after_response=verify_after_response,
    )


def static_router() -> Router:
    return create_static_files_router(
        path="/ui/static", directories=[STATIC], cache_control=CacheControlHeader(max_age=300),
        include_in_schema=False,
    )


@asynccontextmanager
async def web_lifespan(app: Litestar) -> AsyncIterator[None]:
    """After the service's own lifespan: the badges and the live listener on the same database."""
    found = services_of(app)
    if found.settings.head_start:
        warm_up(app)  # the first reader's costs (templates, MIME types, parameter models), paid at start
    hub = Hub(found.settings.database_url)
    badges = BadgeCache(found.store)
    web = app.state.web = WebServices(settings=found.settings, store=found.store, cache=found.cache,
                                      snapshots=found.snapshots, badges=badges, hub=hub)
    if found.settings.head_start:
        # The state page's whole path run a few times on a campaign held in memory (service/web/page_warm_up.py).
        def install(pages: WebServices) -> None:
            app.state.web = pages

        warmed = await warm_pages(app, web, install)
        _log.debug("state page warmed up: %d pages, %d reads, %.1f ms", warmed.pages, warmed.reads,
                   warmed.seconds * 1000)
    try:
        yield
    finally:
        await badges.close()
        await hub.close()
