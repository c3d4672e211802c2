"""Words compared as a forum player means them: case, accents and word separators ignored; nearest words."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

_SEPARATORS = re.compile(r"[\s_\-]+")


def fold(word: str) -> str:
    """The matching key of a word: lower case, no accents, runs of spaces, `_` and `-` as one `-`."""
    decomposed = unicodedata.normalize("NFKD", word)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SEPARATORS.sub("-", bare.casefold()).strip("-")


def distance(a: str, b: str) -> int:
    """Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours."""
    if a == b:
        return 0
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[len(b)]


def nearest(word: str, candidates: Iterable[str], limit: int = 3) -> tuple[str, ...]:
    """The candidates a typo of `word` most likely meant, closest first (none when nothing is close)."""
    key = fold(word)
    if not key:
        return ()
    allowed = max(1, min(3, len(key) // 3))
    scored: dict[str, tuple[int, int]] = {}
    for order, candidate in enumerate(candidates):
        folded = fold(candidate)
        if not folded or candidate in scored:
            continue
        gap = distance(key, folded)
        if folded.startswith(key) and len(key) >= 2:
            gap = min(gap, 1)
        if gap <= allowed:
            scored[candidate] = (gap, order)
    return tuple(sorted(scored, key=lambda c: scored[c])[:limit])
