"""The pieces every Wrath & Glory sentence is made of: a word in the reader's language, counts, a pool's faces
with its Wrath die marked, modifiers, icons, a test's result and what its Wrath die did."""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import Lang
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.phrase_terms import term
from domain.wrath_and_glory.rolls import PoolDie


def pick(lang: Lang, en: str, es: str) -> str:
    return es if lang == "es" else en


def count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def metres(value: float, lang: Lang) -> str:
    """`2.5 m`; in Spanish `2,5 m`, the decimal comma."""
    shown = f"{value:g}"
    return f"{shown.replace('.', ',') if lang == 'es' else shown} m"


def faces(dice: Sequence[PoolDie]) -> str:
    """`[6][5][3] Wrath [6]`: the pool's faces, the Wrath die marked."""
    pool = "".join(f"[{d.die.value}]" for d in dice if d.role != "wrath")
    wrath = [d.die.value for d in dice if d.role == "wrath"]
    return pool + (f" ⚡[{wrath[0]}]" if wrath else "")


def mods(modifiers: Sequence[Modifier], lang: Lang, unit: str = "") -> str:
    return ", ".join(f"{term(m.source, lang)} {m.value:+d}{unit}" for m in modifiers if m.value)


def wrath(outcome: str, lang: Lang) -> str:
    if outcome == "glory":
        # The Glory is the pool's: its change follows ("Glory 0 → 1"), told once, not here too (issue 21).
        return pick(lang, "Wrath die 6", "dado de la Ira 6")
    if outcome == "complication":
        return pick(lang, "Wrath die 1: complication!", "dado de la Ira 1: ¡complicación!")
    return ""


def icons(number: int, lang: Lang) -> str:
    return pick(lang, f"{number} icon{'' if number == 1 else 's'}", f"{number} icono{'' if number == 1 else 's'}")


def result(success: bool, lang: Lang) -> str:
    return pick(lang, "success" if success else "failure", "éxito" if success else "fallo")
