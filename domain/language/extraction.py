"""The command lines of a forum post: `[lx]…[/lx]` blocks and lines that start with `!`.

Quoted text is skipped — `[quote]…[/quote]` (nested too) and Markdown `>` lines — so replying to a post
never runs its commands again. Line numbers are the post's own, counting from 1.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import msgspec

# Every pattern here reads a hostile post, so each runs in time linear in the post (issue 18): a quote tag
# is `[quote]`, or `[quote` with `=` or a space and anything up to the next `]` (`_quote_tags` finds that
# `]` once for all the tags before it, where a regex would scan to the end again from every `[quote=`).
_QUOTE_START = re.compile(r"\[(/?)quote(?=[=\s\]])", re.IGNORECASE)
_BLOCK_TAG = re.compile(r"\[(/?)lx\]", re.IGNORECASE)
_BANG = re.compile(r"^\s*!\s*(?=\S)")
# A player may bold or colour the command line itself ("[b]!attack …[/b]", Discord's "**!attack …**"): the
# formatting around it is the forum's, not the command's. Only these inline tags, so a [code] or [spoiler]
# line is never run.
_FORMAT = r"(?:b|i|u|s|color|colour|size|font)"
# Anchored at the start, and each piece ends at the first `]`, `*` or `_` it can: one pass.
_OPENING = re.compile(rf"^\s*(?:(?:\[{_FORMAT}(?:=[^\]]*)?\]|\*\*|__)\s*)+(?=!)", re.IGNORECASE)
# The closing formatting is peeled off the end by hand (`_without_closing`): a regex anchored at `$` is
# tried from every position of the line, which is quadratic in a line of spaces or of `**`.
_CLOSERS = (*(f"[/{tag}]" for tag in ("b", "i", "u", "s", "color", "colour", "size", "font")), "**", "__")


class SourceLine(msgspec.Struct, frozen=True):
    """One command line as written, without its leading `!`, and the number of the post line it is on."""

    number: int
    text: str


def extract_lines(post: str) -> tuple[SourceLine, ...]:
    """Every command line of the post, in order."""
    text = _without_quotes(post.replace("\r\n", "\n").replace("\r", "\n"))
    found: list[SourceLine] = []
    in_block = False
    for number, line in enumerate(text.split("\n"), start=1):
        if line.lstrip().startswith(">"):
            continue
        position = 0
        if not in_block and _BLOCK_TAG.search(line) is None:
            bare = _unformatted(line)
            if _BANG.match(bare):
                found.append(SourceLine(number, _BANG.sub("", bare).strip()))
            continue
        while position <= len(line):
            tag = _BLOCK_TAG.search(line, position)
            end = tag.start() if tag else len(line)
            if in_block:
                for piece in _commands_in_block(line[position:end]):
                    found.append(SourceLine(number, piece))
            if tag is None:
                break
            in_block = tag.group(1) != "/"
            position = tag.end()
    return tuple(found)


def _unformatted(line: str) -> str:
    """The line without the inline formatting wrapped around a `!` command, or the line as it was."""
    opened = _OPENING.sub("", line)
    return _without_closing(opened) if opened != line else line


def _without_closing(line: str) -> str:
    """The line without the closing tags at its end (and the spaces around them), if it has any."""
    end, peeled = len(line), False
    while True:
        stop = end
        while stop > 0 and line[stop - 1].isspace():
            stop -= 1
        closer = next((c for c in _CLOSERS if stop >= len(c) and line[stop - len(c):stop].casefold() == c), None)
        if closer is None:
            return line[:stop] if peeled else line
        end, peeled = stop - len(closer), True


def _commands_in_block(piece: str) -> tuple[str, ...]:
    command = _BANG.sub("", piece).strip()
    return (command,) if command else ()


def _without_quotes(text: str) -> str:
    """The text with quoted spans blanked out (their newlines kept, so line numbers stay right)."""
    out: list[str] = []
    depth, position = 0, 0
    for start, end, closing in _quote_tags(text):
        if depth == 0:
            out.append(text[position:start])
        else:
            out.append("\n" * text.count("\n", position, start))
        depth = depth + 1 if not closing else max(0, depth - 1)
        position = end
    tail = text[position:]
    out.append(tail if depth == 0 else "\n" * tail.count("\n"))
    return "".join(out)


def _quote_tags(text: str) -> Iterator[tuple[int, int, bool]]:
    """Each quote tag of the text, in order and not overlapping (as a regex scanning left to right finds
    them): where it starts and ends, and whether it closes a quote. Linear: the `]` ending a tag with
    attributes is searched for only past the last one found, and never again once none is left."""
    position = 0
    bracket: int | None = None  # the `]` found last (-1: none is left)
    for found in _QUOTE_START.finditer(text):
        if found.start() < position:
            continue  # inside the attributes of the tag before
        after = found.end()
        if text.startswith("]", after):
            end = after + 1
        else:
            if bracket is None or -1 < bracket < after:
                bracket = text.find("]", after)
            if bracket == -1:
                continue
            end = bracket + 1
        position = end
        yield found.start(), end, found.group(1) == "/"
