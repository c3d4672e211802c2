"""One vocabulary per language: every word the renderings use, in English and in Spanish, from the catalog.

A `RenderedWords` holds, for one language, the transcripts' words and field names, every event title (the
campaign's and the missions' from titles.py, each engine's from its phrases) and the mission reports'
wording. The words are the catalog's (`render.field.*`, `render.title.*`, `render.term.*`, `reply.word.*`,
`mission.*`); a test keeps every one in both languages.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec

from domain.engine import Lang
from domain.rulesets import surface_for, surfaces
from projections.rendering.catalog_words import pairs, said
from projections.rendering.mission_wording import WORDING, Wording
from projections.rendering.titles import TITLES

__all__ = ["VOCABULARY", "Lang", "RenderedWords", "field", "term", "title", "word"]

# Field names as a reader of the forum game calls them: the catalog's `render.field.<key>`.
FIELDS: dict[str, tuple[str, str]] = pairs("render.field.")

# The words of the renderings (a reply, a transcript, a timeline): the catalog's `reply.word.<key>`.
WORDS: dict[str, tuple[str, str]] = pairs("reply.word.")


def _mission_terms() -> dict[str, tuple[str, str]]:
    """The missions' words (objective kinds, how a leader is chosen, specialities, oaths, outcomes)."""
    en, es = WORDING["en"], WORDING["es"]
    found: dict[str, tuple[str, str]] = {}
    for table in ("kinds_short", "methods", "specialities", "oath_names"):
        english, spanish = getattr(en, table), getattr(es, table)
        found.update({str(key): (english[key], spanish[key]) for key in english})
    found.update({"success": (en.success, es.success), "failure": (en.failure, es.failure)})
    return found


# Words of the campaign's own events: how a pinning test was escaped, why turn effects ended …
TERMS: dict[str, tuple[str, str]] = {
    **_mission_terms(),
    **pairs("render.term."),
}


# Every event type's title: the campaign's and the missions', then each engine's own (its phrases).
ALL_TITLES: dict[str, tuple[str, str]] = {
    **TITLES, **{kind: pair for engine in surfaces() for kind, pair in engine.phrases.titles.items()}
}


class RenderedWords(msgspec.Struct, frozen=True, kw_only=True):
    """Every word of the renderings in one language (what is printed; what a participant may type is a
    ruleset's `domain.language.LineForms`)."""

    lang: Lang
    words: dict[str, str]
    fields: dict[str, str]
    titles: dict[str, str]
    report: Wording


def _in(lang: Lang) -> RenderedWords:
    index = 1 if lang == "es" else 0
    return RenderedWords(
        lang=lang,
        words={key: pair[index] for key, pair in WORDS.items()},
        fields={key: pair[index] for key, pair in FIELDS.items()},
        titles={key: pair[index] for key, pair in ALL_TITLES.items()},
        report=WORDING[lang],
    )


VOCABULARY: dict[Lang, RenderedWords] = {"en": _in("en"), "es": _in("es")}


def word(key: str, lang: Lang, **values: object) -> str:
    if "count" in values:  # a counted word has plural forms: the catalog picks the one for the count
        return said(f"reply.word.{key}", lang, **values)
    return VOCABULARY[lang].words[key].format(**values)


@lru_cache(maxsize=256)
def bare_word(key: str, lang: Lang) -> str:
    """`word` without values: fixed once the process has started, asked for by every answer (its "proof" and
    "rolls" labels); keyed by the code's own words, so bounded."""
    return word(key, lang)


def position(round_: int | None, turn: int | None, lang: Lang) -> str:
    """Where in an encounter: "round 2, turn 3"; a round's own steps before its first turn (turn 0 in the
    log's meta) read "round 2, before its first turn": no reader sees a "turn 0"."""
    return word("round_start" if not turn else "round_turn", lang, round=round_ or 0, turn=turn or 0)


def field(name: str, lang: Lang) -> str:
    found = VOCABULARY[lang].fields.get(name)
    return found if found is not None else name.replace("_", " ")


# The engines' words and the vocabulary are fixed when the process starts: a command's answer asks for the same
# few (a standing's keys, conditions) again and again; bounded.
@lru_cache(maxsize=1024)
def term(value: str, lang: Lang, ruleset: str) -> str:
    """A rules word (a condition, a standing key, a pool) as the ruleset's engine says it, else as a field."""
    terms = surface_for(ruleset).phrases.terms
    for key in (value, value.replace("_", " "), value.replace(" ", "_")):
        for table in (terms, TERMS):
            if key in table:
                return table[key][1 if lang == "es" else 0]
    found = VOCABULARY[lang].fields.get(value) or VOCABULARY[lang].words.get(value)
    return found if found is not None else value.replace("_", " ")


def title(kind: str, lang: Lang) -> str:
    """The event type's title in the language; an unknown type (an old, removed event) shows its tag."""
    return VOCABULARY[lang].titles.get(kind, kind)
