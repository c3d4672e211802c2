"""Sentences for the rules engines' busiest events: attacks, reactions, damage, tests, death tests.

Numbers come from the event itself; the state before it only supplies names. Other engine events are
told by their title and facts (summaries.py).
"""

from __future__ import annotations

from domain.campaign.state import CampaignState
from domain.d100.events import AttackRolled, DamageApplied, ReactionRolled, TestRolled
from domain.events import Event
from domain.wrath_and_glory.events import DamageApplied as WngDamageApplied
from domain.wrath_and_glory.events import DeathTestRolled
from domain.wrath_and_glory.events import TestRolled as WngTestRolled
from projections.rendering.vocabulary import Lang

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
}


def _name(state: CampaignState, character_id: str) -> str:
    character = state.characters.get(character_id)
    return character.name if character is not None else character_id


def engine_sentence(event: Event, state: CampaignState, lang: Lang) -> str | None:
    es = lang == "es"
    match event:
        case AttackRolled():
            who, whom = _name(state, event.attacker_id), _name(state, event.target_id)
            verb = (_MODES_ES if es else _MODES_EN).get(event.action, "ataca a" if es else "attacks")
            if event.jammed:
                outcome = "¡encasquillada!" if es else "jammed!"
            elif event.success:
                outcome = f"{event.hits} impacto(s)" if es else f"{event.hits} hit(s)"
                for share in event.assigned:  # Suppressing Fire: hits that fell on others in the kill zone
                    other = _name(state, share.target_id)
                    outcome += f", {share.hits} a {other}" if es else f", {share.hits} on {other}"
            else:
                outcome = "falla" if es else "miss"
            return f"{who} {verb} {whom}: {event.roll} vs {event.target}, {outcome}"
        case ReactionRolled(reaction="none"):
            who = _name(state, event.character_id)
            return f"{who} no reacciona" if es else f"{who} does not react"
        case ReactionRolled():
            who = _name(state, event.character_id)
            verb = {"dodge": "esquiva" if es else "dodges", "parry": "para" if es else "parries"}[event.reaction]
            left = f"quedan {event.hits_after} impacto(s)" if es else f"{event.hits_after} hit(s) left"
            return f"{who} {verb}: {event.roll} vs {event.target}, {left}"
        case DamageApplied():
            whom = _name(state, event.target_id)
            dealt = sum(hit.wounding for hit in event.hits)
            return (
                f"{whom} recibe {dealt} de daño en {len(event.hits)} impacto(s)"
                if es
                else f"{whom} takes {dealt} damage from {len(event.hits)} hit(s)"
            )
        case TestRolled():
            who = _name(state, event.character_id)
            result = ("éxito" if event.success else "fallo") if es else ("success" if event.success else "failure")
            degrees = f"{event.degrees} grado(s)" if es else f"{event.degrees} degree(s)"
            return f"{who}: {event.label} {event.roll} vs {event.target}, {result} ({degrees})"
        case WngTestRolled():
            who = _name(state, event.character_id)
            result = ("éxito" if event.success else "fallo") if es else ("success" if event.success else "failure")
            icons = f"{event.icons} iconos vs NE {event.dn}" if es else f"{event.icons} icons vs DN {event.dn}"
            dice = len(event.dice)
            return f"{who}: {event.skill} ({dice}d6) {icons}, {result}"
        case WngDamageApplied():
            whom = _name(state, event.character_id)
            return (
                f"{whom} pierde {event.shock_lost} de choque y {event.wounds} herida(s)"
                if es
                else f"{whom} loses {event.shock_lost} shock and {event.wounds} wound(s)"
            )
        case DeathTestRolled():
            who = _name(state, event.character_id)
            return (
                f"{who}: tirada de muerte {event.total} ({event.result})"
                if es
                else f"{who}: death test {event.total} ({event.result})"
            )
    return None
