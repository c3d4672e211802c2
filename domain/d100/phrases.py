"""The d100 engine's words for its events: a title for each, and sentences for attacks, reactions, damage, tests.

Numbers come from the event itself; `name` turns a character id into the name a reader knows. The
rendering package (projections/rendering) puts them into transcripts and forum posts; an event without a
sentence is told by its title and its plain facts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..engine import Lang
from ..events import Event
from .events import AttackRolled, DamageApplied, ReactionRolled, TestRolled

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

_MODES_EN = {
    "standard": "attacks",
    "semi_auto": "fires a semi-auto burst at",
    "full_auto": "fires a full-auto burst at",
    "suppressing": "lays suppressing fire on",
    "charge": "charges",
    "all_out": "makes an all-out attack on",
    "called_shot": "aims a called shot at",
    "guarded": "makes a guarded attack on",
    "stun": "tries to stun",
    "crushing_charge": "rides down",
    "hit_and_run": "strikes in passing at",
}
_MODES_ES = {
    "standard": "ataca a",
    "semi_auto": "dispara una ráfaga semiautomática a",
    "full_auto": "dispara una ráfaga automática a",
    "suppressing": "hace fuego de supresión sobre",
    "charge": "carga contra",
    "all_out": "ataca a la desesperada a",
    "called_shot": "apunta a",
    "guarded": "ataca con cautela a",
    "stun": "intenta aturdir a",
    "crushing_charge": "arrolla a",
    "hit_and_run": "golpea al pasar a",
}


class D100Phrases:
    """The d100 engine's phrases (domain.engine.Phrases)."""

    titles = TITLES

    def sentence(self, event: Event, name: Callable[[str], str], lang: Lang) -> str | None:
        es = lang == "es"
        match event:
            case AttackRolled():
                who, whom = name(event.attacker_id), name(event.target_id)
                verb = (_MODES_ES if es else _MODES_EN).get(event.action, "ataca a" if es else "attacks")
                if event.jammed:
                    outcome = "¡encasquillada!" if es else "jammed!"
                elif event.success:
                    outcome = f"{event.hits} impacto(s)" if es else f"{event.hits} hit(s)"
                    for share in event.assigned:  # Suppressing Fire: hits that fell on others in the kill zone
                        other = name(share.target_id)
                        outcome += f", {share.hits} a {other}" if es else f", {share.hits} on {other}"
                else:
                    outcome = "falla" if es else "miss"
                return f"{who} {verb} {whom}: {event.roll} vs {event.target}, {outcome}"
            case ReactionRolled(reaction="none"):
                who = name(event.character_id)
                return f"{who} no reacciona" if es else f"{who} does not react"
            case ReactionRolled():
                who = name(event.character_id)
                verb = {"dodge": "esquiva" if es else "dodges", "parry": "para" if es else "parries"}[event.reaction]
                left = f"quedan {event.hits_after} impacto(s)" if es else f"{event.hits_after} hit(s) left"
                return f"{who} {verb}: {event.roll} vs {event.target}, {left}"
            case DamageApplied():
                whom = name(event.target_id)
                dealt = sum(hit.wounding for hit in event.hits)
                return (
                    f"{whom} recibe {dealt} de daño en {len(event.hits)} impacto(s)"
                    if es
                    else f"{whom} takes {dealt} damage from {len(event.hits)} hit(s)"
                )
            case TestRolled():
                who = name(event.character_id)
                result = ("éxito" if event.success else "fallo") if es else ("success" if event.success else "failure")
                degrees = f"{event.degrees} grado(s)" if es else f"{event.degrees} degree(s)"
                return f"{who}: {event.label} {event.roll} vs {event.target}, {result} ({degrees})"
        return None


PHRASES = D100Phrases()
