"""Which refused line of a post is skipped instead: a consequence of a roll the same post made, that the roll
did not allow (the `!damage` after an `!attack` that missed).

A forum player writes the whole post before any die is rolled, so `!attack` then `!damage` means "damage, if it
hits". When the post's own attack misses, refusing the damage line would throw away the whole post (a post is
one unit), so that line is skipped, recorded as nothing, and told. Only the rules' own refusal of such a line
is turned into a skip: a line the rules accept is decided as always, and a consequence of a roll of an earlier
post (the player saw it miss before writing) stays a refusal.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from .commands import Command
from .engine import SkipReason
from .errors import DomainError, RuleViolation
from .events import Event
from .message import Message
from .rulesets import engine_of_command

__all__ = ["SkipReason", "SkippedLine", "skip_reason"]


class SkippedLine(msgspec.Struct, frozen=True, kw_only=True):
    """A line of a post not run because the post's own roll did not allow it; nothing of it is recorded."""

    line: int
    source: str
    command_type: str
    reason: SkipReason
    roll_id: str  # the attack or test of this post the line followed
    rule: str  # the rule that refuses the same line outside this post (`attack_missed` …)
    message: str  # that refusal's words, in English, as the rules say it
    said: Message | None = None  # that refusal as a message of the catalog, when the rules say one


def skip_reason(command: Command, error: DomainError, earlier: Sequence[Event]) -> tuple[SkipReason, str] | None:
    """The reason and roll id when `command`, refused with `error`, follows a roll of the post's `earlier`
    lines that did not allow it; None when the refusal stands."""
    engine = engine_of_command(type(command))
    if engine is None or not isinstance(error, RuleViolation):
        return None  # the campaign's own commands (roll, note …) have no consequence lines to skip
    return engine.skip(command, error.rule, earlier)
