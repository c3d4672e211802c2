"""Sentences for the d100 tests with a consequence: putting out a fire, stopping Blood Loss, Fear, physical
feats and Focus Power — the roll against its target with every modifier, the outcome, and what it changed.

Spanish words are the handouts': apagar las llamas, Medicina −10 (−30 bajo estrés), Miedo (x) y la tabla de
Shock, salto y brinco (en el sitio, en carrera), trepar, nadar, lanzar, llevar/levantar/empujar peso, Concentrar
Poder, Factor Psíquico, umbral (seeds 000–002).
The sentences are the catalog's (`d100.told.*`, domain/catalog/*/d100_told.po).
"""

from __future__ import annotations

from collections.abc import Callable

from ..catalog import text
from ..dice import Die
from ..engine import Lang
from ..events import Event
from ..message import message
from .phrase_parts import hits, metres, tested
from .phrase_terms import term
from .tested_events import BloodLossTreated, ExtinguishAttempted, FearTested, FeatRolled, PowerFocused

Name = Callable[[str], str]

# What each feat is, as a verb (seed 002 "Salto y Brinco", "Trepar", "Nadar", "Lanzar Objetos", "Llevar,
# Levantar y Empujar Objetos"): `d100.told.feat.<feat>`, and `d100.told.feat.gravity.<gravity>` after it.
_FEATS = frozenset({"drop", "running_jump", "standing_leap", "running_leap", "throw", "carry", "lift", "push", "climb",
                    "swim"})
_GRAVITY = frozenset({"low", "high"})


def fall_text(fall_m: float, die: Die | None, lang: Lang) -> str:
    """`falls 6 m ([7] + 6 = 13)`: falling damage is 1d10 + 1 per metre; armour does not help (RULES A8)."""
    fell = text(message("d100.told.fall", metres=metres(fall_m, lang)), lang)
    if die is None:
        return fell
    return f"{fell} ([{die.value}] + {int(fall_m)} = {die.value + int(fall_m)})"


def _extinguish(event: ExtinguishAttempted, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    out = (text(message("d100.told.extinguish.out"), lang) if event.extinguished
           else text(message("d100.told.extinguish.burning"), lang))
    return text(message("d100.told.extinguish", who=who, test=tested(event.test, lang, name), out=out), lang)


def _staunch(event: BloodLossTreated, name: Name, lang: Lang) -> str:
    who, whom = name(event.character_id), name(event.patient_id)
    if event.patient_id == event.character_id:
        tries = text(message("d100.told.staunch.self", who=who), lang)
    else:
        tries = text(message("d100.told.staunch.other", who=who, whom=whom), lang)
    if event.under_stress:
        tries += text(message("d100.told.staunch.under_stress"), lang)
    out = (text(message("d100.told.staunch.stopped"), lang) if event.stopped
           else text(message("d100.told.staunch.bleeding"), lang))
    return f"{tries}: {tested(event.test, lang, name)}; {out}"


def _fear(event: FearTested, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    source = text(message("d100.told.fear.source", source=event.source), lang) if event.source else ""
    if event.immune or event.test is None:
        return text(message("d100.told.fear.immune", who=who, fear=event.fear, source=source), lang)
    said = text(message("d100.told.fear.tested", who=who, fear=event.fear, source=source,
                        test=tested(event.test, lang, name)), lang)
    if event.shock_roll is not None and event.shock_total is not None:
        extra = event.shock_total - event.shock_roll
        added = f" + {extra}" if extra else ""
        return f"{said}; {term('shock table', lang)}: [{event.shock_roll}]{added} = {event.shock_total}"
    if event.broken:
        return said + text(message("d100.told.fear.horde_broke"), lang)
    if event.test.success:
        return said + text(message("d100.told.fear.calm"), lang)
    return said


def _feat(event: FeatRolled, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    said = (text(message(f"d100.told.feat.{event.feat}", who=who), lang) if event.feat in _FEATS
            else f"{who} {term(event.feat, lang)}")
    if event.gravity in _GRAVITY:
        said += text(message(f"d100.told.feat.gravity.{event.gravity}"), lang)
    reached: list[str] = []
    if event.limit is not None:  # carry, lift, push: the row of the weight table, SB + TB (+1 per degree)
        reached.append(text(message("d100.told.feat.weight_row", limit=event.limit), lang))
    far = metres(event.distance_m, lang) if event.distance_m is not None else None
    high = metres(event.height_m, lang) if event.height_m is not None else None
    if event.feat in ("standing_leap", "running_leap") and far is not None:
        reached.append(text(message("d100.told.feat.long", far=far), lang))
    if high is not None:
        reached.append(text(message("d100.told.feat.high", high=high), lang))
    if event.feat == "swim" and event.distance_m == 0:
        reached.append(text(message("d100.told.feat.no_headway"), lang))
    elif event.feat in ("climb", "swim") and far is not None:
        reached.append(text(message("d100.told.feat.this_turn", far=far), lang))
    elif event.feat == "throw" and far is not None:
        reached.append(text(message("d100.told.feat.thrown", far=far), lang))
    if event.turn_lost:
        reached.append(text(message("d100.told.feat.turn_lost"), lang))
    if event.fall_m is not None:
        reached.append(fall_text(event.fall_m, event.dice[-1] if len(event.dice) > 1 else None, lang))
    elif event.fell:
        reached.append(text(message("d100.told.feat.fell"), lang))
    elif event.feat == "drop" and event.test is not None:
        reached.append(text(message("d100.told.feat.landed"), lang))
    if event.change is not None and event.fall_m is None and event.change.fatigue_after is not None:
        reached.append(text(message("d100.told.feat.fatigue"), lang))
    if event.test is None:
        return f"{said}: {', '.join(reached)}" if reached else said
    said += f": {tested(event.test, lang, name)}"
    return f"{said}; {', '.join(reached)}" if reached else said


def _power(event: PowerFocused, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    faces = "".join(f"[{d.value}]" for d in event.dice)
    said = text(message("d100.told.power." + ("manifested" if event.success else "failed"), who=who,
                        power=event.power, dice=len(event.dice), faces=faces, psy_rating=event.psy_rating,
                        total=event.total, threshold=event.threshold), lang)
    if event.target_id is None:
        return said
    whom = name(event.target_id)
    if not event.hits:
        return said + text(message("d100.told.power.target", whom=whom), lang)
    behind = text(message("d100.told.power.behind", psy_rating=event.psy_rating), lang)
    if event.area_die is not None:
        behind += text(message("d100.told.power.area", die=event.area_die.value), lang)
    damage = ""
    if event.damage is not None:
        kind = term(event.damage_type, lang)
        pen = text(message("d100.told.power.penetration", pen=event.penetration), lang) if event.penetration else ""
        damage = text(message("d100.told.power.damage", damage=event.damage, kind=kind, pen=pen), lang)
    return said + text(message("d100.told.power.hits", hits=hits(event.hits, lang), whom=whom, behind=behind,
                               damage=damage), lang)


def tested_sentence(event: Event, name: Name, lang: Lang) -> str | None:
    """The sentence of a test with a consequence, or None for another event."""
    match event:
        case ExtinguishAttempted():
            return _extinguish(event, name, lang)
        case BloodLossTreated():
            return _staunch(event, name, lang)
        case FearTested():
            return _fear(event, name, lang)
        case FeatRolled():
            return _feat(event, name, lang)
        case PowerFocused():
            return _power(event, name, lang)
    return None
