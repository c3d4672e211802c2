"""The pieces every Wrath & Glory sentence is made of: counts, a pool's faces with its Wrath die marked,
modifiers, icons, a test's result and what its Wrath die did; the words are the catalog's (`wng.told.*`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from domain.catalog import sentence
from domain.engine import Lang
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.phrase_terms import term
from domain.wrath_and_glory.rolls import PoolDie


def told(message_id: str, lang: Lang, **params: str | int) -> str:
    """One of the engine's sentences (`wng.told.<id>`) in the reader's language, its parameters filled in.

    The same as `domain.catalog.text(message(...), lang)` for the plain words and numbers these sentences take
    (no nested message, no grouped thousands), filled by `str.format` from a cached template: a page tells
    hundreds of events, each with several parts."""
    count = params.get("count")
    return _template(message_id, lang, count if isinstance(count, int) else None).format(**params)


@lru_cache(maxsize=512)
def _template(message_id: str, lang: Lang, count: int | None) -> str:
    return sentence(f"wng.told.{message_id}", lang, count)


@lru_cache(maxsize=512)
def counted(message_id: str, number: int, lang: Lang) -> str:
    """A count with its noun, in its plural form ("1 wound", "2 heridas"): the same few, told again and again."""
    return told(message_id, lang, count=number)


@lru_cache(maxsize=128)
def word(message_id: str, lang: Lang) -> str:
    """A sentence without parameters (`wng.told.<id>`), the same few words told again and again."""
    return told(message_id, lang)


def metres(value: float, lang: Lang) -> str:
    """`2.5 m`; in Spanish `2,5 m`, the decimal comma."""
    shown = f"{value:g}"
    return f"{shown.replace('.', ',') if lang == 'es' else shown} m"


def faces(dice: Sequence[PoolDie]) -> str:
    """`[6][5][3] ⚡[6]`: the pool's faces, the Wrath die marked."""
    pool = "".join(f"[{d.die.value}]" for d in dice if d.role != "wrath")
    wrath = [d.die.value for d in dice if d.role == "wrath"]
    return pool + (f" ⚡[{wrath[0]}]" if wrath else "")


def mods(modifiers: Sequence[Modifier], lang: Lang, unit: str = "") -> str:
    return ", ".join(f"{term(m.source, lang)} {m.value:+d}{unit}" for m in modifiers if m.value)


def wrath(outcome: str, lang: Lang) -> str:
    if outcome in ("glory", "complication"):
        # A 6's Glory is the pool's: its change follows ("Glory 0 → 1"), told once, not here too (issue 21).
        return word(f"wrath.{outcome}", lang)
    return ""


def icons(number: int, lang: Lang) -> str:
    return counted("icons", number, lang)


def result(success: bool, lang: Lang) -> str:
    return word("result.success" if success else "result.failure", lang)
