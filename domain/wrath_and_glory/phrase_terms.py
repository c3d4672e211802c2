"""The Wrath & Glory engine's terms as a reader is shown them: skills, attributes, conditions, actions, shifts,
the causes of Glory, Wrath and Ruin, the modifiers' names and the words of its outcomes.

The words are the catalog's (`term.wng.<key>`, domain/catalog/*/wng_terms.po), the key being the name the rules
record (a word list's value, a modifier's source, a standing key) in lower case with underscores. The words a
player types for them are the command language's (domain/wrath_and_glory/vocabulary.py): grammar, not reading
(docs/architecture.md, "Words").
"""

from __future__ import annotations

import re
from functools import lru_cache

from domain.catalog import text
from domain.catalog.pairs import CatalogPairs, pair
from domain.engine import Lang
from domain.message import message

_NOT_KEY = re.compile(r"[^a-z0-9]+")


def key_of(said: str) -> str:
    """The catalog key of a rules name: "all-out attack" and "all_out_attack" are one word."""
    return _NOT_KEY.sub("_", said.lower())


TERMS = CatalogPairs("term.wng", folded=key_of)


# Bounded: the rules' words are a few hundred, the names players give modifiers are not.
@lru_cache(maxsize=2048)
def term(said: str, lang: Lang) -> str:
    """A Wrath & Glory word as a reader says it; a word it does not know (a name a player gave) as written."""
    found = TERMS.key(said)
    if found is not None:
        return pair(TERMS.prefix + found)[1 if lang == "es" else 0]
    # A troop's combined attack names its bonus by the members it counted (combat_decisions): "troop of 5".
    troop = _TROOP.match(said)
    if troop is not None:
        return text(message("term.wng.troop_of", members=troop[1]), lang)
    # The action a test or a move spends is named by it (roll_decisions, movement_decisions): "stealth test",
    # "run move"; the log tells that action with its facts.
    spent = _SPENT_ON.match(said)
    if spent is not None:
        return text(message(f"term.wng.spent.{spent['kind']}", what=term(spent["what"], lang)), lang)
    # A multiple shot's DN penalty names how many targets it added (attacks.plan_attack): "2 extra targets".
    extra = _EXTRA_TARGETS.match(said)
    if extra is not None:
        return text(message("term.wng.extra_targets", count=int(extra[1])), lang)
    # A called shot's DN penalty names where it aims (attacks._called_shot): "called shot: head".
    called = _CALLED_SHOT.match(said)
    if called is not None:
        return text(message("term.wng.called_shot", location=term(called[1], lang)), lang)
    return said


_CALLED_SHOT = re.compile(r"^called shot: (.+)$")
_TROOP = re.compile(r"^troop of (\d+)$")
_EXTRA_TARGETS = re.compile(r"^(\d+) extra targets$")
_SPENT_ON = re.compile(r"^(?P<what>[a-z_]+) (?P<kind>test|move)$")
