"""A Wrath & Glory turn-budget refusal says who and what already used that part of the turn (issue 21 item 6:
"una acción normal por turno: ya la usó" named neither), in both languages.

Fixed dice; the expected sentences are written by hand from the rules (RULES B: one move and one normal action
a turn, two simple actions, a full-turn action uses everything, one attack a turn) and seed 003's words.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from domain.catalog import text
from domain.commands import Actor
from domain.errors import RuleViolation
from domain.wrath_and_glory import WngCommand, WngState
from domain.wrath_and_glory.commands import RollTest, StartTurn
from domain.wrath_and_glory.encounter_commands import Move, StartEncounter, TakeAction
from domain.wrath_and_glory.evolve import evolve

from .scenario import ALICE, GM, run, table

SPEAK = TakeAction(character_id="h1", kind="normal", name="speak")


def _turn() -> WngState:
    state = table(heroes=1)
    state = _then(state, StartEncounter(encounter_id="e", participants=("h1", "boss")), [], GM)
    return _then(state, StartTurn(character_id="h1"), [])


def _then(state: WngState, command: WngCommand, faces: Sequence[int], actor: Actor = ALICE) -> WngState:
    for event in run(state, command, faces, actor):
        state = evolve(state, event)
    return state


def _refused(state: WngState, command: WngCommand) -> tuple[str, str, str]:
    with pytest.raises(RuleViolation) as caught:
        run(state, command, [], ALICE)
    assert caught.value.said is not None
    return caught.value.rule, text(caught.value.said, "en"), text(caught.value.said, "es")


def test_the_normal_action_names_the_test_that_used_it() -> None:
    state = _then(_turn(), RollTest(character_id="h1", skill="stealth"), [4] * 6)  # hero 1: stealth pool 6
    assert _refused(state, SPEAK) == (
        "one_normal_action",
        "one normal action per turn: hero 1 already used this turn's action on `stealth test`",
        "una acción normal por turno: hero 1 ya usó la acción de este turno en `prueba de sigilo`")


def test_the_move_names_the_move_that_used_it() -> None:
    state = _then(_turn(), Move(character_id="h1", mode="run", metres=4), [])
    assert _refused(state, Move(character_id="h1", metres=2)) == (
        "one_move_action",
        "one move action per turn: hero 1 already used this turn's move on `run move`",
        "una acción de movimiento por turno: hero 1 ya usó el movimiento de este turno en `movimiento a la carrera`")


def test_two_simple_actions_are_named_as_the_player_typed_them() -> None:
    state = _turn()
    for name in ("speak", "draw pistol"):
        state = _then(state, TakeAction(character_id="h1", kind="simple", name=name), [])
    assert _refused(state, TakeAction(character_id="h1", kind="simple", name="wave")) == (
        "two_simple_actions",
        "up to two simple actions per turn: hero 1 already used both on `speak` and `draw pistol`",
        "hasta dos acciones simples por turno: hero 1 ya usó las dos en `speak` y `draw pistol`")


def test_a_full_turn_action_names_what_was_done_and_what_took_the_turn() -> None:
    acted = _then(_then(_turn(), Move(character_id="h1", metres=3), []), RollTest(character_id="h1", skill="tech"),
                  [4] * 9)  # tech pool 9
    assert _refused(acted, TakeAction(character_id="h1", kind="full_turn", name="psychic power")) == (
        "full_turn_action",
        "a full-turn action needs the whole turn: hero 1 already acted this turn (`tech test` and `standard move`)",
        "una acción de turno completo necesita el turno entero, y hero 1 ya actuó en este turno "
        "(`prueba de tecnología` y `movimiento estándar`)")
    whole = _then(_turn(), TakeAction(character_id="h1", kind="full_turn", name="psychic power"), [])
    assert _refused(whole, SPEAK) == (
        "full_turn_action",
        "hero 1 already took a full-turn action (`psychic power`): nothing else this turn",
        "hero 1 ya hizo una acción de turno completo (`psychic power`): nada más en este turno")


def test_a_second_attack_names_the_first_and_a_turn_of_three_parts_is_listed() -> None:
    from domain.wrath_and_glory.encounter_events import ActionTaken
    from domain.wrath_and_glory.encounter_state import TurnBudget
    from domain.wrath_and_glory.turn_budget import ActionCost, _check, spend_budget

    budget = TurnBudget()
    for event in (ActionTaken(character_id="h1", name="attack", kind="normal", normal=True, attack=True),
                  ActionTaken(character_id="h1", name="climb move", kind="move", move=True),
                  ActionTaken(character_id="h1", name="speak", kind="simple", simple=1)):
        budget = spend_budget(budget, event)
    with pytest.raises(RuleViolation) as second:
        _check(budget, ActionCost(kind="normal", normal=True, attack=True), "hero 1", 1)
    assert second.value.said is not None
    assert text(second.value.said, "en") == "one attack per turn: hero 1 already attacked this turn (`attack`)"
    assert text(second.value.said, "es") == "un ataque por turno: hero 1 ya atacó en este turno (`ataque`)"
    with pytest.raises(RuleViolation) as whole:
        _check(budget, ActionCost(kind="full_turn", full_turn=True), "hero 1", 1)
    assert whole.value.said is not None
    assert text(whole.value.said, "en") == ("a full-turn action needs the whole turn: hero 1 already acted this turn "
                                            "(`attack`, `climb move` and `speak`)")
    assert text(whole.value.said, "es") == ("una acción de turno completo necesita el turno entero, y hero 1 ya actuó "
                                            "en este turno (`ataque`, `movimiento de escalada` y `speak`)")
