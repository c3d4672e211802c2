"""The third rules pass, Wrath & Glory: each disagreement with RULES.md part B, with fixed dice.

Expected numbers are worked out by hand from RULES.md (the section is in each test's name).
"""

from __future__ import annotations

from domain.wrath_and_glory.commands import Attack, Reload, RollTest
from domain.wrath_and_glory.events import NextActionPenaltyAdded, TestRolled
from domain.wrath_and_glory.modifiers import Modifier
from tests.wrath_and_glory.scenario import ALICE, of, run, table, then


def _rolled(events: list) -> TestRolled:  # type: ignore[type-arg]
    (found,) = of(events, TestRolled)
    assert isinstance(found, TestRolled)
    return found


def test_b3_reload_puts_plus_two_dn_on_the_next_shot() -> None:
    # RULES B3: "Reload: an action; shooting right after it +2 DN". The boss's Defence 3 + 2 = 5.
    state = then(table(), Reload(character_id="h1"), [], ALICE)
    shot = _rolled(run(state, Attack(attacker_id="h1", targets=("boss",), weapon="boltgun"), [1] * 12, ALICE))
    assert shot.dn == 5 and Modifier("after reload", 2) in shot.dn_penalties


def test_b3_reload_penalty_is_not_put_on_a_skill_test() -> None:
    # A tech test (DN 3) right after the reload is not a shot: DN 3; and the shot after it is no longer
    # "right after" the reload: Defence 3.
    events = run(table(), Reload(character_id="h1"), [], ALICE)
    (added,) = of(events, NextActionPenaltyAdded)
    assert isinstance(added, NextActionPenaltyAdded) and added.shooting_only
    state = then(table(), Reload(character_id="h1"), [], ALICE)
    test = _rolled(run(state, RollTest(character_id="h1", skill="tech"), [1] * 9, ALICE))
    assert test.dn == 3 and test.dn_penalties == ()
    state = then(state, RollTest(character_id="h1", skill="tech"), [1] * 9, ALICE)
    shot = _rolled(run(state, Attack(attacker_id="h1", targets=("boss",), weapon="boltgun"), [1] * 12, ALICE))
    assert shot.dn == 3


def test_b3_reload_penalty_is_not_put_on_a_melee_attack() -> None:
    # A chainsword blow is not shooting: the boss's Defence 3.
    state = then(table(), Reload(character_id="h1"), [], ALICE)
    blow = _rolled(run(state, Attack(attacker_id="h1", targets=("boss",), weapon="chainsword"), [1] * 7, ALICE))
    assert blow.dn == 3
