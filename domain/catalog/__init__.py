"""Every sentence a person reads, one catalog per language: gettext `.po` files, compiled to `.mo`.

The `.po` files (one per area, so that areas change without touching each other) are the source, edited by
people and translation tools; `python -m service.catalog_build` compiles them with Babel into the `.mo` files
shipped beside them, and a test fails when a `.mo` is stale, when a message id lacks a language, or when two
languages' sentences name different parameters. Lookups read the compiled catalogs with the standard
library's `gettext` (no Babel at run time: a command-line start stays fast).

Message ids are symbolic (`rule.target.dead`), so English is a catalog like any other: rewording English
never loses a translation. A message with a `count` parameter has plural forms, chosen by each language's
`Plural-Forms` header.
"""

from __future__ import annotations

import gettext
import string
from functools import cache
from importlib import resources
from io import BytesIO

from domain.message import LANGS, Lang, Message, Param

__all__ = ["LANGS", "Lang", "MissingMessage", "english", "has", "sentence", "text"]


class MissingMessage(LookupError):
    """A message id no catalog of the language holds (a test keeps every id in every language)."""


@cache
def catalog(lang: Lang) -> dict[str | tuple[str, int], str]:
    """Every compiled sentence of one language, by msgid (plural forms by `(msgid, index)`)."""
    found: dict[str | tuple[str, int], str] = {}
    for item in sorted(resources.files(__name__).joinpath(lang).iterdir(), key=lambda i: i.name):
        if item.name.endswith(".mo"):
            translations = gettext.GNUTranslations(BytesIO(item.read_bytes()))
            found.update(translations._catalog)  # type: ignore[attr-defined]  # gettext's one table of msgids
            _plurals[lang] = translations.plural  # type: ignore[attr-defined]
    found.pop("", None)  # the header
    return found


_plurals: dict[str, object] = {}


def _plural_index(lang: Lang, count: int) -> int:
    catalog(lang)
    chooser = _plurals.get(lang)
    return int(chooser(count)) if callable(chooser) else (0 if count == 1 else 1)


def has(message_id: str, lang: Lang) -> bool:
    table = catalog(lang)
    return message_id in table or (message_id, 0) in table


def sentence(message_id: str, lang: Lang, count: int | None = None) -> str:
    """The raw sentence of an id, before its parameters are filled in."""
    table = catalog(lang)
    found = table.get(message_id)
    if found is not None:
        return found
    if (message_id, 0) in table:
        return table[(message_id, _plural_index(lang, count if count is not None else 1))]
    raise MissingMessage(f"no {lang} sentence for message {message_id!r}")


def _shown(value: Param, lang: Lang) -> str:
    if isinstance(value, Message):
        return text(value, lang)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class _Filled(string.Formatter):
    """Fills a sentence in one language. `{limit:,}` writes a whole number with its thousands grouped as the
    language does: `100,000` in English, `100 000` in Spanish (RAE: a space, and none up to four digits)."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec == ",":
            number = int(str(value))
            if self.lang == "en":
                return f"{number:,}"
            return str(number) if abs(number) < 10_000 else f"{number:,}".replace(",", "\u00a0")
        return str(format(value, format_spec))


@cache
def _plain(template: str) -> bool:
    """A sentence whose fields are bare names (`{who}`, no `{limit:,}`, no `{x!r}`): `str.format_map` fills it
    as `_Filled` would, without the pure-Python formatter (a d100 event's sentence is filled five to ten
    times over, its parts nested: the formatter cost 2.5× the old tuples' time, bench/d100_phrases.py)."""
    return all(not spec and not conversion for _, field, spec, conversion in _PARSER.parse(template)
               if field is not None)


_PARSER = string.Formatter()


def text(said: Message, lang: Lang) -> str:
    """The message in one language, its parameters filled in (names as they were typed; escaping for a
    forum, a chat or a terminal is the renderer's, after this)."""
    params = said.params
    count = params.get("count")
    template = sentence(said.id, lang, count if isinstance(count, int) else None)
    if not params:
        return template if "{" not in template else _Filled(lang).vformat(template, (), {})
    if _plain(template):  # a str or an int fills a bare field as it is; a message or a float needs showing
        for value in params.values():
            # A str or an int (nearly every parameter) is told apart by its type alone: `isinstance` against a
            # msgspec Struct goes through its metaclass, the dearest test here.
            kind = type(value)
            if kind is not str and kind is not int and isinstance(value, (Message, float)):
                return template.format_map({name: _shown(value, lang) if isinstance(value, (Message, float))
                                            else value for name, value in params.items()})
        return template.format_map(params)  # the common case: no copy of the parameters
    return _Filled(lang).vformat(template, (), {name: _shown(value, lang) for name, value in params.items()})


def english(said: Message) -> str:
    """The English sentence: what logs, exceptions' `str()` and English answers show."""
    return text(said, "en")
