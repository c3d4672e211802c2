"""Named modifiers, their clamped sum (±60) and the named difficulties (RULES A2)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import msgspec

MODIFIER_CAP = 60


class Modifier(msgspec.Struct, frozen=True):
    """One named modifier to a test, e.g. ("aim (half)", 10)."""

    name: str
    value: int


class ModifierSum(msgspec.Struct, frozen=True, kw_only=True):
    """The modifiers of a test, their raw sum, the sum clamped to ±60 and whether the clamp bit."""

    modifiers: tuple[Modifier, ...]
    raw: int
    total: int
    clamped: bool


def sum_modifiers(modifiers: Iterable[Modifier]) -> ModifierSum:
    """Add the named modifiers and clamp the sum to −60…+60."""
    mods = tuple(m for m in modifiers if m.value != 0)
    raw = sum(m.value for m in mods)
    total = max(-MODIFIER_CAP, min(MODIFIER_CAP, raw))
    return ModifierSum(modifiers=mods, raw=raw, total=total, clamped=total != raw)


Difficulty = Literal["easy", "routine", "ordinary", "challenging", "difficult", "hard", "very_hard"]

DIFFICULTIES: dict[Difficulty, int] = {
    "easy": 30,
    "routine": 20,
    "ordinary": 10,
    "challenging": 0,
    "difficult": -10,
    "hard": -20,
    "very_hard": -30,
}

# The seeds' Spanish names; the number wins where a seed line disagrees (RULES A2).
SPANISH_DIFFICULTIES: dict[str, Difficulty] = {
    "fácil": "easy",
    "rutinario": "routine",
    "ordinario": "ordinary",
    "desafiante": "challenging",
    "complicado": "difficult",
    "difícil": "hard",
    "muy difícil": "very_hard",
}


def difficulty_modifier(difficulty: Difficulty) -> Modifier:
    """The named difficulty as a modifier, e.g. hard → ("difficulty: hard", −20)."""
    return Modifier(f"difficulty: {difficulty}", DIFFICULTIES[difficulty])
