"""Choosing the squad leader by the highest 1d10 among the candidates, ties re-rolled among the tied (002)."""

from __future__ import annotations

from collections.abc import Sequence

from ..dice import Dice
from ..errors import RuleViolation
from .events import LeaderRoll

# A bound on re-roll rounds, so a broken dice source cannot keep us rolling for ever.
ROLL_OFF_LIMIT = 50


def roll_off(candidates: Sequence[str], dice: Dice) -> tuple[str, tuple[LeaderRoll, ...]]:
    """The winner and every die rolled: each candidate rolls 1d10, the tied highest roll again until one is left."""
    rolls: list[LeaderRoll] = []
    contenders = list(candidates)
    for round_number in range(1, ROLL_OFF_LIMIT + 1):
        this_round = [LeaderRoll(round=round_number, character_id=c, die=dice.roll(10)) for c in contenders]
        rolls.extend(this_round)
        best = max(r.die.value for r in this_round)
        contenders = [r.character_id for r in this_round if r.die.value == best]
        if len(contenders) == 1:
            return contenders[0], tuple(rolls)
    raise RuleViolation("leader_roll", rounds=ROLL_OFF_LIMIT)
