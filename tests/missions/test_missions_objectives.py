"""Objectives: added by the GM, proposed by players and reviewed, changed, completed or failed; complications."""

from __future__ import annotations

from functools import reduce

import pytest

from domain.commands import Actor, Command
from domain.dice import FixedDice
from domain.errors import RuleViolation, UnknownEntity
from domain.events import Event
from domain.missions import CharacterInfo, MissionsState, decide, initial_state
from domain.missions.commands import (
    AddObjective,
    ChangeObjective,
    CompleteObjective,
    FailObjective,
    ProposeObjective,
    RecordComplication,
    ReviewObjective,
)
from domain.missions.events import (
    MissionClosed,
    MissionComplicationRecorded,
    MissionCreated,
    MissionExecutionEnded,
    MissionExecutionStarted,
    MissionObjectiveAccepted,
    MissionObjectiveAdded,
    MissionObjectiveChanged,
    MissionObjectiveCompleted,
    MissionObjectiveFailed,
    MissionObjectiveProposed,
    MissionObjectiveRejected,
)
from domain.missions.evolve import evolve

GM = Actor("gm-1", "gm")
ANNA = Actor("anna", "player")
CHARACTERS = {
    "kyros": CharacterInfo(id="kyros", name="Brother Kyros", owner="anna", speciality="tactical_marine"),
    "vael": CharacterInfo(id="vael", name="Brother Vael", owner="boris", speciality="devastator_marine"),
}
CREATED = MissionCreated(mission_id="relay", briefing="Destroy the ork relay.")
RELAY = MissionObjectiveAdded(mission_id="relay", objective_id="relay", kind="primary", text="Destroy the relay")
STARTED = MissionExecutionStarted(mission_id="relay")
ENDED = MissionExecutionEnded(mission_id="relay", outcome="failure", unfinished_primaries=("relay",))
PROPOSED = MissionObjectiveProposed(mission_id="relay", objective_id="cargo", kind="secondary",
                                   text="Plant charges on the cargo lighter", proposed_by="anna",
                                   rationale="It lands inside the spaceport")


def given(*events: Event) -> MissionsState:
    return reduce(evolve, events, initial_state("dark_heresy"))


def when(state: MissionsState, command: Command, actor: Actor = GM) -> list[Event]:
    return decide(state, command, FixedDice([]), actor, CHARACTERS)


# Adding


@pytest.mark.parametrize("phase_events", [(), (STARTED,)], ids=["preparation", "execution"])
def test_add_objective_in_preparation_or_execution(phase_events: tuple[Event, ...]) -> None:
    state = given(CREATED, RELAY, *phase_events)
    events = when(state, AddObjective(mission_id="relay", objective_id="stores", kind="tertiary",
                                      text="Seize the promethium stores"))
    assert events == [MissionObjectiveAdded(mission_id="relay", objective_id="stores", kind="tertiary",
                                            text="Seize the promethium stores")]
    objective = given(CREATED, RELAY, *phase_events, *events).missions["relay"].objectives["stores"]
    assert (objective.kind, objective.status, objective.history) == ("tertiary", "open", tuple(events))


@pytest.mark.parametrize("phase_events", [(STARTED, ENDED), (STARTED, ENDED, MissionClosed(mission_id="relay"))],
                         ids=["rewards", "closed"])
def test_add_objective_refused_after_execution(phase_events: tuple[Event, ...]) -> None:
    with pytest.raises(RuleViolation, match="cannot be added once a mission is in") as refusal:
        when(given(CREATED, RELAY, *phase_events),
             AddObjective(mission_id="relay", objective_id="late", kind="primary", text="Too late"))
    assert refusal.value.rule == "objectives_before_rewards"


def test_add_objective_refuses_a_duplicate_id() -> None:
    with pytest.raises(RuleViolation, match="already has an objective with id 'relay'") as refusal:
        when(given(CREATED, RELAY), AddObjective(mission_id="relay", objective_id="relay", kind="primary", text="x"))
    assert refusal.value.rule == "unique_objective_id"


def test_add_objective_refuses_an_unknown_mission() -> None:
    with pytest.raises(UnknownEntity):
        when(given(), AddObjective(mission_id="relay", objective_id="o", kind="primary", text="x"))


# Proposals


def test_player_proposes_an_objective_which_waits_for_the_gm() -> None:
    command = ProposeObjective(mission_id="relay", objective_id="cargo", kind="secondary",
                               text="Plant charges on the cargo lighter", rationale="It lands inside the spaceport")
    events = when(given(CREATED, RELAY, STARTED), command, ANNA)
    assert events == [PROPOSED]
    objective = given(CREATED, RELAY, STARTED, PROPOSED).missions["relay"].objectives["cargo"]
    assert (objective.status, objective.proposed_by) == ("proposed", "anna")


def test_propose_objective_refused_after_execution() -> None:
    with pytest.raises(RuleViolation, match="cannot be proposed"):
        when(given(CREATED, RELAY, STARTED, ENDED),
             ProposeObjective(mission_id="relay", objective_id="x", kind="primary", text="x"), ANNA)


