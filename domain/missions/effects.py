"""What the sworn oath does during its mission, as pure functions the rules engines call (002, RULES A11).

The oaths' named modifiers on d100 tests are the d100 engine's part (domain.d100.oaths). Every
effect holds only while its mission is in execution and only for the squad (every character when the
mission named no squad); outside that each function answers "nothing".
"""

from __future__ import annotations

from .oaths import (
    ASTARTES_COHESION,
    GLORY_RENOWN_PER_OBJECTIVE,
    LOYALTY_COHESION_CHALLENGE,
)
from .state import Mission, MissionsState, SwornOath, mission_in_execution


def active_oath(state: MissionsState, character_id: str | None = None) -> SwornOath | None:
    """The oath of the mission in execution, if the character (when given) is bound by it."""
    current = mission_in_execution(state)
    if current is None or current.oath is None:
        return None
    if character_id is not None and not current.in_squad(character_id):
        return None
    return current.oath


def cohesion_bonus(state: MissionsState) -> int:
    """What the Oath of the Astartes adds to the squad's Cohesion for the mission (+2), else 0."""
    oath = active_oath(state)
    return ASTARTES_COHESION if oath is not None and oath.oath == "astartes" else 0


def cohesion_challenge_bonus(state: MissionsState) -> int:
    """What the Oath of Loyalty adds to the squad's Cohesion Challenge rolls (+1), else 0."""
    oath = active_oath(state)
    return LOYALTY_COHESION_CHALLENGE if oath is not None and oath.oath == "loyalty" else 0


def ignores_personal_jams(state: MissionsState, character_id: str) -> bool:
    """Whether the Oath of the Weapon lets the character ignore jams of its personal weapons.

    Personal weapons are those it started with or took with Signature Weapon; the caller knows which.
    """
    oath = active_oath(state, character_id)
    return oath is not None and oath.oath == "weapon"


def rerolls_melee_fury_confirmation(state: MissionsState, character_id: str) -> bool:
    """Whether the Oath of the Weapon lets the character re-roll a failed melee Righteous Fury confirmation."""
    oath = active_oath(state, character_id)
    return oath is not None and oath.oath == "weapon"


def rerolls_psychic_phenomena(state: MissionsState, character_id: str) -> bool:
    """Whether a Librarian took the Oath of Knowledge's warp studies: re-roll Psychic Phenomena results."""
    oath = active_oath(state, character_id)
    return oath is not None and oath.oath == "knowledge" and character_id in oath.warp_studies


def glory_renown(found: Mission) -> dict[str, int]:
    """The Oath of Glory's renown per squad member: +1 for each primary or secondary objective completed
    with that member personally involved (empty when the squad swore another oath or none)."""
    if found.oath is None or found.oath.oath != "glory":
        return {}
    earned: dict[str, int] = {}
    for objective in found.objectives.values():
        if objective.status != "completed" or objective.kind == "tertiary":
            continue
        for member in dict.fromkeys(objective.involved):
            if found.in_squad(member):
                earned[member] = earned.get(member, 0) + GLORY_RENOWN_PER_OBJECTIVE
    return earned
