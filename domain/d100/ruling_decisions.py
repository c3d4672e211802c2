"""Deciding the GM's rulings: overriding a character's numbers, replacing its sheet, loading critical tables."""

from __future__ import annotations

from ..dice import Dice
from ..errors import RuleViolation
from ..events import Event
from .commands import EditSheet, GmRuling, LoadCriticalTable
from .context import D100Context
from .criticals import DEFAULT_TABLE
from .encounter_events import CriticalTableLoaded
from .events import GmRulingRecorded, SheetEdited
from .roll_decisions import character
from .state import Condition, D100State


def decide_gm_ruling(state: D100State, command: GmRuling, dice: Dice, context: D100Context) -> list[Event]:
    """The GM sets damage, critical damage, Fatigue, Fate or magnitude, or adds and removes conditions."""
    char = character(state, command.character_id)
    return [GmRulingRecorded(
        character_id=char.id, reason=command.reason, set_damage=command.set_damage,
        set_critical=command.set_critical, set_fatigue=command.set_fatigue, set_fate=command.set_fate,
        set_magnitude=command.set_magnitude,
        add_conditions=tuple(Condition(name=n, rounds=command.condition_rounds) for n in command.add_conditions),
        remove_conditions=command.remove_conditions,
    )]


def decide_edit_sheet(state: D100State, command: EditSheet, dice: Dice, context: D100Context) -> list[Event]:
    """A new sheet for a character; a horde stays a horde and a character a character."""
    char = character(state, command.character_id)
    if (char.magnitude is None) != (command.sheet.magnitude is None):
        raise RuleViolation("sheet_kind")
    return [SheetEdited(character_id=char.id, sheet=command.sheet, reason=command.reason)]


def decide_load_critical_table(
    state: D100State, command: LoadCriticalTable, dice: Dice, context: D100Context
) -> list[Event]:
    """The campaign's critical tables: the GM's own, or ours (`default`)."""
    if command.default and command.table is not None:
        raise RuleViolation("critical_table")
    return [CriticalTableLoaded(table=DEFAULT_TABLE if command.default else command.table)]
