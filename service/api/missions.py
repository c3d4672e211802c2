"""Reading a mission: its objectives and history at any point, and its report for the forum."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from litestar import Request, Response, get
from litestar.params import FromPath, QueryParameter

from domain.errors import UnknownEntity
from domain.missions import mission_report
from domain.rulesets import mission_characters
from service.api.problems import ApiError
from service.api.reads import AtPost, AtSeq, AtTurn, _reader, _state

Format = Literal["json", "markdown", "bbcode"]
Lang = Literal["en", "es"]
MEDIA = {"json": "application/json", "markdown": "text/markdown; charset=utf-8", "bbcode": "text/plain; charset=utf-8"}


@get("/campaigns/{campaign_id:str}/missions/{mission_id:str}", summary="A mission and its report, now or at a point")
async def mission_read(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    mission_id: FromPath[str],
    format: Annotated[Format, QueryParameter(description="json (the mission state), markdown or bbcode")] = "json",
    lang: Annotated[Lang, QueryParameter(description="language of the report: en or es")] = "en",
    at_seq: AtSeq = None,
    at_post: AtPost = None,
    at_turn: AtTurn = None,
) -> Response[Any]:
    found = await _reader(request, campaign_id)
    state = await _state(found, campaign_id, at_seq, at_post, at_turn)
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
