"""`evolve(state, event)`: the pure fold of Wrath & Glory events into WngState; it never rolls."""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce

import msgspec
from msgspec.structs import replace

from domain.characters import CharacterCreated
from domain.events import Event
from domain.wrath_and_glory.encounter_events import (
    ActionTaken,
    EncounterEnded,
    EncounterJoined,
    EncounterStarted,
    InitiativeContested,
    InitiativeTaken,
    MadeAware,
    MovementTestRolled,
    RoundStarted,
    TotalDefenceRolled,
    TurnEffectsExpired,
)
from domain.wrath_and_glory.encounter_state import EncounterState, TurnBudget
from domain.wrath_and_glory.events import (
    AttackDeclared,
    ComplicationResolved,
    DamageApplied,
    DamageDealt,
    DeathTestRolled,
    DefenceEffectAdded,
    DiceRerolled,
    GloryDiceAdded,
    GloryGained,
    GlorySpent,
    IconsShifted,
    InteractionEffectApplied,
    NextActionPenaltyAdded,
    Recruit,
    ReloadsSpent,
    RuinGained,
    RuinSpent,
    SessionStarted,
    ShockRecovered,
    SoakRolled,
    SpecialRolled,
    TestRolled,
    TierSet,
    TurnStarted,
    WoundsPending,
    WrathGained,
    WrathSpent,
)
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.resources import gain
from domain.wrath_and_glory.rolls import PoolDie
from domain.wrath_and_glory.ruling_events import GmOverridden, ResistanceTestRolled
from domain.wrath_and_glory.state import (
    AttackContext,
    CharacterState,
    Condition,
    DefenceEffect,
    OpenTest,
    PendingWounds,
    WngState,
    initial_state,
)
from domain.wrath_and_glory.troop_events import TroopsRegrouped
from domain.wrath_and_glory.turn_budget import spend_budget


def _with_character(state: WngState, character: CharacterState) -> WngState:
    return replace(state, characters={**state.characters, character.id: character})


def _with_test(state: WngState, test: OpenTest) -> WngState:
    return replace(state, tests={**state.tests, test.id: test})


def _test_opened(state: WngState, test: OpenTest) -> WngState:
    """One more test rolled, open under its id; a Wrath die 1 on it waits on its character for the GM."""
    state = replace(state, tests_rolled=state.tests_rolled + 1)
    if test.complication_pending:
        state = _complication(state, test.id, test.character_id, True)
    return _with_test(state, test)


def _complication(state: WngState, test_id: str, character_id: str, pending: bool) -> WngState:
    """A Wrath die 1 now awaiting (or no longer awaiting) the GM's choice, on the character who rolled it."""
    character = state.characters[character_id]
    waiting = tuple(t for t in character.complications_pending if t != test_id) + ((test_id,) if pending else ())
    return _with_character(state, replace(character, complications_pending=waiting))


def _conditions(current: frozenset[Condition], **flags: bool) -> frozenset[Condition]:
    kept = set(current)
    for name, on in flags.items():
        condition: Condition
        if name == "exhausted":
            condition = "exhausted"
        elif name == "unconscious":
            condition = "unconscious"
        elif name == "dying":
            condition = "dying"
        elif name == "dead":
            condition = "dead"
        else:
            condition = "dissolved"
        if on:
            kept.add(condition)
        else:
            kept.discard(condition)
    return frozenset(kept)


