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
from typing import Literal

import msgspec

from .commands import Command
from .d100.skipped import d100_skip
from .errors import DomainError, RuleViolation
from .events import Event
from .wrath_and_glory.skipped import wng_skip

# Why a line was skipped (the API's `skipped.reason`; docs/commands.md lists them):
# attack_missed: the post's attack (or its Fate reroll) missed, so it has no damage to roll or deal;
# hits_avoided: the post's reaction line negated every hit of the post's attack (d100);
# roll_succeeded: the post's roll succeeded, so a Fate reroll of it has nothing to reroll (d100).
SkipReason = Literal["attack_missed", "hits_avoided", "roll_succeeded"]


class SkippedLine(msgspec.Struct, frozen=True, kw_only=True):
    """A line of a post not run because the post's own roll did not allow it; nothing of it is recorded."""

    line: int
    source: str
    command_type: str
    reason: SkipReason
    roll_id: str  # the attack or test of this post the line followed
    rule: str  # the rule that refuses the same line outside this post (`attack_missed` …)
    message: str  # that refusal's words, in English, as the rules say it


def skip_reason(command: Command, error: DomainError, earlier: Sequence[Event]) -> tuple[SkipReason, str] | None:
    """The reason and roll id when `command`, refused with `error`, follows a roll of the post's `earlier`
    lines that did not allow it; None when the refusal stands."""
    if not isinstance(error, RuleViolation):
        return None
    return d100_skip(command, error.rule, earlier) or wng_skip(command, error.rule, earlier)
