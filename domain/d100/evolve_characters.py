"""Folding helpers for one character and the pending attacks: conditions added or removed, a change applied."""

from __future__ import annotations

from msgspec.structs import replace

from domain.d100.encounter_events import CharacterChange
from domain.d100.state import CharacterState, Condition, ConditionName, D100State, PendingAttack


def with_character(state: D100State, char: CharacterState) -> D100State:
    return replace(state, characters={**state.characters, char.id: char})


def add_conditions(char: CharacterState, added: tuple[Condition, ...]) -> tuple[Condition, ...]:
    keys = {(c.name, c.location) for c in added}
    return tuple(c for c in char.conditions if (c.name, c.location) not in keys) + added


def remove_conditions(char: CharacterState, removed: tuple[ConditionName, ...]) -> tuple[Condition, ...]:
    return tuple(c for c in char.conditions if c.name not in removed)


def without_attack(state: D100State, attack_id: str) -> dict[str, PendingAttack]:
    return {k: v for k, v in state.attacks.items() if k != attack_id}


def apply_change(state: D100State, change: CharacterChange) -> D100State:
    char = state.characters[change.character_id]
    conditions = add_conditions(
        replace(char, conditions=remove_conditions(char, change.conditions_removed)), change.conditions_added
    )
    return with_character(
        state,
        replace(
            char,
            conditions=conditions,
            damage=change.damage_after if change.damage_after is not None else char.damage,
            critical=change.critical_after if change.critical_after is not None else char.critical,
            fatigue=change.fatigue_after if change.fatigue_after is not None else char.fatigue,
            criticals=char.criticals + change.criticals,
        ),
    )
