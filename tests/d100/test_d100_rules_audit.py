"""The third rules pass: each disagreement with RULES.md, as the rule's own numbers with fixed dice.

Every expected number is worked out by hand from RULES.md (the section is in each test's name or comment),
never read off the engine's helpers.
"""

from __future__ import annotations

from domain.d100 import events as ev
from domain.d100.commands import GmRuling, PinningTest, RollTest
from domain.d100.modifiers import Modifier
from domain.d100.tested_commands import FearTest
from tests.d100.encounter_fixtures import Table, horde, marine


def shaken_horde(magnitude: int, traits: tuple[str, ...] = ()) -> Table:
    """A horde of starting magnitude 20 (WP 30) brought down to `magnitude` by a ruling."""
    from msgspec.structs import replace

    table = Table()
    table.register("brother", "anna", marine())
    table.register("horde", "gm", replace(horde(20), traits=traits))
    table.run(GmRuling(character_id="horde", reason="losses", set_magnitude=magnitude))
    return table


def test_a9_horde_below_half_magnitude_is_minus_ten_on_a_pinning_test() -> None:
    # RULES A9: below 50 % of its starting magnitude → −10 to WP tests; Pinning: + its current magnitude.
    # Magnitude 9 of 20: WP 30 − 20 (pinning) + 9 (magnitude) − 10 (below half) = 9; a roll of 12 fails.
    table = shaken_horde(9)
    (pin,) = table.run(PinningTest(test_id="p1", character_id="horde", reason="suppressing"), [12])
    assert isinstance(pin, ev.PinningTested)
    assert Modifier("below half magnitude", -10) in pin.modifiers.modifiers
    assert pin.target == 9 and not pin.success and pin.pinned


def test_a9_horde_below_half_magnitude_is_minus_ten_on_a_fear_test() -> None:
    # Fear (1) is +0; the horde adds its magnitude 9 and is −10 below half: WP 30 + 9 − 10 = 29; 30 fails.
    table = shaken_horde(9)
    (fear,) = table.run(FearTest(test_id="f1", character_id="horde", fear=1), [30])
    assert isinstance(fear, ev.FearTested) and fear.test is not None
    assert fear.test.target == 29 and not fear.test.success and fear.broken


def test_a9_horde_below_half_magnitude_is_minus_ten_on_a_plain_willpower_test() -> None:
    table = shaken_horde(9)
    (tested,) = table.run(RollTest(test_id="t1", character_id="horde", characteristic="WP"), [20])
    assert isinstance(tested, ev.TestRolled) and tested.target == 20 and tested.success


def test_a9_horde_at_exactly_half_magnitude_takes_no_penalty() -> None:
    # 10 of 20 is not below 50 %: WP 30 − 20 + 10 = 20.
    table = shaken_horde(10)
    (pin,) = table.run(PinningTest(test_id="p1", character_id="horde", reason="suppressing"), [20])
    assert isinstance(pin, ev.PinningTested) and pin.target == 20 and pin.success


def test_a9_fearless_horde_ignores_the_below_half_penalty() -> None:
    # "Fearless hordes ignore this": 30 − 20 + 9 = 19.
    table = shaken_horde(9, traits=("fearless",))
    (pin,) = table.run(PinningTest(test_id="p1", character_id="horde", reason="suppressing"), [19])
    assert isinstance(pin, ev.PinningTested) and pin.target == 19 and pin.success


def test_a9_below_half_penalty_is_not_for_other_tests_of_the_horde() -> None:
    table = shaken_horde(9)
    (tested,) = table.run(RollTest(test_id="t1", character_id="horde", characteristic="Ag"), [30])
    assert isinstance(tested, ev.TestRolled) and tested.target == 30


