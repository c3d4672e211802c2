"""The d100 engine's words for its events: a title for each, its terms, and sentences a forum reader follows.

Numbers come from the event itself; `name` turns a character id into the name a reader knows. Each
sentence shows every die of its event once (the roll against the target and the modifiers behind it, each
hit's location and damage dice, Righteous Fury), so the renderers list no dice again. Spanish words are the
handouts' (seeds 000–002), the same the command language reads (domain/d100/vocabulary.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..catalog import text
from ..dice import d5
from ..engine import Lang, RulesState, Standing
from ..events import Event
from ..message import message
from .encounter_events import (
    ActionTaken,
    ActionUsed,
    EncounterEnded,
    EncounterStarted,
    HordeBreakTested,
    HordeBroke,
    InitiativeOrderFixed,
    InitiativeRolled,
    TurnEnded,
    TurnStarted,
)
from .encounter_phrases import encounter_sentence
from .events import (
    AimTaken,
    AttackRolled,
    DamageApplied,
    FateBurned,
    FateSpent,
    GmRulingRecorded,
    HitResolved,
    OpposedTestRolled,
    ReactionRolled,
    RoundStarted,
    TestRolled,
    UnjamAttempted,
    WeaponReloaded,
)
from .mounted_phrases import mounted_sentence
from .phrase_parts import count as _count
from .phrase_parts import hits as _hits
from .phrase_parts import modifiers_text
from .phrase_parts import outcome as _outcome
from .phrase_parts import pick as _pick
from .phrase_parts import signed as _signed
from .phrase_terms import TERMS, term
from .record_phrases import aside_sentence, record_sentence
from .state import D100State
from .tested_phrases import tested_sentence

TITLES: Mapping[str, tuple[str, str]] = {
    "d100_test_rolled": ("test", "tirada"),
    "d100_opposed_test_rolled": ("opposed test", "tirada enfrentada"),
    "d100_aim_taken": ("aims", "apunta"),
    "d100_attack_rolled": ("attack", "ataque"),
    "d100_reaction_rolled": ("reaction", "reacción"),
    "d100_damage_applied": ("damage", "daño"),
    "d100_fate_spent": ("Fate point spent", "punto de Destino gastado"),
    "d100_fate_burned": ("Fate point burned", "punto de Destino quemado"),
    "d100_unjam_attempted": ("unjam attempt", "intento de desencasquillar"),
    "d100_weapon_reloaded": ("reload", "recarga"),
    "d100_round_started": ("round begins", "empieza el asalto"),
    "d100_gm_ruling_recorded": ("GM ruling", "decisión del DJ"),
    "d100_sheet_edited": ("sheet edited", "hoja editada"),
    "d100_action_taken": ("action", "acción"),
    "d100_action_used": ("action used", "acción usada"),
    "d100_blood_loss_rolled": ("blood loss roll", "tirada por pérdida de sangre"),
    "d100_critical_table_loaded": ("critical table loaded", "tabla de críticos cargada"),
    "d100_encounter_started": ("encounter begins", "empieza el combate"),
    "d100_encounter_ended": ("encounter ends", "termina el combate"),
    "d100_heroic_sacrifice_declared": ("heroic sacrifice", "sacrificio heroico"),
    "d100_horde_break_tested": ("horde breaking test", "tirada de desbandada de la horda"),
    "d100_horde_broke": ("the horde breaks", "la horda se desbanda"),
    "d100_initiative_rolled": ("initiative", "iniciativa"),
    "d100_initiative_order_fixed": ("initiative order", "orden de iniciativa"),
    "d100_manoeuvre_resolved": ("manoeuvre", "maniobra"),
    "d100_on_fire_burned": ("burning", "en llamas"),
    "d100_pinning_tested": ("pinning test", "tirada de acobardamiento"),
    "d100_stun_resolved": ("stun", "aturdimiento"),
    "d100_turn_started": ("turn begins", "empieza el turno"),
    "d100_turn_ended": ("turn ends", "termina el turno"),
    "d100_extinguish_attempted": ("putting out the fire", "apagar las llamas"),
    "d100_blood_loss_treated": ("stopping the bleeding", "cortar la hemorragia"),
    "d100_fear_tested": ("fear test", "tirada de miedo"),
    "d100_feat_rolled": ("feat", "proeza física"),
    "d100_power_focused": ("psychic power", "poder psíquico"),
    "d100_encounter_joined": ("joins the fight", "se une al combate"),
    "d100_comrade_ordered": ("comrade's order", "orden al camarada"),
    "d100_mount_changed": ("mounts or dismounts", "monta o desmonta"),
    "d100_ride_rolled": ("mounted action", "acción montada"),
    "d100_burning_mount_tested": ("burning mount", "montura en llamas"),
}

_MODES = {
    "standard": ("attacks", "ataca a"),
    "semi_auto": ("fires a semi-auto burst at", "dispara una ráfaga semiautomática a"),
    "full_auto": ("fires a full-auto burst at", "dispara una ráfaga automática a"),
    "suppressing": ("lays suppressing fire on", "hace fuego de supresión sobre"),
    "charge": ("charges", "carga contra"),
    "all_out": ("makes an all-out attack on", "hace un ataque total contra"),
    "called_shot": ("aims a called shot at", "hace un disparo apuntado a"),
    "guarded": ("makes a guarded attack on", "hace un ataque precavido contra"),
    "stun": ("tries to stun", "intenta aturdir a"),
    "crushing_charge": ("rides down", "arrolla a"),
    "hit_and_run": ("strikes in passing at", "golpea al pasar a"),
}


def _face_text(hit: HitResolved, index: int, lang: Lang) -> str:
    """One damage face as a reader checks it against the proof: the die as rolled, then what it counts for.

    A d5 is a d10 halved (`7→4`); the degrees of success replace the lowest die when higher (RULES A7:
    `1→5 degrees`). The proof shows the d10 as rolled, so the thread must too (docs/history.md).
    """
    counted = hit.faces[index]
    die = hit.dice[index].value if index < len(hit.dice) else counted
    if index == hit.degrees_die:
        return f"{die}→{counted} {_pick(lang, 'degrees', 'grados')}"
    return str(die) if die == counted else f"{die}→{counted}"


def _hit_text(hit: HitResolved, lang: Lang) -> str:
    """`body: [7]+5 = 12 − 4 armour − 4 TB → 4`, with Righteous Fury's confirmation and extra dice."""
    where = term(hit.location, lang) if hit.location is not None else _pick(lang, "hit", "impacto")
    faces = "+".join(f"[{_face_text(hit, index, lang)}]" for index in range(len(hit.faces))) or "—"
    horde = sum(d.value for d in hit.horde_dice)
    bonus = hit.total - sum(hit.faces) - horde - (hit.fury.extra_damage if hit.fury is not None else 0)
    rolled = f"{faces}{_signed(bonus) if bonus else ''}"
    if hit.horde_dice:
        # A horde's extra d10s (RULES A9) are dice a reader checks: shown, never folded into the bonus.
        extra = "+".join(f"[{d.value}]" for d in hit.horde_dice)
        rolled += _pick(lang, f" + horde {extra}", f" + horda {extra}")
    fury = ""
    if hit.fury is not None:
        chain = hit.fury
        # Named: "(40 vs 78, +[8] = +8)" left a reader guessing which roll the 40 was (issue 21).
        confirmation = text(message("sentence.d100.fury_confirmation", roll=chain.confirmation.value,
                                    target=chain.confirmation_target), lang) if chain.confirmation else ""
        if chain.confirmed:
            extra = "+".join(f"[{d.value}]" for d in chain.extra_dice)
            fury = _pick(lang, f", Righteous Fury! ({confirmation}, +{extra} = +{chain.extra_damage})",
                         f", ¡Furia Justiciera! ({confirmation}, +{extra} = +{chain.extra_damage})")
        else:
            fury = _pick(lang, f", Righteous Fury not confirmed ({confirmation})",
                         f", Furia Justiciera sin confirmar ({confirmation})")
    armour = _pick(lang, "armour", "armadura")
    cover = f" − {hit.cover_ap} {_pick(lang, 'cover', 'cobertura')}" if hit.cover_ap else ""
    critical = f", {_pick(lang, 'critical', 'crítico')} +{hit.critical_added}" if hit.critical_added else ""
    return (f"{where} {rolled}{fury} = {hit.total}{cover} − {hit.armour} {armour} − {hit.toughness_bonus} "
            f"{_pick(lang, 'TB', 'BR')} → {hit.wounding}{critical}")


