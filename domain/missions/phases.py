"""The phases of a mission and the only way through them: preparation → execution → rewards → closed."""

from __future__ import annotations

from typing import Literal

from ..errors import RuleViolation
from ..message import Message, message

Phase = Literal["preparation", "execution", "rewards", "closed"]

PHASES: tuple[Phase, ...] = ("preparation", "execution", "rewards", "closed")

RULE = "mission_phases"


def check_transition(current: Phase, to: Phase) -> None:
    """Raise a RuleViolation unless `to` is the phase right after `current`."""
    here, there = PHASES.index(current), PHASES.index(to)
    if current == "closed":
        raise RuleViolation(RULE, case="closed")
    if there == here:
        raise RuleViolation(RULE, case="already", phase=phase_word(current))
    if there < here:
        raise RuleViolation(RULE, case="back", phase=phase_word(current), to=phase_word(to))
    if there > here + 1:
        skipped = PHASES[here + 1]
        raise RuleViolation(RULE, case="skip", phase=phase_word(current), skipped=phase_word(skipped))


def phase_word(phase: Phase) -> Message:
    """A phase's name, told in the reader's language (`term.mission_phase.<phase>`)."""
    return message(f"term.mission_phase.{phase}")
