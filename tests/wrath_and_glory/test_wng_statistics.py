"""The engine's icons and Wrath-die outcomes follow the exact distributions icepool computes."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import icepool  # type: ignore[import-untyped]
import pytest

from domain.dice import Die
from domain.wrath_and_glory.icons import count_icons
from domain.wrath_and_glory.outcome import wrath_outcome
from domain.wrath_and_glory.rolls import faces, roll_pool, wrath_face

SAMPLES = 12_000
# With 12 000 samples the expected total-variation distance is about 0.01 for ≤ 25 outcomes; 0.035 leaves
# a wide margin for a correct engine whatever the seed, while a wrong icon table is off by ≥ 0.1.
TV_BOUND = 0.035
ICON_DIE = icepool.Die({0: 3, 1: 2, 2: 1})


class SeededDice:
    """A seeded `random.Random` as a Dice: used only in this test, never in the engine."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self._k = 0

    def roll(self, sides: int) -> Die:
        die = Die(k=self._k, sides=sides, value=self._rng.randint(1, sides))
        self._k += 1
        return die


def exact(n: int) -> dict[int, Fraction]:
    summed = n @ ICON_DIE
    total = summed.denominator()
    return {int(outcome): Fraction(quantity, total) for outcome, quantity in summed.items()}


def total_variation(observed: Counter[int], expected: dict[int, Fraction], samples: int) -> float:
    keys = set(observed) | set(expected)
    return 0.5 * sum(abs(observed[k] / samples - float(expected.get(k, 0))) for k in keys)


@pytest.mark.parametrize("n", range(1, 13))
def test_statistics_icons_of_a_pool_match_the_exact_distribution(n: int) -> None:
    dice = SeededDice(seed=1000 + n)
    observed = Counter(count_icons(faces(roll_pool(dice, n))) for _ in range(SAMPLES))
    assert total_variation(observed, exact(n), SAMPLES) < TV_BOUND


def test_statistics_exact_distribution_is_a_distribution() -> None:
    for n in range(1, 13):
        assert sum(exact(n).values()) == 1
    assert exact(1) == {0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)}


def test_statistics_wrath_die_outcomes_match_a_d6() -> None:
    expected_die = icepool.d6.map(lambda face: {6: "glory", 1: "complication"}.get(face, "none"))
    expected = {str(o): Fraction(q, expected_die.denominator()) for o, q in expected_die.items()}
    dice = SeededDice(seed=7)
    observed: Counter[str] = Counter()
    for _ in range(SAMPLES):
        face = wrath_face(roll_pool(dice, 3))
        assert face is not None
        observed[wrath_outcome(face)] += 1
    tv = 0.5 * sum(abs(observed[k] / SAMPLES - float(p)) for k, p in expected.items())
    assert tv < TV_BOUND
    assert expected == {"glory": Fraction(1, 6), "complication": Fraction(1, 6), "none": Fraction(2, 3)}
