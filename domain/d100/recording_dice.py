"""Dice that remember what they handed out, so one event can carry every die a step rolled."""

from __future__ import annotations

from ..dice import Dice, Die


class RecordingDice:
    """Dice that remember every die they hand out, so the event can carry them all."""

    def __init__(self, inner: Dice) -> None:
        self._inner = inner
        self.rolled: list[Die] = []

    def roll(self, sides: int) -> Die:
        die = self._inner.roll(sides)
        self.rolled.append(die)
        return die
