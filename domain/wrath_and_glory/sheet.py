"""Typed character sheets: attributes, skills, derived traits, weapons, and NPC kinds with troops."""

from __future__ import annotations

from typing import Literal

import msgspec

Attribute = Literal["strength", "toughness", "agility", "initiative", "willpower", "intellect", "fellowship"]
Skill = Literal[
    "athletics",
    "awareness",
    "ballistic_skill",
    "cunning",
    "deception",
    "insight",
    "intimidation",
    "investigation",
    "leadership",
    "medicae",
    "persuasion",
    "pilot",
    "psychic_mastery",
    "scholar",
    "stealth",
    "survival",
    "tech",
    "weapon_skill",
]
NpcKind = Literal["troop", "elite", "adversary", "monster"]
CharacterKind = Literal["hero", "troop", "elite", "adversary", "monster"]
WeaponKind = Literal["melee", "ranged"]
WeaponTrait = Literal["pistol", "rapid_fire", "heavy", "assault", "blast", "flamer", "melta", "brutal", "parry"]

# The attribute a skill is rolled with unless a command names another (the seed's examples vary).
LINKED_ATTRIBUTE: dict[Skill, Attribute] = {
    "athletics": "strength",
    "awareness": "intellect",
    "ballistic_skill": "agility",
    "cunning": "fellowship",
    "deception": "fellowship",
    "insight": "fellowship",
    "intimidation": "willpower",
    "investigation": "intellect",
    "leadership": "willpower",
    "medicae": "intellect",
    "persuasion": "fellowship",
    "pilot": "agility",
    "psychic_mastery": "willpower",
    "scholar": "intellect",
    "stealth": "agility",
    "survival": "willpower",
    "tech": "intellect",
    "weapon_skill": "initiative",
}


class Weapon(msgspec.Struct, frozen=True, kw_only=True):
    """A weapon: damage value, extra damage dice, AP, range in metres (reach for melee), Salvo, traits."""

    name: str
    kind: WeaponKind
    damage: int
    ed: int = 0
    ap: int = 0
    range: int = 1
    salvo: int = 0
    traits: tuple[WeaponTrait, ...] = ()

    @property
    def is_pistol(self) -> bool:
        return "pistol" in self.traits


class Sheet(msgspec.Struct, frozen=True, kw_only=True):
    """A hero or NPC; for a troop, wounds and shock are one member's and `members` its starting size."""

    name: str
    kind: CharacterKind
    attributes: dict[Attribute, int] = {}
    skills: dict[Skill, int] = {}
    defence: int
    resilience: int
    armour: int = 0
    wounds: int
    shock: int
    speed: int = 6
    resolve: int = 0
    conviction: int = 0
    soak: int = 0
    weapons: tuple[Weapon, ...] = ()
    members: int = 1
    personal_ruin: int = 0

    def attribute(self, name: Attribute) -> int:
        return self.attributes.get(name, 0)

    def skill(self, name: Skill) -> int:
        return self.skills.get(name, 0)

    def weapon(self, name: str) -> Weapon | None:
        for weapon in self.weapons:
            if weapon.name == name:
                return weapon
        return None
