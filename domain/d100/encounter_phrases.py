"""Sentences for what happens in a d100 fight besides attacks: On Fire at a turn's start, Stun, Pinning,
Knock-Down, Feint and the Grapple options, a reinforcement joining, and a comrade's order.

Spanish words are the handouts': en llamas, dar vueltas corriendo y gritando, aturdir, acobardamiento, fuego de
supresión, derribar, finta, agarre, se une al combate, orden de turnos, salva, cerrad filas, a cubierto, media
acción, acción completa (seeds 000, 001).
The sentences are the catalog's (`d100.told.*`, domain/catalog/*/d100_told.po).
"""

from __future__ import annotations

from collections.abc import Callable

from ..catalog import text
from ..dice import d5
from ..engine import Lang
from ..events import Event
from ..message import message
from .encounter_events import (
    ComradeOrdered,
    EncounterJoined,
    ManoeuvreResolved,
    OnFireBurned,
    PinningTested,
    StunResolved,
)
from .phrase_parts import metres, modifiers_text, outcome
from .phrase_terms import term

Name = Callable[[str], str]

# Why a character tests Pinning, each its own sentence (`d100.told.pinning.<reason>`); any other is told bare.
_PINNING_REASONS = frozenset({"suppressing", "overwatch"})

# The Grapple options a failed try names ("fails to break free" / "no logra liberarse"), each its own sentence
# (`d100.told.grapple_held.<option>`); any other is told as "fails to act".
_GRAPPLE_TRIES = frozenset({"damage", "take_down", "push", "stand", "break_free", "slip_free", "take_control"})


