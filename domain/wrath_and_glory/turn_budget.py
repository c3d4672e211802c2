"""The turn budget: one move and one normal action in any order, two simple actions, free actions;
a full-turn action uses everything; one attack per turn. Checked only for an encounter's participants."""

from __future__ import annotations

import msgspec

from domain.errors import RuleViolation
from domain.events import Event
from domain.message import Param, message
from domain.turn_words import action_named, known, listed
from domain.wrath_and_glory.activation import check_no_death_test_due
from domain.wrath_and_glory.encounter_events import ActionTaken
from domain.wrath_and_glory.encounter_state import SIMPLE_ACTIONS_PER_TURN, ActionKind, TurnBudget
from domain.wrath_and_glory.state import CharacterState, WngState


class ActionCost(msgspec.Struct, frozen=True, kw_only=True):
    """The parts of a turn an action uses."""

    kind: ActionKind
    move: bool = False
    normal: bool = False
    simple: int = 0
    full_turn: bool = False
    attack: bool = False
    troop_members: int = 0
    prepared: bool = False


FREE = ActionCost(kind="free")
NORMAL = ActionCost(kind="normal", normal=True)
MOVE = ActionCost(kind="move", move=True)
SIMPLE = ActionCost(kind="simple", simple=1)
FULL_TURN = ActionCost(kind="full_turn", full_turn=True)
RUIN = ActionCost(kind="ruin")

KIND_COST: dict[ActionKind, ActionCost] = {
    "move": MOVE, "normal": NORMAL, "simple": SIMPLE, "free": FREE, "full_turn": FULL_TURN, "ruin": RUIN
}


def take_action(state: WngState, character: CharacterState, cost: ActionCost, name: str) -> list[Event]:
    """The `wng_action_taken` this action costs, or the rule it breaks; nothing outside an encounter."""
    encounter = state.encounter
    if encounter is None or character.id not in encounter.participants:
        return []
    if cost.kind in ("free", "ruin"):
        return []
    check_no_death_test_due(state, encounter)
    who = character.sheet.name
    if encounter.acting != character.id:
        acting = state.characters.get(encounter.acting or "")
        if acting is not None:
            raise RuleViolation("turn_order", case="acting", character=who, acting=acting.sheet.name)
        raise RuleViolation("turn_order", case="none_started", character=who, command="wng_start_turn")
    _check(encounter.budget, cost, who, character.members_left)
    return [
        ActionTaken(
            character_id=character.id, name=name, kind=cost.kind, move=cost.move, normal=cost.normal,
            simple=cost.simple, full_turn=cost.full_turn, attack=cost.attack, troop_members=cost.troop_members,
            prepared=cost.prepared,
        )
    ]


def action_said(name: str | None) -> Param:
    """An action of the turn as a refusal names it: the catalog's word ("`attack`", "`prueba de sigilo`",
    "`movimiento a la carrera`"), or the player's own name for it as typed."""
    if not name:
        return message("budget.typed", name="…")
    what, _, kind = name.rpartition(" ")
    # A move and a test are named by their mode and skill (movement_decisions, roll_decisions): "run move".
    if kind == "move" and known(f"term.wng.move_mode.{what}"):
        return message("budget.wng.action.move", mode=message(f"term.wng.move_mode.{what}"))
    if kind == "test" and known(f"budget.wng.skill.{what}"):
        return message("budget.wng.action.test", skill=message(f"budget.wng.skill.{what}"))
    return action_named(f"budget.wng.action.{name.replace(' ', '_')}", name)


def _check(used: TurnBudget, cost: ActionCost, who: str, members: int) -> None:
    if used.full_turn:
        raise RuleViolation("full_turn_action", case="taken", character=who, action=action_said(used.full_turn_by))
    if cost.full_turn and not used.untouched:
        raise RuleViolation("full_turn_action", case="acted", character=who,
                            actions=listed([action_said(n) for n in used.used_by] or [action_said(None)]))
    if cost.troop_members and used.troop_members:
        # A troop splitting its members over several targets makes one attack per group, without penalty.
        if used.troop_members + cost.troop_members > members:
            raise RuleViolation("one_attack_per_turn", case="troop", count=used.troop_members, members=members,
                                character=who)
        return
    if cost.attack and used.attacked:
        raise RuleViolation("one_attack_per_turn", case="attacked", character=who, action=action_said(used.attack_by))
    if cost.move and used.move:
        raise RuleViolation("one_move_action", character=who, action=action_said(used.move_by))
    if cost.normal and used.normal:
        raise RuleViolation("one_normal_action", character=who, action=action_said(used.normal_by))
    if used.simple + cost.simple > SIMPLE_ACTIONS_PER_TURN:
        raise RuleViolation("two_simple_actions", character=who,
                            actions=listed([action_said(n) for n in used.simple_by] or [action_said(None)]))


def spend_budget(budget: TurnBudget, event: ActionTaken) -> TurnBudget:
    """The budget after an action (the fold's half of `take_action`), remembering what used each part."""
    whole = event.full_turn
    return TurnBudget(
        move=budget.move or event.move or whole,
        normal=budget.normal or event.normal or whole,
        simple=SIMPLE_ACTIONS_PER_TURN if whole else budget.simple + event.simple,
        full_turn=budget.full_turn or whole,
        attacked=budget.attacked or event.attack,
        troop_members=budget.troop_members + event.troop_members,
        move_by=budget.move_by or (event.name if event.move or whole else None),
        normal_by=budget.normal_by or (event.name if event.normal or whole else None),
        simple_by=budget.simple_by + (event.name,) * event.simple,
        full_turn_by=budget.full_turn_by or (event.name if whole else None),
        attack_by=budget.attack_by or (event.name if event.attack else None),
    )
