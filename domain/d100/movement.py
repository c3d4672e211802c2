"""Movement per Agility bonus: half, full, charge, run (RULES A4, Xanthia's 4/8/12/24)."""

from __future__ import annotations

import msgspec

MIN_CHARGE_DISTANCE_M = 4


class Movement(msgspec.Struct, frozen=True):
    """Metres per half move, full move, charge and run."""

    half: int
    full: int
    charge: int
    run: int

    def __str__(self) -> str:
        return f"{self.half}/{self.full}/{self.charge}/{self.run}"


def movement(agility_bonus: int) -> Movement:
    """Half = AgB, full = 2×AgB, charge = 3×AgB, run = 6×AgB."""
    agb = max(0, agility_bonus)
    return Movement(half=agb, full=2 * agb, charge=3 * agb, run=6 * agb)
