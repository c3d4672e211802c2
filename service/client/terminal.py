"""What the command line writes is shown, never obeyed: a player's text cannot drive the terminal it lands in.

Names, reasons, titles and labels come from players through the service, and an export from whoever hands it
over. A terminal acts on control characters: ESC starts sequences that retitle the window, clear the screen or
move the cursor, CSI (U+009B) does the same in one character, a carriage return overwrites the line, a
newline forges one, bidi overrides and isolates reorder what is read. `visible` turns every such character
into a visible escape; `Terminal` applies it to everything a command writes (docs/cli.md, "Control
characters"), and `json_text` keeps `--json` valid JSON with the same characters as JSON escapes.
"""

from __future__ import annotations

import io
import json
import unicodedata
from typing import Any, TextIO

# Unicode general categories a terminal may act on: controls (C0, DEL, C1), format characters (bidi
# overrides and isolates, zero-width and invisible characters), the line and paragraph separators, and lone
# surrogates (no terminal can be sent them; writing one would stop the command).
LIVE = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _live(c: str) -> bool:
    return unicodedata.category(c) in LIVE


def _escape(c: str) -> str:
    point = ord(c)
    if c in _NAMED:
        return _NAMED[c]
    return f"\\x{point:02x}" if point < 0x100 else f"\\u{point:04x}" if point < 0x10000 else f"\\U{point:08x}"


def visible(text: str) -> str:
    """`text` with every character a terminal would act on, newlines included, written as a visible escape:
    `\\x1b` (ESC), `\\x9b` (CSI), `\\x7f`, `\\n`, `\\r`, `\\t`, `\\u202e`, `\\U000e0001`; the rest unchanged."""
    if text.isprintable():  # the common case, checked in C: nothing Python calls unprintable is live
        return text
    return "".join(_escape(c) if _live(c) else c for c in text)


def json_text(value: Any) -> str:
    """`value` as indented JSON whose strings carry every live character as a `\\uXXXX` escape (valid JSON that
    decodes to exactly `value`); the only raw newlines are the document's own."""
    text = json.dumps(value, ensure_ascii=False, indent=2)
    if text.isprintable():
        return text
    return "".join(_json_escape(c) if c != "\n" and _live(c) else c for c in text)


def _json_escape(c: str) -> str:
    point = ord(c)
    if point < 0x10000:
        return f"\\u{point:04x}"
    point -= 0x10000  # a UTF-16 surrogate pair, as JSON writes a character beyond the BMP
    return f"\\u{0xD800 + (point >> 10):04x}\\u{0xDC00 + (point & 0x3FF):04x}"


class Terminal(io.TextIOBase):
    """A text stream that shows live characters visibly before they reach `stream`.

    Its only raw line breaks are the lines the command itself ends: `print` writes its `end` (and `sep`) as a
    write of its own, so a write of exactly "\\n" passes and a newline inside any other write (a player's
    name, a problem's detail) is shown as `\\n`. A document of many lines (a table, a transcript, a reply) is
    printed line by line.
    """

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(text if text == "\n" else visible(text))
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return self._stream.isatty()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._stream, "encoding", "utf-8") or "utf-8"
