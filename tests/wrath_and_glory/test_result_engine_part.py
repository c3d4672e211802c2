"""A command's result (projections/results.py `result_of`) asks the engines only for their own events: a roll,
the commonest command, writes none, so its result is its three numbers alone, and an engine's part is kept."""

from __future__ import annotations

from domain.campaign.events import DiceRolled, SessionStarted
from domain.dice import Die
from domain.dice_expression import parse
from domain.rulesets import engines
from domain.wrath_and_glory.commands import Attack, StartTurn
from domain.wrath_and_glory.encounter_commands import StartEncounter
from projections.results import result_of

from .scenario import ALICE, run, table, then

WRATH_ONE_HIT = [4, 4, 4, 2, 2, 2, 2, 2, 2, 2, 2, 1]


def test_a_roll_answers_its_expression_total_and_dice_and_no_engine_part() -> None:
    roll = DiceRolled(expression="2d10+3", reason="x", terms=parse("2d10+3"), dice=(Die(0, 10, 7), Die(0, 10, 1)),
                      total=11)
    assert result_of([roll]) == {"expression": "2d10+3", "total": 11, "roll": result_of([roll])["roll"]}
    assert list(result_of([roll])) == ["expression", "total", "roll"]
    # What asking every engine answered for it, as before: nothing.
    for engine in engines():
        assert engine.result([roll]) == {}
        assert engine.result([SessionStarted(session=1), roll]) == {}


def test_an_engines_events_still_have_their_part_before_the_shared_facts() -> None:
    state = then(table(), StartEncounter(encounter_id="mine", participants=("h1", "orks")))
    state = then(state, StartTurn(character_id="h1"), [], ALICE)
    events = list(run(state, Attack(attacker_id="h1", targets=("orks",), weapon="boltgun"), WRATH_ONE_HIT, ALICE))
    found = result_of(events)
    assert found["complications"] == [{"test_id": "t1", "character_id": "h1", "status": "pending"}]
    assert next(iter(found)) == "complications"
