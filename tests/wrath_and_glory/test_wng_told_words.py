"""Every Wrath & Glory event is told in English and Spanish from the catalog (wng_told.po, wng_terms.po).

The events are the ones docs/rules-wrath-and-glory.md shows (one example at least of every event type, decoded
from the docs' JSON, not made by the code), and a few built here for the singular and plural cases. The
expectations are worked out by hand from RULES.md and seed 003's Spanish handout: a 4 or 5 is an icon, a 6 two
(exalted); a soak ignores one wound per icon and costs 1 shock plus 1 per wound ignored; damage above
Resilience is wounds; Spanish "Ira", "Gloria", "Ruina", "ND", "iconos", "ignorar heridas", "prueba de muerte".
"""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from domain.catalog import has
from domain.dice import Die
from domain.events import Event
from domain.wrath_and_glory import EVENTS, WngEvent
from domain.wrath_and_glory.encounter_events import EncounterEnded
from domain.wrath_and_glory.events import DamageApplied, SoakRolled
from domain.wrath_and_glory.phrase_terms import TERMS, term
from domain.wrath_and_glory.phrases import PHRASES, TITLES

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules-wrath-and-glory.md"
NAMES = {"elena": "Elena", "sigma": "Sigma 19", "boss": "Warboss", "orks": "Ork boyz", "more-orks": "More orks",
         "tomas": "Tomás"}


def _name(character_id: str) -> str:
    return NAMES.get(character_id, character_id)


def _documented() -> list[Event]:
    """Every event line of the rules' document (its command lines do not decode as events, and are skipped)."""
    found: list[Event] = []
    for line in re.findall(r'^\{"type": "wng_[^\n]*\}$', DOCS.read_text(), re.M):
        try:
            found.append(msgspec.json.decode(line, type=WngEvent))  # type: ignore[arg-type]
        except msgspec.ValidationError:
            continue
    return found


DOCUMENTED = _documented()


def _told(event: Event, lang: str) -> str:
    """What a page listing every event shows: the sentence, else the aside of an event a reply leaves out."""
    return PHRASES.sentence(event, _name, lang) or PHRASES.aside(event, _name, lang) or ""  # type: ignore[arg-type]


def _documented_of(tag: str) -> list[Event]:
    return [e for e in DOCUMENTED if type(e).__struct_config__.tag == tag]


def test_wng_told_words_every_event_type_is_documented_and_titled_in_both_languages() -> None:
    tags = sorted(str(cls.__struct_config__.tag) for cls in EVENTS)
    assert {str(type(e).__struct_config__.tag) for e in DOCUMENTED} == set(tags)
    for tag in tags:
        assert has(f"wng.title.{tag}", "en") and has(f"wng.title.{tag}", "es"), tag
        english, spanish = TITLES[tag]
        assert english and spanish, tag


@pytest.mark.parametrize("event", DOCUMENTED, ids=lambda e: str(type(e).__struct_config__.tag))
def test_wng_told_words_every_documented_event_reads_in_english_and_spanish(event: Event) -> None:
    english, spanish = _told(event, "en"), _told(event, "es")
    assert english and spanish
    for said in (english, spanish):
        # Nothing left unfilled, and no message id or catalog key shown instead of words.
        assert "{" not in said and "wng.told" not in said and "term.wng" not in said and "wng.title" not in said


def test_wng_told_words_a_documented_soak_of_one_icon_is_singular_in_spanish() -> None:
    # docs: the Warboss soaks 5 wounds with [1][1][1][1][4][2]: the 4 is the one icon, so 1 wound is ignored,
    # 4 are left, and it costs 1 shock + 1 per wound ignored = 2 (seed 003, "Ignorar heridas").
    soak = next(e for e in _documented_of("wng_soak_rolled") if e.character_id == "boss")  # type: ignore[attr-defined]
    assert _told(soak, "en") == "Warboss soaks: [1][1][1][1][4][2] → 1 icon, 1 ignored, 4 left (costs 2 shock)"
    assert _told(soak, "es") == ("Warboss ignora heridas: [1][1][1][1][4][2] → 1 icono, 1 ignorada, quedan 4 "
                                 "(cuesta 2 de shock)")


