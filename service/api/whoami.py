"""Who a token is: its campaign, its participant and its role (what `lexmechanic login` checks)."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request, get
from litestar.params import FromPath

from domain.commands import Role
from service.api.answers import reading
from service.api.auth import campaign_actor
from service.api.services import Injected, Services


class WhoAmI(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    campaign_name: str
    ruleset: str
    version: int
    participant_id: str
    name: str
    role: Role


@get(
    "/campaigns/{campaign_id:str}/me",
    summary="The participant a token belongs to: campaign, name and role",
    responses=reading("/me"),
)
async def whoami(
    request: Request[Any, Any, Any], campaign_id: FromPath[str], services: Injected[Services],
) -> WhoAmI:
    actor = await campaign_actor(request, services.store, campaign_id)
    state = await services.cache.at_head(campaign_id)
    participant = state.participants.get(actor.participant_id)
    return WhoAmI(
        campaign_id=campaign_id,
        campaign_name=state.name,
        ruleset=state.ruleset,
        version=state.version,
        participant_id=actor.participant_id,
        name=participant.name if participant is not None else actor.participant_id,
        role=actor.role,
    )
