"""Missions and their phases: preparation → execution → rewards → closed, one GM command per step."""

from __future__ import annotations

from functools import reduce

import pytest

from domain.commands import Actor
from domain.dice import FixedDice
from domain.errors import RuleViolation, UnknownEntity
from domain.events import Event
from domain.missions import CharacterInfo, MissionsState, decide, initial_state
from domain.missions.commands import AdvanceMission, CreateMission
from domain.missions.events import (
    MissionClosed,
    MissionCreated,
    MissionExecutionEnded,
    MissionExecutionStarted,
    MissionObjectiveAdded,
    MissionObjectiveCompleted,
    MissionObjectiveFailed,
)
from domain.missions.evolve import evolve
from domain.missions.phases import Phase

GM = Actor("gm-1", "gm")
CHARACTERS = {
    "kyros": CharacterInfo(id="kyros", name="Brother Kyros", owner="anna", speciality="tactical_marine"),
    "vael": CharacterInfo(id="vael", name="Brother Vael", owner="boris", speciality="devastator_marine"),
}
CREATED = MissionCreated(mission_id="relay", briefing="Destroy the ork relay on Vorlese.", title="Silent Relay")
RELAY = MissionObjectiveAdded(mission_id="relay", objective_id="relay", kind="primary", text="Destroy the relay")
SCOUTS = MissionObjectiveAdded(mission_id="relay", objective_id="scouts", kind="secondary", text="Kill the scouts")
STARTED = MissionExecutionStarted(mission_id="relay")


def given(*events: Event) -> MissionsState:
    return reduce(evolve, events, initial_state())


def when(state: MissionsState, command: AdvanceMission | CreateMission) -> list[Event]:
    return decide(state, command, FixedDice([]), GM, CHARACTERS)


def advance(to: Phase) -> AdvanceMission:
    return AdvanceMission(mission_id="relay", to=to)


def test_mission_created_by_gm_starts_in_preparation() -> None:
    events = when(given(), CreateMission(mission_id="relay", briefing="Destroy the ork relay on Vorlese.",
                                         title="Silent Relay"))
    assert events == [CREATED]
    state = given(*events)
    assert state.missions["relay"].phase == "preparation"
    assert state.missions["relay"].briefing == "Destroy the ork relay on Vorlese."


def test_mission_create_refuses_a_duplicate_id() -> None:
    with pytest.raises(RuleViolation, match="already exists") as refusal:
        when(given(CREATED), CreateMission(mission_id="relay", briefing="again"))
    assert refusal.value.rule == "unique_mission_id"


def test_mission_create_refuses_an_unknown_squad_member() -> None:
    with pytest.raises(UnknownEntity, match="ghost"):
        when(given(), CreateMission(mission_id="relay", briefing="b", squad=("kyros", "ghost")))


def test_mission_create_records_the_squad_once_each() -> None:
    events = when(given(), CreateMission(mission_id="relay", briefing="b", squad=("kyros", "vael", "kyros")))
    assert events == [MissionCreated(mission_id="relay", briefing="b", squad=("kyros", "vael"))]


def test_advance_preparation_to_execution() -> None:
    events = when(given(CREATED, RELAY), advance("execution"))
    assert events == [STARTED]
    assert given(CREATED, RELAY, *events).missions["relay"].phase == "execution"


def test_advance_to_execution_needs_an_objective() -> None:
    with pytest.raises(RuleViolation, match="at least one objective") as refusal:
        when(given(CREATED), advance("execution"))
    assert refusal.value.rule == "a_mission_has_objectives"


def test_advance_to_execution_refused_while_another_mission_is_in_execution() -> None:
    other = MissionCreated(mission_id="hive", briefing="b")
    other_objective = MissionObjectiveAdded(mission_id="hive", objective_id="o", kind="primary", text="t")
    state = given(CREATED, RELAY, STARTED, other, other_objective)
    with pytest.raises(RuleViolation, match="'relay' is in execution") as refusal:
        when(state, AdvanceMission(mission_id="hive", to="execution"))
    assert refusal.value.rule == "one_mission_in_execution"


