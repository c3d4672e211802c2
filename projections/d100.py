"""`evolve(state, event)`: the pure fold of d100 events into a D100State; it never rolls or looks anything up."""

from __future__ import annotations

from msgspec.structs import replace

from domain.d100.checks import ExtendedProgress
from domain.d100.encounter_events import (
    ActionTaken,
    ActionUsed,
    BloodLossRolled,
    CharacterChange,
    CriticalTableLoaded,
    EncounterEnded,
    EncounterStarted,
    HeroicSacrificeDeclared,
    HordeBreakTested,
    HordeBroke,
    InitiativeOrderFixed,
    InitiativeRolled,
    ManoeuvreResolved,
    OnFireBurned,
    PinningTested,
    StunResolved,
    TurnEnded,
    TurnStarted,
)
from domain.d100.events import (
    AimTaken,
    AttackRolled,
    CharacterRegistered,
    DamageApplied,
    FateBurned,
    FateSpent,
    GmRulingRecorded,
    OpposedTestRolled,
    ReactionRolled,
    RoundStarted,
    TestRolled,
    UnjamAttempted,
    WeaponReloaded,
)
from domain.d100.state import (
    CharacterState,
    Condition,
    ConditionName,
    D100State,
    PendingAttack,
    RecordedTest,
)
from domain.d100.turns import ActionCost, Encounter, TurnBudget, exhausted
from domain.events import Event


def _with_character(state: D100State, char: CharacterState) -> D100State:
    return replace(state, characters={**state.characters, char.id: char})


def _add_conditions(char: CharacterState, added: tuple[Condition, ...]) -> tuple[Condition, ...]:
    keys = {(c.name, c.location) for c in added}
    return tuple(c for c in char.conditions if (c.name, c.location) not in keys) + added


def _remove_conditions(char: CharacterState, removed: tuple[ConditionName, ...]) -> tuple[Condition, ...]:
    return tuple(c for c in char.conditions if c.name not in removed)


def _without_attack(state: D100State, attack_id: str) -> dict[str, PendingAttack]:
    return {k: v for k, v in state.attacks.items() if k != attack_id}


