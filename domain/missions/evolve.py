"""`evolve(state, event)`: the pure fold of mission events into MissionsState; other events pass through."""

from __future__ import annotations

from msgspec.structs import replace

from domain.events import Event
from domain.missions.events import (
    MissionClosed,
    MissionComplicationRecorded,
    MissionCreated,
    MissionExecutionEnded,
    MissionExecutionStarted,
    MissionFact,
    MissionLeaderChosen,
    MissionOathTaken,
    MissionObjectiveAccepted,
    MissionObjectiveAdded,
    MissionObjectiveChanged,
    MissionObjectiveCompleted,
    MissionObjectiveFailed,
    MissionObjectiveProposed,
    MissionObjectiveRejected,
    MissionRewardGranted,
    ObjectiveEvent,
)
from domain.missions.state import (
    Complication,
    Leader,
    Mission,
    MissionsState,
    Objective,
    Reward,
    SwornOath,
)


def _with_mission(state: MissionsState, found: Mission) -> MissionsState:
    return replace(state, missions={**state.missions, found.id: found})


def _with_objective(found: Mission, objective: Objective) -> Mission:
    return replace(found, objectives={**found.objectives, objective.id: objective})


def _objective_event(found: Mission, event: ObjectiveEvent) -> Mission:
    """Apply an event about one objective and append it to that objective's history."""
    match event:
        case MissionObjectiveAdded(objective_id=oid, kind=kind, text=text):
            return _with_objective(found, Objective(id=oid, kind=kind, text=text, status="open", history=(event,)))
        case MissionObjectiveProposed(objective_id=oid, kind=kind, text=text, proposed_by=who):
            proposed = Objective(id=oid, kind=kind, text=text, status="proposed", proposed_by=who, history=(event,))
            return _with_objective(found, proposed)
    objective = found.objectives.get(event.objective_id)
    if objective is None:
        return found
    history = (*objective.history, event)
    match event:
        case MissionObjectiveAccepted(kind=kind):
            objective = replace(objective, kind=kind, status="open", history=history)
        case MissionObjectiveRejected():
            objective = replace(objective, status="rejected", history=history)
        case MissionObjectiveChanged(new_text=text, new_kind=kind):
            objective = replace(objective, text=text, kind=kind, history=history)
        case MissionObjectiveCompleted(involved=involved):
            objective = replace(objective, status="completed", involved=involved, history=history)
        case MissionObjectiveFailed(involved=involved):
            objective = replace(objective, status="failed", involved=involved, history=history)
    return _with_objective(found, objective)


def evolve(state: MissionsState, event: Event) -> MissionsState:
    """The state after one more live event; it never rolls and never looks outside the event."""
    if isinstance(event, MissionCreated):
        created = Mission(id=event.mission_id, briefing=event.briefing, title=event.title, squad=event.squad)
        return _with_mission(state, created)
    if not isinstance(event, MissionFact):
        return state
    found = state.missions.get(event.mission_id)
    if found is None:
        return state
    match event:
        case (
            MissionObjectiveAdded()
            | MissionObjectiveProposed()
            | MissionObjectiveAccepted()
            | MissionObjectiveRejected()
            | MissionObjectiveChanged()
            | MissionObjectiveCompleted()
            | MissionObjectiveFailed()
        ):
            found = _objective_event(found, event)
        case MissionComplicationRecorded(text=text, cause=cause, caused_by_seq=seq):
            complication = Complication(text=text, cause=cause, caused_by_seq=seq)
            found = replace(found, complications=(*found.complications, complication))
        case MissionLeaderChosen(character_id=cid, method=method, rolls=rolls):
            found = replace(found, leader=Leader(character_id=cid, method=method, rolls=rolls))
        case MissionOathTaken():
            oath = SwornOath(
                oath=event.oath,
                leader_id=event.leader_id,
                leader_speciality=event.leader_speciality,
                enemy_type=event.enemy_type,
                warp_studies=event.warp_studies,
            )
            found = replace(found, oath=oath)
        case MissionExecutionStarted():
            found = replace(found, phase="execution")
        case MissionExecutionEnded(outcome=outcome, failed_primaries=failed, unfinished_primaries=unfinished):
            found = replace(
                found, phase="rewards", outcome=outcome, failed_primaries=failed, unfinished_primaries=unfinished
            )
        case MissionRewardGranted():
            reward = Reward(
                character_id=event.character_id,
                xp=event.xp,
                renown=event.renown,
                oath_renown=event.oath_renown,
                reason=event.reason,
            )
            found = replace(found, rewards=(*found.rewards, reward))
        case MissionClosed():
            found = replace(found, phase="closed")
        case _:
            return state
    return _with_mission(state, found)
