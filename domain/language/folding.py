"""Words compared as a forum player means them: case, accents and word separators ignored; nearest words."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

_SEPARATORS = re.compile(r"[\s_\-]+")
# The longest word a "did you mean" is looked for: longer than any verb, keyword or name a player types.
# A post's word is hostile (issue 18: a 20 KB word compared with every verb held the server for minutes);
# beyond this length no suggestion is computed at all.
SUGGESTED_WORD_MAX = 64


def fold(word: str) -> str:
    """The matching key of a word: lower case, no accents, runs of spaces, `_` and `-` as one `-`."""
    decomposed = unicodedata.normalize("NFKD", word)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SEPARATORS.sub("-", bare.casefold()).strip("-")


def distance(a: str, b: str, limit: int | None = None) -> int:
    """Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.

    With `limit`, a distance above it is answered as `limit + 1`, and only the cells within `limit` of the
    diagonal are computed (no cheaper alignment leaves that band), so the cost is O(len(a) × limit), and
    the rows stop as soon as every cell of one exceeds the limit (a row's smallest cell never decreases)."""
    if a == b:
        return 0
    n, m = len(a), len(b)
    bound = max(n, m) if limit is None else limit
    over = bound + 1
    if abs(n - m) > bound:
        return over
    previous2: list[int] = []
    previous = [j if j <= bound else over for j in range(m + 1)]
    for i in range(1, n + 1):
        current = [over] * (m + 1)
        current[0] = i if i <= bound else over
        low, high = max(1, i - bound), min(m, i + bound)
        ca = a[i - 1]
        for j in range(low, high + 1):
            cb = b[j - 1]
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                value = min(value, previous2[j - 2] + 1)
            current[j] = min(value, over)
        if min(current[max(0, low - 1):high + 1]) > bound:
            return over
        previous2, previous = previous, current
    return previous[m]


def nearest(word: str, candidates: Iterable[str], limit: int = 3) -> tuple[str, ...]:
    """The candidates a typo of `word` most likely meant, closest first (none when nothing is close).

    Bounded whatever the word: none for a word longer than SUGGESTED_WORD_MAX, and a candidate whose length
    differs by more than the allowed distance is never compared (unless the word starts it)."""
    if len(word) > SUGGESTED_WORD_MAX:
        return ()
    key = fold(word)
    if not key or len(key) > SUGGESTED_WORD_MAX:
        return ()
    allowed = max(1, min(3, len(key) // 3))
    scored: dict[str, tuple[int, int]] = {}
    for order, candidate in enumerate(candidates):
        if candidate in scored:
            continue
        folded = fold(candidate)
        if not folded:
            continue
        if folded.startswith(key) and len(key) >= 2:
            gap = 1 if folded != key else 0
        elif abs(len(folded) - len(key)) > allowed:
            continue
        else:
            gap = distance(key, folded, allowed)
        if gap <= allowed:
            scored[candidate] = (gap, order)
    return tuple(sorted(scored, key=lambda c: scored[c])[:limit])