def evolve(state: D100State, event: Event) -> D100State:
    """The state after one event; events of other rulesets leave it unchanged."""
    match event:
        case CharacterRegistered():
            sheet = event.sheet
            return _with_character(
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
                    comrade="unharmed" if event.comrade else None,
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
            return _with_character(state, replace(char, aim=event.bonus))
        case AttackRolled():
            return _attack_rolled(state, event)
        case ReactionRolled():
            attack = state.attacks[event.attack_id]
            if event.reaction != "none":
                defender = state.characters[event.character_id]
                state = _with_character(
                    state,
                    replace(
                        defender,
                        reactions_used=defender.reactions_used + 1,
                        aim=0,
                        conditions=_remove_conditions(defender, ("overwatch",)),
                    ),
                )
            if event.hits_after <= 0:
                return replace(state, attacks=_without_attack(state, event.attack_id))
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
                    conditions=_add_conditions(target, event.conditions_added),
                    break_test_due=target.break_test_due or event.break_test_due,
                )
            return replace(_with_character(state, target), attacks=_without_attack(state, event.attack_id))
        case FateSpent():
            char = state.characters[event.character_id]
            char = replace(
                char,
                fate=event.fate_after,
                damage=event.damage_after if event.damage_after is not None else char.damage,
                fatigue=event.fatigue_after if event.fatigue_after is not None else char.fatigue,
                conditions=_remove_conditions(char, event.conditions_removed),
            )
            state = _with_character(state, char)
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
            return _with_character(
                state,
                replace(
                    char,
                    fate=event.fate_after,
                    fate_max=event.fate_max_after,
                    conditions=_remove_conditions(char, event.conditions_removed),
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
            return replace(_with_character(state, char), used_ids=state.used_ids | {event.test_id})
        case WeaponReloaded():
            char = state.characters[event.character_id]
            return _with_character(state, replace(char, ammo={**char.ammo, event.weapon_id: event.ammo}))
        case RoundStarted():
            return _round_started(state, event)
        case GmRulingRecorded():
            char = state.characters[event.character_id]
            char = replace(
                char,
                damage=event.set_damage if event.set_damage is not None else char.damage,
                critical=event.set_critical if event.set_critical is not None else char.critical,
                fatigue=event.set_fatigue if event.set_fatigue is not None else char.fatigue,
                fate=event.set_fate if event.set_fate is not None else char.fate,
                magnitude=event.set_magnitude if event.set_magnitude is not None else char.magnitude,
                conditions=_add_conditions(
                    replace(char, conditions=_remove_conditions(char, event.remove_conditions)), event.add_conditions
                ),
            )
            return _with_character(state, char)
        case _:
            return evolve_combat(state, event)


def _attack_rolled(state: D100State, event: AttackRolled) -> D100State:
    attacker = state.characters[event.attacker_id]
    if event.reroll_of is None:
        ammo = dict(attacker.ammo)
        if event.ammo_after is not None:
            ammo[event.weapon_id] = event.ammo_after
        if event.jammed:
            ammo[event.weapon_id] = 0
        jammed = attacker.jammed + ((event.weapon_id,) if event.jammed else ())
        rounds = None if state.encounter is not None else 1  # in an encounter: until the start of his next turn
        marks: tuple[Condition, ...] = ()
        if event.action == "all_out":
            marks = (Condition(name="all_out_attack", rounds=rounds),)
        elif event.action == "guarded":
            marks = (Condition(name="guarded_attack", rounds=rounds),)
        conditions = _add_conditions(replace(attacker, conditions=_remove_conditions(attacker, ("overwatch",))), marks)
        attacker = replace(
            attacker,
            ammo=ammo,
            jammed=jammed,
            aim=0,
            conditions=conditions,
            feint_against=None,
            fate=event.fate_after if event.fate_after is not None else attacker.fate,
        )
    elif event.jammed:
        attacker = replace(
            attacker, jammed=attacker.jammed + (event.weapon_id,), ammo={**attacker.ammo, event.weapon_id: 0}
        )
    state = replace(_with_character(state, attacker), used_ids=state.used_ids | {event.attack_id})
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
    )
    return replace(state, attacks={**state.attacks, event.attack_id: pending})


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
        characters[cid] = replace(char, reactions_used=0, conditions=conditions, magnitude_at_turn_start=char.magnitude)
    if encounter is not None:
        encounter = replace(encounter, round=event.round, turn=0, turn_over=False, budget=TurnBudget())
    return replace(state, round=event.round, characters=characters, encounter=encounter or state.encounter)


def _spent(budget: TurnBudget, cost: ActionCost, kind: str) -> TurnBudget:
    """The budget after an action decide already allowed (the fold never refuses)."""
    if cost == "full":
        return TurnBudget(full=kind, halves=budget.halves)
    if cost == "half":
        return TurnBudget(full=budget.full, halves=budget.halves + (kind,))
    return budget


def _apply(state: D100State, change: CharacterChange) -> D100State:
    char = state.characters[change.character_id]
    conditions = _add_conditions(
        replace(char, conditions=_remove_conditions(char, change.conditions_removed)), change.conditions_added
    )
    return _with_character(
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


def _act(state: D100State, cid: str, cost: ActionCost, kind: str, use: str) -> D100State:
    """An action was taken: pay it, and lapse what any other action ends (aim, overwatch, an extended action)."""
    char = state.characters[cid]
    lapse: tuple[ConditionName, ...] = ("overwatch",)
    char = replace(
        char,
        aim=char.aim if kind in ("aim", "standard_attack") or kind in _ATTACKS else 0,
        conditions=_remove_conditions(char, lapse),
        extended_action=char.extended_action if kind == "extended" else None,
        delayed=False if use == "delayed" else char.delayed,
    )
    state = _with_character(state, char)
    encounter = state.encounter
    if encounter is not None and use == "turn" and encounter.acting == cid:
        state = replace(state, encounter=replace(encounter, budget=_spent(encounter.budget, cost, kind)))
    return state


_ATTACKS = frozenset({"all_out", "called_shot", "charge", "guarded", "semi_auto", "full_auto", "suppressing", "stun"})


def _end_grapple(state: D100State, controller: str) -> D100State:
    grappled = state.grapples.get(controller)
    grapples = {k: v for k, v in state.grapples.items() if k != controller}
    for cid in (controller, grappled):
        if cid is not None and cid in state.characters:
            state = _with_character(
                state,
                replace(state.characters[cid], conditions=_remove_conditions(state.characters[cid], ("grappled",))),
            )
    return replace(state, grapples=grapples)


def _manoeuvre(state: D100State, event: ManoeuvreResolved) -> D100State:
    for change in event.changes:
        state = _apply(state, change)
    state = replace(state, used_ids=state.used_ids | {event.contest_id})
    if event.manoeuvre == "feint":
        actor = state.characters[event.actor_id]
        state = _with_character(state, replace(actor, feint_against=event.feint_against))
    if event.manoeuvre == "grapple_start":
        state = replace(state, attacks=_without_attack(state, event.contest_id))
    found = state.grapple_of(event.actor_id)
    if event.grapple_ended and found is not None:
        return _end_grapple(state, found[0])
    if event.grapple_controller is not None:
        opponent = event.opponent_id if event.grapple_controller == event.actor_id else event.actor_id
        if found is not None:
            state = _end_grapple(state, found[0])
        mark = Condition(name="grappled", note="in a grapple")
        for cid in (event.grapple_controller, opponent):
            state = _with_character(
                state, replace(state.characters[cid], conditions=_add_conditions(state.characters[cid], (mark,)))
            )
        return replace(state, grapples={**state.grapples, event.grapple_controller: opponent})
    return state


def _turn_started(state: D100State, event: TurnStarted) -> D100State:
    if state.encounter is None:
        return state
    characters = {cid: replace(c, magnitude_at_turn_start=c.magnitude) for cid, c in state.characters.items()}
    char = characters[event.character_id]
    extended = char.extended_action
    characters[char.id] = replace(
        char,
        conditions=_remove_conditions(char, event.expired),
        delayed=False,
        fate=event.fate_after if event.fate_after is not None else char.fate,
        extended_action=replace(extended, progressed_this_turn=False) if extended is not None else None,
    )
    encounter = replace(state.encounter, round=event.round, turn=event.turn, turn_over=False, budget=TurnBudget())
    return replace(state, characters=characters, encounter=encounter)


def _turn_ended(state: D100State, event: TurnEnded) -> D100State:
    char = state.characters[event.character_id]
    sacrifice = event.sacrifice_turns_after if event.sacrifice_turns_after else None
    state = _with_character(
        state,
        replace(
            char,
            conditions=event.conditions_after,
            aim=0 if event.aim_lost else char.aim,
            extended_action=None if event.extended_lost else char.extended_action,
            sacrifice_turns=sacrifice,
        ),
    )
    if event.grapple_ended:
        state = _end_grapple(state, char.id)
    if state.encounter is not None:
        state = replace(state, encounter=replace(state.encounter, turn_over=True))
    return state


def _encounter_ended(state: D100State, event: EncounterEnded) -> D100State:
    characters = {}
    for cid, char in state.characters.items():
        gone = tuple(r.name for r in event.removed if r.character_id == cid)
        characters[cid] = replace(
            char,
            conditions=_remove_conditions(char, gone),
            aim=0,
            delayed=False,
            extended_action=None,
            feint_against=None,
            reactions_used=0,
        )
    return replace(state, characters=characters, encounter=None, grapples={})


def _action_taken(state: D100State, event: ActionTaken) -> D100State:
    state = _act(state, event.character_id, event.cost, event.action, event.use) if event.in_encounter else state
    char = state.characters[event.character_id]
    conditions = _add_conditions(
        replace(char, conditions=_remove_conditions(char, event.conditions_removed)), event.conditions_added
    )
    extended = event.extended
    if extended is not None:
        extended = None if event.extended_complete else replace(extended, progressed_this_turn=True)
    char = replace(char, conditions=conditions, extended_action=extended, delayed=char.delayed or event.delayed, aim=0)
    state = _with_character(state, char)
    if event.delayed and state.encounter is not None and state.encounter.acting == char.id:
        state = replace(state, encounter=replace(state.encounter, budget=exhausted(state.encounter.budget)))
    return state


def evolve_combat(state: D100State, event: Event) -> D100State:
    """Encounters, turns and their boundary effects, actions, manoeuvres, critical tables, pinning."""
    match event:
        case EncounterStarted():
            unaware = Condition(name="unaware", note="surprised")
            for cid in event.surprised:
                char = state.characters[cid]
                state = _with_character(state, replace(char, conditions=_add_conditions(char, (unaware,))))
            encounter = Encounter(id=event.encounter_id, participants=event.participants, surprised=event.surprised)
            return replace(state, encounter=encounter, used_ids=state.used_ids | {f"encounter:{event.encounter_id}"})
        case InitiativeRolled() if state.encounter is not None:
            initiative = {r.character_id: r.total for r in event.rolls}
            return replace(state, encounter=replace(state.encounter, initiative=initiative))
        case InitiativeOrderFixed() if state.encounter is not None:
            return replace(state, encounter=replace(state.encounter, order=event.order))
        case TurnStarted():
            return _turn_started(state, event)
        case TurnEnded():
            return _turn_ended(state, event)
        case EncounterEnded():
            return _encounter_ended(state, event)
        case BloodLossRolled() if event.died:
            return _apply(
                state,
                CharacterChange(
                    character_id=event.character_id,
                    conditions_added=(Condition(name="dead", note=f"blood loss (rolled {event.roll})"),),
                ),
            )
        case OnFireBurned():
            state = _apply(state, event.change)
            if event.panicking and state.encounter is not None:
                budget = TurnBudget(full="running_and_screaming")
                state = replace(state, encounter=replace(state.encounter, budget=budget))
            return state
        case HordeBreakTested():
            char = state.characters[event.character_id]
            broken = (Condition(name="broken", note="failed its breaking test"),) if event.broken else ()
            return _with_character(state, replace(char, break_test_due=False, conditions=_add_conditions(char, broken)))
        case HordeBroke():
            char = state.characters[event.character_id]
            note = "magnitude at or below 25 %: the horde breaks"
            return _with_character(
                state,
                replace(
                    char, break_test_due=False, conditions=_add_conditions(char, (Condition(name="broken", note=note),))
                ),
            )
        case ActionUsed():
            return _act(state, event.character_id, event.cost, event.action, event.use)
        case ActionTaken():
            return _action_taken(state, event)
        case StunResolved():
            return replace(_apply(state, event.change), attacks=_without_attack(state, event.attack_id))
        case ManoeuvreResolved():
            return _manoeuvre(state, event)
        case HeroicSacrificeDeclared():
            char = state.characters[event.character_id]
            return _with_character(
                state,
                replace(
                    char,
                    fate=event.fate_after,
                    fate_max=event.fate_max_after,
                    sacrifice_turns=event.turns,
                    conditions=_remove_conditions(char, event.conditions_removed),
                ),
            )
        case CriticalTableLoaded():
            return replace(state, critical_table=event.table)
        case PinningTested():
            char = state.characters[event.character_id]
            if event.pinned:
                char = replace(char, conditions=_add_conditions(char, (Condition(name="pinned", note=event.reason),)))
            elif event.unpinned:
                char = replace(char, conditions=_remove_conditions(char, ("pinned",)))
            return replace(_with_character(state, char), used_ids=state.used_ids | {event.test_id})
        case _:
            return state
