"""Rewards: XP and renown per character in the rewards phase; no XP when a primary failed; Oath of Glory renown."""

from __future__ import annotations

from functools import reduce

import pytest

from domain.commands import Actor
from domain.dice import FixedDice
from domain.errors import RuleViolation, UnknownEntity
from domain.events import Event
from domain.missions import CharacterInfo, MissionsState, decide, initial_state
from domain.missions.commands import GrantReward
from domain.missions.events import (
    MissionClosed,
    MissionCreated,
    MissionExecutionEnded,
    MissionExecutionStarted,
    MissionLeaderChosen,
    MissionOathTaken,
    MissionObjectiveAdded,
    MissionObjectiveCompleted,
    MissionRewardGranted,
)
from domain.missions.evolve import evolve

GM = Actor("gm-1", "gm")
CHARACTERS = {
    "kyros": CharacterInfo(id="kyros", name="Brother Kyros", owner="anna", speciality="tactical_marine"),
    "vael": CharacterInfo(id="vael", name="Brother Vael", owner="boris", speciality="devastator_marine"),
}
CREATED = MissionCreated(mission_id="relay", briefing="b", squad=("kyros", "vael"))
RELAY = MissionObjectiveAdded(mission_id="relay", objective_id="relay", kind="primary", text="Destroy the relay")
SCOUTS = MissionObjectiveAdded(mission_id="relay", objective_id="scouts", kind="secondary", text="Kill the scouts")
GLORY = (
    MissionLeaderChosen(mission_id="relay", character_id="kyros", method="agreement"),
    MissionOathTaken(mission_id="relay", oath="glory", leader_id="kyros", leader_speciality="tactical_marine"),
)
STARTED = MissionExecutionStarted(mission_id="relay")
RELAY_DONE = MissionObjectiveCompleted(mission_id="relay", objective_id="relay", involved=("kyros", "vael"))
SCOUTS_DONE = MissionObjectiveCompleted(mission_id="relay", objective_id="scouts", involved=("kyros",))
SUCCESS = MissionExecutionEnded(mission_id="relay", outcome="success")


def given(*events: Event) -> MissionsState:
    return reduce(evolve, events, initial_state())


def when(state: MissionsState, command: GrantReward) -> list[Event]:
    return decide(state, command, FixedDice([]), GM, CHARACTERS)


def test_reward_granted_per_character_in_the_rewards_phase() -> None:
    state = given(CREATED, RELAY, STARTED, RELAY_DONE, SUCCESS)
    events = when(state, GrantReward(mission_id="relay", character_id="kyros", xp=400, renown=2, reason="Led well"))
    assert events == [MissionRewardGranted(mission_id="relay", character_id="kyros", xp=400, renown=2,
                                           reason="Led well")]
    assert given(CREATED, RELAY, STARTED, RELAY_DONE, SUCCESS, *events).missions["relay"].rewards[0].xp == 400


def test_oath_of_glory_renown_is_added_when_rewards_are_granted() -> None:
    state = given(CREATED, RELAY, SCOUTS, *GLORY, STARTED, RELAY_DONE, SCOUTS_DONE, SUCCESS)
    kyros = when(state, GrantReward(mission_id="relay", character_id="kyros", xp=400, renown=1))
    vael = when(state, GrantReward(mission_id="relay", character_id="vael", xp=400))
    assert kyros == [MissionRewardGranted(mission_id="relay", character_id="kyros", xp=400, renown=1, oath_renown=2)]
    assert vael == [MissionRewardGranted(mission_id="relay", character_id="vael", xp=400, oath_renown=1)]


def test_oath_of_glory_renown_is_counted_once_per_character() -> None:
    first = MissionRewardGranted(mission_id="relay", character_id="kyros", xp=400, oath_renown=2)
    state = given(CREATED, RELAY, SCOUTS, *GLORY, STARTED, RELAY_DONE, SCOUTS_DONE, SUCCESS, first)
    events = when(state, GrantReward(mission_id="relay", character_id="kyros", renown=1))
    assert events == [MissionRewardGranted(mission_id="relay", character_id="kyros", renown=1)]


def test_a_grant_with_only_oath_of_glory_renown_is_allowed() -> None:
    state = given(CREATED, RELAY, *GLORY, STARTED, RELAY_DONE, SUCCESS)
    events = when(state, GrantReward(mission_id="relay", character_id="vael"))
    assert events == [MissionRewardGranted(mission_id="relay", character_id="vael", oath_renown=1)]


def test_an_empty_reward_is_refused() -> None:
    with pytest.raises(RuleViolation, match="grants XP or renown") as refusal:
        when(given(CREATED, RELAY, STARTED, RELAY_DONE, SUCCESS), GrantReward(mission_id="relay", character_id="vael"))
    assert refusal.value.rule == "empty_reward"


def test_no_xp_when_a_primary_objective_failed() -> None:
    failure = MissionExecutionEnded(mission_id="relay", outcome="failure", failed_primaries=("relay",))
    with pytest.raises(RuleViolation) as refusal:
        when(given(CREATED, RELAY, STARTED, failure), GrantReward(mission_id="relay", character_id="kyros", xp=100))
    assert refusal.value.rule == "no_xp_after_a_failed_primary"
    assert refusal.value.message == "no XP: primary objective 'Destroy the relay' failed"


def test_no_xp_when_a_primary_objective_was_left_unfinished() -> None:
    failure = MissionExecutionEnded(mission_id="relay", outcome="failure", unfinished_primaries=("relay",))
    with pytest.raises(RuleViolation, match="no XP: primary objective 'Destroy the relay' was not completed"):
        when(given(CREATED, RELAY, STARTED, failure), GrantReward(mission_id="relay", character_id="kyros", xp=100))


def test_renown_may_still_be_granted_after_a_failed_mission() -> None:
    failure = MissionExecutionEnded(mission_id="relay", outcome="failure", failed_primaries=("relay",))
    events = when(given(CREATED, RELAY, STARTED, failure),
                  GrantReward(mission_id="relay", character_id="kyros", renown=-1, reason="Lost the relay"))
    assert events == [MissionRewardGranted(mission_id="relay", character_id="kyros", renown=-1,
                                           reason="Lost the relay")]


@pytest.mark.parametrize("phase_events", [(), (STARTED,), (STARTED, SUCCESS, MissionClosed(mission_id="relay"))],
                         ids=["preparation", "execution", "closed"])
def test_rewards_are_granted_in_the_rewards_phase_only(phase_events: tuple[Event, ...]) -> None:
    with pytest.raises(RuleViolation, match="rewards are granted in the rewards phase") as refusal:
        when(given(CREATED, RELAY, *phase_events), GrantReward(mission_id="relay", character_id="kyros", xp=100))
    assert refusal.value.rule == "rewards_phase"


def test_reward_refuses_an_unknown_character() -> None:
    with pytest.raises(UnknownEntity, match="ghost"):
        when(given(CREATED, RELAY, STARTED, RELAY_DONE, SUCCESS),
             GrantReward(mission_id="relay", character_id="ghost", xp=100))
