"""The command lines of a forum post: `[lx]…[/lx]` blocks and lines that start with `!`.

Quoted text is skipped — `[quote]…[/quote]` (nested too) and Markdown `>` lines — so replying to a post
never runs its commands again. Line numbers are the post's own, counting from 1.
"""

from __future__ import annotations

import re

import msgspec

_QUOTE_TAG = re.compile(r"\[(/?)quote(?:[=\s][^\]]*)?\]", re.IGNORECASE)
_BLOCK_TAG = re.compile(r"\[(/?)lx\]", re.IGNORECASE)
_BANG = re.compile(r"^\s*!\s*(?=\S)")
# A player may bold or colour the command line itself ("[b]!attack …[/b]", Discord's "**!attack …**"): the
# formatting around it is the forum's, not the command's. Only these inline tags, so a [code] or [spoiler]
# line is never run.
_FORMAT = r"(?:b|i|u|s|color|colour|size|font)"
_OPENING = re.compile(rf"^\s*(?:(?:\[{_FORMAT}(?:=[^\]]*)?\]|\*\*|__)\s*)+(?=!)", re.IGNORECASE)
_CLOSING = re.compile(rf"(?:\s*(?:\[/{_FORMAT}\]|\*\*|__))+\s*$", re.IGNORECASE)


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
    return _CLOSING.sub("", opened) if opened != line else line


def _commands_in_block(piece: str) -> tuple[str, ...]:
    command = _BANG.sub("", piece).strip()
    return (command,) if command else ()


def _without_quotes(text: str) -> str:
    """The text with quoted spans blanked out (their newlines kept, so line numbers stay right)."""
    out: list[str] = []
    depth, position = 0, 0
    for tag in _QUOTE_TAG.finditer(text):
        if depth == 0:
            out.append(text[position:tag.start()])
        else:
            out.append("\n" * text.count("\n", position, tag.start()))
        depth = depth + 1 if tag.group(1) != "/" else max(0, depth - 1)
        position = tag.end()
    tail = text[position:]
    out.append(tail if depth == 0 else "\n" * tail.count("\n"))
    return "".join(out)
