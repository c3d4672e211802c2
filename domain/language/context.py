"""Who writes the post and how ids are made up: what parsing needs besides the text and the directory."""

from __future__ import annotations

import msgspec

from .directory import Directory
from .folding import fold
from .messages import Failure
from .words import Lang

ME_WORDS = frozenset({"me", "yo"})


class ParseContext(msgspec.Struct, frozen=True, kw_only=True):
    """`author`: the participant who wrote the post (its character is `me`/`yo`); `lang`: the post's language
    (None: told by its words); `id_prefix`: ids the parser makes up are `<id_prefix>-<line>` (use the post id)."""

    author: str | None = None
    lang: Lang | None = None
    id_prefix: str = "lx"


class Env:
    """One line being parsed: the directory as this line sees it, the context, the line number."""

    def __init__(self, directory: Directory, context: ParseContext, lang: Lang, line: int, part: int = 1,
                 suggest: bool = True) -> None:
        self.directory = directory
        self.context = context
        self.lang = lang
        self.line = line
        self.part = part  # the 2nd, 3rd … command on the same post line ([lx]…[/lx] [lx]…[/lx])
        # Whether an error names the nearest valid words: only a post's first few unreadable lines do
        # (grammar.SUGGESTED_LINES), so a post of many bad lines costs no more than a few.
        self.suggest = suggest

    def new_id(self, suffix: str = "") -> str:
        """An id for something this line creates: unique within the post when `id_prefix` is the post's.

        The second command of one post line gets `b` after the number (`p7-3b`), the third `c` …, so two
        `[lx]` blocks on one line never make the same id."""
        part = "" if self.part == 1 else chr(ord("a") + self.part - 1) if self.part <= 26 else f"x{self.part}"
        return f"{self.context.id_prefix}-{self.line}{part}{suffix}"

    def my_character(self, word: str) -> str:
        """The author's character (`me`/`yo`), or a Failure saying why there is none to pick."""
        mine = self.directory.owned_by(self.context.author)
        if len(mine) == 1:
            return mine[0].id
        if not mine:
            raise Failure("no_character", word)
        raise Failure("several_characters", word, options=tuple(f"{c.name} ({c.id})" for c in mine))


def is_me(word: str) -> bool:
    return fold(word) in ME_WORDS
