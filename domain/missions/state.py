"""The folded state of a campaign's missions: each mission, its objectives with their history, and more."""

from __future__ import annotations

from typing import Literal

import msgspec

from ..errors import UnknownEntity
from .characters import Speciality
from .events import LeaderMethod, LeaderRoll, ObjectiveEvent, ObjectiveKind, Outcome
from .oaths import OathName
from .phases import Phase

ObjectiveStatus = Literal["proposed", "rejected", "open", "completed", "failed"]


class Objective(msgspec.Struct, frozen=True, kw_only=True):
    """An objective as it stands now; `history` holds every event that touched it, in order."""

    id: str
    kind: ObjectiveKind
    text: str
    status: ObjectiveStatus
    proposed_by: str | None = None
    involved: tuple[str, ...] = ()
    history: tuple[ObjectiveEvent, ...] = ()


class Complication(msgspec.Struct, frozen=True, kw_only=True):
    text: str
    cause: str
    caused_by_seq: int | None = None


class Leader(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    method: LeaderMethod
    rolls: tuple[LeaderRoll, ...] = ()


class SwornOath(msgspec.Struct, frozen=True, kw_only=True):
    oath: OathName
    leader_id: str
    leader_speciality: Speciality
    enemy_type: str | None = None
    warp_studies: tuple[str, ...] = ()


class Reward(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    xp: int
    renown: int
    oath_renown: int
    reason: str | None = None


class Mission(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    briefing: str
    title: str | None = None
    squad: tuple[str, ...] = ()
    phase: Phase = "preparation"
    objectives: dict[str, Objective] = {}
    complications: tuple[Complication, ...] = ()
    leader: Leader | None = None
    oath: SwornOath | None = None
    outcome: Outcome | None = None
    failed_primaries: tuple[str, ...] = ()
    unfinished_primaries: tuple[str, ...] = ()
    rewards: tuple[Reward, ...] = ()

    def in_squad(self, character_id: str) -> bool:
        """Whether the mission's oath binds the character: a squad member, or anyone when no squad was named."""
        return not self.squad or character_id in self.squad


class MissionsState(msgspec.Struct, frozen=True, kw_only=True):
    """Every mission of the campaign, keyed by id, in the order they were created."""

    ruleset: str = "deathwatch"
    # Whether the ruleset plays the squad leader and oaths: its engine says so (domain.engine.Ruleset.oaths);
    # the missions import no engine, so the campaign's fold passes it in.
    oaths: bool = True
    missions: dict[str, Mission] = {}


def initial_state(ruleset: str = "deathwatch", oaths: bool = True) -> MissionsState:
    """No missions yet; oaths and leaders are refused unless the ruleset plays them (Deathwatch)."""
    return MissionsState(ruleset=ruleset, oaths=oaths)


def mission(state: MissionsState, mission_id: str) -> Mission:
    """The mission, or UnknownEntity naming it."""
    found = state.missions.get(mission_id)
    if found is None:
        raise UnknownEntity(case="mission", mission=mission_id)
    return found


def mission_in_execution(state: MissionsState) -> Mission | None:
    """The one mission being played now, if any (at most one mission is in execution at a time)."""
    return next((m for m in state.missions.values() if m.phase == "execution"), None)
