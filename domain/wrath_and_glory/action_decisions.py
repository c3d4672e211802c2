"""Deciding actions that are only actions: Prepare, Total Defence and any other action against the turn budget."""

from __future__ import annotations

import msgspec

from domain.commands import Actor
from domain.dice import Dice
from domain.errors import RuleViolation
from domain.events import Event
from domain.message import message
from domain.wrath_and_glory.access import require_control, require_gm
from domain.wrath_and_glory.encounter_commands import Prepare, TakeAction, TotalDefence
from domain.wrath_and_glory.encounter_events import ActionTaken, TotalDefenceRolled
from domain.wrath_and_glory.events import DefenceEffectAdded, GlorySpent
from domain.wrath_and_glory.icons import count_exalted, count_icons
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.outcome import wrath_outcome
from domain.wrath_and_glory.pool import build_pool
from domain.wrath_and_glory.resources import spend
from domain.wrath_and_glory.roll_decisions import glory_gain, require_able, require_in_play
from domain.wrath_and_glory.rolls import PoolDie, faces, roll_d6s, roll_pool, wrath_face
from domain.wrath_and_glory.ruin_payment import pay_ruin
from domain.wrath_and_glory.state import CharacterState, WngState
from domain.wrath_and_glory.turn_budget import KIND_COST, NORMAL, ActionCost, take_action

DISENGAGE = "disengage"
TOTAL_DEFENCE = "total defence"
# Total Defence is the turn's action, and its move of up to half Speed is the turn's move.
TOTAL_DEFENCE_COST = ActionCost(kind="normal", normal=True, move=True)


def able_to_move(character: CharacterState) -> None:
    """The dead, the unconscious and a troop gone into another neither move nor act."""
    require_in_play(character)
    if character.has("dead"):
        raise RuleViolation("dead", character=character.sheet.name)
    if character.has("unconscious"):
        raise RuleViolation("unconscious", character=character.sheet.name)


def decide_prepare(state: WngState, command: Prepare, dice: Dice, actor: Actor) -> list[Event]:
    character = state.character(command.character_id)
    require_control(actor, character)
    require_able(character)
    if not character.is_hero:
        raise RuleViolation("prepare", case="npc")
    encounter = state.encounter
    if encounter is None or character.id not in encounter.participants:
        raise RuleViolation("prepare", case="no_encounter", character=character.sheet.name)
    return take_action(state, character, msgspec.structs.replace(NORMAL, prepared=True), "prepare")


def decide_take_action(state: WngState, command: TakeAction, dice: Dice, actor: Actor) -> list[Event]:
    character = state.character(command.character_id)
    require_control(actor, character)
    able_to_move(character)
    name = character.sheet.name
    if command.kind == "ruin":
        require_gm(actor, message("term.wng.gm_may.ruin_action"))
        return [pay_ruin(state, actor, character, "ruin_action", personal=command.personal_ruin, reason=command.name)]
    if command.personal_ruin:
        raise RuleViolation("ruin", case="action")
    disengage = command.name.strip().lower() == DISENGAGE
    if character.has("exhausted") and command.kind not in ("free", "move") and not disengage:
        raise RuleViolation("exhausted", case="move", character=name)
    cost: ActionCost = KIND_COST[command.kind]
    if disengage and command.kind != "normal":
        raise RuleViolation("disengage")
    spent = take_action(state, character, cost, command.name)
    # Outside an encounter (or for a free action) nothing is paid, but the action is still a fact of the log.
    return spent or [ActionTaken(character_id=character.id, name=command.name, kind=cost.kind)]


def decide_total_defence(state: WngState, command: TotalDefence, dice: Dice, actor: Actor) -> list[Event]:
    """An action: move up to half Speed, roll Agility (Wrath die, no DN); each icon +1 Defence until the
    start of the character's next turn (RULES B3)."""
    character = state.character(command.character_id)
    require_control(actor, character)
    require_able(character)
    name = character.sheet.name
    most = character.sheet.speed / 2
    if not 0 <= command.metres <= most:
        raise RuleViolation("speed", case="total_defence", character=name, metres=most)
    pool = build_pool(0, character.sheet.attribute("agility"), command.bonus_dice, state.tier)
    room = pool.bonus_cap - pool.bonus_applied
    if not 0 <= command.glory_dice <= room:
        raise RuleViolation("bonus_dice_cap", count=room, cap=pool.bonus_cap)
    test_id = state.next_test_id()
    events = take_action(state, character, TOTAL_DEFENCE_COST, TOTAL_DEFENCE)
    glory = state.glory
    if command.glory_dice:
        change = spend(glory, command.glory_dice, rule="glory")
        events.append(GlorySpent(amount=command.glory_dice, cause="bonus_dice", before=change.before,
                                 after=change.after, test_id=test_id))
        glory = change.after
    rolled = roll_pool(dice, pool.total) + [PoolDie(die=d, role="glory") for d in roll_d6s(dice, command.glory_dice)]
    shown = faces(rolled)
    icons = count_icons(shown)
    face = wrath_face(rolled)
    wrath = "none" if face is None else wrath_outcome(face)
    events.append(
        TotalDefenceRolled(
            test_id=test_id, character_id=character.id, pool=pool, dice=tuple(rolled), icons=icons,
            exalted=count_exalted(shown), defence_bonus=icons, wrath=wrath, metres=command.metres, max_metres=most,
        )
    )
    if icons:
        events.append(DefenceEffectAdded(character_id=character.id, effect=Modifier(TOTAL_DEFENCE, icons)))
    if wrath == "glory":
        events.append(glory_gain(glory, 1, state.glory_cap, "wrath_six", test_id))
    return events
