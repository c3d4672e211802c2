"""What one forum post may hold, refused before a line of it is parsed: its command lines and their length.

A post is hostile text: its size bounds the work parsing it can cause, and every line it records is a
row every reader folds forever. The body's `text` is at most 20,000 characters (service.api.posts.PostBody);
within it, a post may hold MAX_POST_LINES command lines of at most MAX_LINE_CHARS characters each, and its
lines may append at most service.commanding.UNIT_EVENTS_MAX events. docs/api.md and docs/commands.md state
the numbers; a post over one of them is a 413 `post-too-large` problem and records nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine import Lang
from domain.language import SourceLine
from domain.message import Message, message
from service.api.problems import ApiError

# Well above the 30-line posts of real play (a GM's round of several combatants, bench/ issue 23), and
# a bound on the lines one request decides inside one transaction.
MAX_POST_LINES = 100
# A command line holds a note or a reason of up to 2000 characters (domain.commands.Note) even quoted with
# every character escaped (`\"`: 4,002 characters), and its verb and options besides.
MAX_LINE_CHARS = 4500


def check_post_size(lines: Sequence[SourceLine], lang: Lang) -> None:
    """Refuse a post with more command lines than MAX_POST_LINES, or a line longer than MAX_LINE_CHARS."""
    if len(lines) > MAX_POST_LINES:
        raise too_large(lang, "lines", len(lines), MAX_POST_LINES,
                        message("edge.post_too_large.lines", lines=len(lines), max=MAX_POST_LINES))
    for line in lines:
        if len(line.text) > MAX_LINE_CHARS:
            raise too_large(lang, "line_chars", len(line.text), MAX_LINE_CHARS,
                            message("edge.post_too_large.line_chars", line=line.number, chars=len(line.text),
                                    max=MAX_LINE_CHARS), line=line.number)


def too_large(lang: Lang, what: str, found: int, limit: int, said: Message, line: int | None = None,
              ) -> ApiError:
    """The 413 problem of a post over a limit, in the post's language: which limit, the post's count, the limit
    (and the line, for a line too long)."""
    extensions: dict[str, Any] = {"lang": lang, "limit": what, "found": found, "maximum": limit}
    if line is not None:
        extensions["line"] = line
    return ApiError(413, "post-too-large", said, language=lang, **extensions)
