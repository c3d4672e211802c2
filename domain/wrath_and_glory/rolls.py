"""Rolling pools through the Dice protocol, and which dice a Wrath reroll may touch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from domain.dice import Dice, Die

DieRole = Literal["pool", "wrath", "glory"]


class PoolDie(msgspec.Struct, frozen=True):
    """One die of a test as it now stands: the die as rolled and the part it plays."""

    die: Die
    role: DieRole


def roll_d6s(dice: Dice, count: int) -> list[Die]:
    """Roll `count` d6, each recorded as a Die."""
    return [dice.roll(6) for _ in range(count)]


def roll_pool(dice: Dice, size: int, *, wrath: bool = True) -> list[PoolDie]:
    """Roll a test pool; with `wrath`, exactly one die of it (the last rolled) is the Wrath die."""
    rolled = roll_d6s(dice, size)
    roles: list[DieRole] = ["pool"] * size
    if wrath and size > 0:
        roles[-1] = "wrath"
    return [PoolDie(die=die, role=role) for die, role in zip(rolled, roles, strict=True)]


def faces(pool: Sequence[PoolDie]) -> list[int]:
    """The faces a pool now shows."""
    return [d.die.value for d in pool]


def wrath_face(pool: Sequence[PoolDie]) -> int | None:
    """The face of the Wrath die, or None for a roll without one."""
    for d in pool:
        if d.role == "wrath":
            return d.die.value
    return None


def rerollable_positions(pool: Sequence[PoolDie]) -> list[int]:
    """Failed dice (1–3) a Wrath reroll may touch: never a Wrath die showing 1, never Glory dice."""
    found: list[int] = []
    for position, d in enumerate(pool):
        if d.die.value >= 4 or d.role == "glory":
            continue
        if d.role == "wrath" and d.die.value == 1:
            continue
        found.append(position)
    return found
