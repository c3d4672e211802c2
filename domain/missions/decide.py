"""`decide(state, command, dice, actor, characters)`: who may do it, whether the rules allow it now, the events."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..commands import Actor, Command
from ..dice import Dice
from ..errors import RuleViolation, UnknownEntity
from ..events import Event
from ..message import Message, message
from .characters import CharacterInfo
from .commands import (
    AddObjective,
    AdvanceMission,
    ChangeObjective,
    ChooseLeader,
    CompleteObjective,
    CreateMission,
    FailObjective,
    GrantReward,
    ProposeObjective,
    RecordComplication,
    ReviewObjective,
    TakeOath,
)
from .effects import glory_renown
from .events import (
    MissionClosed,
    MissionComplicationRecorded,
    MissionCreated,
    MissionExecutionEnded,
    MissionExecutionStarted,
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
)
from .leader import roll_off
from .oaths import OATHS, meets_prerequisite
from .outcome import failed_primaries, outcome_of, unfinished_primaries
from .permissions import authorize
from .phases import check_transition, phase_word
from .state import Mission, MissionsState, Objective, mission, mission_in_execution

Characters = Mapping[str, CharacterInfo]



def _oath(oath: str) -> Message:
    """An oath's name in the reader's language ("Oath of Glory", "Juramento de Gloria")."""
    return message(f"term.mission_oath.{oath}")


def decide(
    state: MissionsState, command: Command, dice: Dice, actor: Actor, characters: Characters
) -> list[Event]:
    """Check the actor may send the command, then return its events (or raise a DomainError saying why not)."""
    authorize(actor, command)
    match command:
        case CreateMission():
            if command.mission_id in state.missions:
                raise RuleViolation("unique_mission_id", mission=command.mission_id)
            _require_known(characters, command.squad)
            return [MissionCreated(mission_id=command.mission_id, briefing=command.briefing, title=command.title,
                                   squad=tuple(dict.fromkeys(command.squad)))]
        case AddObjective():
            found = _open_for_objectives(state, command.mission_id, "added")
            _require_new_objective(found, command.objective_id)
            return [MissionObjectiveAdded(mission_id=found.id, objective_id=command.objective_id, kind=command.kind,
                                          text=command.text)]
        case ProposeObjective():
            found = _open_for_objectives(state, command.mission_id, "proposed")
            _require_new_objective(found, command.objective_id)
            return [MissionObjectiveProposed(
                mission_id=found.id, objective_id=command.objective_id, kind=command.kind, text=command.text,
                proposed_by=actor.participant_id, rationale=command.rationale,
            )]
        case ReviewObjective():
            return [_review(state, command)]
        case ChangeObjective():
            return [_change(state, command)]
        case CompleteObjective() | FailObjective():
            return [_resolve(state, command, characters)]
        case RecordComplication():
            found = mission(state, command.mission_id)
            if found.phase not in ("preparation", "execution"):
                raise RuleViolation("complications_before_rewards", phase=phase_word(found.phase))
            return [MissionComplicationRecorded(mission_id=found.id, text=command.text, cause=command.cause,
                                                caused_by_seq=command.caused_by_seq)]
        case ChooseLeader():
            return [_choose_leader(state, command, dice, characters)]
        case TakeOath():
            return [_take_oath(state, command, characters)]
        case AdvanceMission():
            return [_advance(state, command)]
        case GrantReward():
            return [_grant(state, command, characters)]
    raise RuleViolation("command", command=type(command).__name__)


def _require_known(characters: Characters, ids: Iterable[str]) -> None:
    for character_id in ids:
        if character_id not in characters:
            raise UnknownEntity(case="character", character=character_id)


def _open_for_objectives(state: MissionsState, mission_id: str, verb: str) -> Mission:
    found = mission(state, mission_id)
    if found.phase not in ("preparation", "execution"):
        raise RuleViolation("objectives_before_rewards", case=verb, phase=phase_word(found.phase))
    return found


def _require_new_objective(found: Mission, objective_id: str) -> None:
    if objective_id in found.objectives:
        raise RuleViolation("unique_objective_id", mission=found.id, objective=objective_id)


def _objective(found: Mission, objective_id: str) -> Objective:
    objective = found.objectives.get(objective_id)
    if objective is None:
        raise UnknownEntity(case="objective", mission=found.id, objective=objective_id)
    return objective


def _review(state: MissionsState, command: ReviewObjective) -> Event:
    found = _open_for_objectives(state, command.mission_id, "reviewed")
    objective = _objective(found, command.objective_id)
    if objective.status != "proposed":
        raise RuleViolation("objective_review", text=objective.text, status=_status(objective))
    if command.accept:
        return MissionObjectiveAccepted(mission_id=found.id, objective_id=objective.id,
                                        kind=command.kind or objective.kind, reason=command.reason)
    if command.reason is None:
        raise RuleViolation("rejection_needs_a_reason")
    return MissionObjectiveRejected(mission_id=found.id, objective_id=objective.id, reason=command.reason)


def _change(state: MissionsState, command: ChangeObjective) -> Event:
    found = _open_for_objectives(state, command.mission_id, "changed")
    objective = _objective(found, command.objective_id)
    if objective.status != "open":
        raise RuleViolation("objective_status", case="change", text=objective.text, status=_status(objective))
    text = command.text or objective.text
    kind = command.kind or objective.kind
    if (text, kind) == (objective.text, objective.kind):
        raise RuleViolation("objective_change", text=objective.text)
    return MissionObjectiveChanged(mission_id=found.id, objective_id=objective.id, old_text=objective.text,
                                   new_text=text, old_kind=objective.kind, new_kind=kind, reason=command.reason)


def _resolve(state: MissionsState, command: CompleteObjective | FailObjective, characters: Characters) -> Event:
    found = mission(state, command.mission_id)
    completing = isinstance(command, CompleteObjective)
    verb = "completed" if completing else "failed"
    if found.phase != "execution":
        raise RuleViolation("objectives_resolve_in_execution", case=verb, phase=phase_word(found.phase))
    objective = _objective(found, command.objective_id)
    if objective.status != "open":
        raise RuleViolation("objective_status", case=verb, text=objective.text, status=_status(objective))
    involved = tuple(dict.fromkeys(command.involved))
    _require_known(characters, involved)
    if completing:
        if not involved:
            raise RuleViolation("involved_characters", text=objective.text)
        return MissionObjectiveCompleted(mission_id=found.id, objective_id=objective.id, involved=involved,
                                         note=command.note)
    return MissionObjectiveFailed(mission_id=found.id, objective_id=objective.id, involved=involved,
                                  note=command.note)


def _status(objective: Objective) -> Message:
    return message(f"term.objective_status.{objective.status}")


def _deathwatch_preparation(state: MissionsState, mission_id: str, what: Message) -> Mission:
    if not state.oaths:
        raise RuleViolation("deathwatch_only", case="mission", what=what, ruleset=state.ruleset)
    found = mission(state, mission_id)
    if found.phase != "preparation":
        raise RuleViolation("preparation_only", what=what, phase=phase_word(found.phase))
    return found


def _require_in_squad(found: Mission, character_id: str) -> None:
    if not found.in_squad(character_id):
        raise RuleViolation("squad", character=character_id, mission=found.id)


def _choose_leader(state: MissionsState, command: ChooseLeader, dice: Dice, characters: Characters) -> Event:
    found = _deathwatch_preparation(state, command.mission_id, message("term.mission_step.choose_leader"))
    if command.method == "roll":
        if command.character_id is not None:
            raise RuleViolation("leader_choice", case="roll_names_leader")
        candidates = tuple(dict.fromkeys(command.candidates or found.squad))
        if len(candidates) < 2:
            raise RuleViolation("leader_choice", case="two_candidates")
    else:
        if command.character_id is None or command.candidates:
            raise RuleViolation("leader_choice", case="named", method=message(f"term.leader_method.{command.method}"))
        candidates = (command.character_id,)
    _require_known(characters, candidates)
    for candidate in candidates:
        _require_in_squad(found, candidate)
    if command.method == "roll":
        leader, rolls = roll_off(candidates, dice)
    else:
        leader, rolls = candidates[0], ()
    sworn = found.oath
    if sworn is not None and not meets_prerequisite(sworn.oath, characters[leader].speciality):
        raise RuleViolation("oath_prerequisite", case="sworn", oath=_oath(sworn.oath), name=characters[leader].name)
    return MissionLeaderChosen(mission_id=found.id, character_id=leader, method=command.method, rolls=rolls)


def _take_oath(state: MissionsState, command: TakeOath, characters: Characters) -> Event:
    found = _deathwatch_preparation(state, command.mission_id, message("term.mission_step.take_oath"))
    spec = OATHS[command.oath]
    if found.leader is None:
        raise RuleViolation("oath_needs_a_leader", oath=_oath(spec.oath))
    leader = characters.get(found.leader.character_id)
    if leader is None:
        raise UnknownEntity(case="character", character=found.leader.character_id)
    if leader.speciality is None or not meets_prerequisite(command.oath, leader.speciality):
        # Who may lead it is one phrase per oath ("a Tactical Marine or an Assault Marine"): a list joined in
        # each language by its catalog, not here.
        allowed = message(f"term.oath_leaders.{spec.oath}")
        if leader.speciality is None:
            raise RuleViolation("oath_prerequisite", case="no_speciality", oath=_oath(spec.oath), allowed=allowed,
                                name=leader.name)
        raise RuleViolation("oath_prerequisite", case="speciality", oath=_oath(spec.oath), allowed=allowed,
                            name=leader.name, has=message(f"term.speciality_with_article.{leader.speciality}"))
    if command.oath == "knowledge" and command.enemy_type is None:
        raise RuleViolation("oath_of_knowledge", case="enemy_type")
    if command.oath != "knowledge" and (command.enemy_type is not None or command.warp_studies):
        raise RuleViolation("oath_of_knowledge", case="other_oath")
    warp_studies = tuple(dict.fromkeys(command.warp_studies))
    _require_known(characters, warp_studies)
    for librarian in warp_studies:
        _require_in_squad(found, librarian)
        if characters[librarian].speciality != "librarian":
            raise RuleViolation("oath_of_knowledge", case="librarian", name=characters[librarian].name)
    return MissionOathTaken(mission_id=found.id, oath=command.oath, leader_id=leader.id,
                            leader_speciality=leader.speciality, enemy_type=command.enemy_type,
                            warp_studies=warp_studies)


def _advance(state: MissionsState, command: AdvanceMission) -> Event:
    found = mission(state, command.mission_id)
    check_transition(found.phase, command.to)
    if command.to == "execution":
        playing = mission_in_execution(state)
        if playing is not None:
            raise RuleViolation("one_mission_in_execution", mission=playing.id)
        if not any(o.status == "open" for o in found.objectives.values()):
            raise RuleViolation("a_mission_has_objectives")
        return MissionExecutionStarted(mission_id=found.id)
    if command.to == "rewards":
        return MissionExecutionEnded(mission_id=found.id, outcome=outcome_of(found),
                                     failed_primaries=failed_primaries(found),
                                     unfinished_primaries=unfinished_primaries(found))
    return MissionClosed(mission_id=found.id)


def _grant(state: MissionsState, command: GrantReward, characters: Characters) -> Event:
    found = mission(state, command.mission_id)
    if found.phase != "rewards":
        raise RuleViolation("rewards_phase", phase=phase_word(found.phase))
    _require_known(characters, (command.character_id,))
    if command.xp > 0:
        for objective_id in found.failed_primaries:
            text = found.objectives[objective_id].text
            raise RuleViolation("no_xp_after_a_failed_primary", case="failed", text=text)
        for objective_id in found.unfinished_primaries:
            text = found.objectives[objective_id].text
            raise RuleViolation("no_xp_after_a_failed_primary", case="unfinished", text=text)
    first_grant = all(r.character_id != command.character_id for r in found.rewards)
    oath_renown = glory_renown(found).get(command.character_id, 0) if first_grant else 0
    if command.xp == 0 and command.renown == 0 and oath_renown == 0:
        raise RuleViolation("empty_reward")
    return MissionRewardGranted(mission_id=found.id, character_id=command.character_id, xp=command.xp,
                                renown=command.renown, oath_renown=oath_renown, reason=command.reason)
