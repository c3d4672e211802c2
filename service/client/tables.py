"""Plain-text tables for a terminal: columns aligned by display width, numbers to the right."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from service.client.terminal import visible

Cell = str | int | float | None
NONE = "—"


def shown(value: Cell) -> str:
    """A cell as the terminal will show it (a control character as its visible escape), so it is measured so."""
    if value is None:
        return NONE
    return visible(str(value))


def width(text: str) -> int:
    """Columns `text` takes in a terminal: wide East Asian characters two, combining marks none."""
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text
    )


def clip(text: str, room: int) -> str:
    """`text` cut to `room` columns, with an ellipsis when cut."""
    if width(text) <= room:
        return text
    kept, used = [], 0
    for c in text:
        if used + width(c) > room - 1:
            break
        kept.append(c)
        used += width(c)
    return "".join(kept) + "…"


def _pad(text: str, size: int, right: bool) -> str:
    gap = " " * (size - width(text))
    return gap + text if right else text + gap


def table(headers: Sequence[str], rows: Sequence[Sequence[Cell]], max_width: int | None = None) -> str:
    """The rows under their headers; a column of numbers is right-aligned; the last column is cut to fit
    `max_width` (when given)."""
    cells = [[shown(c) for c in row] for row in rows]
    numeric = [
        any(isinstance(row[i], (int, float)) for row in rows)
        and all(isinstance(row[i], (int, float)) or row[i] is None for row in rows)
        for i in range(len(headers))
    ]
    sizes = [max([width(h)] + [width(row[i]) for row in cells]) for i, h in enumerate(headers)]
    if max_width is not None and headers:
        room = max_width - sum(sizes[:-1]) - 2 * (len(headers) - 1)
        if room >= 10:
            sizes[-1] = min(sizes[-1], room)
            cells = [row[:-1] + [clip(row[-1], room)] for row in cells]
    lines = [
        "  ".join(_pad(text, sizes[i], numeric[i]) for i, text in enumerate(line)).rstrip()
        for line in [list(headers), *cells]
    ]
    return "\n".join(lines)
