"""Folding the encounter: turns and their boundary effects, actions and their budget, manoeuvres, grapples,
critical tables and Pinning tests (the d100 events of `domain.d100.encounter_events`)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.d100.encounter_commands import MOVING_ACTIONS
from domain.d100.encounter_events import (
    ActionTaken,
    ActionUsed,
    BloodLossRolled,
    CharacterChange,
    ComradeOrdered,
    CriticalTableLoaded,
    EncounterEnded,
    EncounterJoined,
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
from domain.d100.encounter_state import ActionCost, Encounter, TurnBudget, exhausted
from domain.d100.evolve_characters import (
    add_conditions,
    apply_change,
    remove_conditions,
    with_character,
    without_attack,
)
from domain.d100.evolve_tested import evolve_tested
from domain.d100.state import Condition, ConditionName, D100State
from domain.events import Event


def _spent(budget: TurnBudget, cost: ActionCost, kind: str) -> TurnBudget:
    """The budget after an action decide already allowed (the fold never refuses)."""
    if cost == "full":
        return TurnBudget(full=kind, halves=budget.halves)
    if cost == "half":
        return TurnBudget(full=budget.full, halves=budget.halves + (kind,))
    return budget


def _act(state: D100State, cid: str, cost: ActionCost, kind: str, use: str) -> D100State:
    """An action was taken: pay it, and lapse what any other action ends (aim, overwatch, an extended action)."""
    char = state.characters[cid]
    lapse: tuple[ConditionName, ...] = ("overwatch",)
    char = replace(
        char,
        aim=char.aim if kind in ("aim", "standard_attack") or kind in _ATTACKS else 0,
        conditions=remove_conditions(char, lapse),
        extended_action=char.extended_action if kind == "extended" else None,
        delayed=False if use == "delayed" else char.delayed,
    )
    state = with_character(state, char)
    encounter = state.encounter
    if encounter is not None and use == "turn" and encounter.acting == cid:
        state = replace(state, encounter=replace(encounter, budget=_spent(encounter.budget, cost, kind)))
    return state


_ATTACKS = frozenset({
    "all_out", "called_shot", "charge", "guarded", "semi_auto", "full_auto", "suppressing", "stun", "multiple_attacks",
    "horde_shot", "crushing_charge", "hit_and_run", "rearing_strike",
})


def _end_grapple(state: D100State, controller: str) -> D100State:
    grappled = state.grapples.get(controller)
    grapples = {k: v for k, v in state.grapples.items() if k != controller}
    for cid in (controller, grappled):
        if cid is not None and cid in state.characters:
            state = with_character(
                state,
                replace(state.characters[cid], conditions=remove_conditions(state.characters[cid], ("grappled",))),
            )
    return replace(state, grapples=grapples)


def _manoeuvre(state: D100State, event: ManoeuvreResolved) -> D100State:
    for change in event.changes:
        state = apply_change(state, change)
    state = replace(state, used_ids=state.used_ids | {event.contest_id})
    if event.manoeuvre == "feint":
        actor = state.characters[event.actor_id]
        state = with_character(state, replace(actor, feint_against=event.feint_against))
    if event.manoeuvre == "grapple_start":
        state = replace(state, attacks=without_attack(state, event.contest_id))
    found = state.grapple_of(event.actor_id)
    if event.grapple_ended and found is not None:
        return _end_grapple(state, found[0])
    if event.grapple_controller is not None:
        opponent = event.opponent_id if event.grapple_controller == event.actor_id else event.actor_id
        if found is not None:
            state = _end_grapple(state, found[0])
        mark = Condition(name="grappled", note="in a grapple")
        for cid in (event.grapple_controller, opponent):
            state = with_character(
                state, replace(state.characters[cid], conditions=add_conditions(state.characters[cid], (mark,)))
            )
        return replace(state, grapples={**state.grapples, event.grapple_controller: opponent})
    return state


def _turn_started(state: D100State, event: TurnStarted) -> D100State:
    if state.encounter is None:
        return state
    characters = {cid: replace(c, magnitude_at_turn_start=c.magnitude) for cid, c in state.characters.items()}
    char = characters[event.character_id]
    extended = char.extended_action
    if char.mounted_on is not None and char.mounted_on in characters:  # an evasive trot lasts until his turn
        characters[char.mounted_on] = replace(characters[char.mounted_on], evasive=0)
    characters[char.id] = replace(
        char,
        conditions=remove_conditions(char, event.expired),
        evasive=0,
        comrade_orders=(),  # Volley, Close Ranks and Take Cover last until the start of his next turn
        delayed=False,
        fate=event.fate_after if event.fate_after is not None else char.fate,
        extended_action=replace(extended, progressed_this_turn=False) if extended is not None else None,
    )
    encounter = replace(state.encounter, round=event.round, turn=event.turn, turn_over=False, budget=TurnBudget())
    return replace(state, characters=characters, encounter=encounter)


def _turn_ended(state: D100State, event: TurnEnded) -> D100State:
    char = state.characters[event.character_id]
    sacrifice = event.sacrifice_turns_after if event.sacrifice_turns_after else None
    state = with_character(
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
            conditions=remove_conditions(char, gone),
            aim=0,
            delayed=False,
            extended_action=None,
            feint_against=None,
            reactions_used=0,
            reactions=(),
            comrade_orders=(),
            braced=False,  # our reading: a new fight is a new position, braced again
        )
    return replace(state, characters=characters, encounter=None, grapples={})


def _comrade_ordered(state: D100State, event: ComradeOrdered) -> D100State:
    """The comrade's budget pays the order; a Volley, Close Ranks or Take Cover lasts until his next turn."""
    char = state.characters[event.character_id]
    if event.order in ("volley", "close_ranks", "take_cover") and event.order not in char.comrade_orders:
        state = with_character(state, replace(char, comrade_orders=(*char.comrade_orders, event.order)))
    encounter = state.encounter
    if event.in_encounter and encounter is not None and encounter.acting == char.id:
        budget = encounter.budget
        if event.cost == "full":
            budget = replace(budget, comrade_full=event.order)
        else:
            budget = replace(budget, comrade_halves=(*budget.comrade_halves, event.order))
        state = replace(state, encounter=replace(encounter, budget=budget))
    return state