def test_gm_accepts_a_proposal_and_it_becomes_an_open_objective() -> None:
    events = when(given(CREATED, RELAY, STARTED, PROPOSED),
                  ReviewObjective(mission_id="relay", objective_id="cargo", accept=True))
    assert events == [MissionObjectiveAccepted(mission_id="relay", objective_id="cargo", kind="secondary")]
    objective = given(CREATED, RELAY, STARTED, PROPOSED, *events).missions["relay"].objectives["cargo"]
    assert (objective.status, objective.kind, len(objective.history)) == ("open", "secondary", 2)


def test_gm_accepts_a_proposal_as_another_kind() -> None:
    events = when(given(CREATED, RELAY, STARTED, PROPOSED),
                  ReviewObjective(mission_id="relay", objective_id="cargo", accept=True, kind="primary",
                                  reason="This is now the plan"))
    assert events == [MissionObjectiveAccepted(mission_id="relay", objective_id="cargo", kind="primary",
                                               reason="This is now the plan")]
    assert given(CREATED, RELAY, STARTED, PROPOSED, *events).missions["relay"].objectives["cargo"].kind == "primary"


def test_gm_rejects_a_proposal_with_a_reason() -> None:
    events = when(given(CREATED, RELAY, STARTED, PROPOSED),
                  ReviewObjective(mission_id="relay", objective_id="cargo", accept=False,
                                  reason="The lighter left orbit an hour ago"))
    assert events == [MissionObjectiveRejected(mission_id="relay", objective_id="cargo",
                                               reason="The lighter left orbit an hour ago")]
    assert given(CREATED, RELAY, STARTED, PROPOSED, *events).missions["relay"].objectives["cargo"].status == "rejected"


def test_rejecting_a_proposal_needs_a_reason() -> None:
    with pytest.raises(RuleViolation, match="say why") as refusal:
        when(given(CREATED, RELAY, STARTED, PROPOSED),
             ReviewObjective(mission_id="relay", objective_id="cargo", accept=False))
    assert refusal.value.rule == "rejection_needs_a_reason"


def test_review_refused_for_an_objective_that_is_not_a_proposal() -> None:
    with pytest.raises(RuleViolation, match="is open, not a proposal") as refusal:
        when(given(CREATED, RELAY, STARTED), ReviewObjective(mission_id="relay", objective_id="relay", accept=True))
    assert refusal.value.rule == "objective_review"


def test_review_refused_after_execution() -> None:
    with pytest.raises(RuleViolation, match="cannot be reviewed"):
        when(given(CREATED, RELAY, STARTED, PROPOSED, ENDED),
             ReviewObjective(mission_id="relay", objective_id="cargo", accept=True))


def test_review_refuses_an_unknown_objective() -> None:
    with pytest.raises(UnknownEntity, match="no objective 'ghost'"):
        when(given(CREATED, RELAY), ReviewObjective(mission_id="relay", objective_id="ghost", accept=True))


# Changes


def test_change_objective_records_old_and_new_text() -> None:
    events = when(given(CREATED, RELAY, STARTED),
                  ChangeObjective(mission_id="relay", objective_id="relay", text="Capture the relay intact",
                                  reason="The Inquisitor wants its codes"))
    assert events == [MissionObjectiveChanged(
        mission_id="relay", objective_id="relay", old_text="Destroy the relay", new_text="Capture the relay intact",
        old_kind="primary", new_kind="primary", reason="The Inquisitor wants its codes",
    )]
    objective = given(CREATED, RELAY, STARTED, *events).missions["relay"].objectives["relay"]
    assert objective.text == "Capture the relay intact"
    assert [type(e).__name__ for e in objective.history] == ["MissionObjectiveAdded", "MissionObjectiveChanged"]


def test_change_objective_kind_only() -> None:
    events = when(given(CREATED, RELAY), ChangeObjective(mission_id="relay", objective_id="relay", kind="secondary"))
    assert events == [MissionObjectiveChanged(mission_id="relay", objective_id="relay", old_text="Destroy the relay",
                                              new_text="Destroy the relay", old_kind="primary", new_kind="secondary")]


def test_change_objective_refused_when_nothing_changes() -> None:
    with pytest.raises(RuleViolation, match="would stay the same") as refusal:
        when(given(CREATED, RELAY), ChangeObjective(mission_id="relay", objective_id="relay", text="Destroy the relay"))
    assert refusal.value.rule == "objective_change"


def test_change_objective_refused_once_completed() -> None:
    done = MissionObjectiveCompleted(mission_id="relay", objective_id="relay", involved=("kyros",))
    with pytest.raises(RuleViolation, match="is completed; only an open objective can change") as refusal:
        when(given(CREATED, RELAY, STARTED, done), ChangeObjective(mission_id="relay", objective_id="relay", text="x"))
    assert refusal.value.rule == "objective_status"


def test_change_objective_refused_after_execution() -> None:
    with pytest.raises(RuleViolation, match="cannot be changed once a mission is in rewards"):
        when(given(CREATED, RELAY, STARTED, ENDED), ChangeObjective(mission_id="relay", objective_id="relay", text="x"))


# Completion and failure


