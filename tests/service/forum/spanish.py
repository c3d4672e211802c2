"""No English left in Spanish text: the English words of every rendering, less the words Spanish shares.

The English words are those of every English table (titles, field names, words, every engine's terms)
and of the English rendering of every event type; the Spanish words are those of every Spanish table and
of the command language's Spanish vocabulary. A Spanish text may hold none of the English-only words,
except the names the test itself gave (characters, weapons, free text).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from domain.grammars import grammars
from domain.rulesets import engines
from projections.rendering.vocabulary import ALL_TITLES, FIELDS, TERMS, WORDS

_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


# Shared by both languages: "vs" (versus, as Spanish tables write rolls), units and the handouts' ED; and
# Spanish words spelled like English ones ("salvo" except, "dice" says).
SHARED = {"vs", "m", "ed", "sha", "salvo", "dice", "extra"}  # "dados extra de daño" (seed 003)


def _tables(index: int) -> set[str]:
    found: set[str] = set()
    pairs = [*ALL_TITLES.values(), *FIELDS.values(), *WORDS.values(), *TERMS.values()]
    for engine in engines():
        pairs += list(engine.phrases.terms.values())
    for pair in pairs:
        found |= words(pair[index])
    return found


def spanish_vocabulary() -> set[str]:
    found = _tables(1) | SHARED
    for grammar in grammars():
        for form in grammar.forms:
            for word, lang in form.verbs.pairs():
                if lang == "es":
                    found |= words(word)
            for segment in form.all_segments():
                for slot in segment.slots:
                    for meaning in getattr(slot, "options", ()):
                        found |= {w for w, lang in meaning[1].pairs() if lang == "es" for w in words(w)}
    return found


def english_only(english_texts: Iterable[str]) -> set[str]:
    """Words of English renderings and tables that Spanish does not also use."""
    english = _tables(0)
    for text in english_texts:
        english |= words(text)
    return english - spanish_vocabulary()


# Links, post ids and hex digests (a chain head, a seed's commitment): letters that are no words.
_LINKS = re.compile(r"https?://[^\s)\]]+|/campaigns/[^\s)\]]+|\bt\d+\b|\b[0-9a-f]{12,}\b")


def leaks(spanish_text: str, forbidden: set[str], names: set[str]) -> set[str]:
    """The English-only words in a Spanish text (the given names, the links' addresses and digests left out)."""
    text = _LINKS.sub(" ", spanish_text)
    return (words(text) - {n.lower() for name in names for n in words(name)}) & forbidden
