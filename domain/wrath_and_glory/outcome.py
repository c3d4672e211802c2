"""Reading a rolled test: icons against DN, the Wrath die, and the shifts the exalted icons allow."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from domain.wrath_and_glory.icons import count_exalted, count_icons

WrathOutcome = Literal["glory", "complication", "none"]


def wrath_outcome(face: int) -> WrathOutcome:
    """A Wrath die 6 brings Glory, 1 a complication, anything else nothing; success does not matter."""
    if face == 6:
        return "glory"
    if face == 1:
        return "complication"
    return "none"


def max_shifts(icons: int, exalted: int, dn: int) -> int:
    """The largest k ≤ exalted icons with icons − 2k ≥ DN (0 when the test failed)."""
    if icons < dn:
        return 0
    return min(exalted, (icons - dn) // 2)


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """Icons, exalted icons, DN, success and how many exalted icons can be shifted."""

    icons: int
    exalted: int
    dn: int
    success: bool
    shifts_possible: int


def judge(faces: Sequence[int], dn: int) -> Outcome:
    """A test succeeds when its icons reach the DN; special rolls pass dn=0."""
    icons = count_icons(faces)
    exalted = count_exalted(faces)
    return Outcome(
        icons=icons,
        exalted=exalted,
        dn=dn,
        success=icons >= dn,
        shifts_possible=max_shifts(icons, exalted, dn),
    )
