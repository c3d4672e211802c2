"""Sentences for the Wrath & Glory encounter events of the rules' second pass: Total Defence, the Agility test
of a climb or swim at full Speed, troops regrouping, and a reinforcement joining.

Spanish words are seed 003's: defensa total, prueba de agilidad, escalar y nadar, velocidad, reagruparse,
tropa, miembros, shock, heridas, asalto.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.engine import Lang
from domain.events import Event
from domain.wrath_and_glory.encounter_events import EncounterJoined, MovementTestRolled, TotalDefenceRolled
from domain.wrath_and_glory.phrase_parts import count, faces, icons, metres, pick, result, wrath
from domain.wrath_and_glory.phrase_terms import term
from domain.wrath_and_glory.troop_events import TroopsRegrouped

Name = Callable[[str], str]

_MODES = {"climb": ("climb", "escalar"), "swim": ("swim", "nadar")}


def _with_wrath(said: str, outcome: str, lang: Lang) -> str:
    told = wrath(outcome, lang)
    return f"{said}; {told}" if told else said


def _total_defence(event: TotalDefenceRolled, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    said = pick(lang, f"{who} goes into Total Defence", f"{who} se pone en defensa total")
    if event.metres:
        said += pick(lang, f", moving {metres(event.metres, lang)}", f" y se mueve {metres(event.metres, lang)}")
    said += f": {term('agility', lang)} {len(event.dice)}d6 {faces(event.dice)} → {icons(event.icons, lang)}"
    if event.defence_bonus:
        said += pick(lang, f", Defence +{event.defence_bonus} until the next turn",
                     f", Defensa +{event.defence_bonus} hasta su siguiente turno")
    else:
        said += pick(lang, ", Defence unchanged", ", la Defensa no cambia")
    return _with_wrath(said, event.wrath, lang)


def _movement_test(event: MovementTestRolled, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    en, es = _MODES.get(event.mode, (term(event.mode, "en"), term(event.mode, "es")))
    said = pick(lang, f"{who} tries to {en} at full Speed", f"{who} intenta {es} a velocidad completa")
    rolled = f"{term('agility', lang)} {len(event.dice)}d6 {faces(event.dice)}"
    if event.rerolled:
        rolled += pick(lang, f", rerolled {faces(event.rerolled)}", f", repetida {faces(event.rerolled)}")
    speed = (pick(lang, "full Speed", "velocidad completa") if event.success
             else pick(lang, "half Speed", "media velocidad"))
    said += (f": {rolled} → {icons(event.icons, lang)} vs {term('dn', lang)} {event.dn}, "
             f"{result(event.success, lang)}: {speed}")
    return _with_wrath(said, event.wrath, lang)


def _members(number: int, lang: Lang) -> str:
    return pick(lang, count(number, "member", "members"), count(number, "miembro", "miembros"))


def _regrouped(event: TroopsRegrouped, name: Name, lang: Lang) -> str:
    troop = name(event.troop_id)
    parts = ", ".join(f"{name(p.character_id)} ({_members(p.members, lang)})" for p in event.joined)
    members = f"{event.members_before} → {_members(event.members_after, lang)}"
    said = (pick(lang, f"{parts} regroup into {troop}: {members}", f"{parts} se reagrupan en {troop}: {members}")
            if parts else pick(lang, f"{troop} regroups: {members}", f"{troop} se reagrupa: {members}"))
    carried = []
    if event.troop_shock_lost:
        carried.append(pick(lang, f"{event.troop_shock_lost} shock", f"{event.troop_shock_lost} de shock"))
    if event.troop_wounds_lost:
        carried.append(pick(lang, count(event.troop_wounds_lost, "wound", "wounds"),
                            count(event.troop_wounds_lost, "herida", "heridas")))
    if carried:
        said += pick(lang, f"; the troop carries {' and '.join(carried)} toward its next loss",
                     f"; la tropa arrastra {' y '.join(carried)} hacia su siguiente baja")
    if event.acted:
        said += pick(lang, "; it has acted this round", "; ya actuó en este asalto")
    return said


def _joined(event: EncounterJoined, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    said = pick(lang, f"{who} joins the fight in round {event.round}",
                f"{who} se une al combate en el asalto {event.round}")
    if event.acts_from_round <= event.round:
        return said + pick(lang, " and may act this round", " y puede actuar en este asalto")
    return said + pick(lang, f" and acts from round {event.acts_from_round}",
                       f" y actúa desde el asalto {event.acts_from_round}")


def encounter_sentence(event: Event, name: Name, lang: Lang) -> str | None:
    """The sentence of one of these encounter events, or None for another event."""
    match event:
        case TotalDefenceRolled():
            return _total_defence(event, name, lang)
        case MovementTestRolled():
            return _movement_test(event, name, lang)
        case TroopsRegrouped():
            return _regrouped(event, name, lang)
        case EncounterJoined():
            return _joined(event, name, lang)
    return None
