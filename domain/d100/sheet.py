"""Typed character sheets: characteristics, skills, talents and traits, wounds, fate, armour, weapons, magnitude."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, get_args

import msgspec

from .characteristics import Characteristic
from .checks import SkillKind, Training
from .damage import DamageType
from .hit_location import Location

WeaponClass = Literal["melee", "pistol", "basic", "heavy", "thrown"]
WeaponQuality = Literal[
    "reliable", "unreliable", "primitive", "power_field", "flame", "balanced", "defensive", "never_jams"
]


class SkillEntry(msgspec.Struct, frozen=True, kw_only=True):
    """A skill on the sheet: its characteristic, basic or advanced, and its training (trained, +10, +20)."""

    characteristic: Characteristic
    kind: SkillKind
    training: Training = "trained"


class Weapon(msgspec.Struct, frozen=True, kw_only=True):
    """A weapon profile: class, damage `NdX+M`, type, penetration, rates of fire, range, clip, qualities."""

    id: str
    name: str
    weapon_class: WeaponClass
    damage: str
    damage_type: DamageType = "impact"
    penetration: int = 0
    single: bool = True
    semi: int = 0
    full: int = 0
    range_m: int = 0
    clip: int = 0
    qualities: tuple[WeaponQuality, ...] = ()
    blast: int = 0
    reload: Literal["half", "full"] = "half"
    reload_turns: int = 1  # more than 1: an extended action of that many Full Actions

    @property
    def reload_action(self) -> Literal["half", "full"]:
        return "full" if self.reload_turns > 1 else self.reload

    @property
    def melee(self) -> bool:
        return self.weapon_class == "melee"


UNARMED = Weapon(
    id="unarmed", name="Unarmed", weapon_class="melee", damage="1d5-3", damage_type="impact",
    qualities=("primitive",),
)


class Armour(msgspec.Struct, frozen=True, kw_only=True):
    """Armour points by location."""

    head: int = 0
    right_arm: int = 0
    left_arm: int = 0
    body: int = 0
    right_leg: int = 0
    left_leg: int = 0

    def at(self, location: Location) -> int:
        return int(getattr(self, location))


class Sheet(msgspec.Struct, frozen=True, kw_only=True):
    """What the rules consult about a character or horde; talents and traits are lower-case snake_case names."""

    characteristics: dict[Characteristic, int]
    unnatural: dict[Characteristic, int] = {}
    skills: dict[str, SkillEntry] = {}
    talents: tuple[str, ...] = ()
    traits: tuple[str, ...] = ()
    wounds: int = 10
    fate: int = 0
    armour: Armour = Armour()
    weapons: tuple[Weapon, ...] = ()
    magnitude: int | None = None  # a horde has magnitude instead of wounds and locations
    psy_rating: int = 0
    speciality: str | None = None  # Deathwatch speciality (English or the seeds' Spanish): oath prerequisites
    enemy_type: str | None = None  # e.g. "orks", "tyranids": what an Oath of Knowledge names
    comrade_armour: int = 0  # Only War: the armour points of the character's comrade (Take Cover reads them)

    def value(self, characteristic: Characteristic) -> int:
        return self.characteristics.get(characteristic, 0)

    def weapon(self, weapon_id: str) -> Weapon | None:
        if weapon_id == UNARMED.id:
            return UNARMED
        return next((w for w in self.weapons if w.id == weapon_id), None)

    def has_talent(self, name: str) -> bool:
        return name in self.talents

    def has_trait(self, name: str) -> bool:
        return name in self.traits


def sheet_from_stats(stats: Mapping[str, int | str]) -> Sheet:
    """A sheet from a free-form stat block: its characteristics (WS, BS …) and speciality, nothing else."""
    known = set(get_args(Characteristic))
    characteristics = {k: v for k, v in stats.items() if k in known and isinstance(v, int)}
    speciality = stats.get("speciality")
    return Sheet(
        characteristics=characteristics,  # type: ignore[arg-type]  # keys checked against Characteristic
        speciality=speciality if isinstance(speciality, str) else None,
    )


# Skills the rules know untrained (their characteristic and whether they are basic or advanced).
_SKILLS: tuple[tuple[str, Characteristic, SkillKind], ...] = (
    ("Acrobatics", "Ag", "advanced"), ("Awareness", "Per", "basic"), ("Barter", "Fel", "basic"),
    ("Carouse", "T", "basic"), ("Charm", "Fel", "basic"), ("Climb", "S", "basic"),
    ("Command", "Fel", "basic"), ("Concealment", "Ag", "basic"), ("Contortionist", "Ag", "basic"),
    ("Deceive", "Fel", "basic"), ("Disguise", "Fel", "basic"), ("Dodge", "Ag", "basic"),
    ("Evaluate", "Int", "basic"), ("Gamble", "Int", "basic"), ("Inquiry", "Fel", "basic"),
    ("Intimidate", "S", "basic"), ("Logic", "Int", "basic"), ("Scrutiny", "Per", "basic"),
    ("Search", "Per", "basic"), ("Silent Move", "Ag", "basic"), ("Swim", "S", "basic"),
    ("Medicae", "Int", "advanced"), ("Tech-Use", "Int", "advanced"), ("Pilot", "Ag", "advanced"),
    ("Drive", "Ag", "advanced"), ("Psyniscience", "Per", "advanced"), ("Tracking", "Int", "advanced"),
    ("Survival", "Int", "advanced"), ("Security", "Ag", "advanced"), ("Tactics", "Int", "advanced"),
    ("Trade (Armourer)", "Int", "advanced"), ("Interrogation", "WP", "advanced"),
)
SKILL_CATALOGUE: dict[str, SkillEntry] = {
    name: SkillEntry(characteristic=char, kind=kind, training="untrained") for name, char, kind in _SKILLS
}
