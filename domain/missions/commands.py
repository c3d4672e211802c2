"""The missions commands: imperative requests tagged `mission_*`; the GM sends all but proposals."""

from __future__ import annotations

from typing import Annotated

import msgspec

from ..commands import Command, LongText, ShortText, Slug
from ..events import members
from ..plain_text import ONE_LINE
from .events import LeaderMethod, ObjectiveKind
from .oaths import OathName
from .phases import Phase

CharacterId = Annotated[str, msgspec.Meta(min_length=1, max_length=200, pattern=ONE_LINE)]
CharacterIds = Annotated[tuple[CharacterId, ...], msgspec.Meta(max_length=100)]
# An objective is one line of the report, whoever proposed it.
ObjectiveText = Annotated[str, msgspec.Meta(min_length=1, max_length=2000, pattern=ONE_LINE)]


class CreateMission(Command, frozen=True, kw_only=True, tag="mission_create"):
    """GM: open a mission in preparation with its briefing (and, optionally, the squad the oath binds)."""

    mission_id: Slug
    briefing: LongText
    title: ShortText | None = None
    squad: CharacterIds = ()


class AddObjective(Command, frozen=True, kw_only=True, tag="mission_add_objective"):
    """GM: add an objective (primary, secondary or tertiary) to a mission."""

    mission_id: Slug
    objective_id: Slug
    kind: ObjectiveKind
    text: ObjectiveText


class ProposeObjective(Command, frozen=True, kw_only=True, tag="mission_propose_objective"):
    """Player (or GM): propose an objective; it counts once the GM accepts it."""

    mission_id: Slug
    objective_id: Slug
    kind: ObjectiveKind
    text: ObjectiveText
    rationale: LongText | None = None


class ReviewObjective(Command, frozen=True, kw_only=True, tag="mission_review_objective"):
    """GM: accept (optionally as another kind) or reject (with a reason) a proposed objective."""

    mission_id: Slug
    objective_id: Slug
    accept: bool
    reason: LongText | None = None
    kind: ObjectiveKind | None = None


class ChangeObjective(Command, frozen=True, kw_only=True, tag="mission_change_objective"):
    """GM: reword an open objective or change its kind, saying why."""

    mission_id: Slug
    objective_id: Slug
    text: ObjectiveText | None = None
    kind: ObjectiveKind | None = None
    reason: LongText | None = None


class CompleteObjective(Command, frozen=True, kw_only=True, tag="mission_complete_objective"):
    """GM: an open objective is achieved, by the characters involved (at least one)."""

    mission_id: Slug
    objective_id: Slug
    involved: CharacterIds
    note: LongText | None = None


class FailObjective(Command, frozen=True, kw_only=True, tag="mission_fail_objective"):
    """GM: an open objective is lost."""

    mission_id: Slug
    objective_id: Slug
    involved: CharacterIds = ()
    note: LongText | None = None


class RecordComplication(Command, frozen=True, kw_only=True, tag="mission_record_complication"):
    """GM: record a complication, its cause and, if a roll caused it, that roll's seq."""

    mission_id: Slug
    text: LongText
    cause: ShortText
    caused_by_seq: Annotated[int, msgspec.Meta(ge=1)] | None = None


class ChooseLeader(Command, frozen=True, kw_only=True, tag="mission_choose_leader"):
    """GM: record the leader agreed by the players or decided by the GM, or roll 1d10 among candidates."""

    mission_id: Slug
    method: LeaderMethod
    character_id: CharacterId | None = None
    candidates: CharacterIds = ()


class TakeOath(Command, frozen=True, kw_only=True, tag="mission_take_oath"):
    """The kill team swears an oath before the mission; its leader's speciality must allow it."""

    mission_id: Slug
    oath: OathName
    enemy_type: ShortText | None = None
    warp_studies: CharacterIds = ()


class AdvanceMission(Command, frozen=True, kw_only=True, tag="mission_advance"):
    """GM: move the mission to its next phase."""

    mission_id: Slug
    to: Phase


class GrantReward(Command, frozen=True, kw_only=True, tag="mission_grant_reward"):
    """GM: grant XP and renown to one character in the rewards phase (renown may be negative)."""

    mission_id: Slug
    character_id: CharacterId
    xp: Annotated[int, msgspec.Meta(ge=0, le=1_000_000)] = 0
    renown: Annotated[int, msgspec.Meta(ge=-1000, le=1000)] = 0
    reason: LongText | None = None


# The mission commands: this union is the only list; the tuple and the HTTP schema derive from it.
MissionCommand = (
    CreateMission | AddObjective | ProposeObjective | ReviewObjective | ChangeObjective | CompleteObjective
    | FailObjective | RecordComplication | ChooseLeader | TakeOath | AdvanceMission | GrantReward
)

COMMANDS: tuple[type[Command], ...] = members(MissionCommand, Command)
