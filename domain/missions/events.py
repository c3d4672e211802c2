"""The missions events: facts in the past tense, tagged `mission_*`, carrying every die and number."""

from __future__ import annotations

from typing import Literal

import msgspec

from ..dice import Die
from ..events import Event
from .characters import Speciality
from .oaths import OathName

ObjectiveKind = Literal["primary", "secondary", "tertiary"]
LeaderMethod = Literal["agreement", "roll", "gm"]
Outcome = Literal["success", "failure"]


class LeaderRoll(msgspec.Struct, frozen=True, kw_only=True):
    """One candidate's 1d10 for the leadership, in round 1 or a re-roll round among the tied."""

    round: int
    character_id: str
    die: Die


class MissionCreated(Event, frozen=True, kw_only=True, tag="mission_created"):
    """The GM opened a mission in preparation; `squad` (if any) are the characters the oath binds."""

    mission_id: str
    briefing: str
    title: str | None = None
    squad: tuple[str, ...] = ()


class MissionObjectiveAdded(Event, frozen=True, kw_only=True, tag="mission_objective_added"):
    mission_id: str
    objective_id: str
    kind: ObjectiveKind
    text: str


class MissionObjectiveProposed(Event, frozen=True, kw_only=True, tag="mission_objective_proposed"):
    """A player proposed an objective; it counts only once the GM accepts it."""

    mission_id: str
    objective_id: str
    kind: ObjectiveKind
    text: str
    proposed_by: str
    rationale: str | None = None


class MissionObjectiveAccepted(Event, frozen=True, kw_only=True, tag="mission_objective_accepted"):
    """The GM accepted a proposal; `kind` is the kind it counts as (the GM may have changed it)."""

    mission_id: str
    objective_id: str
    kind: ObjectiveKind
    reason: str | None = None


class MissionObjectiveRejected(Event, frozen=True, kw_only=True, tag="mission_objective_rejected"):
    mission_id: str
    objective_id: str
    reason: str


class MissionObjectiveChanged(Event, frozen=True, kw_only=True, tag="mission_objective_changed"):
    mission_id: str
    objective_id: str
    old_text: str
    new_text: str
    old_kind: ObjectiveKind
    new_kind: ObjectiveKind
    reason: str | None = None


class MissionObjectiveCompleted(Event, frozen=True, kw_only=True, tag="mission_objective_completed"):
    mission_id: str
    objective_id: str
    involved: tuple[str, ...]
    note: str | None = None


class MissionObjectiveFailed(Event, frozen=True, kw_only=True, tag="mission_objective_failed"):
    mission_id: str
    objective_id: str
    involved: tuple[str, ...] = ()
    note: str | None = None


class MissionComplicationRecorded(Event, frozen=True, kw_only=True, tag="mission_complication_recorded"):
    """A complication and its cause; `caused_by_seq` is the roll that caused it, if one did."""

    mission_id: str
    text: str
    cause: str
    caused_by_seq: int | None = None


class MissionLeaderChosen(Event, frozen=True, kw_only=True, tag="mission_leader_chosen"):
    """The squad leader for this mission and how they were chosen; a roll keeps every die of every round."""

    mission_id: str
    character_id: str
    method: LeaderMethod
    rolls: tuple[LeaderRoll, ...] = ()


class MissionOathTaken(Event, frozen=True, kw_only=True, tag="mission_oath_taken"):
    """The squad swore an oath; the leader's speciality is the prerequisite it met.

    `enemy_type` is the Oath of Knowledge's chosen enemy; `warp_studies` the Librarians who took its
    alternative (re-roll Psychic Phenomena) instead of the +10 WS/BS.
    """

    mission_id: str
    oath: OathName
    leader_id: str
    leader_speciality: Speciality
    enemy_type: str | None = None
    warp_studies: tuple[str, ...] = ()


class MissionExecutionStarted(Event, frozen=True, kw_only=True, tag="mission_execution_started"):
    mission_id: str


class MissionExecutionEnded(Event, frozen=True, kw_only=True, tag="mission_execution_ended"):
    """Execution closed with this outcome: a failure names the failed and the unfinished primaries."""

    mission_id: str
    outcome: Outcome
    failed_primaries: tuple[str, ...] = ()
    unfinished_primaries: tuple[str, ...] = ()


class MissionRewardGranted(Event, frozen=True, kw_only=True, tag="mission_reward_granted"):
    """XP and renown granted to one character; `oath_renown` is the Oath of Glory's, counted at the grant."""

    mission_id: str
    character_id: str
    xp: int = 0
    renown: int = 0
    oath_renown: int = 0
    reason: str | None = None


class MissionClosed(Event, frozen=True, kw_only=True, tag="mission_closed"):
    mission_id: str


ObjectiveEvent = (
    MissionObjectiveAdded | MissionObjectiveProposed | MissionObjectiveAccepted | MissionObjectiveRejected
    | MissionObjectiveChanged | MissionObjectiveCompleted | MissionObjectiveFailed
)

MissionEvent = (
    MissionCreated | MissionObjectiveAdded | MissionObjectiveProposed | MissionObjectiveAccepted
    | MissionObjectiveRejected | MissionObjectiveChanged | MissionObjectiveCompleted | MissionObjectiveFailed
    | MissionComplicationRecorded | MissionLeaderChosen | MissionOathTaken | MissionExecutionStarted
    | MissionExecutionEnded | MissionRewardGranted | MissionClosed
)

EVENTS: tuple[type[Event], ...] = (
    MissionCreated, MissionObjectiveAdded, MissionObjectiveProposed, MissionObjectiveAccepted,
    MissionObjectiveRejected, MissionObjectiveChanged, MissionObjectiveCompleted, MissionObjectiveFailed,
    MissionComplicationRecorded, MissionLeaderChosen, MissionOathTaken, MissionExecutionStarted,
    MissionExecutionEnded, MissionRewardGranted, MissionClosed,
)