def evolve(state: WngState, event: Event) -> WngState:
    """The state after one event; unknown events (other rulesets, the store's own) leave it unchanged."""
    match event:
        case TierSet(tier=tier):
            return replace(state, tier=tier)
        case CharacterCreated(rules=dict() as part):
            recruit = msgspec.convert(part, Recruit)
            sheet = recruit.sheet
            return _with_character(
                state,
                CharacterState(
                    id=event.character_id,
                    owner=event.owner,
                    sheet=sheet,
                    wounds=sheet.wounds,
                    shock=sheet.shock,
                    wrath=recruit.wrath,
                    reloads=recruit.reloads,
                    personal_ruin=sheet.personal_ruin,
                    members_left=sheet.members,
                ),
            )
        case SessionStarted():
            # Open tests close, and with them any complication choice still waiting (the GM cannot end a
            # session with one pending; older logs may hold some).
            characters = {
                cid: replace(c, complications_pending=()) if c.complications_pending else c
                for cid, c in state.characters.items()
            }
            for reset in event.heroes:
                hero = characters[reset.character_id]
                characters[hero.id] = replace(hero, wrath=reset.wrath, reloads=reset.reloads)
            return replace(
                state, session=event.session, glory=event.glory, ruin=event.ruin, characters=characters, tests={}
            )
        case TurnStarted():
            character = state.characters[event.character_id]
            if event.encounter_id is not None and state.encounter is not None:
                encounter = replace(
                    state.encounter,
                    round=event.round,
                    turn=event.turn,
                    acting=character.id,
                    acted=state.encounter.acted | {character.id},
                    last_side=event.side,
                    budget=TurnBudget(),
                )
                state = replace(state, encounter=encounter)
            effects = _without(character.defence_effects, event.expired_defence)
            return _with_character(state, replace(character, defence_effects=effects, recovered_shock_this_turn=False))
        case TestRolled():
            if event.next_action_penalties_used:
                character = state.characters[event.character_id]
                state = _with_character(state, replace(character, next_action_dn=(), next_shot_dn=()))
            return _test_opened(
                state,
                OpenTest(
                    id=event.test_id,
                    character_id=event.character_id,
                    purpose=event.purpose,
                    dn=event.dn,
                    dice=event.dice,
                    bonus_applied=event.pool.bonus_applied + sum(1 for d in event.dice if d.role == "glory"),
                    bonus_cap=event.pool.bonus_cap,
                    trivial=event.trivial,
                    complication_pending=event.wrath == "complication",
                ),
            )
        case AttackDeclared():
            test = state.tests[event.test_id]
            context = AttackContext(
                targets=event.targets,
                weapon=event.weapon,
                add_strength=event.add_strength,
                bonus_ed=event.bonus_ed,
                interaction_skill=event.interaction_skill,
            )
            return _with_test(state, replace(test, attack=context))
        case DiceRerolled():
            test = state.tests[event.test_id]
            dice = list(test.dice)
            for r in event.rerolls:
                dice[r.position] = PoolDie(die=r.after, role=dice[r.position].role)
            pending = test.complication_pending or (event.wrath_rerolled and event.wrath == "complication")
            if pending and not test.complication_pending:
                state = _complication(state, test.id, test.character_id, True)
            return _with_test(state, replace(test, dice=tuple(dice), rerolled=True, complication_pending=pending))
        case GloryDiceAdded():
            test = state.tests[event.test_id]
            added = tuple(PoolDie(die=d, role="glory") for d in event.dice)
            return _with_test(state, replace(test, dice=test.dice + added, bonus_applied=event.bonus_applied))
        case IconsShifted():
            return _with_test(state, replace(state.tests[event.test_id], shifted=event.shifted_total))
        case ComplicationResolved():
            test = state.tests[event.test_id]
            state = _complication(state, test.id, test.character_id, False)
            return _with_test(state, replace(test, complication_pending=False))
        case GloryGained(amount=amount):
            # Added to the Glory there is now, which is `after` whenever the gain was decided against this state;
            # a sealed test's Wrath 6 (docs/fairness.md, "Secret rules tests") was decided at its basis and is
            # gained at its reveal, onto whatever Glory the group holds then.
            return replace(state, glory=gain(state.glory, amount, state.glory_cap).after)
        case GlorySpent(after=after):
            return replace(state, glory=after)
        case WrathGained() | WrathSpent():
            character = state.characters[event.character_id]
            return _with_character(state, replace(character, wrath=event.after))
        case RuinGained(after=after):
            return replace(state, ruin=after)
        case RuinSpent():
            if event.personal_of is None:
                return replace(state, ruin=event.after)
            npc = state.characters[event.personal_of]
            return _with_character(state, replace(npc, personal_ruin=event.after))
        case ReloadsSpent():
            character = state.characters[event.character_id]
            return _with_character(state, replace(character, reloads=event.after))
        case DefenceEffectAdded():
            character = state.characters[event.character_id]
            effect = DefenceEffect(source=event.effect.source, value=event.effect.value)
            return _with_character(state, replace(character, defence_effects=character.defence_effects + (effect,)))
        case NextActionPenaltyAdded(shooting_only=True):
            character = state.characters[event.character_id]
            return _with_character(state, replace(character, next_shot_dn=character.next_shot_dn + (event.penalty,)))
        case NextActionPenaltyAdded():
            character = state.characters[event.character_id]
            return _with_character(
                state, replace(character, next_action_dn=character.next_action_dn + (event.penalty,))
            )
        case DamageDealt() | InteractionEffectApplied():
            test = state.tests[event.test_id]
            if test.attack is None:
                return state
            attack = replace(test.attack, resolved=test.attack.resolved + (event.target_id,))
            return _with_test(state, replace(test, attack=attack))
        case WoundsPending():
            character = state.characters[event.character_id]
            wounds = PendingWounds(test_id=event.test_id, wounds=event.wounds)
            return _with_character(state, replace(character, pending_wounds=wounds))
        case SoakRolled() | SpecialRolled():
            kind = "soak" if isinstance(event, SoakRolled) else "initiative"
            return replace(
                state, tests_rolled=state.tests_rolled + 1, special_rolls={**state.special_rolls, event.roll_id: kind}
            )
        case DamageApplied():
            character = state.characters[event.character_id]
            due = (character.death_test_due or (event.dying and event.wounds > 0)) and not event.dead
            conditions = _conditions(
                character.conditions,
                exhausted=event.exhausted,
                unconscious=event.unconscious,
                dying=event.dying,
                dead=event.dead,
                dissolved=event.dissolved,
            )
            return _with_character(
                state,
                replace(
                    character,
                    shock=event.shock_after,
                    wounds=event.wounds_after,
                    conditions=conditions,
                    pending_wounds=None,
                    members_left=event.members_left,
                    troop_shock_lost=event.troop_shock_lost,
                    troop_wounds_lost=event.troop_wounds_lost,
                    death_test_due=due,
                ),
            )
        case DeathTestRolled():
            character = state.characters[event.character_id]
            woke = event.result == "wakes"
            conditions = _conditions(
                character.conditions,
                dead=event.dead,
                unconscious=not woke and not event.dead,
                dying=event.result not in ("wakes", "stabilised") and not event.dead,
            )
            state = replace(
                state,
                tests_rolled=state.tests_rolled + 1,
                special_rolls={**state.special_rolls, event.roll_id: "death_test"},
            )
            return _with_character(
                state,
                replace(
                    character,
                    wounds=event.wounds_after,
                    death_failures=0 if woke else event.failures_after,
                    conditions=conditions,
                    death_test_due=False,
                ),
            )
        case ShockRecovered():
            character = state.characters[event.character_id]
            return _with_character(
                state,
                replace(
                    character,
                    shock=event.after,
                    recovered_shock_this_turn=state.takes_part(character.id),
                    conditions=_conditions(character.conditions, exhausted=event.after == 0),
                ),
            )
        case _:
            return _evolve_encounter(state, event)


