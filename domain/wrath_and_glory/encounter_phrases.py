"""Sentences for the Wrath & Glory encounter events of the rules' second pass: Total Defence, the Agility test
of a climb or swim at full Speed, troops regrouping, and a reinforcement joining.

The words are the catalog's (`wng.told.*`, domain/catalog/*/wng_told.po); Spanish words are seed 003's:
defensa total, prueba de agilidad, escalar y nadar, velocidad, reagruparse, tropa, miembros, shock, heridas.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.engine import Lang
from domain.events import Event
from domain.wrath_and_glory.encounter_events import EncounterJoined, MovementTestRolled, TotalDefenceRolled
from domain.wrath_and_glory.phrase_parts import counted, faces, icons, metres, result, told, word, wrath
from domain.wrath_and_glory.phrase_terms import term
from domain.wrath_and_glory.troop_events import TroopsRegrouped

Name = Callable[[str], str]


def _with_wrath(said: str, outcome: str, lang: Lang) -> str:
    shown = wrath(outcome, lang)
    return f"{said}; {shown}" if shown else said


def _total_defence(event: TotalDefenceRolled, name: Name, lang: Lang) -> str:
    said = told("total_defence", lang, who=name(event.character_id),
                moving=told("total_defence.moving", lang, metres=metres(event.metres, lang)) if event.metres else "",
                roll=f"{term('agility', lang)} {len(event.dice)}d6 {faces(event.dice)}",
                icons=icons(event.icons, lang),
                defence=(told("total_defence.bonus", lang, bonus=event.defence_bonus) if event.defence_bonus
                         else word("total_defence.unchanged", lang)))
    return _with_wrath(said, event.wrath, lang)


def _movement_test(event: MovementTestRolled, name: Name, lang: Lang) -> str:
    rolled = f"{term('agility', lang)} {len(event.dice)}d6 {faces(event.dice)}"
    if event.rerolled:
        rolled += told("rerolled_faces", lang, faces=faces(event.rerolled))
    mode = event.mode if event.mode in ("climb", "swim") else "other"
    said = told(f"movement.{mode}", lang, who=name(event.character_id), mode=term(event.mode, lang), roll=rolled,
                icons=icons(event.icons, lang), dn=f"{term('dn', lang)} {event.dn}",
                result=result(event.success, lang), speed=word("speed.full" if event.success else "speed.half", lang))
    return _with_wrath(said, event.wrath, lang)


def _regrouped(event: TroopsRegrouped, name: Name, lang: Lang) -> str:
    troop = name(event.troop_id)
    parts = ", ".join(f"{name(p.character_id)} ({counted('members', p.members, lang)})" for p in event.joined)
    members = f"{event.members_before} → {counted('members', event.members_after, lang)}"
    said = (told("regrouped.into", lang, parts=parts, troop=troop, members=members) if parts
            else told("regrouped.self", lang, troop=troop, members=members))
    carried = []
    if event.troop_shock_lost:
        carried.append(told("shock", lang, amount=event.troop_shock_lost))
    if event.troop_wounds_lost:
        carried.append(counted("wounds", event.troop_wounds_lost, lang))
    if carried:
        both = told("and", lang, first=carried[0], second=carried[1]) if len(carried) == 2 else carried[0]
        said += told("regrouped.carries", lang, carried=both)
    if event.acted:
        said += word("regrouped.acted", lang)
    return said


def _joined(event: EncounterJoined, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    if event.acts_from_round <= event.round:
        return told("joined.now", lang, who=who, round=event.round)
    return told("joined.later", lang, who=who, round=event.round, acts=event.acts_from_round)


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
