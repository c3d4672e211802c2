"""Only War comrades' orders (RULES A10, seed 001): the comrade's own budget and what each order does.

A comrade acts when its character does (no initiative, no reactions), with two half actions or one full of
its own. In cohesion (≤ 5 m) it takes combat orders; out of it only movement orders; wounded, it cannot run;
a casualty does nothing. Each time its character moves, it spends a half action to keep cohesion (recorded).
"""

from __future__ import annotations

from ..dice import Dice
from ..errors import RuleViolation
from ..events import Event
from ..message import message
from .comrades import in_cohesion
from .context import D100Context
from .encounter_commands import ComradeOrder
from .encounter_events import ComradeOrdered
from .encounter_state import ActionCost, TurnBudget, spend
from .roll_decisions import character, require_able
from .state import D100State

ORDER_COSTS: dict[str, ActionCost] = {
    "volley": "half", "close_ranks": "half", "take_cover": "full", "keep_cohesion": "half", "move": "half",
    "full_move": "full", "run": "full", "disengage": "full", "stand": "half", "tactical_advance": "full",
}
# What a comrade out of cohesion may still be ordered to do (001 "Cohesión rota").
MOVEMENT_ORDERS = frozenset({"move", "full_move", "run", "disengage", "stand", "tactical_advance"})
# Orders whose effect lasts until the start of the character's next turn.
LASTING_ORDERS = frozenset({"volley", "close_ranks", "take_cover"})


def decide_comrade_order(state: D100State, command: ComradeOrder, dice: Dice, context: D100Context) -> list[Event]:
    """The order, checked against the comrade's health, cohesion and its own budget in the character's turn."""
    char = character(state, command.character_id)
    require_able(char, "give orders")
    if char.comrade is None:
        raise RuleViolation("no_comrade", character=char.name)
    if char.comrade == "casualty":
        raise RuleViolation("comrade_casualty", character=char.name)
    if command.order == "run" and char.comrade == "wounded":
        raise RuleViolation("comrade_wounded")
    cohesion = command.distance_m is None or in_cohesion(command.distance_m)
    if not cohesion and command.order not in MOVEMENT_ORDERS:
        raise RuleViolation("comrade_cohesion")
    cost = ORDER_COSTS[command.order]
    encounter = state.encounter
    if encounter is not None:
        if char.id not in encounter.participants:
            raise RuleViolation("not_in_encounter", case="character", character=char.name)
        if encounter.acting != char.id:
            raise RuleViolation("not_your_turn", case="comrade", character=char.name)
        budget = encounter.budget
        comrade = message("budget.d100.comrade_of", character=char.name)
        spend(TurnBudget(full=budget.comrade_full, halves=budget.comrade_halves), cost, command.order, who=comrade)
    return [ComradeOrdered(character_id=char.id, order=command.order, cost=cost, in_cohesion=cohesion,
                           in_encounter=encounter is not None)]
