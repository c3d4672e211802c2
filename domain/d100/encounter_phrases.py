"""Sentences for what happens in a d100 fight besides attacks: On Fire at a turn's start, Stun, Pinning,
Knock-Down, Feint and the Grapple options, a reinforcement joining, and a comrade's order.

Spanish words are the handouts': en llamas, dar vueltas corriendo y gritando, aturdir, acobardamiento, fuego de
supresión, derribar, finta, agarre, se une al combate, orden de turnos, salva, cerrad filas, a cubierto, media
acción, acción completa (seeds 000, 001).
"""

from __future__ import annotations

from collections.abc import Callable

from ..dice import d5
from ..engine import Lang
from ..events import Event
from .encounter_events import (
    ComradeOrdered,
    EncounterJoined,
    ManoeuvreResolved,
    OnFireBurned,
    PinningTested,
    StunResolved,
)
from .phrase_parts import count, metres, modifiers_text, outcome, pick
from .phrase_terms import term

Name = Callable[[str], str]

_PINNING_REASONS = {
    "suppressing": ("under suppressing fire", "bajo fuego de supresión"),
    "overwatch": ("in an Overwatch kill zone", "en la zona de fuego de una vigilancia"),
}

# What a Grapple option tries to do, for a try that fails ("fails to break free" / "no logra liberarse").
_GRAPPLE_TRIES = {
    "damage": ("hurt {whom}", "dañar a {whom}"),
    "take_down": ("take {whom} down", "derribar a {whom}"),
    "push": ("push {whom}", "empujar a {whom}"),
    "stand": ("stand up", "levantarse"),
    "break_free": ("break free", "liberarse"),
    "slip_free": ("slip free", "escabullirse"),
    "take_control": ("take control of the grapple", "tomar el control del agarre"),
}


