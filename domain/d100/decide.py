"""`decide(state, command, dice, actor, around)`: who may do what, then the events the rules produce.

One flat `match` names every command; a command that rightly produces nothing answers an empty list and
the service refuses it as changing nothing, never as an unknown command.
"""

from __future__ import annotations

from ..commands import Actor, Command
from ..dice import Dice
from ..engine import Surroundings
from ..errors import Forbidden, RuleViolation
from ..events import Event
from .action_decisions import decide_action, decide_heroic_sacrifice, decide_pinning_test, pinning_test
from .combat_decisions import decide_attack, decide_react
from .combat_modifiers import AIM_BONUS
from .commands import (
    Attack,
    BurnFate,
    EditSheet,
    EndEncounter,
    EndTurn,
    Feint,
    GmRuling,
    Grapple,
    HeroicSacrifice,
    KnockDown,
    LoadCriticalTable,
    MultipleAttacks,
    NextTurn,
    PinningTest,
    React,
    Reload,
    RollDamage,
    RollOpposedTest,
    RollTest,
    SpendFate,
    StartEncounter,
    StartRound,
    TakeAction,
    TakeAim,
    Unjam,
)
from .context import NO_CONTEXT, D100Context
from .criticals import DEFAULT_TABLE
from .encounter_decisions import advance, decide_start_encounter, end_encounter, running, start_round
from .encounter_events import CriticalTableLoaded
from .encounter_state import ActionCost
from .events import (
    AimTaken,
    FateSpent,
    GmRulingRecorded,
    RoundStarted,
    SheetEdited,
    WeaponReloaded,
)
from .injury_decisions import decide_damage
from .manoeuvre_decisions import decide_feint, decide_grapple, decide_knock_down
from .multiple_attack_decisions import decide_multiple_attacks
from .oaths import with_oaths
from .resource_decisions import decide_burn_fate, decide_spend_fate
from .roll_decisions import character, decide_opposed, decide_test, decide_unjam, require_able
from .state import Condition, D100State
from .turn_budget import ATTACK_COSTS, attack_kind, use_action

_GM_ONLY = (StartRound, GmRuling, EditSheet, StartEncounter, NextTurn, EndEncounter, LoadCriticalTable)


def _acting_character(state: D100State, command: Command) -> str | None:
    """The character on whose behalf the command acts; None for GM-only commands."""
    match command:
        case (RollTest() | TakeAim() | SpendFate() | BurnFate() | Unjam() | Reload() | EndTurn() | TakeAction()
              | Grapple() | HeroicSacrifice() | PinningTest()):
            return command.character_id
        case RollOpposedTest():
            return command.first.character_id
        case Attack() | KnockDown() | Feint() | MultipleAttacks():
            return command.attacker_id
        case React():
            attack = state.attacks.get(command.attack_id)
            return attack.target_id if attack else None
        case RollDamage():
            attack = state.attacks.get(command.attack_id)
            return attack.attacker_id if attack else None
        case _:
            return None


