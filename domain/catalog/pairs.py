"""A catalog area's words as `(English, Spanish)` pairs, for the engine interface's titles and terms
(domain.engine.Phrases), which hand both languages at once.

A word is `<prefix>.<key>` whose key has no dot and whose sentence has no parameter (`term.d100.doing.ride`,
`term.wng.troop_of` are refusals' parts and patterns, not words). The keys are read from the English catalog
on first use, so an import loads no catalog; the words when asked, then kept (a few hundred per engine).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache, cached_property

from domain.catalog import catalog, text
from domain.message import message


@cache
def pair(message_id: str) -> tuple[str, str]:
    said = message(message_id)
    return text(said, "en"), text(said, "es")


class CatalogPairs(Mapping[str, tuple[str, str]]):
    """Every word `<prefix>.<key>` of the catalog as its English and Spanish; `folded` maps any spelling of a
    rules name to its key ("all-out attack" and "all_out_attack" are one word), and `also` adds pairs kept
    elsewhere (the Deathwatch oaths' names)."""

    def __init__(self, prefix: str, *, folded: Callable[[str], str] | None = None,
                 also: Mapping[str, tuple[str, str]] | None = None) -> None:
        self.prefix = f"{prefix}."
        self.folded = folded
        self.also = also or {}

    @cached_property
    def known(self) -> frozenset[str]:
        return frozenset(found.removeprefix(self.prefix) for found, said in catalog("en").items()
                         if isinstance(found, str) and found.startswith(self.prefix)
                         and "." not in found.removeprefix(self.prefix) and "{" not in said)

    def key(self, said: object) -> str | None:
        """The catalog key the word is told by, or None for a word the catalog does not hold."""
        if not isinstance(said, str):
            return None
        found = self.folded(said) if self.folded is not None else said
        return found if found in self.known else None

    def __getitem__(self, said: str) -> tuple[str, str]:
        found = self.key(said)
        if found is None:
            return self.also[said]
        return pair(self.prefix + found)

    def __contains__(self, said: object) -> bool:
        return self.key(said) is not None or said in self.also

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self.known | set(self.also)))

    def __len__(self) -> int:
        return len(self.known | set(self.also))
