"""Damage: the total, Resilience, shock and wounds, soak, death tests, and troops losing members."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.wrath_and_glory.icons import count_icons

SHOCK_DIE_SIDES = 3
WRATH_SHOCK_BASE = 3


class DamageTotal(msgspec.Struct, frozen=True, kw_only=True):
    """Every part of an attack's damage, visible: damage value, Strength, ED icons, shifts, Glory, other."""

    weapon: int
    strength: int
    ed_icons: int
    shifts: int
    glory: int
    other: int = 0

    @property
    def total(self) -> int:
        return self.weapon + self.strength + self.ed_icons + self.shifts + self.glory + self.other


def ed_icons(faces: list[int]) -> int:
    """Each extra damage die adds its icons (4–5 → 1, 6 → 2)."""
    return count_icons(faces)


def effective_resilience(resilience: int, armour: int, ap: int) -> int:
    """AP lowers the armour part of Resilience, never below the Resilience without armour."""
    return resilience - min(max(ap, 0), max(armour, 0))


def wounds_from(total: int, resilience: int) -> int:
    """Damage above Resilience becomes wounds, one per point of excess; at or below it, none (shock instead)."""
    return max(0, total - resilience)


class SoakResult(msgspec.Struct, frozen=True, kw_only=True):
    """A soak roll against incoming wounds: how many it ignored, how many still land, its shock cost."""

    icons: int
    ignored: int
    remaining: int
    shock_cost: int


def soak(icons: int, wounds: int) -> SoakResult:
    """Each soak icon removes 1 wound (an exalted icon 2); it costs 1 shock + 1 per wound ignored."""
    ignored = min(icons, wounds)
    return SoakResult(icons=icons, ignored=ignored, remaining=wounds - ignored, shock_cost=1 + ignored)


def instantly_killed(wounds_in_one_attack: int, starting_wounds: int) -> bool:
    """Suffering ≥ 2 × starting wounds in one attack kills outright."""
    return wounds_in_one_attack >= 2 * starting_wounds


DeathTestResult = Literal["wakes", "stabilised", "one_failure", "two_failures"]
DEATH_TEST_FAILURES_TO_DIE = 3


class DeathTest(msgspec.Struct, frozen=True, kw_only=True):
    """A death test read: its total (die + Wrath bonus), its result, and the failures it adds."""

    total: int
    result: DeathTestResult
    failures: int


def death_test(face: int, bonus: int) -> DeathTest:
    """1d6 (+1 when Wrath was spent first): 6 wakes with 1 wound, 4–5 stabilises, 2–3 one failure, 1 two."""
    value = min(6, face + bonus)
    if value >= 6:
        return DeathTest(total=value, result="wakes", failures=0)
    if value >= 4:
        return DeathTest(total=value, result="stabilised", failures=0)
    if value >= 2:
        return DeathTest(total=value, result="one_failure", failures=1)
    return DeathTest(total=value, result="two_failures", failures=2)


def troop_members_lost(loss_before: int, loss_after: int, per_member: int) -> int:
    """A troop loses a member each time its accumulated loss reaches one more member's worth."""
    if per_member < 1:
        return 0
    return loss_after // per_member - loss_before // per_member


def shock_recovered(face: int) -> int:
    """Spending Wrath (or Ruin for an NPC) restores 1d3 + 3 shock."""
    return face + WRATH_SHOCK_BASE
