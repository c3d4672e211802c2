"""Critical effect tables as data: (location, damage type, total critical damage) → effect keys (RULES A7).

The seeds do not carry the books' tables; a campaign loads its own with `d100_load_critical_table`.
`DEFAULT_TABLE` is our small, documented default (not the books' text); without any loaded table the
001 demo fallback applies.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from .damage import DamageType
from .hit_location import Location

EffectKey = Literal[
    "stunned", "fatigue", "blood_loss", "on_fire", "prone", "limb_useless", "limb_lost", "blinded", "deafened",
    "unconscious", "dead",
]
BodyArea = Literal["head", "arm", "body", "leg"]

# Effects a Heroic Sacrifice does not ignore: those that sever limbs or take senses.
SEVERING: frozenset[EffectKey] = frozenset({"limb_lost", "blinded", "deafened"})


class CriticalEffect(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One effect: `stunned` for `amount` rounds, `fatigue` of `amount` levels; the others take no amount."""

    key: EffectKey
    amount: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0


class CriticalRow(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The effects of reaching `total` critical damage at a body area with a damage type."""

    area: BodyArea
    damage_type: DamageType
    total: Annotated[int, msgspec.Meta(ge=1, le=100)]
    effects: tuple[CriticalEffect, ...]
    text: Annotated[str, msgspec.Meta(max_length=500)] = ""


class CriticalTable(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A campaign's critical tables; a total above an area's last row uses that last row."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    rows: Annotated[tuple[CriticalRow, ...], msgspec.Meta(min_length=1, max_length=2000)]


def area_of(location: Location | None) -> BodyArea:
    """Right and left arms share the arm table, legs the leg table; no location (hordes, fire) is the body."""
    if location is None or location == "body":
        return "body"
    if location == "head":
        return "head"
    return "arm" if location.endswith("arm") else "leg"


def lookup(table: CriticalTable, location: Location | None, damage_type: DamageType, total: int) -> CriticalRow | None:
    """The row for that area, type and total (the highest row at or below it; the last row beyond the table)."""
    if total <= 0:
        return None
    area = area_of(location)
    rows = [r for r in table.rows if r.area == area and r.damage_type == damage_type and r.total <= total]
    return max(rows, key=lambda r: r.total) if rows else None


def _e(key: EffectKey, amount: int = 0) -> CriticalEffect:
    return CriticalEffect(key=key, amount=amount)


def _default_effects(area: BodyArea, damage_type: DamageType, total: int) -> tuple[CriticalEffect, ...]:
    """Our default: a gentle slope from fatigue through stun, prone and maimed limbs to death at 8+."""
    if total >= 8:
        return (_e("dead"),)
    limb: dict[BodyArea, EffectKey] = {"head": "blinded", "arm": "limb_useless", "body": "prone", "leg": "prone"}
    effects: list[CriticalEffect] = {
        1: [_e("fatigue", 1)],
        2: [_e("stunned", 1)],
        3: [_e("stunned", 1), _e("fatigue", 1)],
        4: [_e("stunned", 2), _e(limb[area])],
        5: [_e("stunned", 2), _e(limb[area]), _e("fatigue", 1)],
        6: [_e("unconscious")] if area in ("head", "body") else [_e("limb_lost"), _e("blood_loss")],
        7: [_e("unconscious"), _e("blood_loss")] + ([_e("deafened")] if area == "head" else []),
    }[total]
    if area == "leg" and total in (4, 5):
        effects.append(_e("limb_useless"))
    if damage_type == "energy" and total >= 3:
        effects.append(_e("on_fire"))
    if damage_type == "rending" and total >= 4 and not any(e.key == "blood_loss" for e in effects):
        effects.append(_e("blood_loss"))
    return tuple(effects)


_AREAS: tuple[BodyArea, ...] = ("head", "arm", "body", "leg")
_TYPES: tuple[DamageType, ...] = ("energy", "explosive", "impact", "rending")

DEFAULT_TABLE = CriticalTable(
    name="Lexmechanic default (not the books' tables)",
    rows=tuple(
        CriticalRow(area=area, damage_type=damage_type, total=total,
                    effects=_default_effects(area, damage_type, total))
        for area in _AREAS
        for damage_type in _TYPES
        for total in range(1, 9)
    ),
)
