"""The Wrath & Glory refusals as a reader gets them: a catalog message with its names and numbers, a count
in the right number in both languages, and Spanish with no English left (issue 20 §1; issue 21 item 7).

Expected sentences are written out by hand from the handouts' terms (seed 003), not read from the catalog.
"""

from __future__ import annotations

import re
from string import Formatter
from typing import get_args, get_type_hints

import pytest
from babel.messages.pofile import read_po

from domain.catalog import LANGS, has, text
from domain.errors import DomainError, RuleViolation
from domain.wrath_and_glory.attacks import AttackOptions
from domain.wrath_and_glory.commands import Attack, ResolveAttack, ShiftIcons
from domain.wrath_and_glory.encounter_commands import Move
from domain.wrath_and_glory.resources import spend
from service.catalog_build import CATALOG
from tests.service.forum.spanish import english_only, leaks

from .scenario import ALICE, run, table, then


def _told(error: DomainError) -> tuple[str, str]:
    assert error.said is not None, f"still prose: {error}"
    return str(error), text(error.said, "es")


def test_wng_refusal_one_exalted_icon_is_singular_in_both_languages() -> None:
    # Issue 21 item 7: a resolve asking for 3 shifts when the dice leave 1 said "only 1 exalted icons".
    # Two 6s and a 4 against the boss's Defence 3: 5 icons, one exalted icon to spare.
    attack = Attack(attacker_id="h1", targets=("boss",), weapon="chainsword", options=AttackOptions())
    state = then(table(), attack, [6, 6, 4, 1, 1, 1, 1], ALICE)
    with pytest.raises(RuleViolation) as refused:
        run(state, ResolveAttack(test_id="t1", target_id="boss", shifts=3), [], ALICE)
    assert refused.value.rule == "shifts"
    assert _told(refused.value) == ("only 1 exalted icon can be shifted", "solo se puede canjear 1 icono exaltado")


def test_wng_refusal_shifts_of_a_skill_test_count_in_the_plural() -> None:
    # Daniel's jump (seed 003): 1, 2, 3, 4, 5, 6, 6 against DN 3 is 6 icons; two 6s are 4 of them, so 3 exalted
    # icons would leave too few: one may be shifted, not two; with no icon to spare, "0 icons".
    from domain.wrath_and_glory.commands import RollTest

    state = then(table(), RollTest(character_id="h1", skill="persuasion"), [1, 2, 3, 4, 5, 6, 6], ALICE)
    with pytest.raises(RuleViolation) as refused:
        run(state, ShiftIcons(test_id="t1", uses=("glory", "glory")), [], ALICE)
    assert _told(refused.value) == ("only 1 exalted icon can be shifted and still meet DN 3",
                                    "solo se puede canjear 1 icono exaltado sin dejar de alcanzar el ND 3")


@pytest.mark.parametrize(("rule", "current", "amount", "english", "spanish"), [
    ("glory", 0, 2, "not enough Glory: 2 needed, 0 left", "Gloria insuficiente: hacen falta 2 y quedan 0"),
    ("glory", 0, 1, "not enough Glory: 1 needed, 0 left", "Gloria insuficiente: hace falta 1 y quedan 0"),
    ("wrath", 0, 1, "not enough Wrath: 1 needed, 0 left", "Ira insuficiente: hace falta 1 y quedan 0"),
    ("ruin", 1, 3, "not enough Ruin: 3 needed, 1 left", "Ruina insuficiente: hacen falta 3 y queda 1"),
    ("reloads", 1, 2, "not enough Reloads: 2 needed, 1 left", "Recargas insuficientes: hacen falta 2 y queda 1"),
])
def test_wng_refusal_a_shortfall_names_its_pool_and_counts(rule: str, current: int, amount: int, english: str,
                                                          spanish: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        spend(current, amount, rule=rule)
    assert refused.value.rule == rule
    assert _told(refused.value) == (english, spanish)


def test_wng_refusal_a_personal_ruin_shortfall_names_its_npc() -> None:
    with pytest.raises(RuleViolation) as refused:
        spend(0, 1, rule="personal_ruin", npc="Kharn")
    assert _told(refused.value) == ("not enough personal Ruin of Kharn: 1 needed, 0 left",
                                    "Ruina personal de Kharn insuficiente: hace falta 1 y quedan 0")


def test_wng_refusal_messages_built_from_a_kind_exist_for_every_kind() -> None:
    # Some refusals name their message after a value (a side, a move's mode, a settled test's kind): every
    # value the commands allow has its sentence in every language.
    modes = get_args(get_type_hints(Move)["mode"])
    assert set(modes) >= {"standard", "run", "climb", "swim"}
    built = [f"term.wng.move_mode.{mode}" for mode in modes]
    built += [f"rule.seize_the_initiative.{side}_{case}" for side in ("players", "gm")
              for case in ("not_after", "already", "nobody_left")]
    built += [f"rule.alternating_activation.{side}" for side in ("players", "gm")]
    built += [f"rule.{kind}.settled" for kind in ("movement", "corruption", "fear")]
    missing = [(message_id, lang) for message_id in built for lang in LANGS if not has(message_id, lang)]
    assert missing == []


def _sentences(lang: str) -> list[str]:
    with (CATALOG / lang / "wng.po").open("rb") as source:
        return [form for entry in read_po(source) if entry.id
                for form in (entry.string if isinstance(entry.string, tuple) else (entry.string,))]


# A command's JSON field quoted for the reader ("reroll") and a docs path are code, the same in both languages.
_CODE = re.compile(r'"[a-z_]+"|\S+\.md\b')


def _filled(sentence: str) -> str:
    return _CODE.sub(" ", sentence.format_map({name: 2 if name in ("count", "cap", "dn", "metres") else "x"
                                                for _, name, _, _ in Formatter().parse(sentence) if name}))


def test_wng_refusal_spanish_sentences_hold_no_english() -> None:
    forbidden = english_only(_filled(sentence) for sentence in _sentences("en"))
    spanish = [_filled(sentence) for sentence in _sentences("es")]
    assert len(spanish) > 180
    found = {sentence: sorted(leaks(sentence, forbidden, {"x"})) for sentence in spanish}
    assert {sentence: words for sentence, words in found.items() if words} == {}
