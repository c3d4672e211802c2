"""Climbing and swimming (RULES B3): half Speed, or full Speed after an Agility test (seed 003: "deberá
pasar una prueba de agilidad para moverse una cantidad de metros igual a su velocidad").

Reading taken: the Agility test is a test with a Wrath die at the default DN 3, settled when rolled (a
reroll is declared in the move); a failure still lets the character climb or swim half its Speed. Hero 1
has Agility 6 (six dice, the last the Wrath die) and Speed 6."""

from __future__ import annotations

import pytest

from domain.errors import RuleViolation
from domain.wrath_and_glory.commands import RerollFailedDice, StartTurn
from domain.wrath_and_glory.encounter_commands import Move, StartEncounter
from domain.wrath_and_glory.encounter_events import ActionTaken, Moved, MovementTestRolled
from domain.wrath_and_glory.events import GloryGained, WrathSpent

from .scenario import ALICE, of, run, table, then


def _tested(events: list[object]) -> MovementTestRolled:
    (found,) = [e for e in events if isinstance(e, MovementTestRolled)]
    return found


def test_climb_after_a_passed_agility_test_reaches_full_speed() -> None:
    events = run(table(), Move(character_id="h1", mode="climb", metres=6, agility_test=True), [4, 4, 4, 1, 1, 2],
                 ALICE)
    tested = _tested(events)
    assert (tested.icons, tested.dn, tested.success, tested.wrath, tested.rerolled) == (3, 3, True, "none", ())
    assert [d.role for d in tested.dice] == ["pool"] * 5 + ["wrath"]
    assert of(events, Moved) == [Moved(character_id="h1", mode="climb", metres=6, max_metres=6)]


def test_climb_after_a_failed_agility_test_goes_half_speed() -> None:
    events = run(table(), Move(character_id="h1", mode="swim", metres=6, agility_test=True), [4, 4, 1, 1, 1, 2],
                 ALICE)
    assert (_tested(events).icons, _tested(events).success) == (2, False)
    assert of(events, Moved) == [Moved(character_id="h1", mode="swim", metres=3, max_metres=3)]


def test_climb_agility_test_rerolled_with_wrath_when_it_fails() -> None:
    # 4, 4 and four failed dice (the Wrath die shows 2, so it is rerolled too): 4, 1, 1, 1 → 3 icons.
    move = Move(character_id="h1", mode="climb", metres=5, agility_test=True, reroll="wrath")
    events = run(table(), move, [4, 4, 1, 1, 1, 2] + [4, 1, 1, 1], ALICE)
    assert of(events, WrathSpent) == [WrathSpent(character_id="h1", amount=1, cause="reroll", before=2, after=1,
                                                 test_id="t1")]
    tested = _tested(events)
    assert [d.die.value for d in tested.rerolled] == [4, 4, 4, 1, 1, 1]
    assert (tested.icons, tested.success) == (3, True)
    assert of(events, Moved) == [Moved(character_id="h1", mode="climb", metres=5, max_metres=6)]


def test_climb_reroll_is_not_used_when_the_test_passes() -> None:
    move = Move(character_id="h1", mode="climb", metres=6, agility_test=True, reroll="wrath")
    events = run(table(), move, [6, 4, 1, 1, 1, 6], ALICE)
    assert of(events, WrathSpent) == []
    assert of(events, GloryGained) == [GloryGained(amount=1, cause="wrath_six", before=0, after=1, lost=0,
                                                   test_id="t1")]


def test_climb_agility_test_is_settled_when_rolled() -> None:
    state = then(table(), Move(character_id="h1", mode="climb", metres=3, agility_test=True), [1] * 6, ALICE)
    with pytest.raises(RuleViolation, match="settled when rolled") as refused:
        run(state, RerollFailedDice(test_id="t1"), [], ALICE)
    assert refused.value.rule == "movement"


def test_climb_without_a_test_is_half_speed_and_a_test_is_only_for_climbs_and_swims() -> None:
    with pytest.raises(RuleViolation, match="at most 3 m"):
        run(table(), Move(character_id="h1", mode="climb", metres=4), [], ALICE)
    with pytest.raises(RuleViolation, match="not a standard") as refused:
        run(table(), Move(character_id="h1", metres=4, agility_test=True), [], ALICE)
    assert refused.value.rule == "agility_test"
    with pytest.raises(RuleViolation, match="a reroll is for the Agility test"):
        run(table(), Move(character_id="h1", mode="climb", metres=2, reroll="wrath"), [], ALICE)


def test_climb_with_a_test_is_the_turns_move_in_an_encounter() -> None:
    state = then(table(heroes=1, troop=False), StartEncounter(encounter_id="cliff", participants=("h1", "boss")))
    state = then(state, StartTurn(character_id="h1"), [], ALICE)
    events = run(state, Move(character_id="h1", mode="climb", metres=6, agility_test=True), [4, 4, 4, 1, 1, 2],
                 ALICE)
    assert of(events, ActionTaken) == [ActionTaken(character_id="h1", name="climb move", kind="move", move=True)]
