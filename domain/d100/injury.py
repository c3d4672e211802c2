"""Fatigue, unconsciousness from fatigue, and healing states (RULES A8)."""

from __future__ import annotations

from typing import Literal

from .modifiers import Modifier

FATIGUE_PENALTY = -10


def fatigue_modifier(levels: int) -> Modifier | None:
    """Any level of fatigue: −10 to every test."""
    return Modifier("fatigued", FATIGUE_PENALTY) if levels > 0 else None


def fatigue_knocks_out(levels: int, toughness_bonus: int) -> bool:
    """More fatigue levels than TB: the character falls unconscious."""
    return levels > toughness_bonus


def fatigue_unconscious_minutes(toughness_bonus: int) -> int:
    """Unconscious from fatigue for 10 − TB minutes, at least 1; he wakes with 1 level."""
    return max(1, 10 - toughness_bonus)


LEVELS_AFTER_WAKING = 1

HealthState = Literal["unharmed", "lightly_damaged", "heavily_damaged", "critically_damaged"]


def health_state(damage: int, critical: int, toughness_bonus: int) -> HealthState:
    """Lightly damaged up to 2×TB, heavily beyond, critically once there is critical damage."""
    if critical > 0:
        return "critically_damaged"
    if damage <= 0:
        return "unharmed"
    return "lightly_damaged" if damage <= 2 * toughness_bonus else "heavily_damaged"
