"""The client's words: the catalog's sentences (domain/catalog/{en,es}/*.mo) in the reader's language.

The command line reads the compiled catalogs with the standard library's `gettext`, as domain.catalog does,
but without importing it: domain.catalog's messages are msgspec structs, and msgspec (with the typing
machinery it loads) cost a `lexmechanic post` more than everything else it imports (docs/cli.md "Start
time"). The client's sentences take plain values only (a word of the catalog is said first, then passed);
tests/service/test_cli_words.py checks each client sentence reads here exactly as domain.catalog tells it.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path
from typing import Literal

import domain  # the package only (its __init__ imports nothing): where the catalogs are

Lang = Literal["en", "es"]
LANGS: tuple[Lang, ...] = ("en", "es")
Value = str | int | float


def language(lang: object) -> Lang:
    """`--lang` or an answer's `lang`; anything else (none given, a language the catalog lacks) is English."""
    return next((known for known in LANGS if known == lang), "en")


@cache
def _catalog(lang: Lang) -> gettext.NullTranslations:
    """Every compiled catalog of one language, as one chain of translations (a msgid is in one file only)."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    for mo in sorted((Path(domain.__file__).parent / "catalog" / lang).glob("*.mo")):
        with mo.open("rb") as source:
            chain.add_fallback(gettext.GNUTranslations(source))
    return chain


def say(message_id: str, lang: object, **params: Value) -> str:
    """`say("client.state.sessions_held", "es", count=2)` → "2 sesiones celebradas"."""
    chosen = _catalog(language(lang))
    count = params.get("count")
    # A count chooses a plural form; a message without plural forms is then found by gettext.
    template = chosen.ngettext(message_id, message_id, count) if isinstance(count, int) else message_id
    if template == message_id:
        template = chosen.gettext(message_id)
    if template == message_id:
        raise LookupError(f"no {language(lang)} sentence for message {message_id!r}")
    shown = {name: str(int(v)) if isinstance(v, float) and v.is_integer() else str(v) for name, v in params.items()}
    return template.format_map(shown)
