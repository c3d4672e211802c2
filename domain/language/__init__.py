"""The command language of forum posts and bots: text → commands and commands → text, pure.

Generic machinery only; each ruleset's words live in its own `vocabulary.py` (`VOCABULARY`), and a
`Grammar` joins the vocabularies a campaign speaks. See docs/commands.md.
"""

from .context import ParseContext
from .directory import (
    CharacterEntry,
    Directory,
    EncounterEntry,
    MissionEntry,
    ObjectiveEntry,
    ParticipantEntry,
    PendingEntry,
    WeaponEntry,
)
from .extraction import SourceLine, extract_lines
from .forms import Form, LineForms, Segment
from .grammar import Grammar, ParsedCommand, ParsedLine, ParsedPost
from .messages import LineError
from .slots import UNNAMED
from .words import Lang, Words, shown_terms, w

__all__ = [
    "UNNAMED", "CharacterEntry", "Directory", "EncounterEntry", "Form", "Grammar", "Lang", "LineError",
    "MissionEntry", "ObjectiveEntry", "ParseContext", "ParsedCommand", "ParsedLine", "ParsedPost",
    "ParticipantEntry", "PendingEntry", "Segment", "SourceLine", "LineForms", "WeaponEntry", "Words",
    "extract_lines", "shown_terms", "w",
]
