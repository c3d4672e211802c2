"""The d100 engine's terms as a reader is shown them: characteristics, skills, difficulties, attack actions,
circumstances, hit locations, conditions, Fate uses, actions and the modifiers' names.

The words are the catalog's (`term.d100.<name>`, domain/catalog/*/d100_terms.po), the name being the one the
rules record (a modifier's name in an event, a word list's value). The words a player types for them are the
command language's (domain/d100/vocabulary.py): grammar, not reading (docs/architecture.md, "Words").
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..catalog import text
from ..catalog.pairs import CatalogPairs
from ..engine import Lang
from ..message import message
from ..missions.oaths import OATHS

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
