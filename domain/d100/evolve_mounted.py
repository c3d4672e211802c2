"""Folding mounted combat: who rides what, thrown riders, an evasive trot's penalty, a rearing strike's hit."""

from __future__ import annotations

from msgspec.structs import replace

from domain.d100.evolve_characters import add_conditions, apply_change, with_character
from domain.d100.modifiers import sum_modifiers
from domain.d100.mounted_events import BurningMountTested, MountChanged, RideRolled
from domain.d100.state import Condition, D100State, PendingAttack
from domain.events import Event


def evolve_mounted(state: D100State, event: Event) -> D100State:
    """The state after a mounted-combat event; any other event leaves it unchanged."""
    match event:
        case MountChanged():
            if event.change is not None:
                state = apply_change(state, event.change)
            rider = state.characters[event.rider_id]
            state = with_character(state, replace(rider, mounted_on=event.mount_id if event.mounted else None,
                                                  evasive=rider.evasive if event.mounted else 0, braced=False))
            if event.test_id is not None:
                state = replace(state, used_ids=state.used_ids | {event.test_id})
            return state
        case RideRolled():
            state = replace(state, used_ids=state.used_ids | {event.test_id})
            if event.evasive:
                for cid in (event.rider_id, event.mount_id):
                    state = with_character(state, replace(state.characters[cid], evasive=event.evasive))
            if event.hits > 0 and event.target_id is not None and event.weapon_id is not None and event.test:
                pending = PendingAttack(
                    id=event.test_id, attacker_id=event.mount_id, target_id=event.target_id,
                    weapon_id=event.weapon_id, melee=event.melee, mode="single", roll=event.test.roll,
                    target_number=event.test.target, modifiers=sum_modifiers([]), degrees=event.test.degrees,
                    hits=event.hits, locations=event.locations, stage=event.stage or "awaiting_reaction",
                    action="rearing_strike",
                )
                state = replace(state, attacks={**state.attacks, event.test_id: pending})
            return state
        case BurningMountTested():
            state = apply_change(state, event.mount_change)
            if event.caught_fire:
                rider = state.characters[event.rider_id]
                fire = Condition(name="on_fire", note=f"caught fire from {state.characters[event.mount_id].name}")
                state = with_character(state, replace(rider, conditions=add_conditions(rider, (fire,))))
            return state
        case _:
            return state
