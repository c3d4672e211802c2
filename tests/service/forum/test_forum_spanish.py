"""Every event type of every ruleset, rendered in Spanish, holds no English: a made-up instance of each
(every literal value of its fields in turn) told in both languages, and the Spanish checked against the
English-only words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

import domain.campaign.events as campaign_events
import domain.missions.events as mission_events
from domain.campaign.state import CampaignState, Character
from domain.events import Event
from domain.message import Message, message
from domain.rulesets import engines
from projections.rendering.summaries import summarize

from .spanish import english_only, leaks

NAMES = {"Zed Qux", "x", "zed", "qux"}


def _value(kind: msgspec.inspect.Type, name: str, pick: int) -> Any:
    match kind:
        case msgspec.inspect.LiteralType(values=values):
            return values[pick % len(values)]
        case msgspec.inspect.StrType():
            return "zed" if name.endswith("_id") or name in ("winner", "by", "personal_of") else "x"
        case msgspec.inspect.BoolType():
            return pick % 2 == 0
        case msgspec.inspect.IntType():
            return 2
        case msgspec.inspect.FloatType():
            return 1.5
        case msgspec.inspect.NoneType():
            return None
        case msgspec.inspect.UnionType(types=types):
            chosen = [t for t in types if not isinstance(t, msgspec.inspect.NoneType)]
            return _value(chosen[pick % len(chosen)], name, pick)
        case msgspec.inspect.VarTupleType(item_type=item) | msgspec.inspect.ListType(item_type=item):
            return (_value(item, name.removesuffix("s") + "_id" if name.endswith(("targets", "order",
                                                                                  "participants")) else name, pick),)
        case msgspec.inspect.FrozenSetType(item_type=item) | msgspec.inspect.SetType(item_type=item):
            return frozenset({_value(item, name, pick)})
        case msgspec.inspect.DictType():
            return {}
        case msgspec.inspect.StructType(cls=cls, fields=fields):
            if {f.name for f in fields} == {"k", "sides", "value"}:
                return cls(k=0, sides=10, value=7)
            if cls is Message:  # a refusal's message: a real one of the catalog, its parameters filled in
                return message("rule.not_in_encounter.encounter", character="Zed Qux", encounter="x")
            if cls.__name__ == "Term":  # a dice expression's term: one d10, which the one die above fills
                return cls(sign=1, count=1, sides=10)
            if cls.__name__ == "Message":  # a refusal's message: one of the catalog, with its parameter
                return cls("rule.undo", {"encounter": "zed"})
            return cls(**{f.name: _value(f.type, f.name, pick) for f in fields})
    raise TypeError(kind)


def _event_types() -> Iterator[tuple[str, type[Event]]]:
    for engine in engines():
        for kind in engine.events:
            yield engine.name, kind
    for module in (campaign_events, mission_events):
        for kind in module.EVENTS:
            yield "campaign", kind


def _instances(kind: type[Event]) -> list[Event]:
    info = msgspec.inspect.type_info(kind)
    assert isinstance(info, msgspec.inspect.StructType)
    widest = max([len(f.type.values) for f in info.fields if isinstance(f.type, msgspec.inspect.LiteralType)] + [2])
    made: list[Event] = []
    for pick in range(widest):
        try:
            made.append(kind(**{f.name: _value(f.type, f.name, pick) for f in info.fields}))
        except (TypeError, ValueError, msgspec.ValidationError):
            continue
    assert made, kind
    return made


RULESET = {"d100": "deathwatch", "wrath_and_glory": "wrath_and_glory", "campaign": "deathwatch"}
CASES = [(family, kind) for family, kind in _event_types()]


def _state(family: str) -> CampaignState:
    return CampaignState(ruleset=RULESET[family],  # type: ignore[arg-type]
                         characters={"zed": Character("zed", "Zed Qux", "p1", "pc", {}, 1)})


def _told(family: str, kind: type[Event], lang: str) -> list[str]:
    state = _state(family)
    return [summarize(event, state, lang) for event in _instances(kind)]  # type: ignore[arg-type]


FORBIDDEN = english_only(text for family, kind in CASES for text in _told(family, kind, "en"))


@pytest.mark.parametrize(("family", "kind"), CASES, ids=lambda v: v if isinstance(v, str) else v.__name__)
def test_forum_spanish_every_event_type_is_told_without_english(family: str, kind: type[Event]) -> None:
    for text in _told(family, kind, "es"):
        assert not leaks(text, FORBIDDEN, NAMES), (text, sorted(leaks(text, FORBIDDEN, NAMES)))


def test_forum_spanish_the_check_catches_english() -> None:
    assert leaks("Zed Qux takes 3 damage from 2 hits", FORBIDDEN, NAMES) >= {"takes", "damage", "hits"}
    assert not leaks("Zed Qux recibe 3 de daño: cuerpo [7]+9 = 16", FORBIDDEN, NAMES)


@pytest.mark.parametrize("area", ["core", "wng", "edge"])
def test_forum_spanish_every_catalog_refusal_of_an_area_is_spanish(area: str) -> None:
    # Every refusal the rules and the edge say (rule., forbidden., not_found., conflict., edge.), as the catalog
    # tells it in Spanish with made-up values: no English word of the English renderings (the d100 area below).
    from string import Formatter

    from babel.messages.pofile import read_po

    from service.catalog_build import CATALOG

    with (CATALOG / "es" / f"{area}.po").open("rb") as source:
        sentences = [form for entry in read_po(source) if entry.id and str(entry.id if isinstance(entry.id, str)
                     else entry.id[0]).startswith(("rule.", "forbidden.", "not_found.", "conflict.", "edge."))
                     for form in (entry.string if isinstance(entry.string, tuple) else (entry.string,))]
    assert sentences
    filled = [sentence.format_map({name: 2 if name == "count" or "," in (spec or "") else "x"
                                   for _, name, spec, _ in Formatter().parse(sentence) if name})
              for sentence in sentences]
    # What a reader types or reads as code stays as written: option, field, header and query parameter names
    # (`after`, `session`, `encounter`), JSON, paths.
    code = re.compile(r"\S*[_/\"=-]\S*|'[^']*'|`[^`]*`")
    found = {text: sorted(leaks(code.sub(" ", text), FORBIDDEN, NAMES | {"id", "pc", "npc", "after", "session", "encounter"})) for text in filled}
    assert {text: words for text, words in found.items() if words} == {}


def test_forum_spanish_every_d100_catalog_refusal_is_spanish() -> None:
    # The d100 rules' refusals, as the catalog tells them in Spanish (names and numbers filled in by made-up
    # values): no English word of the English renderings.
    from string import Formatter

    from babel.messages.pofile import read_po

    from service.catalog_build import CATALOG

    with (CATALOG / "es" / "d100.po").open("rb") as source:
        sentences = [form for entry in read_po(source) if entry.id
                     for form in (entry.string if isinstance(entry.string, tuple) else (entry.string,))]
    assert len(sentences) > 150
    filled = [sentence.format_map({name: 2 if name in ("count", "metres", "reach", "magnitude") else "x"
                                   for _, name, _, _ in Formatter().parse(sentence) if name})
              for sentence in sentences]
    found = {text: sorted(leaks(text, FORBIDDEN, NAMES | {"id", "targets_apart_m", "extended_id"})) for text in filled}
    assert {text: words for text, words in found.items() if words} == {}
