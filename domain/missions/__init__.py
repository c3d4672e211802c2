"""Missions for every ruleset (objectives, complications, rewards) and Deathwatch's leader and oaths (RULES A11)."""

from __future__ import annotations

from .characters import CharacterInfo, Speciality
from .commands import COMMANDS, MissionCommand
from .decide import decide
from .effects import (
    cohesion_bonus,
    cohesion_challenge_bonus,
    glory_renown,
    ignores_personal_jams,
    rerolls_melee_fury_confirmation,
    rerolls_psychic_phenomena,
)
from .events import EVENTS, MissionEvent
from .evolve import evolve
from .oaths import OATHS, OathName
from .state import MissionsState, initial_state

__all__ = [
    "COMMANDS", "EVENTS", "OATHS", "CharacterInfo", "MissionCommand", "MissionEvent", "MissionsState", "OathName",
    "Speciality", "cohesion_bonus", "cohesion_challenge_bonus", "decide", "evolve",
    "glory_renown", "ignores_personal_jams", "initial_state",
    "rerolls_melee_fury_confirmation", "rerolls_psychic_phenomena",
]
