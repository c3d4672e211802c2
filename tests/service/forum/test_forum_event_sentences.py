"""Issue 21 item 7: every event a reader can meet reads as a sentence in both languages, never as its title and
a list of its fields ("action used: character Brother Vael, action auto, cost full, use turn"); and the
smaller wordings a reader tripped on, each checked on the text the reader gets."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from domain.campaign.events import NonceReserved
from domain.campaign.state import CampaignState, Character
from domain.d100.damage import FuryChain
from domain.d100.encounter_events import ActionUsed
from domain.d100.events import DamageApplied as D100DamageApplied
from domain.d100.events import HitResolved
from domain.dice import Die
from domain.events import Event, event_type
from domain.wrath_and_glory.action_decisions import TOTAL_DEFENCE
from domain.wrath_and_glory.encounter_events import ActionTaken
from domain.wrath_and_glory.events import DefenceEffectAdded, GloryGained, SoakRolled, TestRolled, WoundsPending
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.rolls import PoolDie
from domain.wrath_and_glory.ruling_events import SoakRerolled
from projections.rendering.standing import StandingChange, change_text
from projections.rendering.summaries import describe, summarize
from projections.rendering.vocabulary import field, term, title

from .test_forum_spanish import CASES, _instances, _state


def _shown(key: str, value: Any, state: CampaignState, lang: str) -> str:
    """A field's value as the old record showed it: a name for an id, the rules' word for a word (a regex)."""
    if key.endswith("_id") and isinstance(value, str):
        character = state.characters.get(value)
        return re.escape(character.name if character is not None else value)
    if isinstance(value, str):
        return f"(?:{re.escape(value)}|{re.escape(term(value, lang, state.ruleset))})"  # type: ignore[arg-type]
    return re.escape(str(value))


def field_list(event: Event, said: str, state: CampaignState, lang: str) -> list[str]:
    """The event's own fields told as `label value` (or a flag's bare label) between commas: the shape of a record,
    not of a sentence."""
    data = msgspec.to_builtins(event)
    found = []
    for key, value in data.items():
        if key == "type" or isinstance(value, (dict, list)) or value is None or value is False or value == "":
            continue
        label = field(key.removesuffix("_id"), lang)
        if value is True:
            pattern = rf"(?:^|: |, ){re.escape(label)}(?=,|$)"
        else:
            pattern = rf"(?:^|: |, ){re.escape(label)} {_shown(key, value, state, lang)}(?=,|;|$)"
        if re.search(pattern, said):
            found.append(key)
    return found


def _minor_cases() -> list[tuple[str, Event]]:
    """Events a reply leaves to the events around it: a page still shows each as a sentence."""
    return [
        ("d100", ActionUsed(character_id="zed", action="full_auto", cost="full", use="turn")),
        ("d100", ActionUsed(character_id="zed", action="aim", cost="half", use="delayed")),
        ("wrath_and_glory", ActionTaken(character_id="zed", name="attack", kind="normal", normal=True, attack=True,
                                        troop_members=0)),
        ("wrath_and_glory", ActionTaken(character_id="zed", name="prepare", kind="simple", simple=1)),
        ("wrath_and_glory", ActionTaken(character_id="zed", name="agility test", kind="normal", normal=True)),
        ("wrath_and_glory", DefenceEffectAdded(character_id="zed", effect=Modifier(TOTAL_DEFENCE, 2))),
        ("wrath_and_glory", GloryGained(amount=1, cause="wrath_six", before=0, after=1, lost=0, test_id="t1")),
        ("campaign", NonceReserved(attempt=7)),
    ]


ALL = [(family, event) for family, kind in CASES for event in _instances(kind)] + _minor_cases()


@pytest.mark.parametrize(("family", "event"), ALL, ids=lambda v: v if isinstance(v, str) else event_type(v))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_forum_event_sentences_every_event_type_reads_as_a_sentence(family: str, event: Event, lang: str) -> None:
    state = _state(family)
    described = describe(event, state, lang)  # what a timeline, a proof page and a transcript show
    said = described.text
    # A sentence told it: not the title alone (an event type nobody tells), not a title with its fields.
    assert described.told and said and said != title(event_type(event), lang), said
    assert len(field_list(event, said, state, lang)) < 2, (said, field_list(event, said, state, lang))


def test_forum_event_sentences_the_check_catches_a_record() -> None:
    state = _state("d100")
    used = ActionUsed(character_id="zed", action="auto", cost="full", use="turn")
    assert field_list(used, "action used: character Zed Qux, action auto, cost full, use turn", state, "en") == [
        "character_id", "action", "cost", "use"]
    assert len(field_list(used, "acción usada: personaje Zed Qux, acción auto, coste completa, uso turno", state,
                          "es")) == 4


def test_forum_event_sentences_an_action_s_cost_is_a_sentence_in_both_languages() -> None:
    state = CampaignState(ruleset="deathwatch",  # type: ignore[arg-type]
                          characters={"vael": Character("vael", "Brother Vael", "p1", "pc", {}, 1)})
    used = ActionUsed(character_id="vael", action="full_auto", cost="full", use="turn")
    assert describe(used, state, "en").text == "Brother Vael spends a full action: a full-auto burst"
    assert describe(used, state, "es").text == "Brother Vael gasta una acción completa: una ráfaga automática"
    assert summarize(used, state, "en", brief=True) == ""  # a reply tells the attack it paid for


def _wng(name: str = "Elena") -> CampaignState:
    return CampaignState(ruleset="wrath_and_glory",  # type: ignore[arg-type]
                         characters={"h1": Character("h1", name, "p1", "pc", {}, 1)})


def test_forum_event_sentences_pending_wounds_wait_for_a_soak_roll() -> None:
    pending = WoundsPending(character_id="h1", wounds=8, test_id="t1")
    assert summarize(pending, _wng(), "en") == "8 wounds to Elena wait for a soak roll"
    assert summarize(pending, _wng(), "es") == "8 heridas de Elena esperan la tirada de ignorar heridas"
    one = WoundsPending(character_id="h1", wounds=1, test_id="t1")
    assert summarize(one, _wng(), "es") == "1 herida de Elena espera la tirada de ignorar heridas"


def test_forum_event_sentences_a_soak_reroll_shows_each_old_face_beside_its_new_one() -> None:
    again = SoakRerolled(roll_id="s1", character_id="h1", paid_with="wrath", before_faces=(2, 3),
                         after=(Die(k=5, sides=6, value=5), Die(k=6, sides=6, value=1)), icons=3, ignored=3,
                         remaining=5, shock_cost=1)
    assert summarize(again, _wng(), "en") == ("Elena rerolls the soak's failed dice with Wrath: [2]→[5], [3]→[1] "
                                              "→ 3 icons, 3 ignored, 5 left (costs 1 shock)")
    # Seed 003 calls the roll "tirada de ignorar heridas" (never "absorción").
    assert summarize(again, _wng(), "es") == ("Elena repite los dados fallados de la tirada de ignorar heridas con Ira: "
                                              "[2]→[5], [3]→[1] → 3 iconos, 3 ignoradas, quedan 5 (cuesta 1 de shock)")
    assert SoakRolled  # the first soak roll keeps its own sentence


def _glory_line(lang: str) -> str:
    """A reply's line for a test whose Wrath die shows 6: its sentences, then the pool's change (reply.py)."""
    dice = tuple(PoolDie(die=Die(k=k, sides=6, value=v), role="wrath" if k == 4 else "pool")
                 for k, v in enumerate((4, 5, 2, 1, 6)))
    made = _instances(TestRolled)[0]
    assert isinstance(made, TestRolled)
    rolled = msgspec.structs.replace(made, character_id="h1", skill="persuasion", dice=dice, dn_penalties=(),
                                     icons=4, exalted=1, success=True, shifts_possible=1, wrath="glory",
                                     trivial=False, pool=msgspec.structs.replace(made.pool, bonus=()))
    gained = GloryGained(amount=1, cause="wrath_six", before=0, after=1, lost=0, test_id="t1")
    said = [s for s in (summarize(e, _wng(), lang, brief=True) for e in (rolled, gained)) if s]
    change = change_text(StandingChange(character_id=None, name="", before={"glory": 0}, after={"glory": 1}),
                         lang, "wrath_and_glory")
    return "; ".join(said) + " → " + change


def test_forum_event_sentences_glory_from_a_wrath_six_is_told_once() -> None:
    english, spanish = _glory_line("en"), _glory_line("es")
    assert english.count("Glory") == 1 and "Wrath die 6" in english and english.endswith("Glory 0 → 1"), english
    assert spanish.count("Gloria") == 1 and "dado de la Ira 6" in spanish, spanish
    # A page lists the Glory's own event, as a sentence.
    gained = GloryGained(amount=1, cause="wrath_six", before=0, after=1, lost=0, test_id="t1")
    assert describe(gained, _wng(), "en").text == "Glory +1 (a 6 on the Wrath die): 0 → 1"


def test_forum_event_sentences_righteous_fury_names_its_confirmation_roll() -> None:
    state = CampaignState(ruleset="deathwatch",  # type: ignore[arg-type]
                          characters={"ork": Character("ork", "Ork Nob", "p1", "npc", {}, 1)})
    fury = FuryChain(confirmation=Die(k=3, sides=100, value=40), confirmation_target=78, confirmed=True,
                     extra_dice=(Die(k=4, sides=10, value=8),), extra_damage=8)
    hit = HitResolved(location="body", dice=(Die(k=2, sides=10, value=10),), faces=(10,), degrees_die=None,
                      total=30, armour=4, toughness_bonus=4, wounding=22, fury=fury)
    made = _instances(D100DamageApplied)[0]
    damage = msgspec.structs.replace(made, target_id="ork", hits=(hit,), magnitude_after=None)
    assert "Righteous Fury! (confirmation 40 vs 78, +[8] = +8)" in summarize(damage, state, "en")
    assert "¡Furia Justiciera! (confirmación 40 vs 78, +[8] = +8)" in summarize(damage, state, "es")


def test_forum_event_sentences_extra_damage_dice_are_named_in_spanish() -> None:
    from domain.wrath_and_glory.events import DamageDealt

    made = _instances(DamageDealt)[0]
    spanish = summarize(made, _state("wrath_and_glory"), "es")
    assert "dados extra de daño [7]" in spanish and "daño extra +2" in spanish and " ED" not in spanish, spanish
    assert "extra damage dice [7]" in summarize(made, _state("wrath_and_glory"), "en")
