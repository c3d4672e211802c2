"""The words of a vocabulary in English and Spanish; the first word of each language is the one we write."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.message import LANGS, Lang

__all__ = ["LANGS", "Lang", "Words", "shown_terms", "w"]

from .folding import fold


class Words(msgspec.Struct, frozen=True):
    """One meaning's words: English ones, then Spanish ones; each language's first is canonical."""

    en: tuple[str, ...]
    es: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.en or not self.es:
            raise ValueError(f"a meaning needs words in both languages: {self.en} / {self.es}")

    def canonical(self, lang: Lang) -> str:
        return self.en[0] if lang == "en" else self.es[0]

    def of(self, lang: Lang) -> tuple[str, ...]:
        return self.en if lang == "en" else self.es

    def pairs(self) -> tuple[tuple[str, Lang], ...]:
        """Every word with its language (a word both languages share appears once per language)."""
        return tuple((word, "en") for word in self.en) + tuple((word, "es") for word in self.es)

    def folded(self) -> frozenset[str]:
        return frozenset(fold(word) for word, _ in self.pairs())


def w(en: str, es: str) -> Words:
    """Words from `|`-separated lists, e.g. w("attack|atk", "ataque|atacar")."""
    return Words(tuple(en.split("|")), tuple(es.split("|")))


def shown_terms(*tables: Mapping[Any, Words]) -> dict[str, tuple[str, str]]:
    """The (English, Spanish) term a reader is shown for each value of these word lists: each language's
    canonical word, with spaces for the dashes a command line needs ("called-shot" → "called shot")."""
    return {
        str(value): (words.canonical("en").replace("-", " "), words.canonical("es").replace("-", " "))
        for table in tables
        for value, words in table.items()
    }
