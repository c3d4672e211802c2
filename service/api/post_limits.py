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
                        f"the post has {len(lines)} command lines, more than the {MAX_POST_LINES} one post may "
                        "hold: split it into several posts",
                        f"el mensaje tiene {len(lines)} líneas de órdenes, más de las {MAX_POST_LINES} que admite "
                        "un mensaje: repártelas en varios mensajes")
    for line in lines:
        if len(line.text) > MAX_LINE_CHARS:
            raise too_large(lang, "line_chars", len(line.text), MAX_LINE_CHARS,
                            f"line {line.number} has {len(line.text)} characters, more than the {MAX_LINE_CHARS} "
                            "one command line may hold: shorten it",
                            f"la línea {line.number} tiene {len(line.text)} caracteres, más de los {MAX_LINE_CHARS} "
                            "que admite una línea de órdenes: acórtala", line=line.number)


def too_large(lang: Lang, what: str, found: int, limit: int, en: str, es: str, line: int | None = None,
              ) -> ApiError:
    """The 413 problem of a post over a limit, in the post's language: which limit, the post's count, the limit
    (and the line, for a line too long)."""
    nothing = "no se ha registrado nada del mensaje" if lang == "es" else "nothing of the post was recorded"
    detail = es if lang == "es" else en
    extensions: dict[str, Any] = {"lang": lang, "limit": what, "found": found, "maximum": limit}
    if line is not None:
        extensions["line"] = line
    return ApiError(413, "post-too-large", f"{detail}; {nothing}", language=lang, **extensions)
