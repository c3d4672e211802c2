"""The pure d100 rules engine (Deathwatch, Dark Heresy, Only War): decide commands into events, fold them."""

from __future__ import annotations

from .commands import COMMANDS, D100Command
from .decide import authorize, decide
from .engine import ENGINE
from .events import EVENTS, D100Event
from .options import D100Options, D100Ruleset, options_for
from .state import D100State, initial_state

__all__ = [
    "COMMANDS", "ENGINE", "EVENTS", "D100Command", "D100Event", "D100Options", "D100Ruleset", "D100State",
    "authorize", "decide", "initial_state", "options_for",
]