def test_wng_told_words_one_wound_left_after_a_soak_says_queda() -> None:
    soak = SoakRolled(roll_id="s1", character_id="tomas", dice=(Die(k=0, sides=6, value=6), Die(k=1, sides=6, value=5)),
                      icons=3, wounds=4, ignored=3, remaining=1, shock_cost=4)
    assert _told(soak, "en") == "Tomás soaks: [6][5] → 3 icons, 3 ignored, 1 left (costs 4 shock)"
    assert _told(soak, "es") == "Tomás ignora heridas: [6][5] → 3 iconos, 3 ignoradas, queda 1 (cuesta 4 de shock)"


def test_wng_told_words_one_glory_die_is_a_die() -> None:
    # docs: Sigma 19 adds 1 Glory die, a 5 (one icon) to a pool that had 5: 6 icons against DN 5, a success.
    added = _documented_of("wng_glory_dice_added")[0]
    assert _told(added, "en") == "1 Glory die [5] → 6 icons, success"
    assert _told(added, "es") == "1 dado de Gloria [5] → 6 iconos, éxito"
    two = msgspec.structs.replace(added, dice=(Die(k=0, sides=6, value=5), Die(k=1, sides=6, value=1)))
    assert _told(two, "es").startswith("2 dados de Gloria [5][1] → ")


def test_wng_told_words_a_troop_hit_by_a_boltgun() -> None:
    # docs: the boltgun's 10 and its ED die's 4 (one icon, +1) make 11 against the troop's Resilience 7: 4 wounds,
    # one member each; 6 of the 10 orks are left.
    dealt = _documented_of("wng_damage_dealt")[0]
    assert _told(dealt, "en") == ("Damage to Ork boyz: 11 (weapon 10, extra damage +1) extra damage dice [4] vs "
                                  "Resilience 7 → 4 wounds, 4 members hit")
    assert _told(dealt, "es") == ("Daño a Ork boyz: 11 (arma 10, daño extra +1) dados extra de daño [4] vs "
                                  "Resiliencia 7 → 4 heridas, 4 miembros alcanzados")
    lost = next(e for e in _documented_of("wng_damage_applied") if e.character_id == "orks")  # type: ignore[attr-defined]
    assert _told(lost, "en") == "Ork boyz loses 4 members (6 left)"
    assert _told(lost, "es") == "Ork boyz pierde 4 miembros (quedan 6)"
    last = msgspec.structs.replace(lost, members_lost=1, members_left=1)
    assert _told(last, "en") == "Ork boyz loses 1 member (1 left)"
    assert _told(last, "es") == "Ork boyz pierde 1 miembro (queda 1)"


def test_wng_told_words_one_wound_and_one_round_are_singular() -> None:
    hurt = DamageApplied(character_id="elena", cause="attack", shock_dice=(), shock_lost=1, wounds=1, shock_after=3,
                         wounds_after=5, exhausted=False, unconscious=False, dying=False, dead=False,
                         instant_death=False, members_lost=0, members_left=1, troop_shock_lost=0,
                         troop_wounds_lost=0, dissolved=False, test_id="t1")
    assert _told(hurt, "en") == "Elena loses 1 shock and 1 wound"
    assert _told(hurt, "es") == "Elena pierde 1 de shock y 1 herida"
    assert _told(EncounterEnded(encounter_id="mine", rounds=1), "es") == "Termina el combate tras 1 asalto"
    assert _told(EncounterEnded(encounter_id="mine", rounds=2), "en") == "The fight ends after 2 rounds"


