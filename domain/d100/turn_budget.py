"""Enforcing the turn's action budget in an encounter (RULES A4, A5): whose turn it is and what is left."""

from __future__ import annotations

from ..errors import RuleViolation, UnknownEntity
from ..events import Event
from .encounter_events import ActionUsed
from .encounter_state import ActionCost, ActionUse, action_said, spend
from .state import D100State

# Attack actions and their type: only the Standard Attack is a half action.
ATTACK_COSTS: dict[str, ActionCost] = {
    "standard": "half", "all_out": "full", "called_shot": "full", "charge": "full", "guarded": "full",
    "semi_auto": "full", "full_auto": "full", "suppressing": "full", "stun": "full",
    "crushing_charge": "full", "hit_and_run": "full",
}


def attack_kind(action: str) -> str:
    return "standard_attack" if action == "standard" else action


def use_action(
    state: D100State, character_id: str, cost: ActionCost, kind: str, use: ActionUse = "turn"
) -> list[Event]:
    """Outside an encounter nothing is counted; inside, the action must fit the turn (or a delayed action)."""
    encounter = state.encounter
    char = state.characters.get(character_id)
    if char is None:
        raise UnknownEntity(case="character", character=character_id)
    # In a grapple, in an encounter or not, only the Grapple action (and free actions) until it ends (RULES A5).
    if state.grapple_of(character_id) is not None and kind != "grapple" and cost != "free":
        raise RuleViolation("grapple_only")
    if encounter is None:
        return []
    if character_id not in encounter.participants:
        raise RuleViolation("not_in_encounter", case="encounter", character=char.name, encounter=encounter.id)
    if use == "turn":
        if cost == "free":
            return [ActionUsed(character_id=character_id, action=kind, cost=cost, use=use)]
        if encounter.acting != character_id:
            raise RuleViolation("not_your_turn", case="only_reacts", character=char.name, action=action_said(kind))
        spend(encounter.budget, cost, kind, who=char.name, pinned=char.has("pinned"))
    elif use == "delayed":
        if not char.delayed:
            raise RuleViolation("no_delayed_action", character=char.name)
        if cost != "half":
            raise RuleViolation("delayed_half_only", case="not_half", action=action_said(kind))
    elif use == "overwatch":
        if not char.has("overwatch"):
            raise RuleViolation("no_overwatch", character=char.name)
        if kind not in ("semi_auto", "full_auto", "suppressing"):
            raise RuleViolation("overwatch_attack")
    elif kind != "standard_attack":  # free
        raise RuleViolation("free_attack")
    return [ActionUsed(character_id=character_id, action=kind, cost=cost, use=use)]
