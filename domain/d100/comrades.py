"""Only War comrades: hits that fall on the comrade, and its health (RULES A10)."""

from __future__ import annotations

from typing import Literal

from .percentile import is_double

COHESION_M = 5
VOLLEY_BONUS = 5

ComradeHealth = Literal["unharmed", "wounded", "casualty"]


def in_cohesion(distance_m: float) -> bool:
    """A comrade within 5 m of its character is in cohesion."""
    return distance_m <= COHESION_M


def hit_goes_to_comrade(attack_roll: int, hit: bool, cohesion: bool) -> bool:
    """A hit on the character rolled as a double (11 … 99, 100) strikes the comrade in cohesion instead."""
    return hit and cohesion and is_double(attack_roll)


def comrade_after_hit(health: ComradeHealth, heavy: bool = False) -> ComradeHealth:
    """Unharmed → wounded on the first hit; casualty on the second (or on one heavy hit, a GM call)."""
    if heavy or health != "unharmed":
        return "casualty"
    return "wounded"


def comrade_can_run(health: ComradeHealth) -> bool:
    """A wounded comrade cannot run; a casualty does nothing."""
    return health == "unharmed"


def take_cover_shrugs_off(damage: int, armour_points: int) -> bool:
    """Under Take Cover, a hit whose damage does not exceed the comrade's armour points (PB) by 3+ does not wound."""
    return damage - armour_points < 3
