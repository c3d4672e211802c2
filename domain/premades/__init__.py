"""Premade sheets shipped with the service, named by id wherever a sheet is given (`create_character` with
`"premade": "<id>"`, `!register "Brother Kai" #kai from=tactical`), listed by `GET /rulesets/{ruleset}/premades`.

Each premade has an English id (its `id`) and a Spanish one (the catalog's `premade.<id>.id`); either names it.
A `sheet` given beside a premade is a partial sheet merged over the premade's: objects merge key by key, any
other value (a list of weapons, a number) replaces the premade's.
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.catalog import text
from domain.errors import UnknownEntity
from domain.events import JsonObject
from domain.message import Lang, Message, message
from domain.premades import d100, wrath_and_glory
from domain.premades.premade import Premade, PremadeKind, Source

__all__ = ["PREMADES", "Premade", "PremadeKind", "Source", "find", "for_ruleset", "local_id", "merged", "named"]

PREMADES: tuple[Premade, ...] = d100.PREMADES + wrath_and_glory.PREMADES
_BY_ID: dict[str, Premade] = {premade.id: premade for premade in PREMADES}
assert len(_BY_ID) == len(PREMADES), "two premades share an id"


def for_ruleset(ruleset: str) -> tuple[Premade, ...]:
    """The premades that play in a ruleset, in their shipped order."""
    return tuple(premade for premade in PREMADES if ruleset in premade.rulesets)


def local_id(premade: Premade, lang: Lang) -> str:
    """The id a reader of `lang` types: the English id, or the Spanish one of the catalog."""
    return premade.id if lang == "en" else text(message(f"premade.{premade.id}.id"), lang)


def named(typed: str) -> Premade | None:
    """The premade an id names, English or Spanish, whatever its ruleset."""
    key = typed.strip().casefold()
    found = _BY_ID.get(key)
    if found is not None:
        return found
    return next((premade for premade in PREMADES if local_id(premade, "es") == key), None)


def find(ruleset: str, typed: str) -> Premade:
    """The premade `typed` names in `ruleset`; else refused, naming the ids that exist there."""
    found = named(typed)
    if found is not None and ruleset in found.rulesets:
        return found
    raise UnknownEntity(case="premade", premade=typed, known=_listed(for_ruleset(ruleset)))


def _listed(premades: tuple[Premade, ...]) -> Message:
    """The ids as a reader types them, in the reader's language: one nested message per id, joined."""
    if not premades:
        return message("premade.none")
    said = message(f"premade.{premades[-1].id}.id")
    for premade in reversed(premades[:-1]):
        said = message("premade.list", first=message(f"premade.{premade.id}.id"), rest=said)
    return said


def merged(base: Mapping[str, object], overrides: Mapping[str, object]) -> JsonObject:
    """`overrides` over `base`: objects merge key by key, anything else replaces."""
    result: JsonObject = dict(base)
    for key, value in overrides.items():
        below = result.get(key)
        if isinstance(value, Mapping) and isinstance(below, Mapping):
            result[key] = merged(below, value)
        else:
            result[key] = value
    return result
