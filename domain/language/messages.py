"""Why a line is not a command, told in the post's language: the word, what was expected, the nearest words."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.catalog import text
from domain.message import Message, message

from .words import Lang, Words

ErrorCode = Literal[
    "empty", "unknown_command", "unknown_word", "unknown_name", "ambiguous", "missing", "bad_value",
    "no_character", "several_characters", "nothing_pending", "duplicate", "invalid", "unclosed_quote", "bad_json",
    "not_plain_text",
]

# Every sentence of a line error is the catalog's (domain/catalog/{en,es}/lines.po): `lines.<code>`, and
# `lines.unknown_name.<kind>` by the kind of thing a name was looked up among, so that each language says "no
# weapon" in its own agreement ("ningún arma", "ninguna misión") and no sentence is assembled from parts.
KINDS: tuple[str, ...] = ("character", "weapon", "encounter", "mission", "objective", "participant", "skill")

# How many of a slot's words a "missing …" error lists before it says there are more.
LISTED = 12


class LineError(msgspec.Struct, frozen=True, kw_only=True):
    """A line that is not a command: where, the offending word, what was expected, the nearest valid words."""

    line: int
    source: str
    code: ErrorCode
    word: str | None
    expected: str
    suggestions: tuple[str, ...]
    message: str


class Failure(Exception):
    """Raised inside the parser; `parse_line` turns it into a LineError in the post's language."""

    def __init__(
        self,
        code: ErrorCode,
        word: str | None = None,
        expected: Words | tuple[str, str] | Message = ("", ""),
        suggestions: tuple[str, ...] = (),
        *,
        options: tuple[str, ...] = (),
        kind: str = "",
        detail: str = "",
        listing: tuple[str, ...] = (),
    ) -> None:
        super().__init__(code)
        self.code = code
        self.word = word
        self.expected = (expected.en[0], expected.es[0]) if isinstance(expected, Words) else \
            both(expected) if isinstance(expected, Message) else expected
        self.suggestions = suggestions
        self.options = options
        self.kind = kind
        self.detail = detail
        self.listing = listing

    def to_error(self, line: int, source: str, lang: Lang) -> LineError:
        expected = self.expected[0] if lang == "en" else self.expected[1]
        hint = _hint(self.suggestions, lang) if self.suggestions else _listing(self.listing, lang)
        said = message(_message_id(self.code, self.kind), word=self.word or "", expected=expected, hint=hint,
                       options=either(self.options, lang, quote=False), detail=self.detail)
        return LineError(line=line, source=source, code=self.code, word=self.word, expected=expected,
                         suggestions=self.suggestions, message=text(said, lang))


def both(said: Message) -> tuple[str, str]:
    """A description of what a line expected (`lines.expected.<what>`), in English and in Spanish."""
    return text(said, "en"), text(said, "es")


def _message_id(code: ErrorCode, kind: str) -> str:
    if code == "unknown_name":
        return f"lines.unknown_name.{kind}" if kind in KINDS else "lines.unknown_name"
    if code == "unknown_word" and kind == "nothing_more":  # "se esperaba nada más" is not Spanish
        return "lines.unknown_word.nothing_more"
    return f"lines.{code}"


def either(items: tuple[str, ...], lang: Lang, *, quote: bool = True) -> str:
    """`a`, `b` or `c`: alternatives as the language lists them (the catalog's `lines.list.or`)."""
    shown = [f"`{i}`" if quote else i for i in items]
    if len(shown) <= 1:
        return "".join(shown)
    head = text(message("lines.list.separator"), lang).join(shown[:-1])
    return text(message("lines.list.or", head=head, last=shown[-1]), lang)


def _hint(suggestions: tuple[str, ...], lang: Lang) -> str:
    return text(message("lines.hint.did_you_mean", words=either(suggestions, lang)), lang)


def _listing(listing: tuple[str, ...], lang: Lang) -> str:
    if not listing:
        return ""
    shown = text(message("lines.list.separator"), lang).join(f"`{i}`" for i in listing[:LISTED])
    more = len(listing) > LISTED
    return text(message("lines.hint.one_of_more" if more else "lines.hint.one_of", words=shown), lang)
