"""The encounter's clock and each turn's action budget (RULES A4, A5): pure values and the budget rule."""

from __future__ import annotations

from typing import Literal

import msgspec

from ..encounter import TurnPosition
from ..errors import RuleViolation
from ..message import Param
from ..turn_words import action_named, listed

ActionCost = Literal["full", "half", "reaction", "free"]
# How an action is paid for: from the acting character's turn, from a delayed half action, as a free action
# the rules grant (e.g. a free Standard Attack on a fleeing foe), or by an Overwatch that triggers.
ActionUse = Literal["turn", "delayed", "free", "overwatch"]

# Half actions a turn may hold twice (Ready: for two different items).
REPEATABLE_HALF_ACTIONS: frozenset[str] = frozenset({"ready"})


class TurnBudget(msgspec.Struct, frozen=True, kw_only=True):
    """What the acting character has spent this turn: its Full Action or its half actions, by kind."""

    full: str | None = None
    halves: tuple[str, ...] = ()
    # A horde's ranged shots this turn (RULES A9: tens of magnitude), and the attack action they are.
    shots: int = 0
    shot_action: str | None = None
    # Only War: the acting character's comrade's own budget this turn (RULES A10: two halves or one full).
    comrade_full: str | None = None
    comrade_halves: tuple[str, ...] = ()

    @property
    def used(self) -> tuple[str, ...]:
        return ((self.full,) if self.full else ()) + self.halves


class Encounter(msgspec.Struct, frozen=True, kw_only=True):
    """A running combat: participants, initiative, the fixed order, the round, the turn and its budget."""

    id: str
    participants: tuple[str, ...]
    surprised: tuple[str, ...] = ()
    initiative: dict[str, int] = {}
    order: tuple[str, ...] = ()  # fixed when the first turn begins (after any Fate "initiative 10")
    next_order: tuple[str, ...] | None = None  # with a reinforcement whose place this round had passed
    round: int = 1
    turn: int = 0  # 1-based index into `order`; 0 before the round's first turn
    turn_over: bool = False  # the current turn has ended and the next has not begun
    budget: TurnBudget = TurnBudget()

    @property
    def turn_character(self) -> str | None:
        """The character whose turn the position is in (even once it has ended)."""
        return self.order[self.turn - 1] if 0 < self.turn <= len(self.order) else None

    @property
    def acting(self) -> str | None:
        """The character who may spend actions now: the turn's owner until the turn ends."""
        return None if self.turn_over else self.turn_character

    @property
    def position(self) -> TurnPosition:
        return TurnPosition(self.id, self.round, self.turn, self.turn_character)


# A turn already spent by what happened in it (message `rule.turn_spent.<why>` says how).
_SPENT_BY = frozenset({"turn_over", "running_and_screaming"})


def action_said(kind: str) -> Param:
    """An action of the turn (or a reaction) as a refusal names it: its word in the reader's language."""
    return action_named(f"budget.d100.action.{kind}", kind.replace("_", " "))


def spend(budget: TurnBudget, cost: ActionCost, kind: str, *, who: Param, pinned: bool = False) -> TurnBudget:
    """The budget after one more action of the turn, or the rule it breaks (one Full or two different halves);
    a refusal names `who` and the earlier actions that used the turn."""
    if cost in ("free", "reaction"):
        return budget
    if budget.full in _SPENT_BY:
        raise RuleViolation("turn_spent", case=budget.full, character=who)
    if cost == "full":
        if pinned:
            raise RuleViolation("pinned_half_actions_only")
        if budget.full is not None:
            raise RuleViolation("full_action_needs_turn", case="full", character=who, action=action_said(budget.full))
        if budget.halves:
            raise RuleViolation("full_action_needs_turn", case="half" if len(budget.halves) == 1 else "halves",
                                character=who, actions=listed([action_said(h) for h in budget.halves]))
        return TurnBudget(full=kind)
    if budget.full is not None:
        raise RuleViolation("turn_spent", case="full_action", character=who, action=action_said(budget.full))
    if len(budget.halves) >= 2:
        raise RuleViolation("turn_spent", case="two_halves", character=who,
                            actions=listed([action_said(h) for h in budget.halves]))
    if kind in budget.halves and kind not in REPEATABLE_HALF_ACTIONS:
        raise RuleViolation("same_half_action", character=who, action=action_said(kind))
    return TurnBudget(halves=budget.halves + (kind,))


def exhausted(budget: TurnBudget) -> TurnBudget:
    """A budget with nothing left (after Delay, or an On Fire panic)."""
    return TurnBudget(full=budget.full or "turn_over", halves=budget.halves)
