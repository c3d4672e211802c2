"""Hordes: hits against them, magnitude loss, breaking, and the horde's own attacks (RULES A9)."""

from __future__ import annotations

import math

import msgspec

from .firing import FireMode, burst_hits
from .modifiers import Modifier

HORDE_MAX_EXTRA_DICE = 2


def melee_hits_on_horde(degrees: int, power_field: bool) -> int:
    """Melee against a horde: 1 hit + 1 per 2 degrees, + 1 with a power field."""
    return 1 + max(0, degrees) // 2 + (1 if power_field else 0)


def ranged_hits_on_horde(mode: FireMode, degrees: int, rof: int) -> int:
    """Shooting a horde: the burst's hits; the extra semi/full-auto hits all land on the horde."""
    return burst_hits(mode, degrees, rof)


def blast_hits_on_horde(blast: int) -> int:
    """A Blast (X) weapon hits a horde X times."""
    return max(1, blast)


def flame_fixed_hits(range_m: int) -> int:
    """The fixed part of a flame weapon's hits on a horde: a quarter of its range, rounded up."""
    return math.ceil(range_m / 4)


def psychic_hits_on_horde(psy_rating: int, area_d10: int | None) -> int:
    """A psychic power hits a horde psy-rating times, +1d10 if it affects an area."""
    return max(0, psy_rating) + (area_d10 or 0)


def explosive_bonus_hit(damage_type: str) -> int:
    """Explosive damage counts one extra hit after all the others."""
    return 1 if damage_type == "explosive" else 0


def comrade_bonus_hits(character_hits: int) -> int:
    """Only War comrades firing with their character (Volley, Close Ranks) add half his hits, rounded down."""
    return max(0, character_hits) // 2


def magnitude_after(magnitude: int, damaging_hits: int) -> int:
    """Each hit that does any damage after TB and armour removes 1 magnitude; never below 0."""
    return max(0, magnitude - max(0, damaging_hits))


class HordeMorale(msgspec.Struct, frozen=True, kw_only=True):
    """What a horde's losses mean for its nerve."""

    must_test: bool
    wp_modifier: int
    broken: bool


def horde_morale(starting: int, at_turn_start: int, current: int, fearless: bool = False) -> HordeMorale:
    """Lost ≥ 25 % of its starting magnitude this turn → WP test; below 50 % → WP −10; at or below 25 % → breaks."""
    if fearless or starting <= 0:
        return HordeMorale(must_test=False, wp_modifier=0, broken=False)
    broken = current * 4 <= starting
    lost = at_turn_start - current
    return HordeMorale(
        must_test=not broken and lost * 4 >= starting,
        wp_modifier=-10 if current * 2 < starting else 0,
        broken=broken,
    )


def below_half_magnitude(current: int, starting: int, fearless: bool = False) -> Modifier | None:
    """Below 50 % of its starting magnitude a horde is −10 to every WP test (000; a fearless horde ignores it)."""
    if fearless or starting <= 0 or current * 2 >= starting:
        return None
    return Modifier("below half magnitude", -10)


def horde_ranged_shots(magnitude: int) -> int:
    """A horde fires as many shots per turn as the tens of its magnitude (our reading: at least one)."""
    return max(1, max(0, magnitude) // 10)


def horde_extra_damage_dice(magnitude: int) -> int:
    """Each hit a horde lands adds 1d10 per 10 magnitude, at most 2d10."""
    return min(HORDE_MAX_EXTRA_DICE, max(0, magnitude) // 10)
