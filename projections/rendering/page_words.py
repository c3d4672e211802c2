"""The web pages' own labels in English and Spanish: the catalog's `page.<key>` (pages.po).

Everything a page says about the game itself (event lines, field names, titles) comes from the rest of
the rendering package, the same words as transcripts and forum replies; this table holds only what a
page adds around them: headings, buttons, navigation, the proof page's steps.
"""

from __future__ import annotations

from projections.rendering.catalog_words import pairs, said, words_in
from projections.rendering.vocabulary import Lang

LABELS: dict[str, tuple[str, str]] = pairs("page.")
_LABELS: dict[Lang, dict[str, str]] = {lang: words_in("page.", lang) for lang in ("en", "es")}


def label(key: str, lang: Lang, **values: object) -> str:
    """The page label in the language, with its placeholders filled in."""
    return said(f"page.{key}", lang, **values)


def labels(lang: Lang) -> dict[str, str]:
    """Every label in one language, unformatted (templates fill the placeholders)."""
    return _LABELS[lang]
