"""Deathwatch preparation: the squad leader (agreement, highest 1d10, GM) and the oath the leader can lead."""

from __future__ import annotations

from functools import reduce

import pytest
from hypothesis import given as for_all
from hypothesis import strategies as st

from domain.commands import Actor, Command
from domain.dice import Die, FixedDice
from domain.errors import RuleViolation, UnknownEntity
from domain.events import Event
from domain.missions import OATHS, CharacterInfo, MissionsState, decide, initial_state
from domain.missions.characters import Speciality
from domain.missions.commands import ChooseLeader, TakeOath
from domain.missions.events import (
    LeaderRoll,
    MissionCreated,
    MissionExecutionStarted,
    MissionLeaderChosen,
    MissionOathTaken,
    MissionObjectiveAdded,
)
from domain.missions.evolve import evolve
from domain.missions.leader import roll_off
from domain.missions.oaths import OathName, meets_prerequisite

GM = Actor("gm-1", "gm")
CHARACTERS = {
    "kyros": CharacterInfo(id="kyros", name="Brother Kyros", owner="anna", speciality="tactical_marine"),
    "vael": CharacterInfo(id="vael", name="Brother Vael", owner="boris", speciality="devastator_marine"),
    "ordo": CharacterInfo(id="ordo", name="Brother Ordo", owner="carla", speciality="librarian"),
    "serf": CharacterInfo(id="serf", name="Serf Halm", owner="gm-1"),
}
CREATED = MissionCreated(mission_id="relay", briefing="Destroy the ork relay.", squad=("kyros", "vael", "ordo"))
RELAY = MissionObjectiveAdded(mission_id="relay", objective_id="relay", kind="primary", text="Destroy the relay")
KYROS_LEADS = MissionLeaderChosen(mission_id="relay", character_id="kyros", method="agreement")
ORDO_LEADS = MissionLeaderChosen(mission_id="relay", character_id="ordo", method="gm")


def given(*events: Event, ruleset: str = "deathwatch") -> MissionsState:
    # Only War plays no oaths: its engine says so (domain.engine.Ruleset.oaths), and the campaign fold passes it.
    start = initial_state("only_war", oaths=False) if ruleset == "only_war" else initial_state()
    return reduce(evolve, events, start)


def when(state: MissionsState, command: Command, faces: tuple[int, ...] = ()) -> list[Event]:
    return decide(state, command, FixedDice(faces), GM, CHARACTERS)


# The leader


def test_leader_chosen_by_agreement_is_recorded_by_the_gm() -> None:
    events = when(given(CREATED), ChooseLeader(mission_id="relay", method="agreement", character_id="kyros"))
    assert events == [KYROS_LEADS]
    leader = given(CREATED, *events).missions["relay"].leader
    assert leader is not None and (leader.character_id, leader.method) == ("kyros", "agreement")


def test_leader_chosen_by_gm_decision() -> None:
    events = when(given(CREATED), ChooseLeader(mission_id="relay", method="gm", character_id="ordo"))
    assert events == [ORDO_LEADS]


def test_leader_by_roll_goes_to_the_highest_1d10() -> None:
    events = when(given(CREATED), ChooseLeader(mission_id="relay", method="roll", candidates=("kyros", "vael")),
                  faces=(4, 9))
    assert events == [MissionLeaderChosen(mission_id="relay", character_id="vael", method="roll", rolls=(
        LeaderRoll(round=1, character_id="kyros", die=Die(0, 10, 4)),
        LeaderRoll(round=1, character_id="vael", die=Die(1, 10, 9)),
    ))]


def test_leader_roll_ties_are_rerolled_among_the_tied_only() -> None:
    events = when(given(CREATED), ChooseLeader(mission_id="relay", method="roll"), faces=(8, 8, 3, 6, 6, 2, 7))
    assert events == [MissionLeaderChosen(mission_id="relay", character_id="vael", method="roll", rolls=(
        LeaderRoll(round=1, character_id="kyros", die=Die(0, 10, 8)),
        LeaderRoll(round=1, character_id="vael", die=Die(1, 10, 8)),
        LeaderRoll(round=1, character_id="ordo", die=Die(2, 10, 3)),
        LeaderRoll(round=2, character_id="kyros", die=Die(3, 10, 6)),
        LeaderRoll(round=2, character_id="vael", die=Die(4, 10, 6)),
        LeaderRoll(round=3, character_id="kyros", die=Die(5, 10, 2)),
        LeaderRoll(round=3, character_id="vael", die=Die(6, 10, 7)),
    ))]


