"""What a sworn oath does while its mission is in execution, as the d100 engine asks for it."""

from __future__ import annotations

from functools import reduce

import pytest

from domain.d100.characteristics import Characteristic
from domain.d100.modifiers import Modifier
from domain.d100.oaths import cohesion_damage_resistance_modifiers, oath_modifiers
from domain.events import Event
from domain.missions import (
    MissionsState,
    cohesion_bonus,
    cohesion_challenge_bonus,
    glory_renown,
    ignores_personal_jams,
    initial_state,
    rerolls_melee_fury_confirmation,
    rerolls_psychic_phenomena,
)
from domain.missions.characters import Speciality
from domain.missions.events import (
    MissionCreated,
    MissionExecutionEnded,
    MissionExecutionStarted,
    MissionLeaderChosen,
    MissionOathTaken,
    MissionObjectiveAdded,
    MissionObjectiveCompleted,
    MissionObjectiveFailed,
)
from domain.missions.evolve import evolve
from domain.missions.oaths import OathName

CREATED = MissionCreated(mission_id="relay", briefing="b", squad=("kyros", "vael", "ordo"))
RELAY = MissionObjectiveAdded(mission_id="relay", objective_id="relay", kind="primary", text="Destroy the relay")
STARTED = MissionExecutionStarted(mission_id="relay")
ENDED = MissionExecutionEnded(mission_id="relay", outcome="success")

LEADERS: dict[OathName, tuple[str, Speciality]] = {
    "astartes": ("kyros", "tactical_marine"), "emperor": ("kyros", "tactical_marine"),
    "glory": ("kyros", "tactical_marine"), "knowledge": ("ordo", "librarian"),
    "loyalty": ("kyros", "tactical_marine"), "weapon": ("vael", "devastator_marine"),
}


def sworn(oath: OathName, *, started: bool = True, enemy_type: str | None = None,
          warp_studies: tuple[str, ...] = ()) -> MissionsState:
    leader, speciality = LEADERS[oath]
    events: list[Event] = [
        CREATED, RELAY, MissionLeaderChosen(mission_id="relay", character_id=leader, method="agreement"),
        MissionOathTaken(mission_id="relay", oath=oath, leader_id=leader, leader_speciality=speciality,
                         enemy_type=enemy_type, warp_studies=warp_studies),
    ]
    if started:
        events.append(STARTED)
    return reduce(evolve, events, initial_state())


def test_oath_to_the_emperor_adds_10_to_willpower_tests() -> None:
    assert oath_modifiers(sworn("emperor"), "vael", "WP") == (Modifier("Oath to the Emperor", 10),)


@pytest.mark.parametrize("characteristic", ["WS", "BS", "T", "Fel"])
def test_oath_to_the_emperor_adds_nothing_to_other_tests(characteristic: Characteristic) -> None:
    assert oath_modifiers(sworn("emperor"), "vael", characteristic) == ()


@pytest.mark.parametrize("characteristic", ["WS", "BS"])
def test_oath_of_knowledge_adds_10_to_ws_and_bs_against_the_chosen_enemy(characteristic: Characteristic) -> None:
    state = sworn("knowledge", enemy_type="Ork")
    assert oath_modifiers(state, "kyros", characteristic, " ork ") == (Modifier("Oath of Knowledge", 10),)


def test_oath_of_knowledge_adds_nothing_against_another_enemy_or_none() -> None:
    state = sworn("knowledge", enemy_type="Ork")
    assert oath_modifiers(state, "kyros", "BS", "Tyranid") == ()
    assert oath_modifiers(state, "kyros", "BS") == ()
    assert oath_modifiers(state, "kyros", "WP", "Ork") == ()


def test_oath_of_knowledge_warp_studies_trade_the_bonus_for_psychic_phenomena_rerolls() -> None:
    state = sworn("knowledge", enemy_type="Ork", warp_studies=("ordo",))
    assert oath_modifiers(state, "ordo", "BS", "Ork") == ()
    assert rerolls_psychic_phenomena(state, "ordo")
    assert not rerolls_psychic_phenomena(state, "kyros")
    assert oath_modifiers(state, "kyros", "BS", "Ork") == (Modifier("Oath of Knowledge", 10),)


