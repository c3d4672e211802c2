"""`evolve(state, event)`: the pure fold of d100 events into a D100State; it never rolls or looks anything up."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.characters import CharacterCreated
from domain.d100.checks import ASSISTANCE_PREFIX, ExtendedProgress
from domain.d100.combat_modifiers import CHARGING_ATTACKS
from domain.d100.encounter_state import TurnBudget
from domain.d100.events import (
    AimTaken,
    AttackRolled,
    DamageApplied,
    FateBurned,
    FateSpent,
    GmRulingRecorded,
    OpposedTestRolled,
    ReactionRolled,
    Recruit,
    RoundStarted,
    SheetEdited,
    TestRolled,
    UnjamAttempted,
    WeaponReloaded,
)
from domain.d100.evolve_characters import add_conditions, remove_conditions, with_character, without_attack
from domain.d100.evolve_encounter import evolve_combat
from domain.d100.sheet import sheet_from_stats
from domain.d100.state import (
    CharacterState,
    Condition,
    D100State,
    PendingAttack,
    RecordedTest,
)
from domain.events import Event

__all__ = ["evolve", "evolve_combat"]


# How many of the latest rolls' ids the state keeps in order: what `!fate reroll` means by "your last roll".
RECENT_ROLLS = 32


def evolve(state: D100State, event: Event) -> D100State:
    """The state after one event; events of other rulesets leave it unchanged."""
    after = _evolve(state, event)
    # A new test or attack is the last key of its dict (dicts keep insertion order): noting it costs O(1),
    # so the order of rolls across both dicts is known without a seq in the state.
    new = [
        next(reversed(found))
        for found, before in ((after.attacks, state.attacks), (after.tests, state.tests))
        if found is not before and len(found) > len(before)
    ]
    if not new:
        return after
    recent = tuple(i for i in after.recent_rolls if i not in new) + tuple(new)
    return replace(after, recent_rolls=recent[-RECENT_ROLLS:])


def _evolve(state: D100State, event: Event) -> D100State:
    match event:
        case CharacterCreated():
            # An older generic character_created has no d100 part: its sheet comes from its free-form stats.
            recruit = (
                msgspec.convert(event.rules, Recruit)
                if event.rules is not None
                else Recruit(sheet=sheet_from_stats(event.stats))
            )
            sheet = recruit.sheet
            return with_character(
                state,
                CharacterState(
                    id=event.character_id,
                    owner=event.owner,
                    name=event.name,
                    sheet=sheet,
                    fate=sheet.fate,
                    fate_max=sheet.fate,
                    magnitude=sheet.magnitude,
                    magnitude_start=sheet.magnitude,
                    magnitude_at_turn_start=sheet.magnitude,
                    comrade="unharmed" if recruit.comrade else None,
                ),
            )
        case TestRolled():
            extended = dict(state.extended)
            if event.extended_id is not None and event.extended is not None:
                extended[event.extended_id] = event.extended
            recorded = RecordedTest(
                id=event.test_id,
                character_id=event.character_id,
                label=event.label,
                characteristic=event.characteristic,
                target=event.target,
                roll=event.roll,
                success=event.success,
                degrees=event.degrees,
                rerolled=event.reroll_of is not None,
                extended_id=event.extended_id,
                assisted=_assisted(state, event),
            )
            if event.reroll_of is not None and event.extended_id is not None:
                previous = state.extended.get(event.extended_id)
                if previous is not None and event.success:
                    extended[event.extended_id] = ExtendedProgress(
                        needed=previous.needed, successes=previous.successes + 1, attempts=previous.attempts
                    )
            return replace(
                state,
                tests={**state.tests, event.test_id: recorded},
                extended=extended,
                used_ids=state.used_ids | {event.test_id},
            )
        case OpposedTestRolled():
            return replace(state, used_ids=state.used_ids | {event.contest_id})
        case AimTaken():
            char = state.characters[event.character_id]
            return with_character(state, replace(char, aim=event.bonus))
        case AttackRolled():
            return _attack_rolled(state, event)
        case ReactionRolled():
            attack = state.attacks[event.attack_id]
            if event.reaction != "none":
                defender = state.characters[event.character_id]
                state = with_character(
                    state,
                    replace(
                        defender,
                        reactions_used=defender.reactions_used + 1,
                        reactions=(*defender.reactions, event.reaction),
                        aim=0,
                        conditions=remove_conditions(defender, ("overwatch",)),
                    ),
                )
            if event.hits_after <= 0:
                return replace(state, attacks=without_attack(state, event.attack_id))
            updated = replace(
                attack, stage="awaiting_damage", hits=event.hits_after, locations=attack.locations[event.hits_negated :]
            )
            return replace(state, attacks={**state.attacks, event.attack_id: updated})
        case DamageApplied():
            target = state.characters[event.target_id]
            if event.to_comrade:
                target = replace(target, comrade=event.comrade_after)
            else:
                target = replace(
                    target,
                    damage=event.damage_after,
                    critical=event.critical_after,
                    criticals=target.criticals + event.criticals,
                    fatigue=event.fatigue_after,
                    magnitude=event.magnitude_after,
                    conditions=add_conditions(target, event.conditions_added),
                    break_test_due=target.break_test_due or event.break_test_due,
                )
            return replace(with_character(state, target), attacks=without_attack(state, event.attack_id))
        case FateSpent():
            char = state.characters[event.character_id]
            char = replace(
                char,
                fate=event.fate_after,
                damage=event.damage_after if event.damage_after is not None else char.damage,
                fatigue=event.fatigue_after if event.fatigue_after is not None else char.fatigue,
                conditions=remove_conditions(char, event.conditions_removed),
            )
            state = with_character(state, char)
            if event.initiative_after is not None and state.encounter is not None:
                initiative = {**state.encounter.initiative, char.id: event.initiative_after}
                return replace(state, encounter=replace(state.encounter, initiative=initiative))
            if event.test_id is not None and event.degrees_after is not None:
                if event.test_id in state.tests:
                    test = replace(state.tests[event.test_id], degrees=event.degrees_after)
                    return replace(state, tests={**state.tests, event.test_id: test})
                if event.test_id in state.attacks:
                    attack = state.attacks[event.test_id]
                    hits = event.hits_after if event.hits_after is not None else attack.hits
                    attack = replace(attack, degrees=event.degrees_after, hits=hits)
                    return replace(state, attacks={**state.attacks, event.test_id: attack})
            return state
        case FateBurned():
            char = state.characters[event.character_id]
            return with_character(
                state,
                replace(
                    char,
                    fate=event.fate_after,
                    fate_max=event.fate_max_after,
                    conditions=remove_conditions(char, event.conditions_removed),
                ),
            )
        case UnjamAttempted():
            char = state.characters[event.character_id]
            if not event.success:
                return replace(state, used_ids=state.used_ids | {event.test_id})
            char = replace(
                char,
                jammed=tuple(w for w in char.jammed if w != event.weapon_id),
                ammo={**char.ammo, event.weapon_id: 0},
            )
            return replace(with_character(state, char), used_ids=state.used_ids | {event.test_id})
        case WeaponReloaded():
            char = state.characters[event.character_id]
            return with_character(state, replace(char, ammo={**char.ammo, event.weapon_id: event.ammo}))
        case RoundStarted():
            return _round_started(state, event)
        case SheetEdited():
            return with_character(state, replace(state.characters[event.character_id], sheet=event.sheet))
        case GmRulingRecorded():
            char = state.characters[event.character_id]
            char = replace(
                char,
                damage=event.set_damage if event.set_damage is not None else char.damage,
                critical=event.set_critical if event.set_critical is not None else char.critical,
                fatigue=event.set_fatigue if event.set_fatigue is not None else char.fatigue,
                fate=event.set_fate if event.set_fate is not None else char.fate,
                magnitude=event.set_magnitude if event.set_magnitude is not None else char.magnitude,
                conditions=add_conditions(
                    replace(char, conditions=remove_conditions(char, event.remove_conditions)), event.add_conditions
                ),
            )
            return with_character(state, char)
        case _:
            return evolve_combat(state, event)


def _attack_rolled(state: D100State, event: AttackRolled) -> D100State:
    attacker = state.characters[event.attacker_id]
    if event.reroll_of is None:
        ammo = dict(attacker.ammo)
        # A jam keeps what the shot left (ammo_after); the clip is lost when the weapon is unjammed (RULES A7).
        if event.ammo_after is not None:
            ammo[event.weapon_id] = event.ammo_after
        jammed = attacker.jammed + ((event.weapon_id,) if event.jammed else ())
        rounds = None if state.encounter is not None else 1  # in an encounter: until the start of his next turn
        marks: tuple[Condition, ...] = ()
        if event.action == "all_out":
            marks = (Condition(name="all_out_attack", rounds=rounds),)
        elif event.action == "guarded":
            marks = (Condition(name="guarded_attack", rounds=rounds),)
        conditions = add_conditions(replace(attacker, conditions=remove_conditions(attacker, ("overwatch",))), marks)
        attacker = replace(
            attacker,
            ammo=ammo,
            jammed=jammed,
            aim=0,
            conditions=conditions,
            feint_against=None,
            fate=event.fate_after if event.fate_after is not None else attacker.fate,
            braced=attacker.braced and event.action not in CHARGING_ATTACKS,  # a charge moves him
        )
    elif event.jammed:  # a Fate reroll fires no new round: the ammunition stays as it was
        attacker = replace(attacker, jammed=attacker.jammed + (event.weapon_id,))
    encounter = state.encounter
    if encounter is not None and encounter.acting == attacker.id and not event.melee and event.reroll_of is None:
        budget = encounter.budget  # a horde's ranged shots this turn are counted against its magnitude (RULES A9)
        budget = replace(budget, shots=budget.shots + 1, shot_action=budget.shot_action or event.action)
        state = replace(state, encounter=replace(encounter, budget=budget))
    assigned_ids = {a.attack_id for a in event.assigned}
    state = replace(with_character(state, attacker), used_ids=state.used_ids | {event.attack_id} | assigned_ids)
    pending = PendingAttack(
        id=event.attack_id,
        attacker_id=event.attacker_id,
        target_id=event.target_id,
        weapon_id=event.weapon_id,
        melee=event.melee,
        mode=event.mode,
        roll=event.roll,
        target_number=event.target,
        modifiers=event.modifiers,
        degrees=event.degrees,
        hits=event.hits,
        locations=event.locations,
        stage=event.stage,
        helpless_target=event.helpless_target,
        to_comrade=event.to_comrade,
        jam_from=event.jam_from,
        action=event.action,
        grapple=event.grapple,
        called_location=event.called_location,
        comrades_volley=event.comrades_volley,
        comrade_in_cohesion=event.comrade_in_cohesion,
        rerolled=event.reroll_of is not None,
        jammed=event.jammed,
        zone=event.zone,
        part_of=event.part_of,
    )
    attacks = dict(state.attacks)
    if event.success and event.hits == 0:
        attacks.pop(event.attack_id, None)  # a suppressing burst whose hits all fell on others of the zone
    else:
        attacks[event.attack_id] = pending
    for share in event.assigned:
        attacks[share.attack_id] = replace(
            pending, id=share.attack_id, target_id=share.target_id, hits=share.hits, locations=share.locations,
            stage=share.stage, to_comrade=share.to_comrade, zone=(), assigned_from=event.attack_id,
        )
    return replace(state, attacks=attacks)


def _tick(conditions: tuple[Condition, ...]) -> tuple[Condition, ...]:
    return tuple(
        c if c.rounds is None else replace(c, rounds=c.rounds - 1)
        for c in conditions
        if c.rounds is None or c.rounds > 1
    )


def _round_started(state: D100State, event: RoundStarted) -> D100State:
    """Reactions return; outside an encounter timed conditions tick here (inside: at the end of one's own turn)."""
    encounter = state.encounter if event.encounter_id is not None else None
    participants = set(encounter.participants) if encounter is not None else set()
    characters = {}
    for cid, char in state.characters.items():
        conditions = char.conditions if cid in participants else _tick(char.conditions)
        if cid in participants and event.round >= 2:
            conditions = tuple(c for c in conditions if c.name != "unaware")
        orders = char.comrade_orders if cid in participants else ()  # outside an encounter: for one round
        characters[cid] = replace(char, reactions_used=0, reactions=(), conditions=conditions,
                                  magnitude_at_turn_start=char.magnitude, comrade_orders=orders)
    if encounter is not None:  # a reinforcement waiting for this round takes its place in the order now
        encounter = replace(encounter, round=event.round, turn=0, turn_over=False, budget=TurnBudget(),
                            order=encounter.next_order or encounter.order, next_order=None)
    return replace(state, round=event.round, characters=characters, encounter=encounter or state.encounter)


def _assisted(state: D100State, event: TestRolled) -> bool:
    """Whether helpers assisted the test (a reroll is the same test: it keeps its helpers)."""
    if event.reroll_of is not None:
        previous = state.tests.get(event.reroll_of)
        return previous is not None and previous.assisted
    return any(m.name.startswith(ASSISTANCE_PREFIX) for m in event.modifiers.modifiers)
