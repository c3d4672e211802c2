"""The events of mounted combat (seed 001): a rider mounting, dismounting or thrown, and his mounted actions."""

from __future__ import annotations

from typing import Literal

from ..dice import Die
from ..events import Event
from .encounter_events import CharacterChange
from .hit_location import Location
from .tested_events import TestResult


class MountChanged(Event, frozen=True, tag="d100_mount_changed"):
    """A rider mounted or left his mount: by choice (in combat after a Survival +20 test) or thrown from the
    saddle, falling the degrees of failure in metres (or 1d5 m: `fall_m`) with the falling damage in `change`."""

    rider_id: str
    mount_id: str
    mounted: bool  # the rider is on the mount afterwards
    test_id: str | None = None
    test: TestResult | None = None
    dice: tuple[Die, ...] = ()
    thrown: bool = False
    fall_m: float | None = None
    change: CharacterChange | None = None


class RideRolled(Event, frozen=True, tag="d100_ride_rolled"):
    """A mounted special action: its Survival test (none for a half gallop) and what the mount did.

    `move_m` is the mount's movement, `distance_m`/`height_m` a high jump, `evasive` the penalty to ranged attacks
    at rider and mount (and to the rider's own shots) until his next turn; a rearing strike that succeeds is a
    pending hit of the mount (`attack_id` = the test id) on `target_id`, to react to and roll damage for.
    """

    test_id: str
    rider_id: str
    mount_id: str
    manoeuvre: str
    test: TestResult | None = None
    dice: tuple[Die, ...] = ()
    move_m: float | None = None
    distance_m: float | None = None
    height_m: float | None = None
    evasive: int = 0
    refused: bool = False  # a failed high jump: the mount shies from the obstacle
    target_id: str | None = None
    weapon_id: str | None = None
    melee: bool = True
    hits: int = 0
    locations: tuple[Location, ...] = ()
    stage: Literal["awaiting_reaction", "awaiting_damage"] | None = None
    thrown: bool = False  # failing by more degrees than his AgB throws the rider (a MountChanged follows)


class BurningMountTested(Event, frozen=True, tag="d100_burning_mount_tested"):
    """At the start of its rider's turn a burning mount burns (1d10 energy to the body, armour ignored, TB counts,
    +1 fatigue); the rider tests Ag +0 or catches fire, and Survival −30 or the mount bolts a full move in a
    random direction, out of his control (001 "En llamas")."""

    rider_id: str
    mount_id: str
    dice: tuple[Die, ...]
    damage_roll: int
    wounding: int
    mount_change: CharacterChange
    agility: TestResult
    caught_fire: bool
    survival: TestResult | None = None  # None: he has no Survival to test, so the mount is out of control
    bolted: bool = False
    bolt_m: int | None = None
