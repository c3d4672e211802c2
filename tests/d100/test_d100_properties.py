"""Invariants (hypothesis) and exact distributions (icepool) of the d100 rules."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

import icepool  # type: ignore[import-untyped]
from hypothesis import given
from hypothesis import strategies as st

from domain.d100.checks import degrees_of, resolve_test
from domain.d100.damage import damage_total, parse_damage, take_damage, wounding_damage
from domain.d100.firing import burst_hits
from domain.d100.hit_location import LOCATIONS, hit_location, location_of, reverse_digits
from domain.d100.hordes import magnitude_after
from domain.d100.percentile import roll_d100
from domain.dice import Die

targets = st.integers(min_value=-60, max_value=160)
rolls = st.integers(min_value=1, max_value=100)


@given(targets, targets, rolls, st.sampled_from(["default", "dark_heresy_2e"]))
def test_degrees_of_success_monotone_in_target(a: int, b: int, roll: int, rule: str) -> None:
    low, high = sorted((a, b))
    lo, hi = resolve_test(low, roll, rule=rule), resolve_test(high, roll, rule=rule)  # type: ignore[arg-type]
    assert hi.success >= lo.success
    if lo.success and hi.success:
        assert hi.degrees >= lo.degrees
    if not lo.success and not hi.success:
        assert hi.degrees <= lo.degrees


@given(st.sampled_from(["single", "semi", "full", "suppressing"]), st.integers(-5, 30), st.integers(1, 12))
def test_burst_hits_never_above_rof_and_at_least_one(mode: str, degrees: int, rof: int) -> None:
    hits = burst_hits(mode, degrees, rof)  # type: ignore[arg-type]
    assert 1 <= hits <= (1 if mode == "single" else rof)


@given(st.lists(st.integers(1, 10), min_size=1, max_size=4), st.integers(-10, 10), st.integers(0, 12),
       st.booleans(), st.integers(0, 20), st.integers(0, 20))
def test_damage_never_negative(faces: list[int], bonus: int, sb: int, melee: bool, tb: int, ap: int) -> None:
    expr = parse_damage(f"{len(faces)}d10{bonus:+d}")
    total = damage_total(tuple(faces), expr, sb, melee)
    assert total >= 0 and wounding_damage(total, tb, ap) >= 0


@given(st.integers(0, 30), st.integers(0, 20), st.integers(1, 30), st.integers(0, 60))
def test_wounds_and_critical_never_decrease_and_damage_stays_within_wounds(
    damage: int, critical: int, wounds: int, amount: int
) -> None:
    damage = min(damage, wounds)
    after = take_damage(damage, critical, wounds, amount)
    assert after.damage <= wounds and after.damage >= damage and after.critical >= critical
    assert (after.damage - damage) + (after.critical - critical) == amount


@given(st.integers(0, 200), st.integers(0, 400))
def test_magnitude_never_below_zero(magnitude: int, hits: int) -> None:
    assert 0 <= magnitude_after(magnitude, hits) <= magnitude


def test_reverse_digits_is_a_permutation_of_1_to_100() -> None:
    assert sorted(reverse_digits(n) for n in range(1, 101)) == list(range(1, 101))


class SeededDice:
    """A seeded random.Random as a Dice, for statistics in tests only."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self._k = 0

    def roll(self, sides: int) -> Die:
        die = Die(k=self._k, sides=sides, value=self._random.randint(1, sides))
        self._k += 1
        return die


def _close(observed: Mapping[str, int], exact: Mapping[str, float], n: int) -> None:
    for key, p in exact.items():
        sigma = (p * (1 - p) / n) ** 0.5
        assert abs(observed[key] / n - p) < 5 * sigma + 1e-9, (key, observed[key] / n, p)


def test_hit_locations_from_d100_match_the_exact_distribution() -> None:
    exact_die = icepool.d100.map(location_of)
    exact: dict[str, float] = {loc: float(exact_die.probability(loc)) for loc in LOCATIONS}
    assert exact["body"] == 0.40 and exact["right_leg"] == 0.15
    dice, n = SeededDice(40_000), 20_000
    observed = Counter[str](hit_location(roll_d100(dice).value) for _ in range(n))
    _close(observed, exact, n)


def test_degrees_for_target_45_match_the_exact_distribution() -> None:
    def outcome(roll: int) -> str:
        result = resolve_test(45, roll)
        return f"{'S' if result.success else 'F'}{result.degrees}"

    exact_die = icepool.d100.map(outcome)
    exact = {str(k): float(exact_die.probability(k)) for k in exact_die.outcomes()}
    assert exact["S0"] == 0.10 and exact["S4"] == 0.05 and exact["F5"] == 0.06  # 95–100
    dice, n = SeededDice(45), 20_000
    observed = Counter(outcome(roll_d100(dice).value) for _ in range(n))
    _close(observed, exact, n)


def test_d5_from_a_d10_matches_the_exact_distribution() -> None:
    from domain.dice_expression import evaluate, parse

    exact_die = icepool.d10.map(lambda face: (face + 1) // 2)
    exact = {str(k): float(exact_die.probability(k)) for k in exact_die.outcomes()}
    assert exact == {str(k): 0.2 for k in range(1, 6)}  # halving a d10 up is a fair d5
    dice, n, terms = SeededDice(5), 20_000, parse("1d5")
    observed = Counter(str(evaluate(terms, dice).total) for _ in range(n))
    assert evaluate(terms, SeededDice(1)).dice[0].sides == 10  # the event keeps the d10
    _close(observed, exact, n)


def test_degrees_rules_agree_on_success() -> None:
    for target in range(0, 101):
        for roll in range(1, 101):
            assert (roll <= target) == resolve_test(target, roll, rule="dark_heresy_2e").success
            assert degrees_of(target, roll) >= 0