def test_a3_fate_reroll_of_an_assisted_test_keeps_the_helpers_degree() -> None:
    from domain.d100.commands import SpendFate

    # RULES A2: one helper +10 and, on success, +1 degree; A3: the Fate reroll is the same test and stands.
    # Int 38 + 10 = 48: 60 fails; the reroll 27 succeeds by (48 − 27) // 10 = 2 degrees, + 1 for the helper = 3.
    table = Table()
    table.register("brother", "anna", marine())
    table.register("b2", "anna", marine())
    (failed,) = table.run(RollTest(test_id="t1", character_id="brother", characteristic="Int", helpers=("b2",)), [60])
    assert isinstance(failed, ev.TestRolled) and failed.target == 48 and not failed.success
    _, reroll = table.run(SpendFate(character_id="brother", use="reroll", test_id="t1"), [27])
    assert isinstance(reroll, ev.TestRolled) and reroll.reroll_of == "t1"
    assert reroll.target == 48 and reroll.success
    assert reroll.degrees == 3 and reroll.assistance_degrees == 1


def test_a3_fate_reroll_of_an_unassisted_test_adds_no_degree() -> None:
    from domain.d100.commands import SpendFate

    table = Table()
    table.register("brother", "anna", marine())
    table.run(RollTest(test_id="t1", character_id="brother", characteristic="Int"), [60])
    _, reroll = table.run(SpendFate(character_id="brother", use="reroll", test_id="t1"), [17])
    assert isinstance(reroll, ev.TestRolled) and reroll.degrees == 2 and reroll.assistance_degrees == 0


def blinded_brother() -> Table:
    from tests.d100.encounter_fixtures import cultist

    table = Table()
    table.register("brother", "anna", marine())
    table.register("cultist", "boris", cultist())
    table.run(GmRuling(character_id="brother", reason="a critical to the head", add_conditions=("blinded",)))
    return table


def test_a6_a8_blinded_character_attacks_in_melee_at_minus_thirty() -> None:
    from domain.d100.commands import Attack

    # RULES A8 Blinded is a condition with mechanical effect; A6 "Blind: BS auto-fail, WS −30". WS 45 − 30 = 15.
    table = blinded_brother()
    (rolled,) = table.run(Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="sword"), [16])
    assert isinstance(rolled, ev.AttackRolled)
    assert Modifier("blinded attacker", -30) in rolled.modifiers.modifiers
    assert rolled.target == 15 and not rolled.success


def test_a6_a8_blinded_character_named_blind_too_counts_once() -> None:
    from domain.d100.commands import Attack

    table = blinded_brother()
    (rolled,) = table.run(Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="sword",
                                 circumstances=("blinded_attacker",)), [15])
    assert isinstance(rolled, ev.AttackRolled) and rolled.target == 15 and rolled.success


def test_a6_a8_blinded_character_cannot_hit_with_a_ranged_weapon() -> None:
    import pytest

    from domain.d100.commands import Attack
    from domain.errors import RuleViolation

    table = blinded_brother()
    with pytest.raises(RuleViolation, match="fails automatically"):
        table.run(Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="bolter",
                         distance_m=10), [5])


def gunner(traits: tuple[str, ...] = ()) -> Table:
    """Brother (BS 50) with a heavy stubber (heavy, range 100 m), and a cultist 50 m away (no range modifier)."""
    from msgspec.structs import replace

    from domain.d100.sheet import Weapon
    from tests.d100.encounter_fixtures import cultist

    stubber = Weapon(id="stubber", name="Heavy stubber", weapon_class="heavy", damage="1d10+4", full=10,
                     range_m=100, clip=100)
    table = Table()
    table.register("brother", "anna", replace(marine(), weapons=(stubber,), traits=("space_marine", *traits)))
    table.register("cultist", "boris", cultist())
    return table


def _fire(table: Table, attack_id: str, roll: int, **extra: object) -> ev.AttackRolled:
    from domain.d100.commands import Attack

    events = table.run(Attack(attack_id=attack_id, attacker_id="brother", target_id="cultist", weapon_id="stubber",
                              distance_m=50, **extra), [roll])  # type: ignore[arg-type]
    return next(e for e in events if isinstance(e, ev.AttackRolled))


def test_a5_unbraced_heavy_weapon_is_bs_minus_thirty() -> None:
    # RULES A5 Brace Heavy Weapon: "unbraced heavy weapon −30 BS". BS 50 − 30 = 20: 25 misses.
    rolled = _fire(gunner(), "a1", 25)
    assert Modifier("unbraced heavy weapon", -30) in rolled.modifiers.modifiers
    assert rolled.target == 20 and not rolled.success


