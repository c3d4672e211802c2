"""The table of Deathwatch oaths: prerequisite specialities, names and Squad Mode abilities (002, RULES A11).

The seed gives a prerequisite for every oath; the table is data, so a campaign that reads it otherwise
changes a row here, not the rules that use it.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.catalog import sentence
from domain.message import Lang

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


def _named(oath: OathName, lang: Lang) -> str:
    """An oath's name as the mission report says it (the catalog's `mission.oath_names.<oath>`)."""
    return sentence(f"mission.oath_names.{oath}", lang)


OATHS: dict[OathName, OathSpec] = {
    "astartes": OathSpec(
        oath="astartes", name_en=_named("astartes", "en"), name_es=_named("astartes", "es"),
        prerequisites=frozenset({"tactical_marine", "assault_marine", "devastator_marine"}),
        squad_mode=("Squad Advance", "Bolter Assault", "Tactical Spacing"),
    ),
    "emperor": OathSpec(
        oath="emperor", name_en=_named("emperor", "en"), name_es=_named("emperor", "es"),
        prerequisites=frozenset({"tactical_marine", "librarian", "apothecary"}),
        squad_mode=("Fire for Effect", "Regroup", "Strongpoint"),
    ),
    "glory": OathSpec(
        oath="glory", name_en=_named("glory", "en"), name_es=_named("glory", "es"),
        prerequisites=frozenset({"tactical_marine", "assault_marine"}),
        squad_mode=("Squad Advance", "Bolter Assault", "Furious Charge"),
    ),
    "knowledge": OathSpec(
        oath="knowledge", name_en=_named("knowledge", "en"), name_es=_named("knowledge", "es"),
        prerequisites=frozenset({"librarian", "apothecary"}),
        squad_mode=("Go to Ground", "Dig In", "Strongpoint"),
    ),
    "loyalty": OathSpec(
        oath="loyalty", name_en=_named("loyalty", "en"), name_es=_named("loyalty", "es"),
        prerequisites=frozenset({"tactical_marine", "apothecary"}),
        squad_mode=("Tactical Spacing", "Regroup", "Soak Fire"),
    ),
    "weapon": OathSpec(
        oath="weapon", name_en=_named("weapon", "en"), name_es=_named("weapon", "es"),
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