def test_leader_roll_without_candidates_rolls_for_the_whole_squad() -> None:
    events = when(given(CREATED), ChooseLeader(mission_id="relay", method="roll"), faces=(1, 2, 10))
    assert isinstance(events[0], MissionLeaderChosen) and events[0].character_id == "ordo"
    assert [r.character_id for r in events[0].rolls] == ["kyros", "vael", "ordo"]


def test_leader_roll_needs_two_candidates() -> None:
    with pytest.raises(RuleViolation, match="at least two candidates") as refusal:
        when(given(CREATED), ChooseLeader(mission_id="relay", method="roll", candidates=("kyros",)))
    assert refusal.value.rule == "leader_choice"


def test_leader_roll_names_candidates_not_the_leader() -> None:
    with pytest.raises(RuleViolation, match="names candidates, not the leader"):
        when(given(CREATED), ChooseLeader(mission_id="relay", method="roll", character_id="kyros",
                                          candidates=("kyros", "vael")))


def test_leader_by_agreement_names_the_leader() -> None:
    with pytest.raises(RuleViolation, match="is named, without candidates"):
        when(given(CREATED), ChooseLeader(mission_id="relay", method="agreement"))


def test_leader_must_be_in_the_squad() -> None:
    with pytest.raises(RuleViolation, match="'serf' is not in the squad") as refusal:
        when(given(CREATED), ChooseLeader(mission_id="relay", method="gm", character_id="serf"))
    assert refusal.value.rule == "squad"


def test_leader_must_be_a_known_character() -> None:
    with pytest.raises(UnknownEntity, match="ghost"):
        when(given(CREATED), ChooseLeader(mission_id="relay", method="roll", candidates=("kyros", "ghost")))


def test_leader_is_chosen_in_preparation_only() -> None:
    state = given(CREATED, RELAY, MissionExecutionStarted(mission_id="relay"))
    with pytest.raises(RuleViolation, match="happens in preparation; this mission is in execution") as refusal:
        when(state, ChooseLeader(mission_id="relay", method="agreement", character_id="kyros"))
    assert refusal.value.rule == "preparation_only"


def test_leader_is_a_deathwatch_rule() -> None:
    state = given(MissionCreated(mission_id="relay", briefing="b"), ruleset="only_war")
    with pytest.raises(RuleViolation, match="Deathwatch rule; this campaign plays only_war") as refusal:
        when(state, ChooseLeader(mission_id="relay", method="agreement", character_id="kyros"))
    assert refusal.value.rule == "deathwatch_only"


def test_new_leader_refused_when_they_cannot_lead_the_sworn_oath() -> None:
    glory = MissionOathTaken(mission_id="relay", oath="glory", leader_id="kyros", leader_speciality="tactical_marine")
    with pytest.raises(RuleViolation, match="swore the Oath of Glory, which Brother Vael cannot lead") as refusal:
        when(given(CREATED, KYROS_LEADS, glory), ChooseLeader(mission_id="relay", method="gm", character_id="vael"))
    assert refusal.value.rule == "oath_prerequisite"


# The oath table (002 "Toma de Juramentos")


@pytest.mark.parametrize(
    ("oath", "specialities"),
    [
        ("astartes", {"tactical_marine", "assault_marine", "devastator_marine"}),
        ("emperor", {"tactical_marine", "librarian", "apothecary"}),
        ("glory", {"tactical_marine", "assault_marine"}),
        ("knowledge", {"librarian", "apothecary"}),
        ("loyalty", {"tactical_marine", "apothecary"}),
        ("weapon", {"techmarine", "devastator_marine"}),
    ],
)
def test_oath_prerequisites_follow_the_seed(oath: OathName, specialities: set[Speciality]) -> None:
    assert OATHS[oath].prerequisites == specialities
    assert not meets_prerequisite(oath, None)


# Taking the oath


def test_oath_taken_when_the_leader_meets_its_prerequisite() -> None:
    events = when(given(CREATED, KYROS_LEADS), TakeOath(mission_id="relay", oath="glory"))
    assert events == [MissionOathTaken(mission_id="relay", oath="glory", leader_id="kyros",
                                       leader_speciality="tactical_marine")]
    oath = given(CREATED, KYROS_LEADS, *events).missions["relay"].oath
    assert oath is not None and oath.oath == "glory"


def test_oath_refused_when_the_leader_does_not_meet_its_prerequisite() -> None:
    with pytest.raises(RuleViolation) as refusal:
        when(given(CREATED, KYROS_LEADS), TakeOath(mission_id="relay", oath="weapon"))
    assert refusal.value.rule == "oath_prerequisite"
    assert refusal.value.message == (
        "the Oath of the Weapon needs a leader who is a Devastator Marine or a Techmarine; "
        "Brother Kyros is a Tactical Marine"
    )


