"""`decide(state, command, dice, actor, around)`: the one door through which Wrath & Glory commands become events.

One flat `match` hands each command to its family's decision module; every decision has one signature,
`(state, command, dice, actor) -> list[Event]` (Wrath & Glory checks who controls a character inside each).
"""

from __future__ import annotations

from domain.commands import Actor, Command
from domain.dice import Dice
from domain.engine import Surroundings
from domain.errors import RuleViolation
from domain.events import Event
from domain.wrath_and_glory import action_decisions as actions
from domain.wrath_and_glory import combat_decisions as combat
from domain.wrath_and_glory import encounter_decisions as encounters
from domain.wrath_and_glory import injury_decisions as injury
from domain.wrath_and_glory import movement_decisions as movement
from domain.wrath_and_glory import resource_decisions as resources
from domain.wrath_and_glory import roll_decisions as rolls
from domain.wrath_and_glory import ruling_decisions as rulings
from domain.wrath_and_glory import troop_decisions as troops
from domain.wrath_and_glory.commands import (
    AddGloryDice,
    Attack,
    AwardWrath,
    GainGlory,
    GainRuin,
    InteractionAttack,
    RecoverShock,
    RegroupTroops,
    Reload,
    RerollFailedDice,
    ResolveAttack,
    ResolveComplication,
    RollDeathTest,
    RollInitiative,
    RollTest,
    SetTier,
    ShiftIcons,
    Soak,
    SpendGlory,
    SpendRuin,
    SpendWrath,
    StartSession,
    StartTurn,
    TakeWounds,
)
from domain.wrath_and_glory.encounter_commands import (
    ContestInitiative,
    EndEncounter,
    Interrupt,
    JoinEncounter,
    MakeAware,
    Move,
    Override,
    Prepare,
    RollResistanceTest,
    SeizeInitiative,
    StartEncounter,
    TakeAction,
    TotalDefence,
)
from domain.wrath_and_glory.state import WngState


def decide(
    state: WngState, command: Command, dice: Dice, actor: Actor, around: Surroundings | None = None
) -> list[Event]:
    """The events a command produces, or RuleViolation / Forbidden / UnknownEntity; never mutates `state`."""
    match command:
        case SetTier():
            return resources.decide_set_tier(state, command, dice, actor)
        case StartSession():
            return resources.decide_start_session(state, command, dice, actor)
        case StartTurn():
            return resources.decide_start_turn(state, command, dice, actor)
        case RollTest():
            return rolls.decide_roll_test(state, command, dice, actor)
        case RerollFailedDice():
            return rolls.decide_reroll(state, command, dice, actor)
        case AddGloryDice():
            return rolls.decide_glory_dice(state, command, dice, actor)
        case ShiftIcons():
            return rolls.decide_shift(state, command, dice, actor)
        case ResolveComplication():
            return rolls.decide_complication(state, command, dice, actor)
        case Attack():
            return combat.decide_attack(state, command, dice, actor)
        case InteractionAttack():
            return combat.decide_interaction(state, command, dice, actor)
        case ResolveAttack():
            return combat.decide_resolve(state, command, dice, actor)
        case Soak():
            return injury.decide_soak(state, command, dice, actor)
        case TakeWounds():
            return injury.decide_take_wounds(state, command, dice, actor)
        case RollDeathTest():
            return injury.decide_death_test(state, command, dice, actor)
        case RecoverShock():
            return injury.decide_recover_shock(state, command, dice, actor)
        case Reload():
            return combat.decide_reload(state, command, dice, actor)
        case RollInitiative():
            return combat.decide_initiative(state, command, dice, actor)
        case AwardWrath():
            return resources.decide_award_wrath(state, command, dice, actor)
        case SpendWrath():
            return resources.decide_spend_wrath(state, command, dice, actor)
        case GainGlory():
            return resources.decide_gain_glory(state, command, dice, actor)
        case SpendGlory():
            return resources.decide_spend_glory(state, command, dice, actor)
        case GainRuin():
            return resources.decide_gain_ruin(state, command, dice, actor)
        case SpendRuin():
            return resources.decide_spend_ruin(state, command, dice, actor)
        case RegroupTroops():
            return troops.decide_regroup(state, command, dice, actor)
        case StartEncounter():
            return encounters.decide_start_encounter(state, command, dice, actor)
        case JoinEncounter():
            return encounters.decide_join(state, command, dice, actor)
        case EndEncounter():
            return encounters.decide_end_encounter(state, command, dice, actor)
        case SeizeInitiative():
            return encounters.decide_seize(state, command, dice, actor)
        case Interrupt():
            return encounters.decide_interrupt(state, command, dice, actor)
        case MakeAware():
            return encounters.decide_make_aware(state, command, dice, actor)
        case ContestInitiative():
            return encounters.decide_contest(state, command, dice, actor)
        case Prepare():
            return actions.decide_prepare(state, command, dice, actor)
        case Move():
            return movement.decide_move(state, command, dice, actor)
        case TakeAction():
            return actions.decide_take_action(state, command, dice, actor)
        case TotalDefence():
            return actions.decide_total_defence(state, command, dice, actor)
        case Override():
            return rulings.decide_override(state, command, dice, actor)
        case RollResistanceTest():
            return rulings.decide_resistance_test(state, command, dice, actor)
    raise RuleViolation("unknown_command", case="wng", command=type(command).__name__)
