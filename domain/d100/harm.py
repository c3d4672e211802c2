"""What wounding damage does to a character: damage, critical damage, critical effects or the demo fallback.

Shared by attacks, fire, knock-downs and grapples, so every source of harm reads the same tables.
"""

from __future__ import annotations

import msgspec

from ..dice import Die
from .criticals import SEVERING, CriticalEffect, lookup
from .damage import DamageType, demo_critical_fallback, take_damage
from .encounter_events import CharacterChange
from .hit_location import Location
from .injury import fatigue_knocks_out
from .state import CharacterState, Condition, ConditionName, CriticalRecord, D100State

_CONDITION_OF: dict[str, ConditionName] = {
    "stunned": "stunned", "blood_loss": "blood_loss", "on_fire": "on_fire", "prone": "prone",
    "limb_useless": "limb_useless", "limb_lost": "limb_lost", "blinded": "blinded", "deafened": "deafened",
    "unconscious": "unconscious", "dead": "dead",
}


def toughness_bonus(char: CharacterState) -> int:
    return char.bonus("T")


def critical_effects(state: D100State, target: CharacterState, record: CriticalRecord) -> tuple[CriticalEffect, ...]:
    """The loaded table's effects for one critical (a Heroic Sacrifice keeps only severing ones)."""
    if state.critical_table is None:
        return ()
    row = lookup(state.critical_table, record.location, record.damage_type, record.total)
    if row is None:
        return ()
    if target.sacrifice_turns is not None:
        return tuple(e for e in row.effects if e.key in SEVERING)
    return row.effects


def effect_conditions(effects: tuple[CriticalEffect, ...], location: Location | None) -> tuple[list[Condition], int]:
    """Conditions (stunned for N rounds, limbs at their location) and fatigue levels the effects add."""
    conditions: list[Condition] = []
    fatigue = 0
    for effect in effects:
        if effect.key == "fatigue":
            fatigue += effect.amount
        elif effect.key == "stunned":
            conditions.append(Condition(name="stunned", rounds=max(1, effect.amount), note="critical effect"))
        else:
            limb = location if effect.key in ("limb_useless", "limb_lost") else None
            conditions.append(Condition(name=_CONDITION_OF[effect.key], note="critical effect", location=limb))
    return conditions, fatigue


class Aftermath(msgspec.Struct, frozen=True, kw_only=True):
    """Conditions and fatigue once all of one blow's critical damage is counted."""

    conditions: tuple[Condition, ...]
    fatigue: int


# The 001 demo's knock-out lasts until the encounter ends (encounter_decisions.end_encounter reads it back).
DEMO_UNCONSCIOUS = Condition(name="unconscious", note="until the end of the combat (demo rule)")


def aftermath(
    state: D100State, target: CharacterState, critical: int, fatigue: int, table_conditions: list[Condition]
) -> Aftermath:
    """Table effects if a table is loaded, else the 001 demo fallback; then fatigue beyond TB knocks out."""
    conditions: list[Condition] = []
    if state.critical_table is not None:
        conditions.extend(table_conditions)
    elif state.options.critical_fallback and critical > 0 and target.sacrifice_turns is None:
        verdict = demo_critical_fallback(critical)
        if verdict == "dead" and not target.has("dead"):
            conditions.append(Condition(name="dead", note=f"{critical} over Wounds (demo rule)"))
        elif verdict == "unconscious" and not target.has("unconscious"):
            conditions.append(DEMO_UNCONSCIOUS)
    tb = toughness_bonus(target)
    if fatigue_knocks_out(fatigue, tb) and not target.has("unconscious") and not any(
        c.name == "unconscious" for c in conditions
    ):
        conditions.append(Condition(name="unconscious", note=f"fatigue: {max(1, 10 - tb)} minutes"))
    return Aftermath(conditions=tuple(_dedupe(conditions)), fatigue=fatigue)


def _dedupe(conditions: list[Condition]) -> list[Condition]:
    seen: dict[tuple[str, str | None], Condition] = {}
    for condition in conditions:
        seen[(condition.name, condition.location)] = condition
    return list(seen.values())


class Wound(msgspec.Struct, frozen=True, kw_only=True):
    """One blow's result on a character."""

    damage: int
    critical: int
    fatigue: int
    criticals: tuple[CriticalRecord, ...]
    effects: tuple[CriticalEffect, ...]
    conditions: tuple[Condition, ...]


def wound(
    state: D100State, target: CharacterState, amount: int, location: Location | None, damage_type: DamageType,
    extra_fatigue: int = 0,
) -> Wound:
    """Apply `amount` wounding damage at a location: damage, critical damage, its effects and conditions."""
    taken = take_damage(target.damage, target.critical, target.sheet.wounds, amount)
    records: tuple[CriticalRecord, ...] = ()
    effects: tuple[CriticalEffect, ...] = ()
    table_conditions: list[Condition] = []
    fatigue = target.fatigue + extra_fatigue
    if taken.critical_added:
        record = CriticalRecord(location=location, damage_type=damage_type, amount=taken.critical_added,
                                total=taken.critical)
        records = (record,)
        effects = critical_effects(state, target, record)
        table_conditions, extra = effect_conditions(effects, location)
        fatigue += extra
    after = aftermath(state, target, taken.critical, fatigue, table_conditions)
    return Wound(damage=taken.damage, critical=taken.critical, fatigue=after.fatigue, criticals=records,
                 effects=effects, conditions=after.conditions)


def fall(state: D100State, victim: CharacterState, metres: float, die: Die) -> CharacterChange:
    """Falling (RULES A8): 1d10 + 1 per metre, impact, to the body; armour does not help (TB does); prone."""
    total = die.value + int(metres)
    hurt = wound(state, victim, max(0, total - toughness_bonus(victim)), "body", "impact")
    prone = Condition(name="prone", note=f"fell {metres:g} m")
    return CharacterChange(
        character_id=victim.id, damage_after=hurt.damage, critical_after=hurt.critical, fatigue_after=hurt.fatigue,
        criticals=hurt.criticals, critical_effects=hurt.effects, conditions_added=(*hurt.conditions, prone),
    )
