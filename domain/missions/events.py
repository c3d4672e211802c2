"""The missions events: facts in the past tense, tagged `mission_*`, carrying every die and number."""

from __future__ import annotations

from typing import Literal

import msgspec

from ..dice import Die
from ..events import Event, members
from .characters import Speciality
from .oaths import OathName

ObjectiveKind = Literal["primary", "secondary", "tertiary"]
LeaderMethod = Literal["agreement", "roll", "gm"]
Outcome = Literal["success", "failure"]


class MissionFact(Event, frozen=True, kw_only=True):
    """Base of every mission event: each is about one mission (no tag: never stored as such)."""

    mission_id: str


class LeaderRoll(msgspec.Struct, frozen=True, kw_only=True):
    """One candidate's 1d10 for the leadership, in round 1 or a re-roll round among the tied."""

    round: int
    character_id: str
    die: Die


class MissionCreated(MissionFact, frozen=True, kw_only=True, tag="mission_created"):
    """The GM opened a mission in preparation; `squad` (if any) are the characters the oath binds."""

    briefing: str
    title: str | None = None
    squad: tuple[str, ...] = ()


class MissionObjectiveAdded(MissionFact, frozen=True, kw_only=True, tag="mission_objective_added"):
    objective_id: str
    kind: ObjectiveKind
    text: str


class MissionObjectiveProposed(MissionFact, frozen=True, kw_only=True, tag="mission_objective_proposed"):
    """A player proposed an objective; it counts only once the GM accepts it."""

    objective_id: str
    kind: ObjectiveKind
    text: str
    proposed_by: str
    rationale: str | None = None


class MissionObjectiveAccepted(MissionFact, frozen=True, kw_only=True, tag="mission_objective_accepted"):
    """The GM accepted a proposal; `kind` is the kind it counts as (the GM may have changed it)."""

    objective_id: str
    kind: ObjectiveKind
    reason: str | None = None


class MissionObjectiveRejected(MissionFact, frozen=True, kw_only=True, tag="mission_objective_rejected"):
    objective_id: str
    reason: str


class MissionObjectiveChanged(MissionFact, frozen=True, kw_only=True, tag="mission_objective_changed"):
    objective_id: str
    old_text: str
    new_text: str
    old_kind: ObjectiveKind
    new_kind: ObjectiveKind
    reason: str | None = None


class MissionObjectiveCompleted(MissionFact, frozen=True, kw_only=True, tag="mission_objective_completed"):
    objective_id: str
    involved: tuple[str, ...]
    note: str | None = None


class MissionObjectiveFailed(MissionFact, frozen=True, kw_only=True, tag="mission_objective_failed"):
    objective_id: str
    involved: tuple[str, ...] = ()
    note: str | None = None


class MissionComplicationRecorded(MissionFact, frozen=True, kw_only=True, tag="mission_complication_recorded"):
    """A complication and its cause; `caused_by_seq` is the roll that caused it, if one did."""

    text: str
    cause: str
    caused_by_seq: int | None = None


class MissionLeaderChosen(MissionFact, frozen=True, kw_only=True, tag="mission_leader_chosen"):
    """The squad leader for this mission and how they were chosen; a roll keeps every die of every round."""

    character_id: str
    method: LeaderMethod
    rolls: tuple[LeaderRoll, ...] = ()


class MissionOathTaken(MissionFact, frozen=True, kw_only=True, tag="mission_oath_taken"):
    """The squad swore an oath; the leader's speciality is the prerequisite it met.

    `enemy_type` is the Oath of Knowledge's chosen enemy; `warp_studies` the Librarians who took its
    alternative (re-roll Psychic Phenomena) instead of the +10 WS/BS.
    """

    oath: OathName
    leader_id: str
    leader_speciality: Speciality
    enemy_type: str | None = None
    warp_studies: tuple[str, ...] = ()


class MissionExecutionStarted(MissionFact, frozen=True, kw_only=True, tag="mission_execution_started"):
    """The GM sent the squad in: objectives can now be completed or failed, and the oath holds."""


class MissionExecutionEnded(MissionFact, frozen=True, kw_only=True, tag="mission_execution_ended"):
    """Execution closed with this outcome: a failure names the failed and the unfinished primaries."""

    outcome: Outcome
    failed_primaries: tuple[str, ...] = ()
    unfinished_primaries: tuple[str, ...] = ()


class MissionRewardGranted(MissionFact, frozen=True, kw_only=True, tag="mission_reward_granted"):
    """XP and renown granted to one character; `oath_renown` is the Oath of Glory's, counted at the grant."""

    character_id: str
    xp: int = 0
    renown: int = 0
    oath_renown: int = 0
    reason: str | None = None


class MissionClosed(MissionFact, frozen=True, kw_only=True, tag="mission_closed"):
    """The mission is over: nothing about it changes any more."""


ObjectiveEvent = (
    MissionObjectiveAdded | MissionObjectiveProposed | MissionObjectiveAccepted | MissionObjectiveRejected
    | MissionObjectiveChanged | MissionObjectiveCompleted | MissionObjectiveFailed
)

# The mission events: this union is the only list; the tuple and the codec derive from it.
MissionEvent = (
    MissionCreated | MissionObjectiveAdded | MissionObjectiveProposed | MissionObjectiveAccepted
    | MissionObjectiveRejected | MissionObjectiveChanged | MissionObjectiveCompleted | MissionObjectiveFailed
    | MissionComplicationRecorded | MissionLeaderChosen | MissionOathTaken | MissionExecutionStarted
    | MissionExecutionEnded | MissionRewardGranted | MissionClosed
)

EVENTS: tuple[type[Event], ...] = members(MissionEvent, Event)
