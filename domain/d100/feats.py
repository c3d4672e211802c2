"""Distances and limits of physical feats from their test (seed 002: jumping, leaping, throwing, carrying,
climbing, swimming, gravity), in metres to the half metre the seed counts in (RULES A12)."""

from __future__ import annotations

import math

RUN_UP_M = 4  # a running jump or leap needs at least 4 m of straight run
RUN_UP_STEP_BONUS = 10  # +10 per further 4 m of run-up …
RUN_UP_MAX_BONUS = 30  # … up to +30


def half_metres_up(metres: float) -> float:
    """Rounded up to the half metre."""
    return math.ceil(metres * 2) / 2


def run_up_bonus(run_up_m: float) -> int:
    """+10 to the Ag test for each 4 m of run-up after the first 4, at most +30 (002)."""
    if run_up_m < RUN_UP_M:
        return 0
    return min(RUN_UP_MAX_BONUS, RUN_UP_STEP_BONUS * int((run_up_m - RUN_UP_M) // RUN_UP_M))


def running_jump_height(strength_bonus: int, degrees: int) -> float:
    """A running jump that succeeds: the standing half metre + ⌈SB/2⌉ m + ½ m per degree (our reading of 002)."""
    return 0.5 + math.ceil(strength_bonus / 2) + 0.5 * max(0, degrees)


def leap_length(strength_bonus: int, success: bool, degrees: int) -> float:
    """SB m + ½ m per degree; failed: ⌈SB/2⌉ m − ½ m per degree of failure, at least ½ m (002)."""
    if success:
        return strength_bonus + 0.5 * max(0, degrees)
    return max(0.5, math.ceil(strength_bonus / 2) - 0.5 * max(0, degrees))


def leap_height(length_m: float) -> float:
    """A leap rises a quarter of its length, rounded up (to the half metre: our reading)."""
    return half_metres_up(length_m / 4)


def throw_distance(strength_bonus: int, success: bool, degrees: int) -> float:
    """SB × (1 + degrees) m; failed: ⌊SB/2⌋ m (0: at his feet) (002, RULES A12)."""
    sb = max(0, strength_bonus)
    return float(sb * (1 + max(0, degrees))) if success else float(sb // 2)


def weight_limit(strength_bonus: int, toughness_bonus: int, degrees: int = 0) -> int:
    """The row of the weight table: SB + TB, +1 per degree of a test to lift or push more (002)."""
    return max(0, strength_bonus + toughness_bonus + max(0, degrees))


def climb_distance(agility_bonus: int, degrees: int) -> float:
    """Half the half-move speed (AgB), rounded up, + 1 m per degree (002)."""
    return float(math.ceil(max(0, agility_bonus) / 2) + max(0, degrees))


def swim_distance(strength_bonus: int) -> float:
    """Half his SB in metres (002)."""
    return max(0, strength_bonus) / 2


# Gravity (002): low gravity AgB +2, SB + TB +4, SB +2 to throw, jumps and leaps doubled; high the reverse
# (AgB at least 1, SB + TB at least 0) and jumps and leaps halved.
GRAVITY_AGB = {"normal": 0, "low": 2, "high": -2}
GRAVITY_LIMIT = {"normal": 0, "low": 4, "high": -4}
GRAVITY_THROW_SB = {"normal": 0, "low": 2, "high": -2}
GRAVITY_JUMP = {"normal": 1.0, "low": 2.0, "high": 0.5}


def gravity_agility_bonus(agility_bonus: int, gravity: str) -> int:
    shifted = agility_bonus + GRAVITY_AGB[gravity]
    return max(1, shifted) if gravity == "high" else shifted
