"""The Wrath & Glory engine's words for its events: a title for each, and sentences for tests, damage, death tests.

Numbers come from the event itself; `name` turns a character id into the name a reader knows. The
rendering package (projections/rendering) puts them into transcripts and forum posts; an event without a
sentence is told by its title and its plain facts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from domain.engine import Lang
from domain.events import Event
from domain.wrath_and_glory.events import DamageApplied, DeathTestRolled, TestRolled

TITLES: Mapping[str, tuple[str, str]] = {
    "wng_tier_set": ("tier set", "nivel fijado"),
    "wng_session_started": ("session resources reset", "recursos de sesión repuestos"),
    "wng_turn_started": ("turn begins", "empieza el turno"),
    "wng_test_rolled": ("test", "tirada"),
    "wng_attack_declared": ("attack", "ataque"),
    "wng_dice_rerolled": ("dice rerolled", "dados repetidos"),
    "wng_glory_dice_added": ("Glory dice added", "dados de Gloria añadidos"),
    "wng_icons_shifted": ("icons shifted", "iconos desplazados"),
    "wng_complication_resolved": ("complication", "complicación"),
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
    "wng_shock_recovered": ("shock recovered", "choque recuperado"),
    "wng_special_rolled": ("roll", "tirada"),
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


class WngPhrases:
    """The Wrath & Glory engine's phrases (domain.engine.Phrases)."""

    titles = TITLES

    def sentence(self, event: Event, name: Callable[[str], str], lang: Lang) -> str | None:
        es = lang == "es"
        match event:
            case TestRolled():
                who = name(event.character_id)
                result = ("éxito" if event.success else "fallo") if es else ("success" if event.success else "failure")
                icons = f"{event.icons} iconos vs NE {event.dn}" if es else f"{event.icons} icons vs DN {event.dn}"
                dice = len(event.dice)
                return f"{who}: {event.skill} ({dice}d6) {icons}, {result}"
            case DamageApplied():
                whom = name(event.character_id)
                return (
                    f"{whom} pierde {event.shock_lost} de choque y {event.wounds} herida(s)"
                    if es
                    else f"{whom} loses {event.shock_lost} shock and {event.wounds} wound(s)"
                )
            case DeathTestRolled():
                who = name(event.character_id)
                return (
                    f"{who}: tirada de muerte {event.total} ({event.result})"
                    if es
                    else f"{who}: death test {event.total} ({event.result})"
                )
        return None


PHRASES = WngPhrases()
