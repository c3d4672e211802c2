"""The renderings' word tables, read from the catalog (docs/architecture.md, "Words").

The renderings ask for words by key (`field("damage", lang)`, `label("timeline", lang)`, a title by event type);
the words themselves live in the catalog under one prefix per table (`render.field.<key>`, `page.<key>`,
`mission.<field>` …). These helpers build the `{key: (English, Spanish)}` tables the code indexes, once, from
the compiled catalogs, so a word is reworded or translated in the `.po` files alone.
"""

from __future__ import annotations

from domain.catalog import catalog, sentence
from domain.message import Lang

__all__ = ["pairs", "said", "words_in"]


def _ids(prefix: str) -> list[str]:
    found = {key if isinstance(key, str) else key[0] for key in catalog("en")}
    return sorted(key for key in found if key.startswith(prefix))


def _raw(message_id: str, lang: Lang) -> str:
    # A counted message stands in a table by its form for many, the general one; `said` picks by the count.
    return sentence(message_id, lang, 2)


def pairs(prefix: str) -> dict[str, tuple[str, str]]:
    """Every message under a prefix, by the rest of its id: (English, Spanish), raw (placeholders unfilled)."""
    return {key.removeprefix(prefix): (_raw(key, "en"), _raw(key, "es")) for key in _ids(prefix)}


def words_in(prefix: str, lang: Lang) -> dict[str, str]:
    """Every message under a prefix in one language, by the rest of its id, raw."""
    return {key.removeprefix(prefix): _raw(key, lang) for key in _ids(prefix)}


def said(message_id: str, lang: Lang, **values: object) -> str:
    """One message filled in; a `count` value picks the plural form."""
    count = values.get("count")
    return sentence(message_id, lang, count if isinstance(count, int) else None).format(**values)