@pytest.mark.parametrize(("word", "english", "spanish"), [
    ("wrath", "Wrath", "Ira"), ("glory", "Glory", "Gloria"), ("ruin", "Ruin", "Ruina"), ("dn", "DN", "ND"),
    ("soak", "soak", "ignorar heridas"), ("death_test", "death test", "prueba de muerte"),
    ("personal_ruin", "personal Ruin", "Ruina personal"), ("all-out attack", "all-out attack", "ataque total"),
    ("2 extra targets", "2 extra targets", "2 objetivos de más"), ("1 extra targets", "1 extra target",
                                                                   "1 objetivo de más"),
    ("stealth test", "stealth test", "prueba de sigilo"), ("troop of 5", "troop of 5", "tropa de 5"),
    ("old machine spirit", "old machine spirit", "old machine spirit"),  # a name a player gave: as written
])
def test_wng_told_words_terms_are_the_handouts(word: str, english: str, spanish: str) -> None:
    assert (term(word, "en"), term(word, "es")) == (english, spanish)


def test_wng_told_words_the_terms_table_is_the_catalogs() -> None:
    assert TERMS["death_failures"] == ("death-test failures", "fallos en la prueba de muerte")
    assert "Reloads spent on targets" in TERMS and "troop_of" not in TERMS and "gm_may" not in TERMS
    assert all(english and spanish for english, spanish in TERMS.values())



def _told_ids() -> set[str]:
    """Every `wng.told.<id>` the engine's phrase modules name through `told`, `word` and `counted` (composed at run
    time, so the catalog test's scan of `message("…")` calls does not see them): literal ids, and an f-string's
    cases spelled out by the values the code chooses between."""
    import ast

    cases = {"{kind}": ("initiative", "soak", "other"), "{mode}": ("climb", "swim", "other"),
             "{outcome}": ("glory", "complication")}
    tails = {"next_action_penalty.": ("shooting", "any"), "initiative.": ("seize", "interrupt")}
    found: set[str] = set()
    for module in ("phrases", "encounter_phrases", "phrase_parts"):
        tree = ast.parse((DOCS.parents[1] / "domain" / "wrath_and_glory" / f"{module}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("_told", "told", "_word", "word",
                                                                                 "_counted", "counted") and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.add(first.value)
                elif isinstance(first, ast.JoinedStr):
                    pattern = "".join(v.value if isinstance(v, ast.Constant) else "{" + ast.unparse(v.value) + "}"
                                      for v in first.values)
                    for name, values in cases.items():
                        if name in pattern:
                            found |= {pattern.replace(name, value) for value in values}
                elif isinstance(first, ast.IfExp):
                    found |= {branch.value for branch in (first.body, first.orelse)
                              if isinstance(branch, ast.Constant) and isinstance(branch.value, str)}
                elif isinstance(first, ast.BinOp) and isinstance(first.left, ast.Constant):
                    found |= {f"{first.left.value}{tail}" for tail in tails[str(first.left.value)]}
    return found


def test_wng_told_words_every_id_the_phrases_name_is_in_both_catalogs() -> None:
    named = _told_ids()
    assert {"soak.outcome", "special.other", "movement.other", "complication.noted", "wrath.glory"} <= named
    assert {"result.success", "speed.half", "initiative.seize", "next_action_penalty.any"} <= named
    missing = sorted(i for i in named if not all(has(f"wng.told.{i}", lang) for lang in ("en", "es")))
    assert missing == []


def test_wng_told_words_what_a_line_expects_is_in_both_catalogs() -> None:
    """The descriptions the command language's errors name (`_said` in vocabulary.py) are read, so catalog words."""
    import ast

    source = (DOCS.parents[1] / "domain" / "wrath_and_glory" / "vocabulary.py").read_text()
    keys = {node.args[0].value for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_said"
            and isinstance(node.args[0], ast.Constant)}
    assert len(keys) > 50
    assert sorted(k for k in keys if not all(has(f"term.wng.line.{k}", lang) for lang in ("en", "es"))) == []
    # Neutral wording: who attacks, whoever it is (never "el atacante").
    from domain.catalog import text
    from domain.message import message
    assert text(message("term.wng.line.the_attacker"), "es") == "quien ataca"