class D100Phrases:
    """The d100 engine's phrases (domain.engine.Phrases)."""

    titles = TITLES
    terms = TERMS

    def sentence(self, event: Event, name: Callable[[str], str], lang: Lang) -> str | None:  # noqa: C901
        match event:
            case AttackRolled():
                return self._attack(event, name, lang)
            case ReactionRolled(reaction="none"):
                return _pick(lang, f"{name(event.character_id)} does not react",
                             f"{name(event.character_id)} no reacciona")
            case ReactionRolled():
                who = name(event.character_id)
                # "tries to": the outcome follows, and "Kai dodges: 62 vs 41, failure" read as if he had.
                verb = {"dodge": _pick(lang, "tries to dodge", "intenta esquivar"),
                        "parry": _pick(lang, "tries to parry", "intenta parar"),
                        "sidestep": _pick(lang, "pulls the mount aside", "aparta la montura")}
                label = {"dodge": "Dodge", "sidestep": "Survival"}.get(event.reaction, "WS")
                against = (modifiers_text(event.modifiers, event.target, label, lang, name)
                           if event.modifiers is not None and event.target is not None else "?")
                remain = "queda" if event.hits_after == 1 else "quedan"
                left = _pick(lang, f"{_hits(event.hits_after, lang)} left", f"{remain} {_hits(event.hits_after, lang)}")
                return (f"{who} {verb[event.reaction]}: {event.roll} vs {against}, "
                        f"{_outcome(event.success, event.degrees, lang)}, {left}")
            case DamageApplied():
                whom = name(event.target_id)
                dealt = sum(hit.wounding for hit in event.hits)
                hits = "; ".join(_hit_text(hit, lang) for hit in event.hits)
                if event.magnitude_after is not None:
                    lost = _pick(lang, f"loses {event.magnitude_lost} magnitude",
                                 f"pierde {event.magnitude_lost} de magnitud")
                    return f"{whom} {lost}: {hits}"
                took = _pick(lang, f"takes {dealt} damage", f"recibe {dealt} de daño")
                return f"{whom} {took}: {hits}" if hits else f"{whom} {took}"
            case TestRolled():
                who = name(event.character_id)
                label = term(event.label, lang)
                against = modifiers_text(event.modifiers, event.target, event.label, lang, name)
                reroll = _pick(lang, " (Fate reroll)", " (repetida con Destino)") if event.reroll_of else ""
                return (f"{who}: {_pick(lang, 'test', 'prueba')} {_pick(lang, 'of', 'de')} {label}{reroll} "
                        f"{event.roll} vs {against}, {_outcome(event.success, event.degrees, lang)}")
            case OpposedTestRolled(first=first, second=second, result=result):
                sides = [
                    f"{name(s.character_id)} {term(s.label, lang)} {s.roll} vs {s.target} "
                    f"({_outcome(s.success, s.degrees, lang)})" for s in (first, second)
                ]
                winner = {"first": name(first.character_id), "second": name(second.character_id)}.get(result.winner)
                won = (_pick(lang, f"{winner} wins", f"gana {winner}") if winner
                       else _pick(lang, "nobody wins", "no gana nadie"))
                return f"{_pick(lang, 'Opposed test', 'Prueba enfrentada')}: {'; '.join(sides)} — {won}"
            case AimTaken():
                return _pick(lang, f"{name(event.character_id)} aims (+{event.bonus} to the next attack)",
                             f"{name(event.character_id)} apunta (+{event.bonus} al siguiente ataque)")
            case FateSpent():
                # "bonus" is the +10 a test's or attack's `fate` spends before the roll (RULES A3), not a FateUse.
                what = (_pick(lang, "+10 before rolling", "+10 antes de tirar") if event.use == "bonus"
                        else term(event.use, lang))
                left = _pick(lang, f"{event.fate_after} Fate left", (
                    "le queda 1 punto de Destino" if event.fate_after == 1
                    else f"le quedan {event.fate_after} puntos de Destino"))
                rolled = f" ({', '.join(f'[{d.value}]' for d in event.dice)})" if event.dice else ""
                return _pick(lang, f"{name(event.character_id)} spends a Fate point: {what}{rolled}; {left}",
                             f"{name(event.character_id)} gasta un punto de Destino: {what}{rolled}; {left}")
            case FateBurned():
                return _pick(lang, f"{name(event.character_id)} burns a Fate point: {event.reason}",
                             f"{name(event.character_id)} quema un punto de Destino: {event.reason}")
            case UnjamAttempted():
                against = modifiers_text(event.modifiers, event.target, event.characteristic, lang, name)
                clear = (_pick(lang, "the weapon is clear", "el arma queda desencasquillada") if event.success
                         else _pick(lang, "still jammed", "sigue encasquillada"))
                weapon = name(f"{event.character_id}/{event.weapon_id}")
                return _pick(lang, f"{name(event.character_id)} works on the jammed {weapon}: ",
                             f"{name(event.character_id)} intenta desencasquillar {weapon}: "
                             ) + f"{event.roll} vs {against}, {clear}"
            case WeaponReloaded():
                weapon = name(f"{event.character_id}/{event.weapon_id}")
                return _pick(lang, f"{name(event.character_id)} reloads {weapon} ({event.ammo} rounds)",
                             f"{name(event.character_id)} recarga {weapon} ({event.ammo} disparos)")
            case RoundStarted():
                return _pick(lang, f"Round {event.round} begins", f"Empieza el asalto {event.round}")
            case InitiativeRolled():
                ranked = sorted(event.rolls, key=lambda r: -r.total)
                shown = ", ".join(f"{name(r.character_id)} {r.total} ([{r.die.value}]{_signed(r.agility_bonus)})"
                                  for r in ranked)
                return f"{_pick(lang, 'Initiative', 'Iniciativa')}: {shown}"
            case InitiativeOrderFixed():
                rolloffs = ""
                if event.rolloffs:
                    rolloffs = " (" + _pick(lang, "roll-off", "desempate") + ": " + ", ".join(
                        f"{name(r.character_id)} [{r.die.value}]" for r in event.rolloffs) + ")"
                order = ", ".join(name(cid) for cid in event.order)
                return f"{_pick(lang, 'Turn order', 'Orden de turnos')}: {order}{rolloffs}"
            case EncounterStarted():
                who = ", ".join(name(cid) for cid in event.participants)
                surprised = ""
                if event.surprised:
                    surprised = _pick(lang, "; surprised: ", "; sorprendidos: ") + ", ".join(
                        name(cid) for cid in event.surprised)
                return _pick(lang, f"The fight begins: {who}{surprised}", f"Empieza el combate: {who}{surprised}")
            case EncounterEnded():
                return _pick(lang, f"The fight ends after {_count(event.rounds, 'round', 'rounds')}",
                             f"Termina el combate tras {_count(event.rounds, 'asalto', 'asaltos')}")
            case TurnStarted():
                return _pick(lang, f"Round {event.round}, turn {event.turn}: {name(event.character_id)} acts",
                             f"Asalto {event.round}, turno {event.turn}: actúa {name(event.character_id)}")
            case TurnEnded():
                return _pick(lang, f"{name(event.character_id)} ends the turn",
                             f"{name(event.character_id)} termina su turno")
            case ActionUsed():
                return ""  # the attack, aim or reaction it paid for tells it
            case ActionTaken():
                note = f": {event.note}" if event.note else ""
                return f"{name(event.character_id)}: {term(event.action, lang)}{note}"
            case GmRulingRecorded():
                return _pick(lang, f"GM ruling on {name(event.character_id)}: {event.reason}",
                             f"Decisión del DJ sobre {name(event.character_id)}: {event.reason}")
            case HordeBreakTested():
                against = modifiers_text(event.modifiers, event.target, "WP", lang, name)
                broken = _pick(lang, "it breaks", "se desbanda") if event.broken else _pick(lang, "it holds", "aguanta")
                return _pick(lang, f"{name(event.character_id)} tests to hold: ",
                             f"{name(event.character_id)} prueba si aguanta: ") + f"{event.roll} vs {against}, {broken}"
            case HordeBroke():
                return _pick(lang, f"{name(event.character_id)} breaks and flees",
                             f"{name(event.character_id)} se desbanda y huye")
        for told in (tested_sentence, mounted_sentence, encounter_sentence, record_sentence):
            sentence = told(event, name, lang)
            if sentence is not None:
                return sentence
        return None

    def aside(self, event: Event, name: Callable[[str], str], lang: Lang) -> str | None:
        return aside_sentence(event, name, lang)

    def _attack(self, event: AttackRolled, name: Callable[[str], str], lang: Lang) -> str:
        who, whom = name(event.attacker_id), name(event.target_id)
        en, es = _MODES.get(event.action, ("attacks", "ataca a"))
        against = modifiers_text(event.modifiers, event.target, "WS" if event.melee else "BS", lang, name)
        if event.jammed:
            outcome = _pick(lang, "jammed!", "¡encasquillada!")
        elif event.success:
            outcome = f"{_outcome(True, event.degrees, lang)}, {_hits(event.hits, lang)}"
            if event.locations:
                outcome += ": " + ", ".join(term(loc, lang) for loc in event.locations)
            for share in event.assigned:  # Suppressing Fire: hits that fell on others in the kill zone
                outcome += _pick(lang, f"; {share.hits} on {name(share.target_id)}",
                                 f"; {share.hits} a {name(share.target_id)}")
            if event.zone and len(event.dice) > 1:
                # The 1dN that assigned each hit in the kill zone (RULES A6) are dice a reader checks.
                zone = "".join(f"[{die.value}]" for die in event.dice[1:])
                outcome += _pick(lang, f" (kill zone dice {zone})", f" (dados de la zona de muerte {zone})")
            elif len(event.dice) > 1:
                # A flame weapon's hits on a horde: ceil(range / 4) + 1d5 (RULES A9), the d5 as its d10.
                flame = "".join(f"[{die.value}→{d5(die)}]" if d5(die) != die.value else f"[{die.value}]"
                                for die in event.dice[1:])
                outcome += _pick(lang, f" (flame d5 {flame})", f" (d5 de llama {flame})")
        else:
            # An attack records degrees of success only (a miss keeps 0): a miss is told as one, no count.
            outcome = _pick(lang, "miss", "falla")
        reroll = _pick(lang, " (Fate reroll)", " (repetido con Destino)") if event.reroll_of else ""
        weapon = (_pick(lang, "unarmed", "desarmado") if event.weapon_id == "unarmed"
                  else name(f"{event.attacker_id}/{event.weapon_id}"))
        return f"{who} {_pick(lang, en, es)} {whom} ({weapon}){reroll}: {event.roll} vs {against}, {outcome}"

    def standing(self, state: RulesState, character_id: str) -> Standing:
        if not isinstance(state, D100State) or character_id not in state.characters:
            return {}
        character = state.characters[character_id]
        if character.magnitude is not None:
            found: dict[str, int | tuple[str, ...]] = {"magnitude": character.magnitude}
        else:
            found = {"wounds": max(character.sheet.wounds - character.damage, 0)}
            if character.critical:
                found["critical"] = character.critical
        if character.fatigue:
            found["fatigue"] = character.fatigue
        if character.fate_max or character.fate:
            found["fate"] = character.fate
        if character.comrade is not None:
            found["comrade"] = (character.comrade,)
        found["conditions"] = tuple(sorted(c.name for c in character.conditions))
        return found

    def numbers(self, event: Event) -> Mapping[str, int]:
        match event:
            case AttackRolled(hits=hits):
                return {"hits": hits}
            case ReactionRolled(hits_negated=negated):
                return {"hits_negated": negated}
            case DamageApplied(hits=hits, magnitude_lost=lost):
                found = {"damage": sum(h.wounding for h in hits)}
                if lost:
                    found["magnitude_lost"] = lost
                return found
        return {}


PHRASES = D100Phrases()
