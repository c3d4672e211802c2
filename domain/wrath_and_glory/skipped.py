"""The Wrath & Glory lines a post skips when its own roll did not allow them (domain/skipping.py says why)."""

from __future__ import annotations

from collections.abc import Sequence

from ..commands import Command
from ..engine import SkipReason
from ..events import Event
from .commands import ResolveAttack
from .events import DiceRerolled, GloryDiceAdded, TestRolled


def wng_skip(command: Command, rule: str, earlier: Sequence[Event]) -> tuple[SkipReason, str] | None:
    """`!resolve` (deal the damage) after this post's attack that missed: its test rolled, rerolled or given
    Glory dice in this post, and still short of the DN."""
    if not isinstance(command, ResolveAttack) or rule != "missed":
        return None
    test_id = str(command.test_id)
    rolled = {e.test_id for e in earlier if isinstance(e, (TestRolled, DiceRerolled, GloryDiceAdded))}
    return ("attack_missed", test_id) if test_id in rolled else None
