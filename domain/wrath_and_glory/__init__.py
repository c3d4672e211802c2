"""The Wrath & Glory rules engine: pure rules, sheets, state, commands, events and `decide`."""

from domain.wrath_and_glory.commands import COMMANDS, WngCommand
from domain.wrath_and_glory.decide import decide
from domain.wrath_and_glory.events import EVENTS, WngEvent
from domain.wrath_and_glory.state import WngState, initial_state

__all__ = ["COMMANDS", "EVENTS", "WngCommand", "WngEvent", "WngState", "decide", "initial_state"]
