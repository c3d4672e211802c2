"""A refused mission command, in Spanish, says the same reason as in English, with its names and texts.

Each refusal is raised by the real rules (domain.missions.decide), then worded as a Spanish answer is.
"""

from __future__ import annotations

from functools import reduce

import pytest

from domain.commands import Actor, Command
from domain.dice import FixedDice
from domain.errors import RuleViolation
from domain.events import Event
from domain.missions import CharacterInfo, MissionsState, decide, initial_state
from domain.missions.commands import AdvanceMission, ChooseLeader, GrantReward, TakeOath
from domain.missions.events import (
    MissionCreated,
    MissionExecutionEnded,
    MissionExecutionStarted,
    MissionLeaderChosen,
    MissionOathTaken,
    MissionObjectiveAdded,
    MissionObjectiveFailed,
)
from domain.missions.evolve import evolve
from projections.rendering.refusals import refusal

GM = Actor("gm-1", "gm")
CHARACTERS = {
    "kyros": CharacterInfo(id="kyros", name="Brother Kyros", owner="anna", speciality="tactical_marine"),
    "vael": CharacterInfo(id="vael", name="Brother Vael", owner="boris", speciality="devastator_marine"),
    "ordo": CharacterInfo(id="ordo", name="Ordo", owner="boris"),
}
CREATED = MissionCreated(mission_id="m", title="Relay", briefing="Go.", squad=("kyros", "vael", "ordo"))
HOLD = MissionObjectiveAdded(mission_id="m", objective_id="hold", kind="primary", text="Hold the gate")
STARTED = MissionExecutionStarted(mission_id="m")


def given(*events: Event) -> MissionsState:
    return reduce(evolve, events, initial_state())


def leader(character_id: str) -> MissionLeaderChosen:
    return MissionLeaderChosen(mission_id="m", character_id=character_id, method="gm")


def spanish(state: MissionsState, command: Command) -> tuple[str, str]:
    with pytest.raises(RuleViolation) as refused:
        decide(state, command, FixedDice(()), GM, CHARACTERS)
    error = refused.value
    return error.message, refusal("rule-violation", error.rule, error.message, "es", error.said)


@pytest.mark.parametrize(("events", "to", "expected"), [
    ((CREATED, HOLD), "rewards",
     "una misión en la fase de preparación no se salta la de ejecución: pásala antes a la fase de ejecución"),
    ((CREATED, HOLD, STARTED), "preparation",
     "una misión en la fase de ejecución no vuelve a la de preparación"),
    ((CREATED, HOLD, STARTED), "execution", "la misión ya está en la fase de ejecución"),
])
def test_refused_phase_says_which_phases_in_spanish(events: tuple[Event, ...], to: str, expected: str) -> None:
    # Before, every one of these read "una misión cerrada no cambia de fase": the mission was not closed.
    _, told = spanish(given(*events), AdvanceMission(mission_id="m", to=to))  # type: ignore[arg-type]
    assert told == expected


def test_refused_oath_names_the_specialities_that_may_lead_it_in_spanish() -> None:
    # Seed 002: the Oath of Glory's prerequisite is "Marine Táctico o Marine de Asalto".
    english, told = spanish(given(CREATED, HOLD, leader("vael")), TakeOath(mission_id="m", oath="glory"))
    assert english == ("the Oath of Glory needs a leader who is a Tactical Marine or an Assault Marine; "
                       "Brother Vael is a Devastator Marine")
    assert told == ("el Juramento de Gloria necesita un líder que sea Marine Táctico o Marine de Asalto; "
                    "Brother Vael es Devastador")
    _, unknown = spanish(given(CREATED, HOLD, leader("ordo")), TakeOath(mission_id="m", oath="weapon"))
    assert unknown == ("el Juramento del Arma necesita un líder que sea Devastador o Tecnomarine; "
                       "Ordo no tiene especialidad anotada")


def test_refused_leader_under_a_sworn_oath_in_spanish() -> None:
    sworn = MissionOathTaken(mission_id="m", oath="glory", leader_id="kyros", leader_speciality="tactical_marine")
    _, told = spanish(given(CREATED, HOLD, leader("kyros"), sworn),
                      ChooseLeader(mission_id="m", method="gm", character_id="vael"))
    assert told == "la escuadra prestó el Juramento de Gloria, que Brother Vael no puede liderar: presta antes otro juramento"


@pytest.mark.parametrize(("failed", "expected"), [
    (True, "sin PX: el objetivo primario «Hold the gate» falló"),
    (False, "sin PX: el objetivo primario «Hold the gate» no se cumplió"),
])
def test_refused_xp_names_the_primary_objective_in_spanish(failed: bool, expected: str) -> None:
    # RULES.md A11: a failed (or unfinished) primary fails the mission and gives no XP.
    ended = MissionExecutionEnded(mission_id="m", outcome="failure", failed_primaries=("hold",) if failed else (),
                                  unfinished_primaries=() if failed else ("hold",))
    lost = (MissionObjectiveFailed(mission_id="m", objective_id="hold"),) if failed else ()
    state = given(CREATED, HOLD, STARTED, *lost, ended)
    _, told = spanish(state, GrantReward(mission_id="m", character_id="kyros", xp=100))
    assert told == expected


def test_every_word_a_mission_refusal_names_is_in_the_catalog() -> None:
    # The phases, statuses, oaths and specialities are named by id from their values (`term.mission_phase.<phase>`):
    # the catalog test cannot read those ids in the code, so each value is looked up here.
    from typing import get_args

    from domain.catalog import LANGS, has
    from domain.missions.events import LeaderMethod
    from domain.missions.oaths import OATHS
    from domain.missions.phases import PHASES
    from domain.missions.state import ObjectiveStatus

    specialities = {s for spec in OATHS.values() for s in spec.prerequisites}
    methods = get_args(LeaderMethod)
    ids = ([f"term.mission_phase.{p}" for p in PHASES] + [f"term.objective_status.{s}" for s in get_args(ObjectiveStatus)]
           + [f"term.mission_oath.{o}" for o in OATHS] + [f"term.oath_leaders.{o}" for o in OATHS]
           + [f"term.speciality_with_article.{s}" for s in specialities] + [f"term.leader_method.{m}" for m in methods])
    assert [i for i in ids if not all(has(i, lang) for lang in LANGS)] == []
