"""The d100 engine's words come from the catalog (d100_told.po, d100_terms.po): every d100 event type has a
title and a sentence in English and in Spanish, none of them left half-filled, and the plural forms follow the
count. The expected sentences below are worked by hand from RULES.md A2 (degrees) and the handouts' Spanish
(seeds 000–002: «prueba», «HA», «grados de éxito», «asalto», «quemar un punto de Destino»), not read back."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from domain.catalog import has, text
from domain.d100 import EVENTS
from domain.d100 import events as ev
from domain.d100.commands import RollTest
from domain.d100.encounter_events import EncounterEnded
from domain.d100.modifiers import ModifierSum
from domain.d100.phrase_terms import TERMS, term
from domain.d100.phrases import PHRASES
from domain.engine import Lang
from domain.events import Event
from domain.message import LANGS, message
from tests.d100.encounter_fixtures import ANNA, Table, marine
from tests.d100.phrase_samples import logged_events

ROOT = Path(__file__).resolve().parents[2]
NAMES = {"brother": "Brother Kai"}


def name(key: str) -> str:
    return NAMES.get(key, key.replace("/", " ").title())


def told(event: Event, lang: Lang, namer: Callable[[str], str] = name) -> str | None:
    return PHRASES.sentence(event, namer, lang)


def _tag(event_type: type) -> str:
    return str(event_type.__struct_config__.tag)  # type: ignore[attr-defined]


# The event types the d100 tests' tables never log (a GM edits a sheet, a Fate point burned, a jam cleared):
# built here, each with what its sentence needs.
_BUILT: tuple[Event, ...] = (
    ev.FateBurned(character_id="brother", reason="a killing blow", fate_max_after=2, fate_after=2),
    ev.SheetEdited(character_id="brother", sheet=marine(), reason="a new bionic arm"),
    ev.UnjamAttempted(character_id="brother", weapon_id="bolter", test_id="u1", characteristic="BS",
                      modifiers=ModifierSum(modifiers=(), raw=0, total=0, clamped=False), target=50, dice=(), roll=31, success=True,
                      degrees=1),
)


def _samples() -> dict[str, Event]:
    found: dict[str, Event] = {}
    for event in (*logged_events(), *_BUILT):
        found.setdefault(_tag(type(event)), event)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_d100_event_type_has_a_title_and_a_sentence_from_the_catalog(lang: Lang) -> None:
    samples = _samples()
    untold, half_filled, untitled = [], [], []
    for event_type in EVENTS:
        tag = _tag(event_type)
        if not has(f"d100.title.{tag}", lang) or PHRASES.titles[tag][LANGS.index(lang)] in ("", tag):
            untitled.append(tag)
        sample = samples.get(tag)
        if sample is None:
            untold.append(tag)
            continue
        said = told(sample, lang) or PHRASES.aside(sample, name, lang)
        if not said:
            untold.append(tag)
        elif re.search(r"[{}]|d100\.told|term\.d100|sentence\.d100", said):
            half_filled.append(f"{tag}: {said}")
    assert (untold, half_filled, untitled) == ([], [], [])


def test_the_spanish_sentences_are_spanish() -> None:
    """Every logged event told in both languages: the Spanish differs from the English wherever a word is said."""
    same = [told(e, "en") for e in (*logged_events(), *_BUILT)
            if told(e, "en") and told(e, "en") == told(e, "es") and re.search(r"\b(the|of|to|and)\b", told(e, "en") or "")]
    assert same == []


def test_a_test_roll_with_its_degrees_in_both_languages() -> None:
    # RULES A2: WS 45, Challenging +0 → target 45; roll 23 succeeds by ⌊(45 − 23) / 10⌋ = 2 degrees.
    table = Table()
    table.register("brother", "anna", marine())
    (rolled,) = table.run(RollTest(test_id="t1", character_id="brother", characteristic="WS"), [23], ANNA)
    assert told(rolled, "en") == "Brother Kai: test of WS 23 vs 45 (WS 45), success by 2 degrees"
    assert told(rolled, "es") == "Brother Kai: prueba de HA 23 vs 45 (HA 45), 2 grados de éxito"


def test_one_degree_is_singular_and_none_plural() -> None:
    # Roll 35 vs 45: ⌊10 / 10⌋ = 1 degree; roll 36: ⌊9 / 10⌋ = 0 degrees (still a success, RULES A2).
    table = Table()
    table.register("brother", "anna", marine())
    (one,) = table.run(RollTest(test_id="t1", character_id="brother", characteristic="WS"), [35], ANNA)
    (none,) = table.run(RollTest(test_id="t2", character_id="brother", characteristic="WS"), [36], ANNA)
    assert told(one, "en").endswith("success by 1 degree")  # type: ignore[union-attr]
    assert told(one, "es").endswith("1 grado de éxito")  # type: ignore[union-attr]
    assert told(none, "en").endswith("success by 0 degrees")  # type: ignore[union-attr]
    assert told(none, "es").endswith("0 grados de éxito")  # type: ignore[union-attr]


def test_counted_words_follow_the_count() -> None:
    one_round = EncounterEnded(encounter_id="e1", rounds=1)
    assert told(one_round, "en") == "The fight ends after 1 round"
    assert told(one_round, "es") == "Termina el combate tras 1 asalto"
    assert told(EncounterEnded(encounter_id="e1", rounds=3), "es") == "Termina el combate tras 3 asaltos"
    # Was "(1 rounds)": a clip with one round left is one round.
    reloaded = ev.WeaponReloaded(character_id="brother", weapon_id="bolter", ammo=1)
    assert told(reloaded, "en") == "Brother Kai reloads Brother Bolter (1 round)"
    assert told(reloaded, "es") == "Brother Kai recarga Brother Bolter (1 disparo)"


def test_a_burned_fate_point_is_burned_in_spanish_too() -> None:
    burned = _BUILT[0]
    assert told(burned, "en") == "Brother Kai burns a Fate point: a killing blow"
    assert told(burned, "es") == "Brother Kai quema un punto de Destino: a killing blow"


def test_the_terms_are_the_handouts_words() -> None:
    # Seed 000: HA/HP for WS/BS, «Esquivar», «cuerpo a tierra»; a name the catalog does not know is shown as written.
    assert [term(t, "es") for t in ("WS", "BS", "Dodge", "prone")] == ["HA", "HP", "Esquivar", "cuerpo a tierra"]
    assert term("Kai's lucky charm", "es") == "Kai's lucky charm"
    assert TERMS["WS"] == ("WS", "HA")
    assert "listed" not in TERMS  # a refusal's part ({first}, {rest}) is not a term
    assert text(message("term.d100.WS"), "es") == "HA"


def _prose(path: Path) -> list[str]:
    """String literals of a module that read as words (two of them), docstrings aside."""
    tree = ast.parse(path.read_text())
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [f"{path.name}:{node.lineno} {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
            and re.search(r"[A-Za-zÀ-ÿ]{2,}\s+[A-Za-zÀ-ÿ]{2,}", node.value) and node.value not in TERMS]


def test_no_d100_phrase_module_holds_its_words() -> None:
    """The sentences and words are the catalog's: a phrase module names message ids and the rules' own keys
    (a modifier's name, `shock table`), never a phrase in English or Spanish."""
    modules = sorted((ROOT / "domain" / "d100").glob("*phrase*.py"))
    assert len(modules) >= 7
    assert [said for path in modules for said in _prose(path)] == []


def test_every_word_a_player_types_has_a_term_a_reader_is_shown() -> None:
    """The command language's word lists (typed words, domain/d100/vocabulary.py) and the catalog's terms (read
    words) are kept apart; each value a player can type has its shown term in both languages."""
    from domain.d100 import vocabulary as v

    tables = (v.ATTACK_ACTIONS, v.CIRCUMSTANCES, v.LOCATIONS, v.CONDITIONS, v.FATE_USES, v.ACTIONS,
              v.GRAPPLE_OPTIONS, v.DIFFICULTIES, v.DAMAGE_TYPES, v.CHARACTERISTICS, v.SPANISH_SKILLS, v._USE)
    values = {str(value) for table in tables for value in table}
    assert len(values) > 80
    assert sorted(value for value in values if not all(has(f"term.d100.{value}", lang) for lang in LANGS)) == []