def test_complete_objective_names_the_characters_involved() -> None:
    events = when(given(CREATED, RELAY, STARTED),
                  CompleteObjective(mission_id="relay", objective_id="relay", involved=("kyros", "vael", "kyros"),
                                    note="Melta charges"))
    assert events == [MissionObjectiveCompleted(mission_id="relay", objective_id="relay", involved=("kyros", "vael"),
                                                note="Melta charges")]
    objective = given(CREATED, RELAY, STARTED, *events).missions["relay"].objectives["relay"]
    assert (objective.status, objective.involved) == ("completed", ("kyros", "vael"))


def test_fail_objective_may_name_the_characters_involved() -> None:
    events = when(given(CREATED, RELAY, STARTED),
                  FailObjective(mission_id="relay", objective_id="relay", involved=("vael",)))
    assert events == [MissionObjectiveFailed(mission_id="relay", objective_id="relay", involved=("vael",))]
    assert given(CREATED, RELAY, STARTED, *events).missions["relay"].objectives["relay"].status == "failed"


def test_complete_objective_needs_someone_involved() -> None:
    with pytest.raises(RuleViolation, match="name the characters who completed 'Destroy the relay'") as refusal:
        when(given(CREATED, RELAY, STARTED), CompleteObjective(mission_id="relay", objective_id="relay", involved=()))
    assert refusal.value.rule == "involved_characters"


def test_complete_objective_refuses_unknown_characters() -> None:
    with pytest.raises(UnknownEntity, match="ghost"):
        when(given(CREATED, RELAY, STARTED),
             CompleteObjective(mission_id="relay", objective_id="relay", involved=("ghost",)))


@pytest.mark.parametrize("phase_events", [(), (STARTED, ENDED)], ids=["preparation", "rewards"])
def test_complete_and_fail_refused_outside_execution(phase_events: tuple[Event, ...]) -> None:
    state = given(CREATED, RELAY, *phase_events)
    for command in (CompleteObjective(mission_id="relay", objective_id="relay", involved=("kyros",)),
                    FailObjective(mission_id="relay", objective_id="relay")):
        with pytest.raises(RuleViolation, match="during execution") as refusal:
            when(state, command)
        assert refusal.value.rule == "objectives_resolve_in_execution"


def test_complete_refused_for_an_objective_already_failed() -> None:
    failed = MissionObjectiveFailed(mission_id="relay", objective_id="relay")
    with pytest.raises(RuleViolation, match="is failed; only an open objective can be completed"):
        when(given(CREATED, RELAY, STARTED, failed),
             CompleteObjective(mission_id="relay", objective_id="relay", involved=("kyros",)))


def test_complete_refused_for_a_proposal_not_yet_accepted() -> None:
    with pytest.raises(RuleViolation, match="is proposed; only an open objective"):
        when(given(CREATED, RELAY, STARTED, PROPOSED),
             CompleteObjective(mission_id="relay", objective_id="cargo", involved=("kyros",)))


# History through time


def test_objective_history_at_any_point_of_the_log() -> None:
    changed = MissionObjectiveChanged(mission_id="relay", objective_id="relay", old_text="Destroy the relay",
                                      new_text="Capture the relay", old_kind="primary", new_kind="primary")
    done = MissionObjectiveCompleted(mission_id="relay", objective_id="relay", involved=("kyros",))
    log: list[Event] = [CREATED, RELAY, STARTED, changed, done]
    before_change = given(*log[:3]).missions["relay"].objectives["relay"]
    after_change = given(*log[:4]).missions["relay"].objectives["relay"]
    at_head = given(*log).missions["relay"].objectives["relay"]
    assert (before_change.text, before_change.status) == ("Destroy the relay", "open")
    assert (after_change.text, after_change.status) == ("Capture the relay", "open")
    assert (at_head.status, at_head.history) == ("completed", (RELAY, changed, done))


# Complications


def test_complication_recorded_with_its_cause_and_roll() -> None:
    events = when(given(CREATED, RELAY, STARTED),
                  RecordComplication(mission_id="relay", text="The relay's machine spirit wakes",
                                     cause="Wrath die showed 1", caused_by_seq=42))
    assert events == [MissionComplicationRecorded(mission_id="relay", text="The relay's machine spirit wakes",
                                                  cause="Wrath die showed 1", caused_by_seq=42)]
    complication = given(CREATED, RELAY, STARTED, *events).missions["relay"].complications[0]
    assert (complication.cause, complication.caused_by_seq) == ("Wrath die showed 1", 42)


def test_complication_without_a_roll() -> None:
    events = when(given(CREATED, RELAY), RecordComplication(mission_id="relay", text="Storm", cause="Weather"))
    assert events == [MissionComplicationRecorded(mission_id="relay", text="Storm", cause="Weather")]


def test_complication_refused_after_execution() -> None:
    with pytest.raises(RuleViolation, match="cannot be recorded for a mission in rewards") as refusal:
        when(given(CREATED, RELAY, STARTED, ENDED), RecordComplication(mission_id="relay", text="x", cause="y"))
    assert refusal.value.rule == "complications_before_rewards"
