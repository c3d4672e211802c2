"""The phases of a mission and the only way through them: preparation → execution → rewards → closed."""

from __future__ import annotations

from typing import Literal

from ..errors import RuleViolation

Phase = Literal["preparation", "execution", "rewards", "closed"]

PHASES: tuple[Phase, ...] = ("preparation", "execution", "rewards", "closed")

RULE = "mission_phases"


def check_transition(current: Phase, to: Phase) -> None:
    """Raise a RuleViolation unless `to` is the phase right after `current`."""
    here, there = PHASES.index(current), PHASES.index(to)
    if current == "closed":
        raise RuleViolation(RULE, "a closed mission cannot change phase")
    if there == here:
        raise RuleViolation(RULE, f"the mission is already in {current}")
    if there < here:
        raise RuleViolation(RULE, f"a mission in {current} cannot go back to {to}")
    if there > here + 1:
        skipped = PHASES[here + 1]
        raise RuleViolation(RULE, f"a mission in {current} cannot skip {skipped}; advance to {skipped} first")
