"""Sentences for the d100 tests with a consequence: putting out a fire, stopping Blood Loss, Fear, physical
feats and Focus Power — the roll against its target with every modifier, the outcome, and what it changed.

Spanish words are the handouts': apagar las llamas, Medicina −10 (−30 bajo estrés), Miedo (x) y la tabla de
Shock, salto y brinco (en el sitio, en carrera), trepar, nadar, lanzar, llevar/levantar/empujar peso, Concentrar
Poder, Factor Psíquico, umbral (seeds 000–002).
"""

from __future__ import annotations

from collections.abc import Callable

from ..dice import Die
from ..engine import Lang
from ..events import Event
from .phrase_parts import hits, metres, pick, tested
from .phrase_terms import term
from .tested_events import BloodLossTreated, ExtinguishAttempted, FearTested, FeatRolled, PowerFocused

Name = Callable[[str], str]

# What each feat is, as a verb (seed 002 "Salto y Brinco", "Trepar", "Nadar", "Lanzar Objetos", "Llevar,
# Levantar y Empujar Objetos").
_FEATS: dict[str, tuple[str, str]] = {
    "drop": ("drops down", "se deja caer"),
    "running_jump": ("makes a running jump", "hace un salto en carrera"),
    "standing_leap": ("leaps from a standing start", "hace un brinco en el sitio"),
    "running_leap": ("makes a running leap", "hace un brinco en carrera"),
    "throw": ("throws an object", "lanza un objeto"),
    "carry": ("carries", "lleva peso"),
    "lift": ("tries to lift more", "intenta levantar más peso"),
    "push": ("tries to push more", "intenta empujar más peso"),
    "climb": ("climbs", "trepa"),
    "swim": ("swims", "nada"),
}
_GRAVITY = {"low": ("in low gravity", "con gravedad baja"), "high": ("in high gravity", "con gravedad alta")}


def fall_text(fall_m: float, die: Die | None, lang: Lang) -> str:
    """`falls 6 m ([7] + 6 = 13)`: falling damage is 1d10 + 1 per metre; armour does not help (RULES A8)."""
    fell = pick(lang, f"falls {metres(fall_m, lang)}", f"cae {metres(fall_m, lang)}")
    if die is None:
        return fell
    return f"{fell} ([{die.value}] + {int(fall_m)} = {die.value + int(fall_m)})"


