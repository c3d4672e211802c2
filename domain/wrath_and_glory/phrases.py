"""The Wrath & Glory engine's words for its events: a title for each, its terms, and sentences a forum
reader follows (tests with their pool, DN and Wrath die, damage with its parts, soak, death tests, pools).

Numbers come from the event itself; `name` turns a character id into the name a reader knows. Each
sentence shows every die of its event once. Spanish words are the handout's (seed 003): ND, icono, dado de
la Ira, Gloria, Ruina, shock, ignorar heridas, prueba de muerte …
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from domain.catalog import text
from domain.engine import Lang, RulesState, Standing
from domain.events import Event
from domain.message import message
from domain.wrath_and_glory.action_decisions import TOTAL_DEFENCE
from domain.wrath_and_glory.encounter_events import (
    ActionTaken,
    EncounterEnded,
    EncounterStarted,
    InitiativeContested,
    InitiativeTaken,
    Moved,
    RoundStarted,
)
from domain.wrath_and_glory.encounter_phrases import encounter_sentence
from domain.wrath_and_glory.events import (
    AttackDeclared,
    ComplicationResolved,
    DamageApplied,
    DamageDealt,
    DeathTestRolled,
    DefenceEffectAdded,
    DiceRerolled,
    GloryDiceAdded,
    GloryGained,
    GlorySpent,
    IconsShifted,
    NextActionPenaltyAdded,
    ReloadsSpent,
    RuinGained,
    RuinSpent,
    SessionStarted,
    ShockRecovered,
    SoakRolled,
    SpecialRolled,
    TestRolled,
    TurnStarted,
    WoundsPending,
    WrathGained,
    WrathSpent,
)
from domain.wrath_and_glory.phrase_parts import count as _count
from domain.wrath_and_glory.phrase_parts import faces as _faces
from domain.wrath_and_glory.phrase_parts import icons as _icons
from domain.wrath_and_glory.phrase_parts import metres as _metres
from domain.wrath_and_glory.phrase_parts import mods as _mods
from domain.wrath_and_glory.phrase_parts import pick as _pick
from domain.wrath_and_glory.phrase_parts import result as _result
from domain.wrath_and_glory.phrase_parts import wrath as _wrath
from domain.wrath_and_glory.phrase_terms import TERMS, term
from domain.wrath_and_glory.record_phrases import action_paid, record_sentence
from domain.wrath_and_glory.ruling_events import GmOverridden, ResistanceTestRolled, SoakRerolled
from domain.wrath_and_glory.state import WngState

# A special roll's kind as a reader says it (an initiative roll, a soak roll without a wound to soak).
_SPECIAL_KINDS = {"initiative": ("initiative", "iniciativa"), "soak": ("soak", "absorción")}

TITLES: Mapping[str, tuple[str, str]] = {
    "wng_tier_set": ("tier set", "nivel fijado"),
    "wng_session_started": ("session resources reset", "recursos de sesión repuestos"),
    "wng_turn_started": ("turn begins", "empieza el turno"),
    "wng_test_rolled": ("test", "prueba"),  # seed 003: "Esto se denomina prueba"
    "wng_attack_declared": ("attack", "ataque"),
    "wng_dice_rerolled": ("dice rerolled", "dados repetidos"),
    "wng_glory_dice_added": ("Glory dice added", "dados de Gloria añadidos"),
    "wng_icons_shifted": ("icons shifted", "iconos desplazados"),
    "wng_complication_resolved": ("Wrath die complication", "complicación del dado de la Ira"),
    "wng_glory_gained": ("Glory gained", "Gloria ganada"),
    "wng_glory_spent": ("Glory spent", "Gloria gastada"),
    "wng_wrath_gained": ("Wrath gained", "Ira ganada"),
    "wng_wrath_spent": ("Wrath spent", "Ira gastada"),
    "wng_ruin_gained": ("Ruin gained", "Ruina ganada"),
    "wng_ruin_spent": ("Ruin spent", "Ruina gastada"),
    "wng_reloads_spent": ("Reloads spent", "Recargas gastadas"),
    "wng_defence_effect_added": ("Defence effect", "efecto sobre la Defensa"),
    "wng_next_action_penalty_added": ("penalty to the next action", "penalización a la siguiente acción"),
    "wng_damage_dealt": ("damage dealt", "daño infligido"),
    "wng_interaction_effect_applied": ("interaction effect", "efecto de interacción"),
    "wng_wounds_pending": ("wounds pending soak", "heridas pendientes de absorción"),
    "wng_soak_rolled": ("soak", "absorción"),
    "wng_soak_rerolled": ("soak rerolled", "absorción repetida"),
    "wng_damage_applied": ("damage applied", "daño aplicado"),
    "wng_death_test_rolled": ("death test", "tirada de muerte"),
    "wng_shock_recovered": ("shock recovered", "shock recuperado"),
    "wng_special_rolled": ("initiative or soak roll", "tirada de iniciativa o absorción"),
    "wng_action_taken": ("action", "acción"),
    "wng_encounter_started": ("encounter begins", "empieza el combate"),
    "wng_encounter_ended": ("encounter ends", "termina el combate"),
    "wng_gm_overridden": ("GM override", "corrección del DJ"),
    "wng_initiative_contested": ("initiative contest", "disputa de iniciativa"),
    "wng_initiative_taken": ("takes the initiative", "toma la iniciativa"),
    "wng_made_aware": ("made aware", "alertado"),
    "wng_moved": ("moves", "se mueve"),
    "wng_resistance_test_rolled": ("resistance test", "tirada de resistencia"),
    "wng_round_started": ("round begins", "empieza el asalto"),
    "wng_turn_effects_expired": ("effects expire", "terminan los efectos"),
    "wng_total_defence_rolled": ("Total Defence", "defensa total"),
    "wng_troops_regrouped": ("troops regroup", "las tropas se reagrupan"),
    "wng_encounter_joined": ("joins the encounter", "se une al combate"),
    "wng_movement_test_rolled": ("Agility test to climb or swim", "prueba de agilidad para escalar o nadar"),
}


# The names the engine gives the budget an action spends when a command other than `wng_take_action` pays it.
_PAID_FOR = frozenset({"prepare", "attack", "interaction attack", "reload", "recover shock"})


class WngPhrases:
    """The Wrath & Glory engine's phrases (domain.engine.Phrases)."""

    titles = TITLES
    terms = TERMS

    def sentence(self, event: Event, name: Callable[[str], str], lang: Lang) -> str | None:  # noqa: C901
        match event:
            case TestRolled():
                who = name(event.character_id)
                bonus = _mods(event.pool.bonus, lang)
                pool = f"{len(event.dice)}d6" + (f" ({bonus})" if bonus else "")
                dn = f"{term('dn', lang)} {event.dn}"
                penalties = _mods(event.dn_penalties, lang)
                if penalties:
                    dn += f" ({penalties})"
                wrath = _wrath(event.wrath, lang)
                shifts = (_pick(lang, f", {event.shifts_possible} to shift", f", {event.shifts_possible} para canjear")
                          if event.shifts_possible else "")
                return (f"{who}: {term(event.skill, lang)} {pool} {_faces(event.dice)} → "
                        f"{_icons(event.icons, lang)} vs {dn}, {_result(event.success, lang)}{shifts}"
                        + (f"; {wrath}" if wrath else ""))
            case AttackDeclared():
                weapon = event.weapon.name if event.weapon is not None else term("interaction", lang)
                targets = ", ".join(name(t) for t in event.targets)
                return _pick(lang, f"{name(event.attacker_id)} attacks {targets} with {weapon}",
                             f"{name(event.attacker_id)} ataca a {targets} con {weapon}")
            case DiceRerolled():
                changed = ", ".join(f"[{r.before_face}]→[{r.after.value}]" for r in event.rerolls)
                wrath = _wrath(event.wrath, lang) if event.wrath_rerolled else ""
                return (_pick(lang, f"Reroll paid with {term(event.paid_with, lang)}: ",
                              f"Repetición pagada con {term(event.paid_with, lang)}: ")
                        + f"{changed} → {_icons(event.icons, lang)}, {_result(event.success, lang)}"
                        + (f"; {wrath}" if wrath else ""))
            case GloryDiceAdded():
                faces = "".join(f"[{d.value}]" for d in event.dice)
                count = len(event.dice)
                return (_pick(lang, f"{count} Glory dice {faces}", f"{count} dados de Gloria {faces}")
                        + f" → {_icons(event.icons, lang)}, {_result(event.success, lang)}")
            case ComplicationResolved(choice="ruin"):
                return _pick(lang, "The GM takes 1 Ruin instead of the complication",
                             "El DJ toma 1 de Ruina en lugar de la complicación")
            case ComplicationResolved():
                note = f": {event.note}" if event.note else ""
                return _pick(lang, f"Complication{note}", f"Complicación{note}")
            case DefenceEffectAdded(effect=effect) if effect.source == TOTAL_DEFENCE:
                return ""  # the Total Defence roll beside it tells its bonus
            case DefenceEffectAdded(effect=effect):
                who, why = name(event.character_id), term(effect.source, lang)
                return _pick(lang, f"{who}: Defence {effect.value:+d} ({why}) until the next turn",
                             f"{who}: Defensa {effect.value:+d} ({why}) hasta su siguiente turno")
            case NextActionPenaltyAdded(penalty=penalty, shooting_only=True):
                return _pick(lang, f"{name(event.character_id)}: {term('dn', lang)} {penalty.value:+d} if the next "
                             f"action is a shot ({term(penalty.source, lang)})",
                             f"{name(event.character_id)}: {term('dn', lang)} {penalty.value:+d} si su siguiente "
                             f"acción es un disparo ({term(penalty.source, lang)})")
            case NextActionPenaltyAdded(penalty=penalty):
                return _pick(lang, f"{name(event.character_id)}: {term('dn', lang)} {penalty.value:+d} to the next "
                             f"action ({term(penalty.source, lang)})",
                             f"{name(event.character_id)}: {term('dn', lang)} {penalty.value:+d} a su siguiente "
                             f"acción ({term(penalty.source, lang)})")
            case IconsShifted():
                uses = ", ".join(term(u, lang) for u in event.uses)
                return _pick(lang, f"Shifts: {uses}", f"Canjes: {uses}")
            case DamageDealt():
                parts = [f"{term('weapon', lang)} {event.damage.weapon}"]
                for key, value in (("strength", event.damage.strength), ("ED", event.damage.ed_icons),
                                   ("shift", event.damage.shifts), ("glory", event.damage.glory),
                                   ("other", event.damage.other)):
                    if value:
                        if key == "ED":
                            parts.append(text(message("sentence.wng.damage.ed_icons", value=value), lang))
                        else:
                            parts.append(f"{term(key, lang)} +{value}")
                ed = "".join(f"[{d.value}]" for d in event.ed_dice)
                ed_text = " " + text(message("sentence.wng.damage.ed", faces=ed), lang) if ed else ""
                resilience = _pick(lang, "Resilience", "Resiliencia")
                hit = ""
                if event.members_hit > 1:
                    members_hit = event.members_hit
                    hit = _pick(lang, f", {members_hit} members hit", f", {members_hit} miembros alcanzados")
                return (_pick(lang, f"Damage to {name(event.target_id)}: ", f"Daño a {name(event.target_id)}: ")
                        + f"{event.total} ({', '.join(parts)}){ed_text} vs {resilience} {event.resilience} → "
                        + _pick(lang, _count(event.wounds, "wound", "wounds"),
                                _count(event.wounds, "herida", "heridas")) + hit)
            case WoundsPending():
                # Wounds that wait for a soak roll, not wounds already soaked ("puede ignorar 8 heridas", issue 21).
                return text(message("sentence.wng.wounds_pending", count=event.wounds, who=name(event.character_id)),
                            lang)
            case SoakRerolled():
                # Each rerolled die's old face beside its new one: the new total counts the new faces.
                changed = ", ".join(f"[{old}]→[{new.value}]" for old, new in zip(event.before_faces, event.after,
                                                                              strict=False))
                return text(message("sentence.wng.soak_rerolled", who=name(event.character_id),
                                    paid=term(event.paid_with, lang), changed=changed,
                                    icons=_icons(event.icons, lang), ignored=event.ignored, left=event.remaining,
                                    cost=event.shock_cost), lang)
            case SoakRolled():
                dice = event.dice
                faces = "".join(f"[{d.value}]" for d in dice)
                who = name(event.character_id)
                ignored, left, cost = event.ignored, event.remaining, event.shock_cost
                return (_pick(lang, f"{who} soaks: ", f"{who} ignora heridas: ")
                        + f"{faces} → {_icons(event.icons, lang)}, "
                        + _pick(lang, f"{ignored} ignored, {left} left (costs {cost} shock)",
                                f"{ignored} ignoradas, quedan {left} (cuesta {cost} de shock)"))
            case SpecialRolled():
                faces = "".join(f"[{d.value}]" for d in event.dice)
                who = name(event.character_id)
                roll = _pick(lang, *_SPECIAL_KINDS.get(event.kind, (event.kind, event.kind)))
                return _pick(lang, f"{who} rolls {roll}: ", f"{who} tira {roll}: ") + (
                    f"{faces} → {_icons(event.icons, lang)}")
            case DamageApplied(members_lost=members) if members or event.troop_wounds_lost:
                whom, left = name(event.character_id), event.members_left
                # A troop's 1d3 shock (damage at or below its Resilience) is told with its die.
                shocked = (_pick(lang, f"{event.shock_lost} shock ", f"{event.shock_lost} de shock ")
                           + "".join(f"[{d.value}]" for d in event.shock_dice)) if event.shock_dice else ""
                return _pick(lang, f"{whom} loses {shocked + ' and ' if shocked else ''}"
                                   f"{_count(members, 'member', 'members')} ({left} left)",
                             f"{whom} pierde {shocked + ' y ' if shocked else ''}"
                             f"{_count(members, 'miembro', 'miembros')} (quedan {left})")
            case SessionStarted():
                heroes = ", ".join(f"{name(h.character_id)} {term('wrath', lang)} {h.wrath}, "
                                   f"{term('reloads', lang)} {h.reloads}" for h in event.heroes)
                pools = (f"{term('glory', lang)} {event.glory}/{event.glory_cap}, "
                         f"{term('ruin', lang)} {event.ruin}/{event.ruin_cap}")
                return (_pick(lang, f"Session {event.session}: ", f"Sesión {event.session}: ") + pools
                        + (f"; {heroes}" if heroes else ""))
            case DamageApplied():
                whom = name(event.character_id)
                shock = event.shock_lost
                lost = _pick(lang, f"{whom} loses {shock} shock and {_count(event.wounds, 'wound', 'wounds')}",
                             f"{whom} pierde {shock} de shock y {_count(event.wounds, 'herida', 'heridas')}")
                if event.shock_dice:
                    lost += " (" + "".join(f"[{d.value}]" for d in event.shock_dice) + ")"
                for flag, key in ((event.dead, "dead"), (event.dying, "dying"), (event.unconscious, "unconscious"),
                                  (event.exhausted, "exhausted"), (event.dissolved, "dissolved")):
                    if flag:
                        lost += f": {term(key, lang)}"
                        break
                return lost
            case DeathTestRolled():
                who = name(event.character_id)
                return (_pick(lang, f"{who}: death test ", f"{who}: prueba de muerte ")
                        + f"[{event.die.value}]{event.bonus:+d} = {event.total}, {term(event.result, lang)}")
            case ShockRecovered():
                return _pick(lang, f"{name(event.character_id)} recovers {event.amount} shock ([{event.die.value}])",
                             f"{name(event.character_id)} recupera {event.amount} de shock ([{event.die.value}])")
            case ResistanceTestRolled():
                who = name(event.character_id)
                # A declared reroll's pool (the kept dice and the new ones) is what the icons were counted on.
                again = (_pick(lang, f", rerolled {_faces(event.rerolled)}", f", repetida {_faces(event.rerolled)}")
                         if event.rerolled else "")
                wrath = _wrath(event.wrath, lang)
                return (f"{who}: {term(event.kind, lang)} {len(event.dice)}d6 {_faces(event.dice)}{again} → "
                        f"{_icons(event.icons, lang)} vs {term('dn', lang)} {event.dn}, {_result(event.success, lang)}"
                        + (f"; {wrath}" if wrath else ""))
            case GloryGained(cause="wrath_six", reason="", lost=0) if event.test_id is not None:
                return ""  # the test's Wrath die 6 beside it tells it, and the pool's change its numbers (issue 21)
            case GloryGained() | GlorySpent() | RuinGained() | RuinSpent():
                pool = "glory" if isinstance(event, (GloryGained, GlorySpent)) else "ruin"
                gained = isinstance(event, (GloryGained, RuinGained))
                verb = _pick(lang, "+" if gained else "−", "+" if gained else "−")
                why = event.reason or term(event.cause, lang)
                return f"{term(pool, lang)} {verb}{event.amount} ({why}): {event.before} → {event.after}"
            case WrathGained() | WrathSpent():
                gained = isinstance(event, WrathGained)
                why = event.reason or term(event.cause, lang)
                sign = "+" if gained else "−"
                who = name(event.character_id)
                return f"{who}: {term('wrath', lang)} {sign}{event.amount} ({why}): {event.before} → {event.after}"
            case ReloadsSpent():
                return (f"{name(event.character_id)}: {term('reloads', lang)} −{event.amount} "
                        f"({term(event.cause, lang)}): {event.before} → {event.after}")
            case GmOverridden():
                return _pick(lang, f"GM override on {name(event.character_id)}: {event.reason}",
                             f"Corrección del DJ sobre {name(event.character_id)}: {event.reason}")
            case EncounterStarted():
                who = ", ".join(name(cid) for cid in event.participants)
                return _pick(lang, f"The fight begins: {who}", f"Empieza el combate: {who}")
            case EncounterEnded():
                return _pick(lang, f"The fight ends after {_count(event.rounds, 'round', 'rounds')}",
                             f"Termina el combate tras {_count(event.rounds, 'asalto', 'asaltos')}")
            case RoundStarted():
                return _pick(lang, f"Round {event.round} begins", f"Empieza el asalto {event.round}")
            case TurnStarted():
                who = name(event.character_id)
                return _pick(lang, f"{who} takes a turn", f"{who} toma su turno")
            case InitiativeTaken():
                how = _pick(lang, "seizes the initiative", "aprovecha la iniciativa") if event.how == "seize" else \
                    _pick(lang, "interrupts", "interrumpe")
                return f"{name(event.character_id)} {how}"
            case InitiativeContested():
                winner = name(event.winner)
                return (_pick(lang, "Initiative contest: ", "Disputa de iniciativa: ")
                        + f"{name(event.character_id)} {''.join(f'[{d.value}]' for d in event.character_dice)} "
                        f"{_icons(event.character_icons, lang)}, {name(event.npc_id)} "
                        f"{''.join(f'[{d.value}]' for d in event.npc_dice)} {_icons(event.npc_icons, lang)} — "
                        + _pick(lang, f"{winner} wins", f"gana {winner}"))
            case ActionTaken(name=action) if action in _PAID_FOR or action.endswith((" test", " move")):
                return ""  # the action's budget, paid for by the test, attack or move told beside it
            case ActionTaken():
                return _pick(lang, f"{name(event.character_id)}: {term(event.kind, lang)} action: {event.name}",
                             f"{name(event.character_id)}: acción {term(event.kind, lang)}: {event.name}")
            case Moved():
                moved = _metres(event.metres, lang)
                return _pick(lang, f"{name(event.character_id)} moves {moved} ({term(event.mode, lang)})",
                             f"{name(event.character_id)} se mueve {moved} ({term(event.mode, lang)})")
        return encounter_sentence(event, name, lang) or record_sentence(event, name, lang)

    def aside(self, event: Event, name: Callable[[str], str], lang: Lang) -> str | None:
        match event:
            case ActionTaken():
                return action_paid(event, name, lang)
            case DefenceEffectAdded(effect=effect):
                who, why = name(event.character_id), term(effect.source, lang)
                return _pick(lang, f"{who}: Defence {effect.value:+d} ({why}) until the next turn",
                             f"{who}: Defensa {effect.value:+d} ({why}) hasta su siguiente turno")
            case GloryGained():
                why = term(event.cause, lang)
                return f"{term('glory', lang)} +{event.amount} ({why}): {event.before} → {event.after}"
        return None

    def standing(self, state: RulesState, character_id: str) -> Standing:
        if not isinstance(state, WngState) or character_id not in state.characters:
            return {}
        character = state.characters[character_id]
        found: dict[str, int | tuple[str, ...]] = {"wounds": character.wounds, "shock": character.shock}
        if character.is_troop:
            found["members"] = character.members_left
        if character.is_hero:
            found["wrath"] = character.wrath
            found["reloads"] = character.reloads
        if character.death_failures:
            found["death_failures"] = character.death_failures
        # Its tests whose Wrath die 1 awaits the GM's choice (a complication, or 1 Ruin instead).
        found["complications_pending"] = character.complications_pending
        found["conditions"] = tuple(sorted(character.conditions))
        return found

    def numbers(self, event: Event) -> Mapping[str, int]:
        match event:
            case TestRolled(icons=icons):
                return {"icons": icons}
            case DamageDealt(wounds=wounds, total=total):
                return {"damage": total, "wounds_dealt": wounds}
            case DamageApplied(wounds=wounds, shock_lost=shock):
                return {"wounds": wounds, "shock": shock}
        return {}


PHRASES = WngPhrases()