def authorize(state: D100State, command: Command, actor: Actor) -> None:
    """The GM may do everything; a player only acts for characters it owns (observers never get this far)."""
    if actor.is_gm:
        return
    if isinstance(command, _GM_ONLY):
        raise Forbidden("only the GM may do that")
    acting = _acting_character(state, command)
    if acting is None:
        raise Forbidden("only the GM may do that")
    owner = state.characters[acting].owner if acting in state.characters else None
    if owner != actor.participant_id:
        raise Forbidden(f"{actor.participant_id} does not own the character {acting!r}")


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
            rolled = decide_test(state, command, dice)
            if command.fate_bonus:
                bonus = FateSpent(character_id=command.character_id, use="bonus",
                                  fate_after=state.characters[command.character_id].fate - 1)
                return [bonus, rolled]
            return [rolled]
        case RollOpposedTest():
            return [decide_opposed(state, command, dice)]
        case SpendFate():
            return decide_spend_fate(state, command, dice)
        case BurnFate():
            return [decide_burn_fate(state, command)]
        case EditSheet():
            char = character(state, command.character_id)
            if (char.magnitude is None) != (command.sheet.magnitude is None):
                raise RuleViolation("sheet_kind", "a sheet edit cannot turn a horde into a character or back")
            return [SheetEdited(character_id=char.id, sheet=command.sheet, reason=command.reason)]
        case GmRuling():
            char = character(state, command.character_id)
            return [GmRulingRecorded(
                character_id=char.id, reason=command.reason, set_damage=command.set_damage,
                set_critical=command.set_critical, set_fatigue=command.set_fatigue, set_fate=command.set_fate,
                set_magnitude=command.set_magnitude,
                add_conditions=tuple(
                    Condition(name=n, rounds=command.condition_rounds) for n in command.add_conditions
                ),
                remove_conditions=command.remove_conditions,
            )]
        case LoadCriticalTable():
            if command.default and command.table is not None:
                raise RuleViolation("critical_table", "load either a table or the default, not both")
            return [CriticalTableLoaded(table=DEFAULT_TABLE if command.default else command.table)]
        # Encounters, turns, actions and attacks: each action is paid from the turn's budget in an encounter.
        case StartEncounter():
            return decide_start_encounter(state, command, dice)
        case NextTurn():
            return advance(state, dice)
        case EndTurn():
            encounter = running(state)
            if encounter.acting != command.character_id:
                raise RuleViolation("not_your_turn", f"it is not {character(state, command.character_id).name}'s turn")
            return advance(state, dice)
        case EndEncounter():
            return [end_encounter(state)]
        case StartRound():
            if state.encounter is not None:
                return start_round(state, dice)
            return [RoundStarted(round=state.round + 1)]
        case TakeAction():
            return decide_action(state, command)
        case TakeAim():
            char = character(state, command.character_id)
            require_able(char, "aim")
            cost: ActionCost = "half" if command.aim == "half" else "full"
            spent = use_action(state, char.id, cost, "aim", command.use)
            return [*spent, AimTaken(character_id=char.id, bonus=AIM_BONUS[command.aim])]
        case Attack():
            return _attack(state, command, dice, context)
        case MultipleAttacks():
            return decide_multiple_attacks(state, command, dice, context)
        case React():
            return [decide_react(state, command, dice)]
        case RollDamage():
            return decide_damage(state, command, dice, context)
        case Unjam():
            char = character(state, command.character_id)
            require_able(char, "unjam a weapon")
            spent = use_action(state, char.id, "full", "unjam")
            return [*spent, decide_unjam(state, command, dice)]
        case Reload():
            return _reload(state, command)
        case KnockDown():
            return [*use_action(state, command.attacker_id, "half", "knock_down", command.use),
                    *decide_knock_down(state, command, dice)]
        case Feint():
            return [*use_action(state, command.attacker_id, "half", "feint", command.use),
                    *decide_feint(state, command, dice)]
        case Grapple():
            controls = command.character_id in state.grapples
            grapple_cost: ActionCost = "free" if command.option == "release" else ("full" if controls else "half")
            spent = use_action(state, command.character_id, grapple_cost, "grapple")
            return [*spent, *decide_grapple(state, command, dice)]
        case HeroicSacrifice():
            return [decide_heroic_sacrifice(state, command)]
        case PinningTest():
            return [decide_pinning_test(state, command, dice)]
    raise RuleViolation("unknown_command", f"the d100 rules do not know a {type(command).__name__}")


def _attack(state: D100State, command: Attack, dice: Dice, context: D100Context) -> list[Event]:
    kind = attack_kind(command.action)
    cost: ActionCost = "half" if command.use == "delayed" else ATTACK_COSTS[command.action]
    if command.use == "delayed" and command.action != "standard":
        raise RuleViolation("delayed_half_only", "a delayed action is a half action: only a Standard Attack")
    if command.use == "free" and command.action != "standard":
        raise RuleViolation("free_attack", "the only attack the rules grant for free is a Standard Attack")
    attacker = character(state, command.attacker_id)
    require_able(attacker, "attack")
    spent = use_action(state, attacker.id, cost, kind, command.use)
    rolled = decide_attack(state, command, dice, context)
    pins = []
    for cid in dict.fromkeys(command.zone):
        in_zone = character(state, cid)
        if not in_zone.has("dead"):
            pins.append(pinning_test(state, f"{command.attack_id}:pinning:{cid}", in_zone,
                                     "overwatch" if command.use == "overwatch" else "suppressing", dice,
                                     source_attack=command.attack_id))
    return [*spent, rolled, *pins]


def _reload(state: D100State, command: Reload) -> list[Event]:
    char = character(state, command.character_id)
    weapon = char.sheet.weapon(command.weapon_id)
    if weapon is None or weapon.clip <= 0:
        raise RuleViolation("nothing_to_reload", "that weapon takes no reload")
    if weapon.id in char.jammed:
        raise RuleViolation("weapon_jammed", f"the {weapon.name} is jammed: unjam it first")
    spent = use_action(state, char.id, weapon.reload_action, "reload", command.use)
    if weapon.reload_turns > 1:
        return [*decide_action(state, TakeAction(
            character_id=char.id, action="extended", use=command.use, extended_id=f"reload:{weapon.id}",
            turns_needed=weapon.reload_turns, note=f"reload {weapon.name}",
        )), *_reloaded_if_complete(state, char.id, weapon.id, weapon.clip, weapon.reload_turns)]
    return [*spent, WeaponReloaded(character_id=char.id, weapon_id=weapon.id, ammo=weapon.clip)]


def _reloaded_if_complete(state: D100State, cid: str, weapon_id: str, clip: int, turns: int) -> list[Event]:
    current = state.characters[cid].extended_action
    done = (current.done if current is not None and current.id == f"reload:{weapon_id}" else 0) + 1
    return [WeaponReloaded(character_id=cid, weapon_id=weapon_id, ammo=clip)] if done >= turns else []