def _on_fire(event: OnFireBurned, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    said = text(message("d100.told.on_fire", who=who, roll=event.damage_roll, toughness_bonus=event.toughness_bonus,
                        wounding=event.wounding), lang)
    if event.sealed or event.wp_roll is None or event.wp_target is None:
        return said + text(message("d100.told.on_fire.sealed"), lang)
    test = f"{term('WP', lang)} {event.wp_roll} vs {event.wp_target}"
    case = "panicking" if event.panicking else "calm"
    return said + text(message(f"d100.told.on_fire.{case}", test=test), lang)


def _stun(event: StunResolved, name: Name, lang: Lang) -> str:
    who, whom = name(event.attacker_id), name(event.target_id)
    hit, resist = (event.dice[0].value, event.dice[1].value) if len(event.dice) == 2 else ("?", "?")
    head = text(message("d100.told.stun.head_armour", armour=event.head_armour), lang) if event.head_armour else ""
    rolls = text(message("d100.told.stun.rolls", hit=hit, strength_bonus=event.strength_bonus,
                         attacker_total=event.attacker_total, resist=resist, toughness_bonus=event.toughness_bonus,
                         head=head, target_total=event.target_total), lang)
    if event.stunned_rounds:
        return text(message("d100.told.stun.stunned", who=who, whom=whom, rolls=rolls, count=event.stunned_rounds),
                    lang)
    return text(message("d100.told.stun.resisted", who=who, whom=whom, rolls=rolls), lang)


def _pinning(event: PinningTested, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    if event.reason == "escape":
        said = text(message("d100.told.pinning.escape", who=who), lang)
    else:
        reason = event.reason if event.reason in _PINNING_REASONS else "other"
        said = text(message(f"d100.told.pinning.{reason}", who=who), lang)
    against = modifiers_text(event.modifiers, event.target, "WP", lang, name)
    if event.pinned:
        out = text(message("d100.told.pinning.pinned"), lang)
    elif event.unpinned:
        out = text(message("d100.told.pinning.unpinned"), lang)
    elif event.success:
        out = text(message("d100.told.pinning.held"), lang)
    else:
        out = text(message("d100.told.pinning.still_pinned"), lang)
    return f"{said}: {event.roll} vs {against}, {outcome(event.success, event.degrees, lang)}; {out}"


def _blow(event: ManoeuvreResolved) -> str:
    """The unarmed blow's die as its 1d5 (1d5 − 3 + SB, armour doubled, and a level of Fatigue)."""
    return f" (1d5 [{d5(event.dice[0])}])" if event.dice else ""


def _manoeuvre(event: ManoeuvreResolved, name: Name, lang: Lang) -> str | None:  # noqa: C901 — one line per outcome
    who, whom = name(event.actor_id), name(event.opponent_id)
    match event.outcome:
        case "target_prone":
            return text(message("d100.told.manoeuvre.target_prone", who=who, whom=whom), lang)
        case "target_prone_and_hurt":
            return text(message("d100.told.manoeuvre.target_prone_and_hurt", who=who, whom=whom, blow=_blow(event)),
                        lang)
        case "attacker_prone":
            return text(message("d100.told.manoeuvre.attacker_prone", whom=whom, who=who), lang)
        case "no_effect":
            return text(message("d100.told.manoeuvre.no_effect", who=who, whom=whom), lang)
        case "feint_won":
            return text(message("d100.told.manoeuvre.feint_won", who=who, whom=whom), lang)
        case "feint_lost":
            return text(message("d100.told.manoeuvre.feint_lost", whom=whom, who=who), lang)
        case "grappled":
            return text(message("d100.told.manoeuvre.grappled", who=who, whom=whom), lang)
        case "took_control":
            return text(message("d100.told.manoeuvre.took_control", who=who, whom=whom), lang)
        case "hurt":
            return text(message("d100.told.manoeuvre.hurt", who=who, whom=whom, blow=_blow(event)), lang)
        case "taken_down":
            return text(message("d100.told.manoeuvre.taken_down", who=who, whom=whom), lang)
        case "pushed" if event.push_m is not None:
            moved = metres(event.push_m, lang)
            return text(message("d100.told.manoeuvre.pushed", who=who, whom=whom, moved=moved), lang)
        case "stood":
            return text(message("d100.told.manoeuvre.stood", who=who, whom=whom), lang)
        case "readied":
            return text(message("d100.told.manoeuvre.readied", who=who), lang)
        case "held":
            option = event.manoeuvre.removeprefix("grapple_")
            option = option if option in _GRAPPLE_TRIES else "other"
            return text(message(f"d100.told.grapple_held.{option}", who=who, whom=whom), lang)
        case "slipped_free":
            return text(message("d100.told.manoeuvre.slipped_free", who=who, whom=whom), lang)
        case "broke_free":
            return text(message("d100.told.manoeuvre.broke_free", who=who, whom=whom), lang)
        case "released":
            return text(message("d100.told.manoeuvre.released", who=who, whom=whom), lang)
    return None


def _joined(event: EncounterJoined, name: Name, lang: Lang) -> str:
    who, roll = name(event.character_id), event.roll
    said = text(message("d100.told.joined", who=who, total=roll.total, die=roll.die.value,
                        agility_bonus=f"{roll.agility_bonus:+d}"), lang)

    def order(ids: tuple[str, ...]) -> str:
        return ", ".join(name(cid) for cid in ids)

    if not event.order:
        return said + text(message("d100.told.joined.unplaced"), lang)
    if event.character_id not in event.order and event.next_order is not None:  # its place this round has passed
        return said + text(message("d100.told.joined.later", first_round=event.first_round,
                                   order=order(event.next_order)), lang)
    said += text(message("d100.told.joined.now", order=order(event.order)), lang)
    if event.next_order is not None:
        said += text(message("d100.told.joined.next_order", order=order(event.next_order)), lang)
    return said


def _ordered(event: ComradeOrdered, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    details = [text(message(f"d100.told.comrade.{event.cost}"), lang) if event.cost in ("half", "full")
               else term(event.cost, lang)]
    if event.order in ("volley", "close_ranks", "take_cover"):
        details.append(text(message("d100.told.comrade.until_next_turn", who=who), lang))
    if not event.in_cohesion:
        details.append(text(message("d100.told.comrade.out_of_cohesion"), lang))
    return text(message("d100.told.comrade.ordered", who=who, order=term(event.order, lang),
                        details=", ".join(details)), lang)


def encounter_sentence(event: Event, name: Name, lang: Lang) -> str | None:
    """The sentence of a fight's other events, or None for another event."""
    match event:
        case OnFireBurned():
            return _on_fire(event, name, lang)
        case StunResolved():
            return _stun(event, name, lang)
        case PinningTested():
            return _pinning(event, name, lang)
        case ManoeuvreResolved():
            return _manoeuvre(event, name, lang)
        case EncounterJoined():
            return _joined(event, name, lang)
        case ComradeOrdered():
            return _ordered(event, name, lang)
    return None