def test_oath_refused_when_the_leader_has_no_speciality() -> None:
    created = MissionCreated(mission_id="relay", briefing="b")
    serf_leads = MissionLeaderChosen(mission_id="relay", character_id="serf", method="gm")
    with pytest.raises(RuleViolation, match="Serf Halm has no speciality recorded"):
        when(given(created, serf_leads), TakeOath(mission_id="relay", oath="astartes"))


def test_oath_needs_a_leader_first() -> None:
    with pytest.raises(RuleViolation, match="choose the squad leader before taking the Oath of Glory") as refusal:
        when(given(CREATED), TakeOath(mission_id="relay", oath="glory"))
    assert refusal.value.rule == "oath_needs_a_leader"


def test_oath_of_knowledge_names_its_enemy_type() -> None:
    events = when(given(CREATED, ORDO_LEADS), TakeOath(mission_id="relay", oath="knowledge", enemy_type="Ork"))
    assert events == [MissionOathTaken(mission_id="relay", oath="knowledge", leader_id="ordo",
                                       leader_speciality="librarian", enemy_type="Ork")]


def test_oath_of_knowledge_without_an_enemy_type_is_refused() -> None:
    with pytest.raises(RuleViolation, match="names the enemy type") as refusal:
        when(given(CREATED, ORDO_LEADS), TakeOath(mission_id="relay", oath="knowledge"))
    assert refusal.value.rule == "oath_of_knowledge"


def test_enemy_type_is_refused_for_other_oaths() -> None:
    with pytest.raises(RuleViolation, match="only the Oath of Knowledge chooses an enemy type"):
        when(given(CREATED, KYROS_LEADS), TakeOath(mission_id="relay", oath="glory", enemy_type="Ork"))


def test_oath_of_knowledge_lets_a_librarian_study_the_warp_instead() -> None:
    events = when(given(CREATED, ORDO_LEADS),
                  TakeOath(mission_id="relay", oath="knowledge", enemy_type="Ork", warp_studies=("ordo",)))
    assert isinstance(events[0], MissionOathTaken) and events[0].warp_studies == ("ordo",)


def test_only_a_librarian_may_study_the_warp() -> None:
    with pytest.raises(RuleViolation, match="only a Librarian may study the warp; Brother Vael is not one"):
        when(given(CREATED, ORDO_LEADS),
             TakeOath(mission_id="relay", oath="knowledge", enemy_type="Ork", warp_studies=("vael",)))


def test_a_new_oath_in_preparation_replaces_the_old_one() -> None:
    glory = MissionOathTaken(mission_id="relay", oath="glory", leader_id="kyros", leader_speciality="tactical_marine")
    events = when(given(CREATED, KYROS_LEADS, glory), TakeOath(mission_id="relay", oath="loyalty"))
    oath = given(CREATED, KYROS_LEADS, glory, *events).missions["relay"].oath
    assert oath is not None and oath.oath == "loyalty"


def test_oath_is_taken_in_preparation_only() -> None:
    state = given(CREATED, RELAY, KYROS_LEADS, MissionExecutionStarted(mission_id="relay"))
    with pytest.raises(RuleViolation, match="taking an oath happens in preparation"):
        when(state, TakeOath(mission_id="relay", oath="glory"))


def test_oath_is_a_deathwatch_rule() -> None:
    state = given(MissionCreated(mission_id="relay", briefing="b"), ruleset="only_war")
    with pytest.raises(RuleViolation, match="taking an oath is a Deathwatch rule"):
        when(state, TakeOath(mission_id="relay", oath="glory"))


# Property: whoever the dice favour, the leader is the one who won the last round outright.




@for_all(st.integers(2, 5), st.lists(st.integers(1, 10), max_size=40))
def test_roll_off_winner_alone_has_the_highest_die_of_the_last_round(count: int, faces: list[int]) -> None:
    candidates = [f"c{i}" for i in range(count)]
    # Any faces first (ties included), then 10, 9 … 1 over and over: any five consecutive of those are
    # distinct, so the first round rolled wholly from them has a single winner.
    winner, rolls = roll_off(candidates, FixedDice([*faces, *range(10, 0, -1)] + [*range(10, 0, -1)] * 2))
    last = [r for r in rolls if r.round == rolls[-1].round]
    best = max(r.die.value for r in last)
    assert [r.character_id for r in last if r.die.value == best] == [winner]
    assert [r.die.k for r in rolls] == list(range(len(rolls)))
