"""Folding the tests with a consequence: a fire put out, Blood Loss stopped, Fear, feats, psychic powers."""

from __future__ import annotations

from msgspec.structs import replace

from domain.d100.encounter_state import exhausted
from domain.d100.evolve_characters import add_conditions, apply_change, remove_conditions, with_character
from domain.d100.evolve_mounted import evolve_mounted
from domain.d100.modifiers import sum_modifiers
from domain.d100.sheet import Weapon
from domain.d100.state import Condition, D100State, PendingAttack
from domain.d100.tested_events import BloodLossTreated, ExtinguishAttempted, FearTested, FeatRolled, PowerFocused
from domain.events import Event


def _used(state: D100State, test_id: str) -> D100State:
    return replace(state, used_ids=state.used_ids | {test_id})


def evolve_tested(state: D100State, event: Event) -> D100State:
    """The state after one of these events; any other event leaves it unchanged."""
    match event:
        case ExtinguishAttempted():
            return _used(apply_change(state, event.change), event.test_id)
        case BloodLossTreated():
            if event.stopped:
                patient = state.characters[event.patient_id]
                state = with_character(state, replace(patient, conditions=remove_conditions(patient, ("blood_loss",))))
            return _used(state, event.test_id)
        case FearTested():
            if event.broken:
                char = state.characters[event.character_id]
                fled = Condition(name="broken", note=f"failed its Fear test ({event.fear})")
                state = with_character(state, replace(char, conditions=add_conditions(char, (fled,))))
            return _used(state, event.test_id)
        case FeatRolled():
            if event.change is not None:
                state = apply_change(state, event.change)
            encounter = state.encounter
            if event.turn_lost and encounter is not None and encounter.acting == event.character_id:
                state = replace(state, encounter=replace(encounter, budget=exhausted(encounter.budget)))
            return _used(state, event.test_id)
        case PowerFocused():
            state = _used(state, event.test_id)
            if event.hits <= 0 or event.target_id is None or event.damage is None:
                return state
            power = Weapon(id=f"power:{event.power}", name=event.power, weapon_class="basic", damage=event.damage,
                           damage_type=event.damage_type, penetration=event.penetration)
            pending = PendingAttack(
                id=event.test_id, attacker_id=event.character_id, target_id=event.target_id, weapon_id=power.id,
                melee=False, mode="single", roll=event.total, target_number=event.threshold,
                modifiers=sum_modifiers([]), degrees=0, hits=event.hits, locations=(), stage="awaiting_damage",
                action="focus_power", power=power,
            )
            return replace(state, attacks={**state.attacks, event.test_id: pending})
        case _:
            return evolve_mounted(state, event)
