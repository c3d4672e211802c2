"""`decide(state, command, dice, actor, around)`: who may do what, then the events the rules produce.

One flat `match` names every command and hands it to its family's decision module; every decision has
one signature, `(state, command, dice, context) -> list[Event]`. A command that rightly produces nothing
answers an empty list (the service refuses it as changing nothing), never an "unknown command".
"""

from __future__ import annotations

from ..commands import Actor, Command
from ..dice import Dice
from ..engine import Surroundings
from ..errors import Forbidden, RuleViolation
from ..events import Event
from . import (
    action_decisions,
    combat_decisions,
    comrade_decisions,
    encounter_decisions,
    injury_decisions,
    manoeuvre_decisions,
    mounted_decisions,
    multiple_attack_decisions,
    reaction_decisions,
    reinforcement_decisions,
    resource_decisions,
    roll_decisions,
    ruling_decisions,
    tested_decisions,
)
from .commands import (
    Attack,
    BurnFate,
    ComradeOrder,
    EditSheet,
    EndEncounter,
    EndTurn,
    Extinguish,
    FearTest,
    Feat,
    Feint,
    FocusPower,
    GmRuling,
    Grapple,
    HeroicSacrifice,
    JoinEncounter,
    KnockDown,
    LoadCriticalTable,
    Mount,
    MultipleAttacks,
    NextTurn,
    PinningTest,
    React,
    Reload,
    Ride,
    RollDamage,
    RollOpposedTest,
    RollTest,
    SpendFate,
    StartEncounter,
    StartRound,
    StopBloodLoss,
    TakeAction,
    TakeAim,
    Unjam,
)
from .context import NO_CONTEXT, D100Context
from .oaths import with_oaths
from .state import D100State

GM_ONLY = "gm"


def acting_character(state: D100State, command: Command) -> str | None:
    """The character on whose behalf the command acts, as its class declares in `acting`; None for GM-only.

    `acting` is "gm", a field naming the character ("character_id", "first.character_id"), or
    "attack_id>target_id": the side of the pending attack the command's field names (None if there is none).
    A class without `acting` is refused to players like a GM-only one; tests/d100/test_d100_acting.py walks
    every command so none is forgotten.
    """
    spec: str = getattr(type(command), "acting", GM_ONLY)
    if spec == GM_ONLY:
        return None
    if ">" in spec:
        key, side = spec.split(">")
        attack = state.attacks.get(getattr(command, key))
        return str(getattr(attack, side)) if attack else None
    value: object = command
    for part in spec.split("."):
        value = getattr(value, part)
    return str(value)


def authorize(state: D100State, command: Command, actor: Actor) -> None:
    """The GM may do everything; a player only acts for characters it owns (observers never get this far)."""
    if actor.is_gm:
        return
    acting = acting_character(state, command)
    if acting is None:
        raise Forbidden(case="d100.gm_only")
    owner = state.characters[acting].owner if acting in state.characters else None
    if owner != actor.participant_id:
        raise Forbidden(case="d100.not_owner", participant=actor.participant_id, character=acting)


def decide(
    state: D100State, command: Command, dice: Dice, actor: Actor, around: Surroundings | None = None
) -> list[Event]:
    """Check the actor may send the command, then return the events it produces (or raise a DomainError).

    A sworn mission oath (in `around`) adds its named modifiers and effects first (domain.d100.oaths).
    """
    authorize(state, command, actor)
    context = NO_CONTEXT
    if around is not None:
        command, context = with_oaths(around.missions, state, command)
    return _decide(state, command, dice, context)


def _decide(state: D100State, command: Command, dice: Dice, context: D100Context) -> list[Event]:
    match command:
        case RollTest():
            return roll_decisions.decide_test(state, command, dice, context)
        case RollOpposedTest():
            return roll_decisions.decide_opposed_test(state, command, dice, context)
        case Unjam():
            return roll_decisions.decide_unjam(state, command, dice, context)
        case SpendFate():
            return resource_decisions.decide_spend_fate(state, command, dice, context)
        case BurnFate():
            return resource_decisions.decide_burn_fate(state, command, dice, context)
        case GmRuling():
            return ruling_decisions.decide_gm_ruling(state, command, dice, context)
        case EditSheet():
            return ruling_decisions.decide_edit_sheet(state, command, dice, context)
        case LoadCriticalTable():
            return ruling_decisions.decide_load_critical_table(state, command, dice, context)
        case StartEncounter():
            return encounter_decisions.decide_start_encounter(state, command, dice, context)
        case Mount():
            return mounted_decisions.decide_mount(state, command, dice, context)
        case Ride():
            return mounted_decisions.decide_ride(state, command, dice, context)
        case ComradeOrder():
            return comrade_decisions.decide_comrade_order(state, command, dice, context)
        case JoinEncounter():
            return reinforcement_decisions.decide_join_encounter(state, command, dice, context)
        case NextTurn():
            return encounter_decisions.decide_next_turn(state, command, dice, context)
        case EndTurn():
            return encounter_decisions.decide_end_turn(state, command, dice, context)
        case EndEncounter():
            return encounter_decisions.decide_end_encounter(state, command, dice, context)
        case StartRound():
            return encounter_decisions.decide_start_round(state, command, dice, context)
        case TakeAction():
            return action_decisions.decide_action(state, command, dice, context)
        case TakeAim():
            return action_decisions.decide_take_aim(state, command, dice, context)
        case Reload():
            return action_decisions.decide_reload(state, command, dice, context)
        case PinningTest():
            return action_decisions.decide_pinning_test(state, command, dice, context)
        case HeroicSacrifice():
            return action_decisions.decide_heroic_sacrifice(state, command, dice, context)
        case Attack():
            return combat_decisions.decide_attack(state, command, dice, context)
        case React():
            return reaction_decisions.decide_react(state, command, dice, context)
        case MultipleAttacks():
            return multiple_attack_decisions.decide_multiple_attacks(state, command, dice, context)
        case RollDamage():
            return injury_decisions.decide_damage(state, command, dice, context)
        case KnockDown():
            return manoeuvre_decisions.decide_knock_down(state, command, dice, context)
        case Feint():
            return manoeuvre_decisions.decide_feint(state, command, dice, context)
        case Grapple():
            return manoeuvre_decisions.decide_grapple(state, command, dice, context)
        case Extinguish():
            return tested_decisions.decide_extinguish(state, command, dice, context)
        case StopBloodLoss():
            return tested_decisions.decide_stop_blood_loss(state, command, dice, context)
        case FearTest():
            return tested_decisions.decide_fear_test(state, command, dice, context)
        case Feat():
            return tested_decisions.decide_feat(state, command, dice, context)
        case FocusPower():
            return tested_decisions.decide_focus_power(state, command, dice, context)
    raise RuleViolation("unknown_command", case="d100", command=type(command).__name__)
