"""HTTP request and response bodies (not events: the edge maps one to the other)."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

import msgspec
from litestar.params import KwargDefinition

from domain.campaign.commands import CAMPAIGN_COMMANDS
from domain.campaign.decide import DEFAULT_GM_NAME
from domain.campaign.events import StatValue
from domain.commands import Command, Role, ShortText
from domain.missions.commands import COMMANDS as MISSION_COMMANDS
from domain.rulesets import ENGINES, accepted_commands
from service.api.examples import example_of, tag_of
from service.store import StoredEvent

# Every command POST /campaigns/{id}/commands accepts, told apart by "type": the campaign's, the missions'
# and, from the registry, every engine's own and older spellings (never their internal ones).
ACCEPTED_COMMANDS: tuple[type[Command], ...] = (*CAMPAIGN_COMMANDS, *MISSION_COMMANDS, *accepted_commands())


class _SchemaNotes(KwargDefinition):
    """OpenAPI notes on one member of the command union; hashed by identity, as its examples are lists."""

    __hash__ = object.__hash__


def documented(kind: type[Command]) -> Any:
    """`kind` as a member of the command union: in the OpenAPI schema a component named by its `type`, titled
    by it, described by the class's docstring, with an example body (msgspec ignores the annotation)."""
    tag = tag_of(kind)
    notes = {"title": tag, "description": inspect.cleandoc(kind.__doc__ or ""), "examples": [example_of(kind)]}
    return Annotated[kind, _SchemaNotes(schema_component_key=tag, schema_extra=notes)]


if TYPE_CHECKING:
    CommandBody = Command  # to the type checker every accepted command is a Command
    RulesetName = str
else:
    CommandBody = Union[tuple(documented(kind) for kind in ACCEPTED_COMMANDS)]  # noqa: UP007 - from the registry
    RulesetName = Literal[tuple(ENGINES)]  # the registry's names, so the schema lists them


class CreateCampaignBody(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: ShortText
    ruleset: RulesetName
    options: dict[Annotated[str, msgspec.Meta(min_length=1, max_length=64)], StatValue | bool] = {}
    gm_name: ShortText = DEFAULT_GM_NAME


class InviteBody(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: ShortText
    role: Role


class CampaignCreatedResponse(msgspec.Struct, frozen=True):
    campaign_id: str
    gm_token: str
    version: int
    head_hash: str
    events: list[Any]
    note: str
    """For the person reading the answer, in the language asked for (service/api/notes.py)."""


class InvitedResponse(msgspec.Struct, frozen=True):
    participant_id: str
    role: Role
    token: str | None
    version: int
    head_hash: str
    events: list[Any]
    note: str
    """For the person reading the answer, in the language asked for (service/api/notes.py)."""


class CommandAnswer(msgspec.Struct, frozen=True):
    """What POST /campaigns/{id}/commands answers in full (docs/api.md): exactly these keys.

    `version` and `head_hash` are the campaign's head right after the command (for a replay, after the
    original): a forum post that shows them is a witness `verify --expect` can check.
    """

    version: int
    head_hash: str
    events: list[StoredEvent]
    result: dict[str, Any]
    proof: str | None
    """The permalink of the proof of the command's dice, or null when it rolled none."""
    replayed: bool


class FeedPage(msgspec.Struct, frozen=True):
    events: list[Any]
    next: str
    """Pass as ?after= to read on; the cursor is '<transaction id>.<global position>'."""
