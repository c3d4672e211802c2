"""The cross-campaign feed for the instance admin only: every committed event, never one skipped."""

from __future__ import annotations

import re
from typing import Annotated, Any

from litestar import Request, get
from litestar.params import QueryParameter

from domain.message import message
from service.api.answers import admin_reading
from service.api.auth import require_admin_always
from service.api.problems import ApiError
from service.api.schemas import FeedPage
from service.api.services import Injected, Services
from service.store import MAX_SEQ, MAX_XACT

_CURSOR = re.compile(r"^(\d{1,20})\.(\d{1,20})$")


def parse_cursor(after: str | None) -> tuple[int, int]:
    """The (transaction id, global position) of a cursor; anything the database could not hold is refused."""
    if after in (None, "", "0"):
        return 0, 0
    match = _CURSOR.match(after)
    if match is None or int(match.group(1)) > MAX_XACT or int(match.group(2)) > MAX_SEQ:
        raise ApiError(400, "invalid-request", message("edge.bad_cursor", after=repr(after)))
    return int(match.group(1)), int(match.group(2))


@get("/events", summary="Every campaign's events in commit-safe order (admin)", responses=admin_reading("/events"))
async def feed(
    request: Request[Any, Any, Any],
    services: Injected[Services],
    after: Annotated[str | None, QueryParameter(max_length=50)] = None,
    limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 100,
) -> FeedPage:
    # Every campaign's whole log: never open, even where creating campaigns is (no admin token set).
    require_admin_always(request, services.settings.admin_token, "read_feed")
    xact, position = parse_cursor(after)
    rows = await services.store.feed(xact, position, limit)
    if rows:
        xact, last = rows[-1]
        position = last.global_position
    return FeedPage(events=[event for _, event in rows], next=f"{xact}.{position}")
