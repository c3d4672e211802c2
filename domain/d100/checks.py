"""Tests: skill bases, success and degrees, assistance, opposed and extended tests (RULES A2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from ..errors import RuleViolation
from .characteristics import unnatural_extra_degrees
from .modifiers import Modifier
from .percentile import tens

DegreesRule = Literal["default", "dark_heresy_2e"]
SkillKind = Literal["basic", "advanced"]
Training = Literal["untrained", "trained", "plus10", "plus20"]
TestKind = Literal["action", "reaction", "free"]
Resisting = Literal["none", "poison", "disease", "fear"]

MAX_ASSISTANTS = 2
ASSISTANCE_BONUS = 10
ASSISTANCE_PREFIX = "assistance: "  # each helper's modifier is named after him: "assistance: <helper>"

_TRAINING_BONUS: dict[Training, int] = {"untrained": 0, "trained": 0, "plus10": 10, "plus20": 20}


class CheckResult(msgspec.Struct, frozen=True, kw_only=True):
    """The outcome of one d100 roll against a target: success and degrees (of success or of failure)."""

    target: int
    roll: int
    success: bool
    degrees: int


def skill_base(
    characteristic_value: int, kind: SkillKind, training: Training, skill: str
) -> int:
    """The value a skill test starts from: halved if basic and untrained, refused if advanced and untrained."""
    if training == "untrained":
        if kind == "advanced":
            raise RuleViolation("untrained_advanced_skill", skill=skill)
        return characteristic_value // 2
    return characteristic_value + _TRAINING_BONUS[training]


def degrees_of(target: int, roll: int, rule: DegreesRule = "default") -> int:
    """Degrees of success (roll ≤ target) or of failure, by the campaign's degrees rule."""
    if roll <= target:
        if rule == "dark_heresy_2e":
            return 1 + tens(target) - tens(roll)
        return (target - roll) // 10
    if rule == "dark_heresy_2e":
        return 1 + tens(roll) - tens(target)
    return (roll - target) // 10


def resolve_test(
    target: int,
    roll: int,
    *,
    rule: DegreesRule = "default",
    unnatural: int = 0,
    extra_degrees: int = 0,
    auto_fail: bool = False,
) -> CheckResult:
    """Success when roll ≤ target (unless auto-failed); Unnatural and assistance add degrees to a success."""
    success = roll <= target and not auto_fail
    if success:
        degrees = degrees_of(target, roll, rule) + unnatural_extra_degrees(unnatural) + extra_degrees
    elif roll <= target:
        degrees = 0  # an automatic failure (a jam) within the target: no degrees to count
    else:
        degrees = degrees_of(target, roll, rule)
    return CheckResult(target=target, roll=roll, success=success, degrees=degrees)


def assistance_modifiers(
    helpers: Sequence[str], kind: TestKind, resisting: Resisting
) -> tuple[Modifier, ...]:
    """+10 per helper (at most two); never for reactions, free actions, poison, disease or fear."""
    if not helpers:
        return ()
    if len(helpers) > MAX_ASSISTANTS:
        raise RuleViolation("assistance_limit", case="two")
    if len(set(helpers)) != len(helpers):
        raise RuleViolation("assistance_limit", case="once")
    if kind != "action":
        raise RuleViolation("assistance_forbidden", case=kind)
    if resisting != "none":
        raise RuleViolation("assistance_forbidden", case=f"resist_{resisting}")
    return tuple(Modifier(f"{ASSISTANCE_PREFIX}{h}", ASSISTANCE_BONUS) for h in helpers)


def assistance_extra_degrees(helpers: Sequence[str]) -> int:
    """A successful assisted test gains one extra degree of success (however many helped)."""
    return 1 if helpers else 0


OpposedWinner = Literal["first", "second", "none"]
OpposedReason = Literal[
    "only_one_succeeded", "more_degrees", "higher_bonus", "lower_roll", "both_failed", "dead_heat"
]


class OpposedResult(msgspec.Struct, frozen=True, kw_only=True):
    """Who won an opposed test, why, and by how many net degrees (the loser's degrees cancel the winner's)."""

    winner: OpposedWinner
    reason: OpposedReason
    net_degrees: int


def resolve_opposed(
    first: CheckResult, first_bonus: int, second: CheckResult, second_bonus: int
) -> OpposedResult:
    """Seed 002: a success beats a failure; more degrees win; then the higher bonus; then the lower roll."""
    if first.success != second.success:
        winner: OpposedWinner = "first" if first.success else "second"
        won = first if first.success else second
        return OpposedResult(winner=winner, reason="only_one_succeeded", net_degrees=won.degrees)
    if not first.success:
        # Seed 002 is silent on two failures: nobody wins, the situation stays as it was.
        return OpposedResult(winner="none", reason="both_failed", net_degrees=0)
    net = first.degrees - second.degrees
    if net != 0:
        return OpposedResult(
            winner="first" if net > 0 else "second", reason="more_degrees", net_degrees=abs(net)
        )
    if first_bonus != second_bonus:
        return OpposedResult(
            winner="first" if first_bonus > second_bonus else "second",
            reason="higher_bonus",
            net_degrees=0,
        )
    if first.roll != second.roll:
        return OpposedResult(
            winner="first" if first.roll < second.roll else "second", reason="lower_roll", net_degrees=0
        )
    return OpposedResult(winner="none", reason="dead_heat", net_degrees=0)


class ExtendedProgress(msgspec.Struct, frozen=True, kw_only=True):
    """An extended test tracked across posts: successes so far out of those needed."""

    needed: int
    successes: int = 0
    attempts: int = 0

    @property
    def complete(self) -> bool:
        return self.successes >= self.needed


def advance_extended(progress: ExtendedProgress, success: bool) -> ExtendedProgress:
    """One more roll of an extended test; a completed test takes no more rolls."""
    if progress.complete:
        raise RuleViolation("extended_test_complete")
    return ExtendedProgress(
        needed=progress.needed,
        successes=progress.successes + (1 if success else 0),
        attempts=progress.attempts + 1,
    )
