"""The pieces every d100 sentence is made of: a word in the reader's language, counts and signs, a test's
outcome and the target with every modifier behind it (`55 (BS 45, aim +10)`), metres as the reader writes them."""

from __future__ import annotations

from collections.abc import Callable

from ..catalog import text
from ..engine import Lang
from ..message import message
from .modifiers import ModifierSum
from .phrase_terms import term
from .tested_events import TestResult


def signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


def metres(value: float, lang: Lang) -> str:
    """`2.5 m`; in Spanish `2,5 m`, the decimal comma."""
    shown = f"{value:g}"
    return f"{shown.replace('.', ',') if lang == 'es' else shown} m"


def _modifier_name(text: str, name: Callable[[str], str], lang: Lang) -> str:
    if text.startswith("assistance: "):  # a helper, named by id in the rules' modifier
        return f"{term('assistance', lang)}: {name(text.removeprefix('assistance: '))}"
    return term(text, lang)


def modifiers_text(modifiers: ModifierSum, target: int, base_label: str, lang: Lang,
                   name: Callable[[str], str] = str) -> str:
    """`55 (BS 45, aim +10)`: the target with the base and every named modifier behind it."""
    base = target - modifiers.total
    parts = [f"{term(base_label, lang)} {base}"]
    parts += [f"{_modifier_name(m.name, name, lang)} {signed(m.value)}" for m in modifiers.modifiers if m.value]
    if modifiers.clamped:
        parts.append(text(message("d100.told.modifiers.capped", total=signed(modifiers.total)), lang))
    return f"{str(target).replace('-', '−')} ({', '.join(parts)})"


def outcome(success: bool, degrees: int, lang: Lang) -> str:
    """`success by 3 degrees`; in Spanish the handouts' `3 grados de éxito` / `1 grado de fracaso`."""
    return text(message("d100.told.outcome." + ("success" if success else "failure"), count=degrees), lang)


def tested(test: TestResult, lang: Lang, name: Callable[[str], str] = str) -> str:
    """`34 vs 25 (Ag 45, putting out the fire −20), failure by 0 degrees`: a test's die, target and outcome."""
    against = modifiers_text(test.modifiers, test.target, test.label, lang, name)
    return f"{test.roll} vs {against}, {outcome(test.success, test.degrees, lang)}"


def hits(number: int, lang: Lang) -> str:
    return text(message("d100.told.hits", count=number), lang)
