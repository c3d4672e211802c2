"""The d100 engine's terms as a reader is shown them: characteristics, skills, difficulties, attack actions,
circumstances, hit locations, conditions, Fate uses, actions and the modifiers' names.

The words are the catalog's (`term.d100.<name>`, domain/catalog/*/d100_terms.po), the name being the one the
rules record (a modifier's name in an event, a word list's value). The words a player types for them are the
command language's (domain/d100/vocabulary.py): grammar, not reading (docs/architecture.md, "Words").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cached_property

from ..catalog import catalog, text
from ..engine import Lang
from ..message import message
from ..missions.oaths import OATHS


class CatalogPairs(Mapping[str, tuple[str, str]]):
    """Every word `<prefix>.<key>` of the catalog as the key's English and Spanish (and the pairs of `also`, words
    kept elsewhere), for the engine interface's titles and terms (domain.engine.Phrases), which hand both
    languages at once. A word's key has no dot and its sentence no parameter (`term.d100.doing.ride` and
    `term.d100.listed` are the refusals' parts, not terms). The keys are read from the English catalog on first
    use (an import loads no catalog); the words when asked."""

    def __init__(self, prefix: str, also: Mapping[str, tuple[str, str]] | None = None) -> None:
        self.prefix = f"{prefix}."
        self.also = also or {}

    @cached_property
    def known(self) -> frozenset[str]:
        return frozenset(key.removeprefix(self.prefix) for key, said in catalog("en").items()
                         if isinstance(key, str) and key.startswith(self.prefix)
                         and "." not in key.removeprefix(self.prefix) and "{" not in said)

    def __getitem__(self, key: str) -> tuple[str, str]:
        if key not in self.known:
            return self.also[key]
        said = message(self.prefix + key)
        return text(said, "en"), text(said, "es")

    def __contains__(self, key: object) -> bool:
        return key in self.known or key in self.also

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self.known | set(self.also)))

    def __len__(self) -> int:
        return len(self.known | set(self.also))


# The oaths are the missions' words (domain/missions/oaths.py), told in d100 events too.
OATH_TERMS = {spec.name_en: (spec.name_en, spec.name_es) for spec in OATHS.values()}

_WORDS = CatalogPairs("term.d100")
TERMS: Mapping[str, tuple[str, str]] = CatalogPairs("term.d100", also=OATH_TERMS)

_KEYED = re.compile(r"^(?P<head>[^:(]+?)(?::\s*(?P<tail>.+)|\s*\((?P<inner>[^)]*)\))$")


def term(said: str, lang: Lang) -> str:
    """A d100 word or modifier name as a reader says it; words it does not know (a name a player gave a
    modifier, a weapon) are shown as written."""
    for key in (said, said.replace("_", " "), said.replace(" ", "_")):
        if key in _WORDS:
            return text(message(f"term.d100.{key}"), lang)
        if key in OATH_TERMS:
            return OATH_TERMS[key][1 if lang == "es" else 0]
    keyed = _KEYED.match(said)
    if keyed is not None:
        head = term(keyed["head"].strip(), lang)
        if keyed["tail"] is not None:
            return f"{head}: {term(keyed['tail'].strip(), lang)}"
        return f"{head} ({term(keyed['inner'].strip(), lang)})"
    return said
