"""Damage: dice expressions, degrees as a minimum die, Righteous Fury, armour, wounds and critical damage (RULES A7)."""

from __future__ import annotations

import re
from typing import Literal

import msgspec

from ..dice import Dice, Die, d5

DamageType = Literal["energy", "explosive", "impact", "rending"]
FuryVariant = Literal["confirm", "critical_d5"]

FURY_CHAIN_LIMIT = 20  # a bound on extra Righteous Fury dice, so no dice source can loop us forever


class DamageExpr(msgspec.Struct, frozen=True):
    """`NdX+M` with X 10 or 5 (a d5 is a d10 halved, rounded up)."""

    count: int
    sides: Literal[5, 10]
    bonus: int = 0

    def __str__(self) -> str:
        sign = f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.count}d{self.sides}{sign}"


_EXPR = re.compile(r"^\s*(\d*)\s*d\s*(10|5)\s*(?:([+-])\s*(\d+))?\s*$", re.IGNORECASE)


def parse_damage(text: str) -> DamageExpr:
    """Read "1d10+5", "2d10", "1d5-3", "d10"; nothing else."""
    match = _EXPR.match(text)
    if match is None:
        raise ValueError(f"{text!r} is not a damage expression like 1d10+5")
    count = int(match.group(1) or 1)
    if not 1 <= count <= 20:
        raise ValueError(f"{text!r}: a weapon rolls 1 to 20 damage dice")
    sides: Literal[5, 10] = 10 if match.group(2) == "10" else 5
    bonus = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
    return DamageExpr(count=count, sides=sides, bonus=bonus)


def face(die: Die, sides: Literal[5, 10]) -> int:
    """The damage a recorded d10 stands for: itself, or halved rounded up for a d5."""
    return d5(die) if sides == 5 else die.value


def roll_damage_dice(expr: DamageExpr, dice: Dice, times: int = 1) -> tuple[Die, ...]:
    """The weapon's damage dice (as d10s), `times` times over (twice against a helpless target)."""
    return tuple(dice.roll(10) for _ in range(expr.count * times))


def apply_degrees_minimum(faces: tuple[int, ...], degrees: int) -> tuple[tuple[int, ...], int | None]:
    """Degrees of success replace the lowest die if higher; returns the faces and the replaced index."""
    if not faces or degrees <= 0:
        return faces, None
    lowest = min(range(len(faces)), key=lambda i: faces[i])
    if degrees <= faces[lowest]:
        return faces, None
    return faces[:lowest] + (degrees,) + faces[lowest + 1 :], lowest


def natural_tens(dice: tuple[Die, ...]) -> int:
    """How many damage dice showed a natural 10 (for a d5, the d10 showed 10)."""
    return sum(1 for die in dice if die.value == 10)


def damage_total(faces: tuple[int, ...], expr: DamageExpr, strength_bonus: int, melee: bool) -> int:
    """Dice + the weapon's modifier + SB for melee (never for ranged); never below 0."""
    return max(0, sum(faces) + expr.bonus + (strength_bonus if melee else 0))


def rolls_total(faces: tuple[int, ...], expr: DamageExpr, strength_bonus: int, melee: bool, times: int = 1) -> int:
    """`times` whole damage rolls added: each its dice, the weapon's modifier and SB (RULES A6: helpless, twice)."""
    count = expr.count
    return sum(
        damage_total(faces[i * count:(i + 1) * count], expr, strength_bonus, melee) for i in range(times)
    )


class FuryChain(msgspec.Struct, frozen=True, kw_only=True):
    """A Deathwatch Righteous Fury: the confirmation roll (if needed), and the extra dice it earned."""

    confirmation: Die | None
    confirmation_target: int
    confirmed: bool
    # A failed confirmation rolled again (Oath of the Weapon, melee); the first roll stays visible.
    reroll: Die | None = None
    extra_dice: tuple[Die, ...] = ()
    extra_damage: int = 0


def roll_fury_chain(
    dice: Dice,
    target: int,
    sides: Literal[5, 10],
    *,
    confirm: bool,
    jam_from: int | None = None,
    reroll_failed: bool = False,
) -> FuryChain:
    """Roll the attack again (same target) to confirm; on a hit, one more die, and another on each natural 10."""
    confirmation: Die | None = None
    reroll: Die | None = None
    if confirm:
        confirmation = dice.roll(100)
        hit = confirmation.value <= target and (jam_from is None or confirmation.value < jam_from)
        if not hit and reroll_failed:
            reroll = dice.roll(100)
            hit = reroll.value <= target and (jam_from is None or reroll.value < jam_from)
        if not hit:
            return FuryChain(confirmation=confirmation, confirmation_target=target, confirmed=False, reroll=reroll)
    extra: list[Die] = [dice.roll(10)]
    while extra[-1].value == 10 and len(extra) < FURY_CHAIN_LIMIT:
        extra.append(dice.roll(10))
    return FuryChain(
        confirmation=confirmation,
        confirmation_target=target,
        confirmed=True,
        reroll=reroll,
        extra_dice=tuple(extra),
        extra_damage=sum(face(d, sides) for d in extra),
    )


def effective_armour(ap: int, penetration: int = 0, primitive: bool = False) -> int:
    """Armour points that count: doubled against a primitive weapon, then lowered by penetration, never below 0."""
    counted = ap * 2 if primitive else ap
    return max(0, counted - max(0, penetration))


class CoverOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """Damage left after cover, and whether the cover lost 1 AP for good."""

    remaining: int
    cover_damaged: bool


def through_cover(damage: int, cover_ap: int, penetration: int = 0) -> CoverOutcome:
    """Cover's AP (lowered by penetration) stops damage first; a hit exceeding its AP costs it 1 AP."""
    return CoverOutcome(
        remaining=max(0, damage - effective_armour(cover_ap, penetration)),
        cover_damaged=cover_ap > 0 and damage > cover_ap,
    )


def wounding_damage(damage: int, toughness_bonus: int, armour: int) -> int:
    """Damage − TB − counted AP; zero or less has no effect."""
    return max(0, damage - toughness_bonus - armour)


class Wounding(msgspec.Struct, frozen=True, kw_only=True):
    """Damage and critical damage after taking some wounding damage."""

    damage: int
    critical: int
    critical_added: int


def take_damage(damage: int, critical: int, wounds: int, amount: int) -> Wounding:
    """Add wounding damage; whatever exceeds Wounds becomes critical damage, cumulative."""
    total = damage + max(0, amount)
    if total <= wounds:
        return Wounding(damage=total, critical=critical, critical_added=0)
    added = total - max(damage, wounds)
    return Wounding(damage=wounds, critical=critical + added, critical_added=added)


DemoFate = Literal["none", "unconscious", "dead"]


def demo_critical_fallback(critical: int) -> DemoFate:
    """Seed 001 without critical tables: over Wounds by 1–4 → unconscious till the combat ends; by 5+ → dead."""
    if critical <= 0:
        return "none"
    return "unconscious" if critical <= 4 else "dead"
