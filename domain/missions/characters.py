"""What the missions rules need to know about a character, as the caller supplies it."""

from __future__ import annotations

from typing import Literal

import msgspec

# The Deathwatch specialities (002 "Toma de Juramentos" names them as oath prerequisites).
Speciality = Literal["apothecary", "assault_marine", "devastator_marine", "librarian", "tactical_marine", "techmarine"]

SPECIALITIES: tuple[Speciality, ...] = (
    "apothecary", "assault_marine", "devastator_marine", "librarian", "tactical_marine", "techmarine",
)

# The seed's Spanish names, for callers reading forum sheets.
SPANISH_SPECIALITIES: dict[str, Speciality] = {
    "apotecario": "apothecary",
    "marine de asalto": "assault_marine",
    "devastador": "devastator_marine",
    "marine devastador": "devastator_marine",
    "bibliotecario": "librarian",
    "marine táctico": "tactical_marine",
    "tecnomarine": "techmarine",
}


class CharacterInfo(msgspec.Struct, frozen=True, kw_only=True):
    """A character of the campaign: its id, name, owning participant and, in Deathwatch, its speciality."""

    id: str
    name: str
    owner: str
    speciality: Speciality | None = None
