"""Reading a mission: its objectives and history at any point, and its report for the forum."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Request, Response, get
from litestar.di import NamedDependency
from litestar.params import FromPath, QueryParameter

from domain.campaign.state import CampaignState
from domain.dispatch import mission_characters
from domain.errors import UnknownEntity
from domain.message import message
from projections.permalinks import proof_link, proofs_section
from projections.rendering.formats import Format
from projections.rendering.mission_report import mission_report
from projections.rendering.vocabulary import Lang
from service.api.answers import reading
from service.api.problems import ApiError
from service.api.reads import AT_POINT
from service.api.services import Injected, Services
from service.api.sharing import base_of, links_for

# Litestar adds "; charset=utf-8" to every text/* media type itself (written here too, it came out twice).
MEDIA = {"json": "application/json", "markdown": "text/markdown", "bbcode": "text/plain"}


@get(
    "/campaigns/{campaign_id:str}/missions/{mission_id:str}",
    summary="A mission and its report, now or at a point of history",
    dependencies=AT_POINT,
    responses=reading("/missions/purge-the-hive"),
)
async def mission_read(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    mission_id: FromPath[str],
    at_point: NamedDependency[CampaignState],
    services: Injected[Services],
    format: Annotated[Format, QueryParameter(description="json (the mission state), markdown or bbcode")] = "json",
    lang: Annotated[Lang, QueryParameter(description="language of the report: en or es")] = "en",
) -> Response[Any]:
    state = at_point
    mission = state.missions.missions.get(mission_id)
    if mission is None:
        raise ApiError(404, "not-found", message("edge.not_found.mission_at_point", mission=repr(mission_id)))
    try:
        participants = {p.participant_id: p.name for p in state.participants.values()}
        report = mission_report(state.missions, mission_id, format, lang, mission_characters(state), participants)
    except UnknownEntity as error:
        raise ApiError(404, "not-found", error.said or error.message) from error
    # Every roll the report rests on, with its proof: the mission's own rolls and the rolls that caused
    # its complications.
    rolls = await services.store.mission_rolls(campaign_id, mission_id, state.version)
    rolls = sorted({*rolls, *(c.caused_by_seq for c in mission.complications if c.caused_by_seq is not None)})
    links = await links_for(services.store, services.settings, campaign_id, base_of(request)) if rolls else None
    if format == "json":
        proofs = [{"seq": seq, "url": proof_link(links, campaign_id, seq)} for seq in rolls] if links else []
        return Response(
            {"version": state.version, "mission": msgspec.to_builtins(mission), "report": msgspec.json.decode(report),
             "proofs": proofs},
            media_type=MEDIA["json"],
        )
    if links is not None:
        report = f"{report}\n{proofs_section(links, campaign_id, rolls, format, lang)}"
    return Response(report, media_type=MEDIA[format])
