"""The Wrath & Glory rules engine: pure rules, sheets, state, commands, events, `decide` and its fold."""

from domain.wrath_and_glory.commands import COMMANDS, WngCommand
from domain.wrath_and_glory.decide import decide
from domain.wrath_and_glory.engine import ENGINE
from domain.wrath_and_glory.events import EVENTS, WngEvent
from domain.wrath_and_glory.state import WngState, initial_state

__all__ = ["COMMANDS", "ENGINE", "EVENTS", "WngCommand", "WngEvent", "WngState", "decide", "initial_state"]
