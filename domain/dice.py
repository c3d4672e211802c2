"""Dice as the rules see them: every die is a recorded fact `{k, sides, value}`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Protocol

import msgspec


class Die(msgspec.Struct, frozen=True, gc=False):
    """One die as rolled: k-th die of its command, `sides` faces, face `value` in 1..sides."""

    k: int
    sides: int
    value: int


class Dice(Protocol):
    """Where the rules get dice from; the k of each die is its order within one command."""

    def roll(self, sides: int) -> Die: ...


class DiceExhausted(Exception):
    """A fixed dice sequence ran out: the test gave fewer dice than the rule rolled."""


class FixedDice:
    """Dice that answer a prepared list of faces, in order, for deterministic rules tests."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._next = 0

    def roll(self, sides: int) -> Die:
        if self._next >= len(self._faces):
            raise DiceExhausted(f"no fixed face left for die {self._next} (d{sides})")
        value = self._faces[self._next]
        if not 1 <= value <= sides:
            raise ValueError(f"fixed face {value} cannot come from a d{sides}")
        die = Die(k=self._next, sides=sides, value=value)
        self._next += 1
        return die

    @property
    def used(self) -> int:
        """How many faces have been consumed."""
        return self._next


def d5(die: Die) -> int:
    """A d5 is a d10 halved, rounded up; the recorded die stays the d10."""
    if die.sides != 10:
        raise ValueError("a d5 is read from a d10")
    return (die.value + 1) // 2


_DIE_KEYS = frozenset({"k", "sides", "value"})


def has_dice(value: object) -> bool:
    """Whether `dice_in` finds a die in `value`: the same test, stopping at the first, without generators (a
    command's answer asks it of every event it tells)."""
    if isinstance(value, dict):
        if len(value) == 3 and value.keys() == _DIE_KEYS:
            return True
        items: Iterable[object] = value.values()
    elif isinstance(value, (list, tuple)):
        items = value
    else:
        return False
    for item in items:
        if isinstance(item, (dict, list, tuple)) and has_dice(item):
            return True
    return False


def dice_in(value: object) -> Iterator[dict[str, int]]:
    """Every die record inside plain JSON data: any object whose keys are exactly k, sides and value."""
    if isinstance(value, dict):
        if set(value) == {"k", "sides", "value"}:
            yield value
        else:
            for item in value.values():
                yield from dice_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from dice_in(item)
