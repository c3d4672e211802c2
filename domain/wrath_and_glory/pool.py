"""The dice pool of a test: skill + attribute + bonus dice (capped at 2 × tier), and its DN."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.errors import RuleViolation
from domain.wrath_and_glory.modifiers import Modifier, total

DEFAULT_DN = 3


def bonus_dice_cap(tier: int) -> int:
    """At most 2 × the campaign tier bonus dice may be added to any test."""
    if tier < 1:
        raise ValueError("a campaign tier is at least 1")
    return 2 * tier


class PoolSize(msgspec.Struct, frozen=True, kw_only=True):
    """How a pool was built; the cap and the bonus dice it cut stay visible."""

    skill: int
    attribute: int
    bonus: tuple[Modifier, ...]
    bonus_requested: int
    bonus_cap: int
    bonus_applied: int
    bonus_lost: int

    @property
    def total(self) -> int:
        return self.skill + self.attribute + self.bonus_applied


def build_pool(skill: int, attribute: int, bonus: Sequence[Modifier], tier: int) -> PoolSize:
    """Pool = skill + attribute + bonus dice, bonus dice cut to 2 × tier; penalties never remove dice."""
    if skill < 0 or attribute < 0:
        raise RuleViolation("pool", case="negative")
    if any(m.value < 0 for m in bonus):
        raise RuleViolation("penalties_raise_dn")
    requested = total(bonus)
    cap = bonus_dice_cap(tier)
    applied = min(requested, cap)
    pool = PoolSize(
        skill=skill,
        attribute=attribute,
        bonus=tuple(bonus),
        bonus_requested=requested,
        bonus_cap=cap,
        bonus_applied=applied,
        bonus_lost=requested - applied,
    )
    if pool.total < 1:
        raise RuleViolation("pool", case="empty")
    return pool


def difficulty(base: int, modifiers: Sequence[Modifier]) -> int:
    """DN = base (3 by default, or the target's Defence) + every +DN penalty; never below 0."""
    return max(0, base + total(modifiers))
