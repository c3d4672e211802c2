"""Why a line is not a command, told in the post's language: the word, what was expected, the nearest words."""

from __future__ import annotations

from typing import Literal

import msgspec

from .words import Lang, Words

ErrorCode = Literal[
    "empty", "unknown_command", "unknown_word", "unknown_name", "ambiguous", "missing", "bad_value",
    "no_character", "several_characters", "nothing_pending", "duplicate", "invalid", "unclosed_quote", "bad_json",
    "not_plain_text",
]

_TEMPLATES: dict[ErrorCode, tuple[str, str]] = {
    "empty": ("the line has no command", "la línea no tiene ninguna orden"),
    "unknown_command": ("`{word}` is not a command{hint}", "`{word}` no es una orden{hint}"),
    "unknown_word": ("unexpected `{word}`: expected {expected}{hint}",
                     "no se esperaba `{word}`: se esperaba {expected}{hint}"),
    "unknown_name": ("{nothing} is called `{word}` ({expected}){hint}",
                     "{nothing} se llama `{word}` ({expected}){hint}"),
    "ambiguous": ("`{word}` could be {options}: write more of it ({expected})",
                  "`{word}` puede ser {options}: escribe más ({expected})"),
    "missing": ("missing {expected}{hint}", "falta {expected}{hint}"),
    "bad_value": ("`{word}` is not {expected}{hint}", "`{word}` no es {expected}{hint}"),
    "no_character": ("`{word}` is your character, but you have none here: name the character",
                     "`{word}` es tu personaje, pero no tienes ninguno aquí: nombra al personaje"),
    "several_characters": ("`{word}` is your character, but you have several ({options}): name one",
                           "`{word}` es tu personaje, pero tienes varios ({options}): nombra uno"),
    # Spanish nouns differ in gender ("ataque", "prueba"): the sentence keeps {expected} clear of agreement.
    "nothing_pending": ("there is no {expected} to refer to: give its id as #id",
                        "no hay {expected} pendiente: indica su id como #id"),
    "duplicate": ("`{word}` is one too many: the line already gives {expected}",
                  "`{word}` sobra: la línea ya da {expected}"),
    "invalid": ("this line is not a valid command: {detail}", "esta línea no es una orden válida: {detail}"),
    # A quoted `\n` (or a pasted control character) in a name, reason or title: the edge's plain-text rule.
    "not_plain_text": ("`{word}` must be one line of text, without line breaks (a quoted `\\n`) or control or "
                       "invisible formatting characters (bidirectional overrides, zero-width characters)",
                       "`{word}` debe ser una línea de texto, sin saltos de línea (un `\\n` entre comillas) ni "
                       "caracteres de control o de formato invisibles (cambios de dirección, anchura cero)"),
    "unclosed_quote": ("a quote is not closed: `{word}`", "unas comillas no se cierran: `{word}`"),
    "bad_json": ("the JSON value is incomplete or not valid: `{word}`",
                 "el valor JSON está incompleto o no es válido: `{word}`"),
}

# "No <kind> is called …", by the kind of thing a name was looked up among.
NOTHING: dict[str, tuple[str, str]] = {
    "character": ("no character", "ningún personaje"),
    "weapon": ("no weapon", "ningún arma"),
    "encounter": ("no encounter", "ningún combate"),
    "mission": ("no mission", "ninguna misión"),
    "objective": ("no objective", "ningún objetivo"),
    "participant": ("no participant", "ningún participante"),
    "skill": ("no skill", "ninguna habilidad"),
}


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
        expected: Words | tuple[str, str] = ("", ""),
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
        self.expected = (expected.en[0], expected.es[0]) if isinstance(expected, Words) else expected
        self.suggestions = suggestions
        self.options = options
        self.kind = kind
        self.detail = detail
        self.listing = listing

    def to_error(self, line: int, source: str, lang: Lang) -> LineError:
        expected = self.expected[0] if lang == "en" else self.expected[1]
        hint = _hint(self.suggestions, lang) if self.suggestions else _listing(self.listing, lang)
        nothing = NOTHING.get(self.kind, ("nothing", "nada"))
        english, spanish = _TEMPLATES[self.code]
        message = (english if lang == "en" else spanish).format(
            word=self.word or "", expected=expected, hint=hint, options=_join(self.options, lang, quote=False),
            nothing=nothing[0] if lang == "en" else nothing[1], detail=self.detail,
        )
        return LineError(line=line, source=source, code=self.code, word=self.word, expected=expected,
                         suggestions=self.suggestions, message=message)


def _join(items: tuple[str, ...], lang: Lang, *, quote: bool = True) -> str:
    shown = [f"`{i}`" if quote else i for i in items]
    if len(shown) <= 1:
        return "".join(shown)
    last = " or " if lang == "en" else " o "
    return ", ".join(shown[:-1]) + last + shown[-1]


def _hint(suggestions: tuple[str, ...], lang: Lang) -> str:
    words = _join(suggestions, lang)
    return f"; did you mean {words}?" if lang == "en" else f"; ¿quisiste decir {words}?"


def _listing(listing: tuple[str, ...], lang: Lang) -> str:
    if not listing:
        return ""
    shown = ", ".join(f"`{i}`" for i in listing[:12]) + (" …" if len(listing) > 12 else "")
    return f" (one of: {shown})" if lang == "en" else f" (opciones: {shown})"
