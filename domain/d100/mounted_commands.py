"""Mounted combat (seed 001 "combate montado", RULES A12): mounting and dismounting, and the rider's special
mounted actions. A mount is a character of its own (its sheet: wounds, TB, armour, Ag, S, WS, BS, weapons)."""

from __future__ import annotations

from typing import ClassVar, Literal

from ..commands import Command, Ref
from .encounter_state import ActionUse
from .modifiers import Modifier


class Mount(Command, frozen=True, kw_only=True, tag="d100_mount"):
    """Mount or dismount (a Full Action); in combat a Survival +20 test calms the mount (001)."""

    acting: ClassVar[str] = "rider_id"

    test_id: Ref
    rider_id: Ref
    mount_id: Ref
    dismount: bool = False
    modifiers: tuple[Modifier, ...] = ()
    use: ActionUse = "turn"


RideManoeuvre = Literal["half_gallop", "gallop", "evasive", "leap", "rearing_strike"]


class Ride(Command, frozen=True, kw_only=True, tag="d100_ride"):
    """A mounted special action (001): half gallop (the mount's move), gallop, evasive trot, high jump, rearing
    strike (the mount attacks `target_id` with `weapon_id`, its first weapon if none is named)."""

    acting: ClassVar[str] = "rider_id"

    test_id: Ref
    rider_id: Ref
    manoeuvre: RideManoeuvre
    full: bool = False  # half gallop: the mount's full move rather than its half move
    target_id: Ref | None = None
    weapon_id: Ref | None = None
    modifiers: tuple[Modifier, ...] = ()
    use: ActionUse = "turn"