def test_advance_execution_to_rewards_succeeds_when_every_primary_is_completed() -> None:
    done = MissionObjectiveCompleted(mission_id="relay", objective_id="relay", involved=("kyros",))
    events = when(given(CREATED, RELAY, SCOUTS, STARTED, done), advance("rewards"))
    assert events == [MissionExecutionEnded(mission_id="relay", outcome="success")]
    mission = given(CREATED, RELAY, SCOUTS, STARTED, done, *events).missions["relay"]
    assert (mission.phase, mission.outcome) == ("rewards", "success")


def test_advance_to_rewards_fails_the_mission_when_a_primary_failed() -> None:
    failed = MissionObjectiveFailed(mission_id="relay", objective_id="relay")
    events = when(given(CREATED, RELAY, SCOUTS, STARTED, failed), advance("rewards"))
    assert events == [MissionExecutionEnded(mission_id="relay", outcome="failure", failed_primaries=("relay",))]


def test_advance_to_rewards_fails_the_mission_when_a_primary_is_still_open() -> None:
    events = when(given(CREATED, RELAY, SCOUTS, STARTED), advance("rewards"))
    assert events == [MissionExecutionEnded(mission_id="relay", outcome="failure", unfinished_primaries=("relay",))]


def test_open_secondary_objectives_do_not_fail_the_mission() -> None:
    done = MissionObjectiveCompleted(mission_id="relay", objective_id="relay", involved=("kyros",))
    events = when(given(CREATED, RELAY, SCOUTS, STARTED, done), advance("rewards"))
    assert isinstance(events[0], MissionExecutionEnded) and events[0].outcome == "success"


def test_advance_rewards_to_closed() -> None:
    ended = MissionExecutionEnded(mission_id="relay", outcome="success")
    events = when(given(CREATED, RELAY, STARTED, ended), advance("closed"))
    assert events == [MissionClosed(mission_id="relay")]
    assert given(CREATED, RELAY, STARTED, ended, *events).missions["relay"].phase == "closed"


def test_a_mission_in_rewards_frees_execution_for_the_next_mission() -> None:
    ended = MissionExecutionEnded(mission_id="relay", outcome="success")
    other = MissionCreated(mission_id="hive", briefing="b")
    other_objective = MissionObjectiveAdded(mission_id="hive", objective_id="o", kind="primary", text="t")
    events = when(given(CREATED, RELAY, STARTED, ended, other, other_objective),
                  AdvanceMission(mission_id="hive", to="execution"))
    assert events == [MissionExecutionStarted(mission_id="hive")]


ENDED = MissionExecutionEnded(mission_id="relay", outcome="success")
CLOSED = MissionClosed(mission_id="relay")


@pytest.mark.parametrize(
    ("history", "to", "message"),
    [
        ((STARTED,), "preparation", "a mission in execution cannot go back to preparation"),
        ((STARTED, ENDED), "execution", "a mission in rewards cannot go back to execution"),
        ((STARTED, ENDED), "preparation", "a mission in rewards cannot go back to preparation"),
        ((), "preparation", "the mission is already in preparation"),
        ((STARTED,), "execution", "the mission is already in execution"),
        ((), "rewards", "a mission in preparation cannot skip execution; advance to execution first"),
        ((), "closed", "a mission in preparation cannot skip execution; advance to execution first"),
        ((STARTED,), "closed", "a mission in execution cannot skip rewards; advance to rewards first"),
        ((STARTED, ENDED, CLOSED), "closed", "a closed mission cannot change phase"),
        ((STARTED, ENDED, CLOSED), "preparation", "a closed mission cannot change phase"),
    ],
)
def test_advance_refuses_illegal_transitions(history: tuple[Event, ...], to: Phase, message: str) -> None:
    with pytest.raises(RuleViolation) as refusal:
        when(given(CREATED, RELAY, *history), advance(to))
    assert (refusal.value.rule, refusal.value.message) == ("mission_phases", message)


def test_advance_refuses_an_unknown_mission() -> None:
    with pytest.raises(UnknownEntity, match="no mission 'nowhere'"):
        when(given(), AdvanceMission(mission_id="nowhere", to="execution"))


def test_fold_ignores_events_of_other_engines_and_of_unknown_missions() -> None:
    from domain.campaign.events import GmNoted

    state = given(GmNoted(text="x"), MissionExecutionStarted(mission_id="ghost"))
    assert state == initial_state()