def test_a5_braced_heavy_weapon_fires_without_the_penalty_until_its_holder_moves() -> None:
    from domain.d100.encounter_commands import TakeAction

    table = gunner()
    table.run(TakeAction(character_id="brother", action="brace"))
    first = _fire(table, "a1", 25)
    assert first.target == 50 and first.success
    again = _fire(table, "a2", 50)  # still braced: he has not moved
    assert again.target == 50 and again.success
    table.run(TakeAction(character_id="brother", action="move"))
    moved = _fire(table, "a3", 25)  # "braced holder cannot move": moving loses the bracing
    assert moved.target == 20 and not moved.success


def test_a5_unbraced_heavy_weapon_named_by_the_client_counts_once() -> None:
    rolled = _fire(gunner(), "a1", 20, circumstances=("unbraced_heavy_weapon",))
    assert [m.value for m in rolled.modifiers.modifiers] == [-30] and rolled.target == 20 and rolled.success


def test_a5_auto_stabilised_counts_as_braced() -> None:
    # Seed 001, Auto-stabilised: always counts as braced when firing heavy weapons.
    rolled = _fire(gunner(("auto_stabilised",)), "a1", 50)
    assert rolled.target == 50 and rolled.success


def test_a5_knock_down_after_the_turns_move_half_action_is_plus_ten() -> None:
    from domain.d100.encounter_commands import KnockDown, NextTurn, StartEncounter, TakeAction
    from tests.d100.encounter_fixtures import GM, cultist

    # RULES A5 Knock-Down: opposed S, "+10 if a half action move came first". Brother S 42 + 10 = 52 (roll 50
    # succeeds; without the +10 it would fail at 42) against the cultist's S 30 (roll 90 fails). Unnatural S (4)
    # makes it 0 + 2 degrees: a win by 2, so the blow too (1d5 − 3 + SB 8: the d10 shows 5).
    table = Table()
    table.register("brother", "anna", marine())
    table.register("cultist", "boris", cultist())
    table.run(StartEncounter(encounter_id="e", participants=("brother", "cultist")), [9, 1])
    table.run(NextTurn(), [], GM)
    table.run(TakeAction(character_id="brother", action="move"))
    events = table.run(KnockDown(contest_id="k1", attacker_id="brother", target_id="cultist"), [50, 90, 5])
    contest = next(e for e in events if isinstance(e, ev.OpposedTestRolled))
    assert Modifier("moved first", 10) in contest.first.modifiers.modifiers
    assert contest.first.target == 52 and contest.first.success and contest.result.winner == "first"


def _into_melee(condition: str | None, roll: int) -> ev.AttackRolled:
    from msgspec.structs import replace

    from domain.d100.commands import Attack
    from domain.d100.sheet import Weapon
    from tests.d100.encounter_fixtures import cultist

    pistol = Weapon(id="laspistol", name="Laspistol", weapon_class="pistol", damage="1d10+2", range_m=30, clip=30)
    table = Table()
    table.register("brother", "anna", replace(marine(), weapons=(pistol,)))
    table.register("cultist", "boris", cultist())
    if condition is not None:
        table.run(GmRuling(character_id="cultist", reason="x", add_conditions=(condition,)))  # type: ignore[arg-type]
    events = table.run(Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="laspistol",
                              distance_m=20, circumstances=("shooting_into_melee",)), [roll])
    return next(e for e in events if isinstance(e, ev.AttackRolled))


def test_a6_shooting_into_melee_is_minus_twenty() -> None:
    # 20 m with a 30 m pistol: no range modifier; BS 50 − 20 = 30.
    rolled = _into_melee(None, 30)
    assert rolled.target == 30 and rolled.success


def test_a6_shooting_into_melee_is_ignored_when_the_target_is_stunned() -> None:
    # "ignored if a participant is stunned, helpless or unaware": the target is one. BS 50 + 20 (stunned) = 70.
    rolled = _into_melee("stunned", 70)
    assert [m.name for m in rolled.modifiers.modifiers] == ["stunned target"] and rolled.target == 70


def test_a6_shooting_into_melee_is_ignored_when_the_target_is_unaware_or_helpless() -> None:
    assert _into_melee("unaware", 80).target == 80  # BS 50 + 30 (unaware)
    assert _into_melee("helpless", 50).target == 50
