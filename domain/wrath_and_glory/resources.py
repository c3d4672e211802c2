"""Wrath, Glory, Ruin and Reloads: their session values, caps, and what a gain or spend does."""

from __future__ import annotations

import msgspec

from domain.errors import RuleViolation
from domain.message import Param, message

SESSION_WRATH = 2
SESSION_GLORY = 0
SESSION_RELOADS = 3
MIN_GLORY_CAP = 6


def glory_cap(characters: int) -> int:
    """The group's Glory holds at most max(6, characters + 2)."""
    return max(MIN_GLORY_CAP, characters + 2)


def ruin_cap(characters: int) -> int:
    """The GM's Ruin starts each session at, and never exceeds, the number of characters."""
    return characters


class PoolChange(msgspec.Struct, frozen=True, kw_only=True):
    """A resource before and after a change; `lost` is what overflowed the cap and vanished."""

    before: int
    after: int
    lost: int = 0


def gain(current: int, amount: int, cap: int | None) -> PoolChange:
    """Add `amount`; anything above the cap is lost and shown as lost."""
    if amount < 0:
        raise ValueError("a gain is not negative")
    raw = current + amount
    after = raw if cap is None else min(raw, max(cap, current))
    return PoolChange(before=current, after=after, lost=raw - after)


def spend(current: int, amount: int, *, rule: str, **names: Param) -> PoolChange:
    """Take `amount` away, refusing with the pool's message `rule.<rule>.short` when there is not enough (each
    pool has its own sentence: a Spanish pool name agrees with its adjective; `names`: personal Ruin's `npc`)."""
    if amount < 1:
        raise ValueError("a spend is at least 1")
    if current < amount:
        raise RuleViolation(rule, case="short", count=amount, left=message("term.wng.left", count=current), **names)
    return PoolChange(before=current, after=current - amount)
