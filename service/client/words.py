"""The client's words: the catalog's sentences (domain/catalog/{en,es}/client.po) in the reader's language.

The catalog reads its compiled `.mo` files with the standard library alone, so a subcommand that prints words
adds only that to the command line's start.
"""

from __future__ import annotations

from domain.catalog import text
from domain.message import LANGS, Lang, Param, message


def language(lang: object) -> Lang:
    """`--lang` or an answer's `lang`; anything else (none given, a language the catalog lacks) is English."""
    return next((known for known in LANGS if known == lang), "en")


def say(message_id: str, lang: object, **params: Param) -> str:
    """`say("client.state.sessions_held", "es", count=2)` → "2 sesiones celebradas"."""
    return text(message(message_id, **params), language(lang))
