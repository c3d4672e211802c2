"""Deciding actions that are only actions: moving, Prepare, and any other action against the turn budget."""

from __future__ import annotations

import msgspec

from domain.commands import Actor
from domain.dice import Dice
from domain.errors import RuleViolation
from domain.events import Event
from domain.wrath_and_glory.access import require_control, require_gm
from domain.wrath_and_glory.encounter_commands import Move, Prepare, TakeAction
from domain.wrath_and_glory.encounter_events import ActionTaken, Moved
from domain.wrath_and_glory.events import DefenceEffectAdded
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.roll_decisions import require_able
from domain.wrath_and_glory.ruin_payment import pay_ruin
from domain.wrath_and_glory.state import CharacterState, WngState
from domain.wrath_and_glory.turn_budget import KIND_COST, MOVE, NORMAL, ActionCost, take_action

RUN_DEFENCE = Modifier("run", -2)
DISENGAGE = "disengage"


def _able_to_move(character: CharacterState) -> None:
    if character.has("dead") or character.has("unconscious"):
        state = "dead" if character.has("dead") else "unconscious"
        raise RuleViolation(state, f"{character.sheet.name} is {state}")


def decide_move(state: WngState, command: Move, dice: Dice, actor: Actor) -> list[Event]:
    character = state.character(command.character_id)
    require_control(actor, character)
    _able_to_move(character)
    name = character.sheet.name
    if command.mode != "standard" and character.has("exhausted"):
        raise RuleViolation("exhausted", f"{name} is exhausted: only a standard move or Disengage")
    speed = character.sheet.speed
    limits = {"standard": speed, "double": 2 * speed, "run": 2 * speed, "climb": speed / 2, "swim": speed / 2}
    most = limits[command.mode]
    if not 0 <= command.metres <= most:
        raise RuleViolation("speed", f"{name} can move at most {most:g} m with a {command.mode} move")
    cost = MOVE
    if command.mode in ("double", "run"):
        # A double move spends the action after moving; running spends it before, to go twice as far.
        cost = msgspec.structs.replace(MOVE, normal=True)
    events = take_action(state, character, cost, f"{command.mode} move")
    events.append(Moved(character_id=character.id, mode=command.mode, metres=command.metres, max_metres=most))
    if command.mode == "run":
        events.append(DefenceEffectAdded(character_id=character.id, effect=RUN_DEFENCE))
    return events


def decide_prepare(state: WngState, command: Prepare, dice: Dice, actor: Actor) -> list[Event]:
    character = state.character(command.character_id)
    require_control(actor, character)
    require_able(character)
    if not character.is_hero:
        raise RuleViolation("prepare", "Prepare lets a hero contest an NPC's turn; NPCs do not prepare")
    encounter = state.encounter
    if encounter is None or character.id not in encounter.participants:
        raise RuleViolation("prepare", f"Prepare is an encounter action and {character.sheet.name} is in none")
    return take_action(state, character, msgspec.structs.replace(NORMAL, prepared=True), "prepare")


def decide_take_action(state: WngState, command: TakeAction, dice: Dice, actor: Actor) -> list[Event]:
    character = state.character(command.character_id)
    require_control(actor, character)
    _able_to_move(character)
    name = character.sheet.name
    if command.kind == "ruin":
        require_gm(actor, "take a Ruin action")
        return [pay_ruin(state, actor, character, "ruin_action", personal=command.personal_ruin, reason=command.name)]
    if command.personal_ruin:
        raise RuleViolation("ruin", "only a Ruin action spends Ruin")
    disengage = command.name.strip().lower() == DISENGAGE
    if character.has("exhausted") and command.kind not in ("free", "move") and not disengage:
        raise RuleViolation("exhausted", f"{name} is exhausted: only a standard move or Disengage")
    cost: ActionCost = KIND_COST[command.kind]
    if disengage and command.kind != "normal":
        raise RuleViolation("disengage", "Disengage is a normal action")
    spent = take_action(state, character, cost, command.name)
    # Outside an encounter (or for a free action) nothing is paid, but the action is still a fact of the log.
    return spent or [ActionTaken(character_id=character.id, name=command.name, kind=cost.kind)]
