"""A reinforcement joins a running encounter (RULES A4): it rolls 1d10 + AgB and takes its place in the order.

Its place is by total, then the higher Agility; tied on both, it goes after those already fighting (our
reading: it arrived last). If that place comes later in the current round it acts this round; if the round
has passed it, it takes its place from the next round, so no turn already played is renumbered.
"""

from __future__ import annotations

from msgspec.structs import replace

from ..dice import Dice
from ..errors import RuleViolation
from ..events import Event
from .context import D100Context
from .encounter_commands import JoinEncounter
from .encounter_decisions import running
from .encounter_events import EncounterJoined, InitiativeRoll
from .roll_decisions import character
from .state import D100State


def _placed(state: D100State, order: tuple[str, ...], initiative: dict[str, int], cid: str) -> tuple[str, ...]:
    """The order with `cid` after everyone whose (total, Ag) is at least its own."""
    key = (initiative[cid], state.characters[cid].sheet.value("Ag"))
    at = next((i for i, other in enumerate(order)
               if (initiative.get(other, 0), state.characters[other].sheet.value("Ag")) < key), len(order))
    return (*order[:at], cid, *order[at:])


def decide_join_encounter(state: D100State, command: JoinEncounter, dice: Dice, context: D100Context) -> list[Event]:
    """1d10 + AgB, then its place: this round if still to come, else from the next."""
    encounter = running(state)
    char = character(state, command.character_id)
    if char.id in encounter.participants:
        raise RuleViolation("participants", case="already", character=char.name, encounter=encounter.id)
    if char.has("dead"):
        raise RuleViolation("target_dead", case="dead", character=char.name)
    die = dice.roll(10)
    bonus = char.bonus("Ag")
    roll = InitiativeRoll(character_id=char.id, die=die, agility_bonus=bonus, total=die.value + bonus)
    joined = EncounterJoined(encounter_id=encounter.id, character_id=char.id, roll=roll, dice=(die,),
                             first_round=encounter.round)
    if not encounter.order:  # the first turn has not fixed the order: it is fixed with the newcomer in it
        return [joined]
    initiative = {**encounter.initiative, char.id: roll.total}
    now = _placed(state, encounter.order, initiative, char.id)
    upcoming = _placed(state, encounter.next_order or encounter.order, initiative, char.id)
    if now.index(char.id) + 1 > encounter.turn:  # its place is still to come this round
        return [replace(joined, order=now, next_order=upcoming if upcoming != now else None)]
    return [replace(joined, order=encounter.order, next_order=upcoming, first_round=encounter.round + 1)]
