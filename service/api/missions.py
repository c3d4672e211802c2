"""Reading a mission: its objectives and history at any point, and its report for the forum."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Response, get
from litestar.di import NamedDependency
from litestar.params import FromPath, QueryParameter

from domain.campaign.state import CampaignState
from domain.dispatch import mission_characters
from domain.errors import UnknownEntity
from projections.rendering.formats import Format
from projections.rendering.mission_report import mission_report
from projections.rendering.vocabulary import Lang
from service.api.problems import ApiError
from service.api.reads import AT_POINT

MEDIA = {"json": "application/json", "markdown": "text/markdown; charset=utf-8", "bbcode": "text/plain; charset=utf-8"}


@get(
    "/campaigns/{campaign_id:str}/missions/{mission_id:str}",
    summary="A mission and its report, now or at a point of history",
    dependencies=AT_POINT,
)
async def mission_read(
    campaign_id: FromPath[str],
    mission_id: FromPath[str],
    at_point: NamedDependency[CampaignState],
    format: Annotated[Format, QueryParameter(description="json (the mission state), markdown or bbcode")] = "json",
    lang: Annotated[Lang, QueryParameter(description="language of the report: en or es")] = "en",
) -> Response[Any]:
    state = at_point
    mission = state.missions.missions.get(mission_id)
    if mission is None:
        raise ApiError(404, "not-found", f"no mission {mission_id!r} in this campaign at this point")
    try:
        report = mission_report(state.missions, mission_id, format, lang, mission_characters(state))
    except UnknownEntity as error:
        raise ApiError(404, "not-found", error.message) from error
    if format == "json":
        return Response(
            {"version": state.version, "mission": msgspec.to_builtins(mission), "report": msgspec.json.decode(report)},
            media_type=MEDIA["json"],
        )
    return Response(report, media_type=MEDIA[format])
