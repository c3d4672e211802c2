"""HTTP request and response bodies (not events: the edge maps one to the other)."""

from __future__ import annotations

from typing import Annotated, Any, Union

import msgspec

from domain.campaign.commands import CAMPAIGN_COMMANDS
from domain.campaign.events import Ruleset, StatValue
from domain.commands import Role, ShortText
from domain.d100.commands import COMMANDS as D100_COMMANDS
from domain.missions.commands import COMMANDS as MISSION_COMMANDS
from domain.rulesets import INTERNAL_COMMANDS
from domain.wrath_and_glory.commands import COMMANDS as WNG_COMMANDS

# Every command POST /campaigns/{id}/commands accepts, told apart by "type".
ACCEPTED_COMMANDS = (
    *CAMPAIGN_COMMANDS,
    *D100_COMMANDS,
    *MISSION_COMMANDS,
    *(command for command in WNG_COMMANDS if command not in INTERNAL_COMMANDS),
)
CommandBody = Union[ACCEPTED_COMMANDS]  # type: ignore[valid-type]  # noqa: UP007 - built from the engines' lists


class CreateCampaignBody(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: ShortText
    ruleset: Ruleset
    options: dict[Annotated[str, msgspec.Meta(min_length=1, max_length=64)], StatValue | bool] = {}
    gm_name: ShortText = "Game Master"


class InviteBody(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: ShortText
    role: Role


class CampaignCreatedResponse(msgspec.Struct, frozen=True):
    campaign_id: str
    gm_token: str
    version: int
    head_hash: str
    events: list[Any]
    note: str = "The GM token is shown only once: keep it. Send it as 'Authorization: Bearer <token>'."


class InvitedResponse(msgspec.Struct, frozen=True):
    participant_id: str
    role: Role
    token: str | None
    version: int
    head_hash: str
    events: list[Any]
    note: str = "The token is shown only once: hand it to the participant."


class FeedPage(msgspec.Struct, frozen=True):
    events: list[Any]
    next: str
    """Pass as ?after= to read on; the cursor is '<transaction id>.<global position>'."""
