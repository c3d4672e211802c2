"""The d100 lines a post skips when its own roll did not allow them (domain/skipping.py says why)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..commands import Command
from ..engine import SkipReason
from ..events import Event
from .commands import RollDamage, SpendFate
from .events import AttackRolled, ReactionRolled, TestRolled


def _attacks_rolled(events: Iterable[Event]) -> set[str]:
    """The attacks these events rolled or rerolled, with the Suppressing Fire shares they assigned."""
    rolled: set[str] = set()
    for event in events:
        if isinstance(event, AttackRolled):
            rolled.add(event.attack_id)
            rolled.update(share.attack_id for share in event.assigned)
    return rolled


def d100_skip(command: Command, rule: str, earlier: Sequence[Event]) -> tuple[SkipReason, str] | None:
    """`!damage` after this post's attack that missed or whose hits its reaction line all negated, and
    `!fate reroll` of this post's roll that succeeded; anything else is refused as the rules say."""
    if isinstance(command, RollDamage):
        attack_id = str(command.attack_id)
        if attack_id not in _attacks_rolled(earlier):
            return None
        if rule == "attack_missed":
            return "attack_missed", attack_id
        # A reaction that negates every hit ends the attack: the rules then know no attack of that id.
        negated = any(isinstance(e, ReactionRolled) and e.attack_id == attack_id and e.hits_after <= 0
                      for e in earlier)
        if rule == "no_pending_attack" and negated:
            return "hits_avoided", attack_id
        return None
    if isinstance(command, SpendFate) and command.use == "reroll" and rule == "fate_reroll_success":
        roll_id = str(command.test_id)
        tested = {e.test_id for e in earlier if isinstance(e, TestRolled)}
        if roll_id in tested or roll_id in _attacks_rolled(earlier):
            return "roll_succeeded", roll_id
    return None
