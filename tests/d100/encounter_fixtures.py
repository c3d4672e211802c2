"""Shared sheets and helpers for the d100 encounter tests: given commands and dice, fold the events."""

from __future__ import annotations

from functools import reduce

from msgspec.structs import replace

from domain.commands import Actor, Command
from domain.d100 import D100State, decide, initial_state
from domain.d100.commands import RegisterCharacter
from domain.d100.evolve import evolve
from domain.d100.sheet import Armour, Sheet, SkillEntry, Weapon
from domain.dice import FixedDice
from domain.events import Event
from tests.support.characters import is_joining, joined

GM = Actor("gm-1", "gm")
ANNA = Actor("anna", "player")
BORIS = Actor("boris", "player")

BOLTER = Weapon(id="bolter", name="Bolter", weapon_class="basic", damage="1d10+9", damage_type="explosive",
                penetration=4, single=True, semi=3, full=0, range_m=100, clip=28)
SWORD = Weapon(id="sword", name="Power sword", weapon_class="melee", damage="1d10+5", damage_type="energy",
               penetration=6, qualities=("power_field",))
AUTOGUN = Weapon(id="autogun", name="Autogun", weapon_class="basic", damage="1d10+3", semi=3, full=10, range_m=90,
                 clip=30, reload_turns=2)
CLUB = Weapon(id="club", name="Club", weapon_class="melee", damage="1d10", qualities=("primitive",))


def marine() -> Sheet:
    return Sheet(
        characteristics={"WS": 45, "BS": 50, "S": 42, "T": 44, "Ag": 41, "Int": 38, "Per": 40, "WP": 40, "Fel": 30},
        unnatural={"S": 4, "T": 4}, skills={"Dodge": SkillEntry(characteristic="Ag", kind="basic")},
        traits=("space_marine",), wounds=20, fate=3,
        armour=Armour(head=8, right_arm=8, left_arm=8, body=10, right_leg=8, left_leg=8),
        weapons=(BOLTER, SWORD, AUTOGUN),
    )


def cultist(fate: int = 0) -> Sheet:
    return Sheet(
        characteristics={"WS": 30, "BS": 30, "S": 30, "T": 30, "Ag": 30, "Int": 25, "Per": 30, "WP": 30, "Fel": 20},
        wounds=10, fate=fate, armour=Armour(body=2), weapons=(CLUB, AUTOGUN),
    )


def horde(magnitude: int = 20) -> Sheet:
    return replace(cultist(), wounds=0, magnitude=magnitude, armour=Armour(body=3))


def fold(events: list[Event], state: D100State) -> D100State:
    return reduce(evolve, events, state)


class Table:
    """A campaign under test: send a command with fixed faces, keep the events and the folded state."""

    def __init__(self, ruleset: str = "deathwatch") -> None:
        self.state: D100State = initial_state(ruleset)  # type: ignore[arg-type]
        self.log: list[Event] = []

    def register(self, cid: str, owner: str, sheet: Sheet) -> None:
        self.run(RegisterCharacter(character_id=cid, owner=owner, name=cid.title(), sheet=sheet))

    def run(self, command: Command, faces: list[int] | tuple[int, ...] = (), actor: Actor = GM) -> list[Event]:
        dice = FixedDice(faces)
        joining = is_joining(self.state, command)
        events = joined(self.state, command, actor) if joining else decide(self.state, command, dice, actor)
        assert dice.used == len(faces), f"{len(faces) - dice.used} fixed faces left unused"
        self.state = fold(events, self.state)
        self.log.extend(events)
        return events

    def char(self, cid: str):  # type: ignore[no-untyped-def]
        return self.state.characters[cid]
