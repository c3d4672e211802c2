"""A Markdown text already escaped for Discord, cut into messages Discord accepts (at most 2,000 characters).

The text is cut between lines while whole lines fit; a line longer than a message (a 20,000-character word)
is cut inside, never right after a backslash (its escape would then fall to the next message and the
character it escaped would be live there) nor inside an `&amp;`-style entity or a surrogate of an escape's
zero-width break. The cut is made on the escaped text, so nothing is escaped twice and no escape is lost.
"""

from __future__ import annotations

from collections.abc import Iterator

# Discord refuses a message's content over 2,000 characters.
DISCORD_LIMIT = 2000
# A reply is sent as at most this many messages (the edge cuts the rest: a flood helps no table).
MAX_MESSAGES = 5
# The longest entity the Markdown escaper writes ("&amp;", "&lt;"): a cut never falls inside one.
_ENTITY_ROOM = 5


def _safe_cut(line: str, limit: int) -> int:
    """Where a too-long escaped line may be cut at or before `limit`: not after an escaping backslash, not
    inside an entity, not between a mark and the zero-width break that keeps it inert."""
    cut = limit
    while cut > 1:
        backslashes = 0
        while backslashes < cut and line[cut - 1 - backslashes] == "\\":
            backslashes += 1
        # The escaper writes every "&" of a text as an entity, so an "&" close before the cut with no ";"
        # after it yet is an entity the cut would split.
        amp = line.rfind("&", max(0, cut - _ENTITY_ROOM + 1), cut)
        inside_entity = amp != -1 and ";" not in line[amp:cut]
        broken_mark = line[cut] == "\u200b" if cut < len(line) else False
        if backslashes % 2 == 0 and not inside_entity and not broken_mark:
            return cut
        cut -= 1
    return max(1, cut)


def _pieces(line: str, limit: int) -> Iterator[str]:
    while len(line) > limit:
        cut = _safe_cut(line, limit)
        yield line[:cut]
        line = line[cut:]
    yield line


def split_messages(markdown: str, limit: int = DISCORD_LIMIT) -> list[str]:
    """The text as messages of at most `limit` characters each, in order; never an empty list."""
    messages: list[str] = []
    current = ""
    for line in markdown.split("\n"):
        for piece in _pieces(line, limit):
            joined = f"{current}\n{piece}" if current else piece
            if len(joined) <= limit:
                current = joined
                continue
            if current.strip():
                messages.append(current)
            current = piece
    if current.strip() or not messages:
        messages.append(current)
    return messages
