"""A d100 turn-budget refusal says who and what already used the turn (issue 21 item 6), in both languages.

Fixed dice throughout; every expected sentence is written by hand from the rules (RULES A4, A5: one Full
Action or two different half actions a turn, one reaction a round, two with Defensive Stance) and the
handouts' words, not read back through the code.
"""

from __future__ import annotations

import pytest

from domain.catalog import text
from domain.d100.commands import Attack, NextTurn, React, SpendFate, TakeAction, TakeAim
from domain.dice import FixedDice
from domain.errors import RuleViolation
from tests.d100.encounter_fixtures import BORIS, Table
from tests.d100.test_d100_comrades import order, platoon
from tests.d100.test_d100_encounters import ambush
from tests.d100.test_d100_flow import ANNA, decide, run, squad


def _refused(table: Table, command: object) -> tuple[str, str, str]:
    with pytest.raises(RuleViolation) as caught:
        table.run(command, [], BORIS)  # type: ignore[arg-type]
    error = caught.value
    assert error.said is not None
    return error.rule, text(error.said, "en"), text(error.said, "es")


def _cultists_turn() -> Table:
    """The ambush of test_d100_encounters: the Cultist (Fate → initiative 13) acts first."""
    table = ambush()
    table.run(SpendFate(character_id="cultist", use="initiative_ten"), [], BORIS)
    table.run(NextTurn(), [3, 8])
    return table


def test_a_second_half_action_of_the_same_kind_names_it() -> None:
    table = _cultists_turn()
    table.run(TakeAim(character_id="cultist", aim="half"), [], BORIS)
    assert _refused(table, TakeAim(character_id="cultist", aim="half")) == (
        "same_half_action",
        "Cultist already used a half action on `aim` this turn: not a second of the same kind",
        "Cultist ya usó una media acción en `apuntar` en este turno: no otra del mismo tipo")


def test_a_third_half_action_names_the_two_that_used_the_turn() -> None:
    table = _cultists_turn()
    table.run(TakeAim(character_id="cultist", aim="half"), [], BORIS)
    table.run(TakeAction(character_id="cultist", action="move"), [], BORIS)
    assert _refused(table, TakeAction(character_id="cultist", action="ready")) == (
        "turn_spent",
        "a turn holds two half actions at most: Cultist already used them on `aim` and `move`",
        "un turno tiene como mucho dos medias acciones: Cultist ya las usó en `apuntar` y `moverse`")


def test_a_full_action_after_a_half_names_the_half() -> None:
    table = _cultists_turn()
    table.run(TakeAction(character_id="cultist", action="move"), [], BORIS)
    assert _refused(table, TakeAction(character_id="cultist", action="run")) == (
        "full_action_needs_turn",
        "a Full Action needs the whole turn: Cultist already used a half action on `move`",
        "una acción completa necesita el turno entero: Cultist ya usó una media acción en `moverse`")
    table.run(TakeAction(character_id="cultist", action="ready"), [], BORIS)
    assert _refused(table, TakeAim(character_id="cultist", aim="full"))[1:] == (
        "a Full Action needs the whole turn: Cultist already used two half actions on `move` and `ready`",
        "una acción completa necesita el turno entero: Cultist ya usó dos medias acciones en `moverse` y `preparar`")


def test_after_a_full_action_a_half_or_another_full_names_it() -> None:
    table = _cultists_turn()
    table.run(TakeAim(character_id="cultist", aim="full"), [], BORIS)
    assert _refused(table, TakeAction(character_id="cultist", action="move")) == (
        "turn_spent",
        "Cultist already used this turn's Full Action on `aim`: no half action is left",
        "Cultist ya usó la acción completa de este turno en `apuntar`: no queda ninguna media acción")
    assert _refused(table, TakeAction(character_id="cultist", action="run")) == (
        "full_action_needs_turn",
        "Cultist already used this turn's Full Action on `aim`",
        "Cultist ya usó la acción completa de este turno en `apuntar`")


def test_a_second_reaction_names_the_first_and_defensive_stance_two() -> None:
    state = squad()
    _, state = run(state, Attack(attack_id="a1", attacker_id="cultist", target_id="brother", weapon_id="knife"), [11])
    _, state = run(state, React(attack_id="a1", reaction="dodge"), [20], ANNA)
    _, state = run(state, Attack(attack_id="a2", attacker_id="cultist", target_id="brother", weapon_id="knife"), [12])
    with pytest.raises(RuleViolation) as second:
        decide(state, React(attack_id="a2", reaction="parry"), FixedDice([1]), ANNA)
    assert second.value.rule == "reaction_used" and second.value.said is not None
    assert text(second.value.said, "en") == "Brother already used this round's reaction on `dodge`"
    assert text(second.value.said, "es") == "Brother ya usó la reacción de este asalto en `esquivar`"

    stance = squad()
    _, stance = run(stance, TakeAction(character_id="brother", action="defensive_stance"), [], ANNA)
    # Low rolls hit despite Defensive Stance; each dodge (20) spends one of the two reactions.
    for attack_id, faces in (("b1", [5, 20]), ("b2", [6, 20])):
        _, stance = run(stance, Attack(attack_id=attack_id, attacker_id="cultist", target_id="brother",
                                       weapon_id="knife"), faces[:1])
        _, stance = run(stance, React(attack_id=attack_id, reaction="dodge"), faces[1:], ANNA)
    _, stance = run(stance, Attack(attack_id="b3", attacker_id="cultist", target_id="brother", weapon_id="knife"),
                    [7])
    with pytest.raises(RuleViolation) as third:
        decide(stance, React(attack_id="b3", reaction="dodge"), FixedDice([1]), ANNA)
    assert third.value.said is not None
    assert text(third.value.said, "en") == (
        "Brother already used this round's two reactions (Defensive Stance gives two) on `dodge` and `dodge`")
    assert text(third.value.said, "es") == (
        "Brother ya usó las dos reacciones de este asalto (la Postura Defensiva da dos) en `esquivar` y `esquivar`")


def test_a_comrades_budget_names_the_comrade_and_its_orders() -> None:
    table = platoon()
    order(table, "volley")
    order(table, "keep_cohesion")
    with pytest.raises(RuleViolation) as spent:
        order(table, "move")
    assert spent.value.said is not None
    assert text(spent.value.said, "en") == (
        "a turn holds two half actions at most: Trooper's comrade already used them on `volley` and `keep cohesion`")
    assert text(spent.value.said, "es") == ("un turno tiene como mucho dos medias acciones: el camarada de Trooper "
                                            "ya las usó en `salva` y `mantener la cohesión`")

