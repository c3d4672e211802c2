"""Reading percentile dice: 01–100, where "00" is 100 (RULES A1, the Owen 39 example of seed 001)."""

from __future__ import annotations

from ..dice import Dice, Die


def percentile_from_d10s(tens_face: int, units_face: int) -> int:
    """The d100 result of a tens die and a units die (a d10 face 10 reads as the digit 0; 00 is 100)."""
    for face in (tens_face, units_face):
        if not 1 <= face <= 10:
            raise ValueError(f"a d10 cannot show {face}")
    value = (tens_face % 10) * 10 + units_face % 10
    return 100 if value == 0 else value


def roll_d100(dice: Dice) -> Die:
    """One d100 roll, recorded as a single die of 100 sides."""
    return dice.roll(100)


def tens(value: int) -> int:
    """The tens digit as the rules count it: 100 counts as 10, negative values as 0."""
    return max(0, value) // 10


def is_double(roll: int) -> bool:
    """A double is 11, 22, … 99, and 100 ("00")."""
    return roll == 100 or (roll < 100 and roll % 11 == 0 and roll > 0)
