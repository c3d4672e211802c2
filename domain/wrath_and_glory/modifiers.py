"""A named modifier: every bonus die, DN penalty and damage bonus says where it comes from."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec


class Modifier(msgspec.Struct, frozen=True):
    """`value` dice, DN or damage added by `source` (e.g. "aim", "long range")."""

    source: str
    value: int


def total(modifiers: Iterable[Modifier]) -> int:
    """The sum of the values of some modifiers."""
    return sum(m.value for m in modifiers)
