"""The nine characteristics, their bonuses and the Unnatural trait (RULES A1)."""

from __future__ import annotations

from typing import Literal

Characteristic = Literal["WS", "BS", "S", "T", "Ag", "Int", "Per", "WP", "Fel"]

CHARACTERISTICS: tuple[Characteristic, ...] = ("WS", "BS", "S", "T", "Ag", "Int", "Per", "WP", "Fel")


def characteristic_bonus(value: int, unnatural: int = 0) -> int:
    """The tens digit of the characteristic plus its Unnatural (X) value (S 43 → SB 4)."""
    return max(0, value) // 10 + unnatural


def unnatural_extra_degrees(unnatural: int) -> int:
    """Extra degrees of success on a successful test using an Unnatural (X) characteristic: floor(X/2)."""
    return unnatural // 2