def _on_fire(event: OnFireBurned, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    burn = (f"[{event.damage_roll}] − {pick(lang, 'TB', 'BR')} {event.toughness_bonus} → {event.wounding}")
    said = pick(lang, f"{who} burns: {burn} energy damage to the body, +1 fatigue",
                f"{who} arde: {burn} de daño de energía en el cuerpo, +1 de fatiga")
    if event.sealed or event.wp_roll is None or event.wp_target is None:
        return said + pick(lang, "; sealed armour: no WP test", "; armadura sellada: sin prueba de V")
    test = f"{term('WP', lang)} {event.wp_roll} vs {event.wp_target}"
    if event.panicking:
        return said + pick(lang, f"; {test}, failed: runs about screaming (a Full Action)",
                           f"; {test}, fallada: da vueltas corriendo y gritando (acción completa)")
    return said + pick(lang, f"; {test}: acts normally", f"; {test}: actúa con normalidad")


def _stun(event: StunResolved, name: Name, lang: Lang) -> str:
    who, whom = name(event.attacker_id), name(event.target_id)
    hit, resist = (event.dice[0].value, event.dice[1].value) if len(event.dice) == 2 else ("?", "?")
    head = (f" + {pick(lang, 'head armour', 'armadura de la cabeza')} {event.head_armour}" if event.head_armour else "")
    rolls = (f"[{hit}] + {pick(lang, 'SB', 'BF')} {event.strength_bonus} = {event.attacker_total} vs "
             f"[{resist}] + {pick(lang, 'TB', 'BR')} {event.toughness_bonus}{head} = {event.target_total}")
    if event.stunned_rounds:
        rounds = pick(lang, count(event.stunned_rounds, "round", "rounds"), count(event.stunned_rounds, "asalto",
                                                                                    "asaltos"))
        return pick(lang, f"{who} stuns {whom}: {rolls}; stunned for {rounds}, +1 fatigue",
                    f"{who} aturde a {whom}: {rolls}; aturdido {rounds}, +1 de fatiga")
    return pick(lang, f"{who} fails to stun {whom}: {rolls}; not stunned",
                f"{who} no logra aturdir a {whom}: {rolls}; no queda aturdido")


def _pinning(event: PinningTested, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    if event.reason == "escape":
        said = pick(lang, f"{who} tries to shake off Pinning", f"{who} intenta dejar de estar acobardado")
    else:
        en, es = _PINNING_REASONS.get(event.reason, ("", ""))
        said = pick(lang, f"{who} tests Pinning {en}", f"{who} hace una prueba de acobardamiento {es}").rstrip()
    against = modifiers_text(event.modifiers, event.target, "WP", lang, name)
    if event.pinned:
        out = pick(lang, "pinned", "queda acobardado")
    elif event.unpinned:
        out = pick(lang, "no longer pinned", "ya no está acobardado")
    elif event.success:
        out = pick(lang, "holds", "aguanta")
    else:
        out = pick(lang, "still pinned", "sigue acobardado")
    return f"{said}: {event.roll} vs {against}, {outcome(event.success, event.degrees, lang)}; {out}"


def _blow(event: ManoeuvreResolved) -> str:
    """The unarmed blow's die as its 1d5 (1d5 − 3 + SB, armour doubled, and a level of Fatigue)."""
    return f" (1d5 [{d5(event.dice[0])}])" if event.dice else ""


def _manoeuvre(event: ManoeuvreResolved, name: Name, lang: Lang) -> str | None:  # noqa: C901 — one line per outcome
    who, whom = name(event.actor_id), name(event.opponent_id)
    match event.outcome:
        case "target_prone":
            return pick(lang, f"{who} knocks {whom} down", f"{who} derriba a {whom}")
        case "target_prone_and_hurt":
            return pick(lang, f"{who} knocks {whom} down with a blow{_blow(event)}",
                        f"{who} derriba a {whom} de un golpe{_blow(event)}")
        case "attacker_prone":
            return pick(lang, f"{whom} stands firm: {who} is knocked down instead",
                        f"{whom} aguanta firme: es {who} quien cae derribado")
        case "no_effect":
            return pick(lang, f"{who} fails to knock {whom} down", f"{who} no logra derribar a {whom}")
        case "feint_won":
            return pick(lang, f"{who} feints {whom}: the next standard melee attack cannot be dodged or parried",
                        f"{who} engaña a {whom} con una finta: su siguiente ataque estándar cuerpo a cuerpo no se "
                        "puede esquivar ni parar")
        case "feint_lost":
            return pick(lang, f"{whom} is not taken in by {who}'s feint", f"{whom} no cae en la finta de {who}")
        case "grappled":
            return pick(lang, f"{who} grapples {whom} and controls the grapple",
                        f"{who} agarra a {whom} y controla el agarre")
        case "took_control":
            return pick(lang, f"{who} takes control of the grapple with {whom}",
                        f"{who} toma el control del agarre con {whom}")
        case "hurt":
            return pick(lang, f"{who} hurts {whom} in the grapple{_blow(event)}",
                        f"{who} daña a {whom} en el agarre{_blow(event)}")
        case "taken_down":
            return pick(lang, f"{who} takes {whom} down in the grapple", f"{who} derriba a {whom} en el agarre")
        case "pushed" if event.push_m is not None:
            moved = metres(event.push_m, lang)
            return pick(lang, f"{who} pushes {whom} {moved}", f"{who} empuja a {whom} {moved}")
        case "stood":
            return pick(lang, f"{who} and {whom} get up, still grappling",
                        f"{who} y {whom} se levantan sin soltar el agarre")
        case "readied":
            return pick(lang, f"{who} readies an item in the grapple", f"{who} prepara un objeto en el agarre")
        case "held":
            en, es = _GRAPPLE_TRIES.get(event.manoeuvre.removeprefix("grapple_"), ("act", "actuar"))
            return pick(lang, f"{who} fails to {en.format(whom=whom)}; the grapple holds",
                        f"{who} no logra {es.format(whom=whom)}; el agarre sigue")
        case "slipped_free":
            return pick(lang, f"{who} slips free of {whom}'s grapple", f"{who} se escabulle del agarre de {whom}")
        case "broke_free":
            return pick(lang, f"{who} breaks free of {whom}'s grapple", f"{who} se libera del agarre de {whom}")
        case "released":
            return pick(lang, f"{who} releases {whom}", f"{who} suelta a {whom}")
    return None


def _joined(event: EncounterJoined, name: Name, lang: Lang) -> str:
    who, roll = name(event.character_id), event.roll
    said = pick(lang, f"{who} joins the fight: initiative ", f"{who} se une al combate: iniciativa ")
    said += f"{roll.total} ([{roll.die.value}]{roll.agility_bonus:+d})"

    def order(ids: tuple[str, ...]) -> str:
        return ", ".join(name(cid) for cid in ids)

    if not event.order:
        return said + pick(lang, "; takes a place when the turn order is fixed",
                           "; ocupa su puesto cuando se fije el orden de turnos")
    if event.character_id not in event.order and event.next_order is not None:  # its place this round has passed
        return said + pick(lang, f"; acts from round {event.first_round}, in the turn order {order(event.next_order)}",
                           f"; actúa desde el asalto {event.first_round}, en el orden de turnos "
                           f"{order(event.next_order)}")
    said += pick(lang, f"; acts this round, in the turn order {order(event.order)}",
                 f"; actúa en este asalto, en el orden de turnos {order(event.order)}")
    if event.next_order is not None:
        said += pick(lang, f"; from the next round {order(event.next_order)}",
                     f"; desde el siguiente asalto {order(event.next_order)}")
    return said


def _ordered(event: ComradeOrdered, name: Name, lang: Lang) -> str:
    who = name(event.character_id)
    cost = {"half": pick(lang, "half action", "media acción"), "full": pick(lang, "full action", "acción completa")}
    details = [cost.get(event.cost, term(event.cost, lang))]
    if event.order in ("volley", "close_ranks", "take_cover"):
        details.append(pick(lang, f"until {who}'s next turn", f"hasta el siguiente turno de {who}"))
    if not event.in_cohesion:
        details.append(pick(lang, "out of cohesion", "fuera de cohesión"))
    return pick(lang, f"{who} orders the comrade: {term(event.order, lang)} ({', '.join(details)})",
                f"{who} ordena al camarada: {term(event.order, lang)} ({', '.join(details)})")


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