def _action_taken(state: D100State, event: ActionTaken) -> D100State:
    state = _act(state, event.character_id, event.cost, event.action, event.use) if event.in_encounter else state
    char = state.characters[event.character_id]
    conditions = add_conditions(
        replace(char, conditions=remove_conditions(char, event.conditions_removed)), event.conditions_added
    )
    extended = event.extended
    if extended is not None:
        extended = None if event.extended_complete else replace(extended, progressed_this_turn=True)
    # Bracing a heavy weapon holds until the holder moves (000: "no puede moverse sin perder los beneficios").
    braced = event.action == "brace" or (char.braced and event.action not in MOVING_ACTIONS)
    char = replace(char, conditions=conditions, extended_action=extended, delayed=char.delayed or event.delayed, aim=0,
                   braced=braced)
    state = with_character(state, char)
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
                state = with_character(state, replace(char, conditions=add_conditions(char, (unaware,))))
            encounter = Encounter(id=event.encounter_id, participants=event.participants, surprised=event.surprised)
            return replace(state, encounter=encounter, used_ids=state.used_ids | {f"encounter:{event.encounter_id}"})
        case InitiativeRolled() if state.encounter is not None:
            initiative = {r.character_id: r.total for r in event.rolls}
            return replace(state, encounter=replace(state.encounter, initiative=initiative))
        case EncounterJoined() if state.encounter is not None:
            encounter = state.encounter
            return replace(state, encounter=replace(
                encounter, participants=(*encounter.participants, event.character_id),
                initiative={**encounter.initiative, event.character_id: event.roll.total},
                order=event.order or encounter.order, next_order=event.next_order,
            ))
        case InitiativeOrderFixed() if state.encounter is not None:
            return replace(state, encounter=replace(state.encounter, order=event.order))
        case TurnStarted():
            return _turn_started(state, event)
        case TurnEnded():
            return _turn_ended(state, event)
        case EncounterEnded():
            return _encounter_ended(state, event)
        case BloodLossRolled() if event.died:
            return apply_change(
                state,
                CharacterChange(
                    character_id=event.character_id,
                    conditions_added=(Condition(name="dead", note=f"blood loss (rolled {event.roll})"),),
                ),
            )
        case OnFireBurned():
            state = apply_change(state, event.change)
            if event.panicking and state.encounter is not None:
                budget = TurnBudget(full="running_and_screaming")
                state = replace(state, encounter=replace(state.encounter, budget=budget))
            return state
        case HordeBreakTested():
            char = state.characters[event.character_id]
            broken = (Condition(name="broken", note="failed its breaking test"),) if event.broken else ()
            return with_character(state, replace(char, break_test_due=False, conditions=add_conditions(char, broken)))
        case HordeBroke():
            char = state.characters[event.character_id]
            broke = Condition(name="broken", note="magnitude at or below 25 %: the horde breaks")
            return with_character(state, replace(char, break_test_due=False, conditions=add_conditions(char, (broke,))))
        case ActionUsed():
            return _act(state, event.character_id, event.cost, event.action, event.use)
        case ActionTaken():
            return _action_taken(state, event)
        case StunResolved():
            return replace(apply_change(state, event.change), attacks=without_attack(state, event.attack_id))
        case ManoeuvreResolved():
            return _manoeuvre(state, event)
        case ComradeOrdered():
            return _comrade_ordered(state, event)
        case HeroicSacrificeDeclared():
            char = state.characters[event.character_id]
            return with_character(
                state,
                replace(
                    char,
                    fate=event.fate_after,
                    fate_max=event.fate_max_after,
                    sacrifice_turns=event.turns,
                    conditions=remove_conditions(char, event.conditions_removed),
                ),
            )
        case CriticalTableLoaded():
            return replace(state, critical_table=event.table)
        case PinningTested():
            char = state.characters[event.character_id]
            if event.pinned:
                char = replace(char, conditions=add_conditions(char, (Condition(name="pinned", note=event.reason),)))
            elif event.unpinned:
                char = replace(char, conditions=remove_conditions(char, ("pinned",)))
            return replace(with_character(state, char), used_ids=state.used_ids | {event.test_id})
        case _:
            return evolve_tested(state, event)
