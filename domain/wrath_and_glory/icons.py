"""Icons: what a d6 face is worth in Wrath & Glory (4–5 → 1 icon, 6 → 2, an exalted icon)."""

from __future__ import annotations

from collections.abc import Iterable

EXALTED_FACE = 6


def icons_of(face: int) -> int:
    """The icons one d6 face is worth: 1–3 → 0, 4–5 → 1, 6 → 2."""
    if not 1 <= face <= 6:
        raise ValueError(f"a d6 cannot show {face}")
    if face == EXALTED_FACE:
        return 2
    return 1 if face >= 4 else 0


def count_icons(faces: Iterable[int]) -> int:
    """Total icons of a set of d6 faces, each six counting twice."""
    return sum(icons_of(face) for face in faces)


def count_exalted(faces: Iterable[int]) -> int:
    """How many faces are exalted icons (sixes)."""
    return sum(1 for face in faces if face == EXALTED_FACE)


def is_failed_face(face: int) -> bool:
    """A failed die is one not showing 4–6: the only dice Wrath may reroll."""
    return icons_of(face) == 0