def _without(effects: tuple[DefenceEffect, ...], expired: tuple[Modifier, ...]) -> tuple[DefenceEffect, ...]:
    """The Defence effects left once each expired one is taken away (once each)."""
    left = list(effects)
    for gone in expired:
        for effect in left:
            if (effect.source, effect.value) == (gone.source, gone.value):
                left.remove(effect)
                break
    return tuple(left)


def _in_encounter(state: WngState, **changes: object) -> WngState:
    assert state.encounter is not None
    return replace(state, encounter=replace(state.encounter, **changes))


def _evolve_encounter(state: WngState, event: Event) -> WngState:
    """Encounters, the turn budget, expiring effects, overrides and resistance tests."""
    encounter = state.encounter
    match event:
        case EncounterStarted():
            started = EncounterState(id=event.encounter_id, participants=event.participants, ambush=event.ambush)
            return replace(state, encounter=started)
        case EncounterJoined() if encounter is not None:
            waiting = encounter.waiting | ({event.character_id} if event.acts_from_round > event.round else set())
            return _in_encounter(state, participants=(*encounter.participants, event.character_id),
                                 aware=encounter.aware | {event.character_id}, waiting=waiting)
        case RoundStarted() if encounter is not None:
            return replace(state, encounter=replace(encounter.next_round(), round=event.round))
        case InitiativeTaken() if encounter is not None:
            seized = encounter.seized | {"gm" if event.how == "interrupt" else event.side}
            return _in_encounter(state, seized=seized, interrupted=encounter.interrupted or event.how == "interrupt")
        case MadeAware() if encounter is not None:
            return _in_encounter(state, aware=encounter.aware | {event.character_id})
        case InitiativeContested() if encounter is not None:
            return _in_encounter(state, prepared=encounter.prepared - {event.character_id})
        case ActionTaken() if encounter is not None:
            prepared = encounter.prepared | ({event.character_id} if event.prepared else set())
            return _in_encounter(state, budget=spend_budget(encounter.budget, event), prepared=prepared)
        case TurnEffectsExpired():
            character = state.characters[event.character_id]
            state = _with_character(
                state, replace(character, defence_effects=_without(character.defence_effects, event.defence))
            )
            if encounter is not None and event.prepared:
                state = _in_encounter(state, prepared=encounter.prepared - {event.character_id})
            return state
        case EncounterEnded():
            # Turns end with the encounter: what counted "once per turn" counts no more.
            characters = {
                cid: replace(c, recovered_shock_this_turn=False) if c.recovered_shock_this_turn else c
                for cid, c in state.characters.items()
            }
            return replace(state, encounter=None, encounters_held=(*state.encounters_held, event.encounter_id),
                           characters=characters)
        case GmOverridden():
            character = state.characters[event.character_id]
            conditions = (character.conditions | set(event.conditions_added)) - set(event.conditions_removed)
            return _with_character(
                state,
                replace(
                    character,
                    wounds=event.wounds_after,
                    shock=event.shock_after,
                    death_failures=event.death_failures_after,
                    members_left=event.members_left_after,
                    conditions=conditions,
                    death_test_due=character.death_test_due and "dying" in conditions,
                ),
            )
        case TroopsRegrouped():
            troop = state.characters[event.troop_id]
            state = _with_character(state, replace(
                troop, members_left=event.members_after, troop_shock_lost=event.troop_shock_lost,
                troop_wounds_lost=event.troop_wounds_lost, conditions=troop.conditions - {"dissolved"},
            ))
            for part in event.joined:
                gone = state.characters[part.character_id]
                state = _with_character(state, replace(
                    gone, members_left=0, troop_shock_lost=0, troop_wounds_lost=0, regrouped_into=event.troop_id,
                ))
            if event.acted and encounter is not None:
                state = _in_encounter(state, acted=encounter.acted | {event.troop_id})
            return state
        case MovementTestRolled():
            # Settled when rolled: an open test only for its Wrath die 1.
            return _test_opened(
                state,
                OpenTest(
                    id=event.test_id, character_id=event.character_id, purpose="skill", dn=event.dn,
                    dice=event.rerolled or event.dice, bonus_applied=0, bonus_cap=event.pool.bonus_cap,
                    rerolled=bool(event.rerolled), complication_pending=event.wrath == "complication",
                    settled="movement",
                ),
            )
        case TotalDefenceRolled():
            # An open test only for its Wrath die 1: no DN to fail, so no reroll, later Glory dice or shift.
            return _test_opened(
                state,
                OpenTest(
                    id=event.test_id, character_id=event.character_id, purpose="skill", dn=0, dice=event.dice,
                    bonus_applied=event.pool.bonus_applied + sum(1 for d in event.dice if d.role == "glory"),
                    bonus_cap=event.pool.bonus_cap, complication_pending=event.wrath == "complication",
                    settled="total_defence",
                ),
            )
        case ResistanceTestRolled():
            return _test_opened(
                state,
                OpenTest(
                    id=event.test_id,
                    character_id=event.character_id,
                    purpose="skill",
                    dn=event.dn,
                    dice=event.rerolled or event.dice,
                    bonus_applied=event.pool.bonus_applied,
                    bonus_cap=event.pool.bonus_cap,
                    rerolled=bool(event.rerolled),
                    complication_pending=event.wrath == "complication",
                    settled=event.kind,
                ),
            )
    return state


def replay(events: Iterable[Event], start: WngState | None = None) -> WngState:
    """Fold events from `start` (a fresh tier-3 campaign by default)."""
    return reduce(evolve, events, start if start is not None else initial_state())
