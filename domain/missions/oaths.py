"""The table of Deathwatch oaths: prerequisite specialities, names and Squad Mode abilities (002, RULES A11).

The seed gives a prerequisite for every oath; the table is data, so a campaign that reads it otherwise
changes a row here, not the rules that use it.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from .characters import Speciality

OathName = Literal["astartes", "emperor", "glory", "knowledge", "loyalty", "weapon"]

OATH_NAMES: tuple[OathName, ...] = ("astartes", "emperor", "glory", "knowledge", "loyalty", "weapon")


class OathSpec(msgspec.Struct, frozen=True, kw_only=True):
    """One oath: who may lead the squad into it, what it is called, and its Squad Mode abilities."""

    oath: OathName
    name_en: str
    name_es: str
    prerequisites: frozenset[Speciality]
    squad_mode: tuple[str, ...]


OATHS: dict[OathName, OathSpec] = {
    "astartes": OathSpec(
        oath="astartes", name_en="Oath of the Astartes", name_es="Juramento del Astartes",
        prerequisites=frozenset({"tactical_marine", "assault_marine", "devastator_marine"}),
        squad_mode=("Squad Advance", "Bolter Assault", "Tactical Spacing"),
    ),
    "emperor": OathSpec(
        oath="emperor", name_en="Oath to the Emperor", name_es="Juramento al Emperador",
        prerequisites=frozenset({"tactical_marine", "librarian", "apothecary"}),
        squad_mode=("Fire for Effect", "Regroup", "Strongpoint"),
    ),
    "glory": OathSpec(
        oath="glory", name_en="Oath of Glory", name_es="Juramento de Gloria",
        prerequisites=frozenset({"tactical_marine", "assault_marine"}),
        squad_mode=("Squad Advance", "Bolter Assault", "Furious Charge"),
    ),
    "knowledge": OathSpec(
        oath="knowledge", name_en="Oath of Knowledge", name_es="Juramento del Conocimiento",
        prerequisites=frozenset({"librarian", "apothecary"}),
        squad_mode=("Go to Ground", "Dig In", "Strongpoint"),
    ),
    "loyalty": OathSpec(
        oath="loyalty", name_en="Oath of Loyalty", name_es="Juramento de Lealtad",
        prerequisites=frozenset({"tactical_marine", "apothecary"}),
        squad_mode=("Tactical Spacing", "Regroup", "Soak Fire"),
    ),
    "weapon": OathSpec(
        oath="weapon", name_en="Oath of the Weapon", name_es="Juramento del Arma",
        prerequisites=frozenset({"techmarine", "devastator_marine"}),
        squad_mode=("Fire Support", "Fire for Effect", "Tank Buster"),
    ),
}

# The numbers of the oaths' effects (002): the effect functions read them from here.
ASTARTES_COHESION = 2
EMPEROR_WILLPOWER = 10
GLORY_RENOWN_PER_OBJECTIVE = 1
KNOWLEDGE_WS_BS = 10
LOYALTY_COHESION_CHALLENGE = 1
LOYALTY_LEADER_RESIST_COHESION_DAMAGE = 10


def meets_prerequisite(oath: OathName, speciality: Speciality | None) -> bool:
    """Whether a leader of this speciality may lead the squad into the oath."""
    return speciality is not None and speciality in OATHS[oath].prerequisites
