"""A reinforcement joins a running d100 encounter (issue 11): initiative rolled, placed in the fixed order,
acting this round if its place is still to come, else from the next round (RULES A4: 1d10 + AgB, highest first,
ties by higher Ag)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.d100 import events as ev
from domain.d100.commands import EndTurn, GmRuling, JoinEncounter, NextTurn, StartEncounter
from domain.errors import Forbidden, RuleViolation
from tests.d100.encounter_fixtures import ANNA, BORIS, GM, Table, cultist, marine


def skirmish() -> Table:
    """Brother 9 + AgB 4 = 13, Cultist 5 + 3 = 8, Heretic 1 + 3 = 4; the order fixed by the first turn."""
    table = Table()
    table.register("brother", "anna", marine())
    table.register("cultist", "boris", cultist())
    table.register("heretic", "gm-1", cultist())
    table.register("late", "gm-1", cultist())
    table.register("fast", "gm-1", cultist())
    table.run(StartEncounter(encounter_id="e1", participants=("brother", "cultist", "heretic")), [9, 5, 1])
    table.run(NextTurn())
    return table


def acting(table: Table) -> str | None:
    assert table.state.encounter is not None
    return table.state.encounter.acting


def test_a_reinforcement_whose_place_is_still_to_come_acts_this_round() -> None:
    # Brother's turn (1). The newcomer rolls 5 + AgB 3 = 8: tied with the Cultist on 8 and on Ag 30, it goes
    # after him (it arrived last): place 3, still to come this round.
    table = skirmish()
    joined = table.run(JoinEncounter(character_id="late"), [5])[0]
    assert isinstance(joined, ev.EncounterJoined) and joined.roll.total == 8 and joined.first_round == 1
    assert joined.order == ("brother", "cultist", "late", "heretic") and joined.next_order is None
    assert table.state.encounter is not None and "late" in table.state.encounter.participants
    table.run(EndTurn(character_id="brother"), [], ANNA)
    assert acting(table) == "cultist"
    table.run(EndTurn(character_id="cultist"), [], BORIS)
    assert acting(table) == "late"
    table.run(EndTurn(character_id="late"), [], GM)
    assert acting(table) == "heretic"


def test_a_reinforcement_whose_place_has_passed_takes_it_from_the_next_round() -> None:
    # In the Cultist's turn (2) the newcomer rolls 10 + 3 = 13: tied with Brother on 13, lower Ag (30 < 41):
    # place 2, which this round has reached; it acts from round 2, and no turn already played is renumbered.
    table = skirmish()
    table.run(EndTurn(character_id="brother"), [], ANNA)
    joined = table.run(JoinEncounter(character_id="fast"), [10])[0]
    assert isinstance(joined, ev.EncounterJoined) and joined.first_round == 2
    assert joined.order == ("brother", "cultist", "heretic")
    assert joined.next_order == ("brother", "fast", "cultist", "heretic")
    assert acting(table) == "cultist" and table.state.position is not None and table.state.position.turn == 2
    table.run(EndTurn(character_id="cultist"), [], BORIS)
    assert acting(table) == "heretic"
    started = table.run(EndTurn(character_id="heretic"), [], GM)
    assert [type(e).__name__ for e in started] == ["TurnEnded", "RoundStarted", "TurnStarted"]
    assert acting(table) == "brother"
    table.run(EndTurn(character_id="brother"), [], ANNA)
    assert acting(table) == "fast"
    assert table.state.encounter is not None and table.state.encounter.order == ("brother", "fast", "cultist",
                                                                                  "heretic")


def test_a_reinforcement_before_the_first_turn_is_in_the_order_it_fixes() -> None:
    table = Table()
    table.register("brother", "anna", marine())
    table.register("cultist", "boris", cultist())
    table.run(StartEncounter(encounter_id="e1", participants=("brother", "cultist")), [1, 5])
    table.register("late", "gm-1", cultist())
    joined = table.run(JoinEncounter(character_id="late"), [9])[0]  # 9 + 3 = 12
    assert isinstance(joined, ev.EncounterJoined) and joined.order == () and joined.roll.total == 12
    fixed = table.run(NextTurn())[0]
    assert isinstance(fixed, ev.InitiativeOrderFixed) and fixed.order == ("late", "cultist", "brother")


def test_a_reinforcement_bleeds_at_the_next_rounds_start_like_any_participant() -> None:
    table = skirmish()
    table.register("bleeder", "gm-1", cultist())
    table.run(GmRuling(character_id="bleeder", reason="wounded", add_conditions=("blood_loss",)))
    table.run(JoinEncounter(character_id="bleeder"), [2])  # 2 + 3 = 5: place 3 of 4, still to come
    for who, actor in (("brother", ANNA), ("cultist", BORIS), ("bleeder", GM)):
        table.run(EndTurn(character_id=who), [], actor)
    rolled = table.run(EndTurn(character_id="heretic"), [50], GM)
    assert [type(e).__name__ for e in rolled] == ["TurnEnded", "RoundStarted", "BloodLossRolled", "TurnStarted"]


def test_joining_is_the_gms_and_once() -> None:
    table = skirmish()
    with pytest.raises(Forbidden):
        table.run(JoinEncounter(character_id="late"), [], BORIS)
    with pytest.raises(RuleViolation) as twice:
        table.run(JoinEncounter(character_id="cultist"), [])
    assert twice.value.rule == "participants"
    table.register("corpse", "gm-1", replace(cultist()))
    table.run(GmRuling(character_id="corpse", reason="long dead", add_conditions=("dead",)))
    with pytest.raises(RuleViolation) as dead:
        table.run(JoinEncounter(character_id="corpse"), [])
    assert dead.value.rule == "target_dead"