def test_oath_effects_bind_only_the_squad() -> None:
    assert oath_modifiers(sworn("emperor"), "serf", "WP") == ()
    assert not ignores_personal_jams(sworn("weapon"), "serf")


def test_oath_effects_bind_everyone_when_the_mission_named_no_squad() -> None:
    events: list[Event] = [
        MissionCreated(mission_id="relay", briefing="b"), RELAY,
        MissionOathTaken(mission_id="relay", oath="emperor", leader_id="kyros", leader_speciality="tactical_marine"),
        STARTED,
    ]
    state = reduce(evolve, events, initial_state())
    assert oath_modifiers(state, "anyone", "WP") == (Modifier("Oath to the Emperor", 10),)


def test_oath_effects_hold_only_during_execution() -> None:
    prepared = sworn("emperor", started=False)
    assert oath_modifiers(prepared, "kyros", "WP") == ()
    over = evolve(sworn("emperor"), ENDED)
    assert oath_modifiers(over, "kyros", "WP") == ()
    assert cohesion_bonus(evolve(sworn("astartes"), ENDED)) == 0


def test_no_oath_means_no_effect() -> None:
    state = reduce(evolve, [CREATED, RELAY, STARTED], initial_state())
    assert oath_modifiers(state, "kyros", "WP") == ()
    assert (cohesion_bonus(state), cohesion_challenge_bonus(state)) == (0, 0)
    assert not ignores_personal_jams(state, "kyros")
    assert glory_renown(state.missions["relay"]) == {}


def test_oath_of_the_astartes_adds_2_to_cohesion() -> None:
    assert cohesion_bonus(sworn("astartes")) == 2
    assert cohesion_bonus(sworn("loyalty")) == 0


def test_oath_of_loyalty_adds_1_to_cohesion_challenges_and_10_to_the_leader_resisting_cohesion_damage() -> None:
    state = sworn("loyalty")
    assert cohesion_challenge_bonus(state) == 1
    assert cohesion_damage_resistance_modifiers(state, "kyros") == (Modifier("Oath of Loyalty", 10),)
    assert cohesion_damage_resistance_modifiers(state, "vael") == ()
    assert cohesion_challenge_bonus(sworn("astartes")) == 0


def test_oath_of_the_weapon_ignores_personal_jams_and_rerolls_melee_fury_confirmation() -> None:
    state = sworn("weapon")
    assert ignores_personal_jams(state, "kyros")
    assert rerolls_melee_fury_confirmation(state, "kyros")
    assert not ignores_personal_jams(sworn("glory"), "kyros")
    assert not rerolls_melee_fury_confirmation(sworn("glory"), "kyros")


def test_oath_of_glory_renown_is_counted_per_involved_member() -> None:
    scouts = MissionObjectiveAdded(mission_id="relay", objective_id="scouts", kind="secondary", text="Kill scouts")
    stores = MissionObjectiveAdded(mission_id="relay", objective_id="stores", kind="tertiary", text="Seize stores")
    guns = MissionObjectiveAdded(mission_id="relay", objective_id="guns", kind="secondary", text="Spike the guns")
    state = reduce(evolve, [
        scouts, stores, guns,
        MissionObjectiveCompleted(mission_id="relay", objective_id="relay", involved=("kyros", "vael")),
        MissionObjectiveCompleted(mission_id="relay", objective_id="scouts", involved=("kyros", "serf")),
        MissionObjectiveCompleted(mission_id="relay", objective_id="stores", involved=("ordo",)),
        MissionObjectiveFailed(mission_id="relay", objective_id="guns", involved=("ordo",)),
    ], sworn("glory"))
    # Kyros: primary + secondary; Vael: primary; Ordo: only a tertiary and a failure; the serf is not in the squad.
    assert glory_renown(state.missions["relay"]) == {"kyros": 2, "vael": 1}