def _extinguish(event: ExtinguishAttempted, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    out = (pick(lang, "the fire is out", "el fuego se apaga") if event.extinguished
           else pick(lang, "still on fire", "sigue en llamas"))
    return (pick(lang, f"{who} drops to the ground to put out the flames: ",
                 f"{who} se tira al suelo para apagar las llamas: ")
            + f"{tested(event.test, lang, name)}; {out}")


def _staunch(event: BloodLossTreated, name: Name, lang: Lang) -> str:
    who, whom = name(event.character_id), name(event.patient_id)
    if event.patient_id == event.character_id:
        tries = pick(lang, f"{who} tries to stop the bleeding", f"{who} intenta cortar su hemorragia")
    else:
        tries = pick(lang, f"{who} tries to stop {whom}'s bleeding", f"{who} intenta cortar la hemorragia de {whom}")
    if event.under_stress:
        tries += pick(lang, " under stress", " bajo estrés")
    out = (pick(lang, "the bleeding stops", "la hemorragia se detiene") if event.stopped
           else pick(lang, "still bleeding", "sigue sangrando"))
    return f"{tries}: {tested(event.test, lang, name)}; {out}"


def _fear(event: FearTested, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    source = pick(lang, f" from {event.source}", f" de {event.source}") if event.source else ""
    if event.immune or event.test is None:
        return pick(lang, f"{who} is immune to Fear ({event.fear}){source}",
                    f"{who} es inmune al Miedo ({event.fear}){source}")
    said = pick(lang, f"{who} tests against Fear ({event.fear}){source}: ",
                f"{who} hace una prueba contra el Miedo ({event.fear}){source}: ") + tested(event.test, lang, name)
    if event.shock_roll is not None and event.shock_total is not None:
        extra = event.shock_total - event.shock_roll
        added = f" + {extra}" if extra else ""
        return f"{said}; {term('shock table', lang)}: [{event.shock_roll}]{added} = {event.shock_total}"
    if event.broken:
        return said + pick(lang, "; the horde breaks and flees", "; la horda se desbanda y huye")
    if event.test.success:
        return said + pick(lang, "; acts normally", "; actúa con normalidad")
    return said


def _feat(event: FeatRolled, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    en, es = _FEATS.get(event.feat, (term(event.feat, "en"), term(event.feat, "es")))
    said = f"{who} {pick(lang, en, es)}"
    if event.gravity in _GRAVITY:
        said += " " + pick(lang, *_GRAVITY[event.gravity])
    reached: list[str] = []
    if event.limit is not None:  # carry, lift, push: the row of the weight table, SB + TB (+1 per degree)
        reached.append(pick(lang, f"up to row {event.limit} of the weight table",
                            f"hasta la fila {event.limit} de la tabla de pesos"))
    far = metres(event.distance_m, lang) if event.distance_m is not None else None
    high = metres(event.height_m, lang) if event.height_m is not None else None
    if event.feat in ("standing_leap", "running_leap") and far is not None:
        reached.append(pick(lang, f"{far} long", f"{far} de largo"))
    if high is not None:
        reached.append(pick(lang, f"{high} high", f"{high} de alto"))
    if event.feat == "swim" and event.distance_m == 0:
        reached.append(pick(lang, "makes no headway", "no avanza"))
    elif event.feat in ("climb", "swim") and far is not None:
        reached.append(pick(lang, f"{far} this turn", f"{far} en este turno"))
    elif event.feat == "throw" and far is not None:
        reached.append(pick(lang, f"it lands {far} away", f"llega a {far}"))
    if event.turn_lost:
        reached.append(pick(lang, "stumbles, and the turn ends", "tropieza y pierde el turno"))
    if event.fall_m is not None:
        reached.append(fall_text(event.fall_m, event.dice[-1] if len(event.dice) > 1 else None, lang))
    elif event.fell:
        reached.append(pick(lang, "falls", "cae"))
    elif event.feat == "drop" and event.test is not None:
        reached.append(pick(lang, "lands safely", "cae sin hacerse daño"))
    if event.change is not None and event.fall_m is None and event.change.fatigue_after is not None:
        reached.append(pick(lang, "a level of Fatigue", "un nivel de Fatiga"))
    if event.test is None:
        return f"{said}: {', '.join(reached)}" if reached else said
    said += f": {tested(event.test, lang, name)}"
    return f"{said}; {', '.join(reached)}" if reached else said


def _power(event: PowerFocused, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    faces = "".join(f"[{d.value}]" for d in event.dice)
    rolled = (f"{len(event.dice)}d10 {faces} + {pick(lang, 'psy rating', 'Factor Psíquico')} {event.psy_rating} = "
              f"{event.total} vs {pick(lang, 'threshold', 'umbral')} {event.threshold}")
    out = (pick(lang, "it manifests", "se manifiesta") if event.success
           else pick(lang, "it fails to manifest", "no se manifiesta"))
    said = pick(lang, f"{who} focuses the power {event.power}: ", f"{who} concentra el poder {event.power}: ")
    said += f"{rolled}, {out}"
    if event.target_id is None:
        return said
    whom = name(event.target_id)
    if not event.hits:
        return said + pick(lang, f" (at {whom})", f" (contra {whom})")
    behind = f"{pick(lang, 'psy rating', 'Factor Psíquico')} {event.psy_rating}"
    if event.area_die is not None:
        behind += f" + {pick(lang, 'area', 'área')} [{event.area_die.value}]"
    damage = ""
    if event.damage is not None:
        kind = term(event.damage_type, lang)
        pen = f", {pick(lang, 'penetration', 'penetración')} {event.penetration}" if event.penetration else ""
        damage = pick(lang, f", damage {event.damage} {kind}{pen} to roll",
                      f", daño {event.damage} de {kind}{pen} por tirar")
    return said + pick(lang, f"; {hits(event.hits, lang)} on {whom} ({behind}){damage}",
                       f"; {hits(event.hits, lang)} a {whom} ({behind}){damage}")


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
