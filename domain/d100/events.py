"""The d100 events: past-tense facts tagged `d100_*`, carrying every die and every number the fold needs."""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from ..dice import Die
from ..events import Event, members
from .characteristics import Characteristic
from .checks import ExtendedProgress, OpposedResult
from .comrades import ComradeHealth
from .criticals import CriticalEffect
from .damage import FuryChain
from .encounter_events import (
    ActionTaken,
    ActionUsed,
    BloodLossRolled,
    ComradeOrdered,
    CriticalTableLoaded,
    EncounterEnded,
    EncounterJoined,
    EncounterStarted,
    HeroicSacrificeDeclared,
    HordeBreakTested,
    HordeBroke,
    InitiativeOrderFixed,
    InitiativeRolled,
    ManoeuvreResolved,
    OnFireBurned,
    PinningTested,
    StunResolved,
    TurnEnded,
    TurnStarted,
)
from .firing import FireMode
from .hit_location import Location
from .modifiers import ModifierSum
from .mounted_events import BurningMountTested, MountChanged, RideRolled
from .sheet import Sheet
from .state import Condition, ConditionName, CriticalRecord
from .tested_events import BloodLossTreated, ExtinguishAttempted, FearTested, FeatRolled, PowerFocused

__all__ = [
    "ActionTaken",
    "ActionUsed",
    "AimTaken",
    "AssignedHits",
    "AttackRolled",
    "AttackStageAfter",
    "BloodLossRolled",
    "BloodLossTreated",
    "BurningMountTested",
    "ComradeOrdered",
    "ExtinguishAttempted",
    "FearTested",
    "FeatRolled",
    "PowerFocused",
    "CriticalTableLoaded",
    "D100Event",
    "DamageApplied",
    "EVENTS",
    "EncounterEnded",
    "EncounterJoined",
    "EncounterStarted",
    "FateBurned",
    "FateSpent",
    "GmRulingRecorded",
    "HeroicSacrificeDeclared",
    "HitResolved",
    "HordeBreakTested",
    "HordeBroke",
    "InitiativeOrderFixed",
    "InitiativeRolled",
    "ManoeuvreResolved",
    "MountChanged",
    "RideRolled",
    "OnFireBurned",
    "OpposedRoll",
    "OpposedTestRolled",
    "PinningTested",
    "ReactionRolled",
    "Recruit",
    "RoundStarted",
    "SheetEdited",
    "StunResolved",
    "TestRolled",
    "TurnEnded",
    "TurnStarted",
    "UnjamAttempted",
    "WeaponReloaded",
]


class TestRolled(Event, frozen=True, tag="d100_test_rolled"):
    """A test was rolled: base, named modifiers (clamped), target, the die, success and degrees."""

    __test__: ClassVar[bool] = False  # not a pytest test class, despite its name

    test_id: str
    character_id: str
    label: str
    characteristic: Characteristic
    base: int
    untrained: bool
    modifiers: ModifierSum
    target: int
    dice: tuple[Die, ...]
    roll: int
    success: bool
    degrees: int
    unnatural_degrees: int = 0
    assistance_degrees: int = 0
    reroll_of: str | None = None
    extended_id: str | None = None
    extended: ExtendedProgress | None = None


class OpposedRoll(msgspec.Struct, frozen=True, kw_only=True):
    """One side's roll in an opposed test."""

    character_id: str
    label: str
    base: int
    modifiers: ModifierSum
    target: int
    roll: int
    success: bool
    degrees: int
    bonus: int


class OpposedTestRolled(Event, frozen=True, tag="d100_opposed_test_rolled"):
    """Both sides of an opposed test rolled, and who won."""

    contest_id: str
    first: OpposedRoll
    second: OpposedRoll
    result: OpposedResult
    dice: tuple[Die, ...]


class AimTaken(Event, frozen=True, tag="d100_aim_taken"):
    """The character aimed: the bonus waits for its next attack."""

    character_id: str
    bonus: int


AttackStageAfter = Literal["awaiting_reaction", "awaiting_damage", "missed"]


class AssignedHits(msgspec.Struct, frozen=True, kw_only=True):
    """Hits of a Suppressing Fire burst that fell on another character of the kill zone: a pending attack of its own."""

    attack_id: str  # "<burst id>:<character id>"
    target_id: str
    hits: int
    locations: tuple[Location, ...] = ()
    stage: AttackStageAfter
    to_comrade: bool = False


class AttackRolled(Event, frozen=True, tag="d100_attack_rolled"):
    """An attack was rolled: modifiers, target, die, degrees, jam, ammunition, hits and locations."""

    attack_id: str
    attacker_id: str
    target_id: str
    weapon_id: str
    action: str
    mode: FireMode
    melee: bool
    modifiers: ModifierSum
    target: int
    dice: tuple[Die, ...]
    roll: int
    success: bool
    degrees: int
    jammed: bool
    aim_used: int
    ammo_after: int | None
    hits: int
    locations: tuple[Location, ...]
    stage: AttackStageAfter
    helpless_target: bool = False
    to_comrade: bool = False
    jam_from: int | None = None
    fate_spent: bool = False
    fate_after: int | None = None
    called_location: Location | None = None
    comrades_volley: bool = False
    comrade_in_cohesion: bool = False
    grapple: bool = False
    feinted: bool = False  # a won Feint made this Standard melee attack unavoidable
    reroll_of: str | None = None  # a Fate reroll of this attack: the original roll stays in the log
    part_of: str | None = None  # one of a Multiple Attacks action: the id of that action's first attack
    zone: tuple[str, ...] = ()  # Suppressing Fire: the kill zone its hits were assigned in (for a Fate reroll)
    # Suppressing Fire: the hits assigned to other characters of the zone (the 1dN assignment dice are in
    # `dice`, after the d100); this event's own hits, locations and stage are the share of `target_id`.
    assigned: tuple[AssignedHits, ...] = ()


class ReactionRolled(Event, frozen=True, tag="d100_reaction_rolled"):
    """The target reacted to a pending attack (or chose not to); the hits left go on to damage.

    Schema 2: `reaction` may be `sidestep`, a rider's reaction for himself and his mount (seed 001).
    """

    schema_version: ClassVar[int] = 2

    attack_id: str
    character_id: str
    reaction: Literal["dodge", "parry", "none", "sidestep"]
    modifiers: ModifierSum | None
    target: int | None
    dice: tuple[Die, ...]
    roll: int | None
    success: bool
    degrees: int
    hits_negated: int
    hits_after: int


class HitResolved(msgspec.Struct, frozen=True, kw_only=True):
    """One hit's damage: its dice, degrees as a minimum die, fury, cover, armour, TB and what got through."""

    location: Location | None
    dice: tuple[Die, ...]
    faces: tuple[int, ...]
    degrees_die: int | None
    horde_dice: tuple[Die, ...] = ()
    fury: FuryChain | None = None
    fury_critical_die: Die | None = None
    total: int
    cover_ap: int = 0
    cover_damaged: bool = False
    armour: int
    toughness_bonus: int
    wounding: int
    critical_added: int = 0


class DamageApplied(Event, frozen=True, tag="d100_damage_applied"):
    """A pending attack's damage was rolled and applied: the target's totals after it, and new conditions."""

    attack_id: str
    attacker_id: str
    target_id: str
    hits: tuple[HitResolved, ...]
    dice: tuple[Die, ...]
    damage_after: int
    critical_after: int
    criticals: tuple[CriticalRecord, ...] = ()
    fatigue_after: int = 0
    magnitude_after: int | None = None
    magnitude_lost: int = 0
    conditions_added: tuple[Condition, ...] = ()
    comrade_after: ComradeHealth | None = None
    to_comrade: bool = False
    critical_effects: tuple[CriticalEffect, ...] = ()
    break_test_due: bool = False


class FateSpent(Event, frozen=True, tag="d100_fate_spent"):
    """A Fate point was spent, for what, and with what result."""

    character_id: str
    use: str
    fate_after: int
    test_id: str | None = None
    dice: tuple[Die, ...] = ()
    damage_removed: int = 0
    damage_after: int | None = None
    fatigue_after: int | None = None
    degrees_after: int | None = None
    hits_after: int | None = None
    conditions_removed: tuple[ConditionName, ...] = ()
    initiative_after: int | None = None


class FateBurned(Event, frozen=True, tag="d100_fate_burned"):
    """A Fate point was burnt for good: the character survives; other effects stay."""

    character_id: str
    reason: str
    fate_max_after: int
    fate_after: int
    conditions_removed: tuple[ConditionName, ...] = ()


class UnjamAttempted(Event, frozen=True, tag="d100_unjam_attempted"):
    """A jammed weapon was worked on: the test, and whether it is clear (its clip is then empty)."""

    character_id: str
    weapon_id: str
    test_id: str
    characteristic: Characteristic
    modifiers: ModifierSum
    target: int
    dice: tuple[Die, ...]
    roll: int
    success: bool
    degrees: int


class WeaponReloaded(Event, frozen=True, tag="d100_weapon_reloaded"):
    """A weapon was reloaded to `ammo` rounds."""

    character_id: str
    weapon_id: str
    ammo: int


class RoundStarted(Event, frozen=True, tag="d100_round_started"):
    """A new round began: reactions return and timed conditions count down."""

    round: int
    encounter_id: str | None = None


class GmRulingRecorded(Event, frozen=True, tag="d100_gm_ruling_recorded"):
    """The GM overrode a character's numbers or conditions, and said why."""

    character_id: str
    reason: str
    set_damage: int | None = None
    set_critical: int | None = None
    set_fatigue: int | None = None
    set_fate: int | None = None
    set_magnitude: int | None = None
    add_conditions: tuple[Condition, ...] = ()
    remove_conditions: tuple[ConditionName, ...] = ()


class SheetEdited(Event, frozen=True, tag="d100_sheet_edited"):
    """The GM replaced a character's sheet; damage, Fate and conditions are not touched (GM rulings do that).

    Schema 2: the sheet has `comrade_armour` (Only War: the comrade's armour points, 0 before).
    """

    schema_version: ClassVar[int] = 2

    character_id: str
    sheet: Sheet
    reason: str


class Recruit(msgspec.Struct, frozen=True, kw_only=True):
    """The d100 part of a new character (kept in character_created): its sheet, and whether it is a comrade."""

    sheet: Sheet
    comrade: bool = False


# The d100 events: this union is the only list; the tuple, the codec and the fold's dispatch derive from it.
# A character or horde enters through the shared character_created, with a Recruit as its d100 part.
D100Event = (
    TestRolled | OpposedTestRolled | AimTaken | AttackRolled | ReactionRolled
    | DamageApplied | FateSpent | FateBurned | UnjamAttempted | WeaponReloaded | RoundStarted | GmRulingRecorded
    | EncounterStarted | InitiativeRolled | InitiativeOrderFixed | TurnStarted | TurnEnded | BloodLossRolled
    | OnFireBurned | HordeBreakTested | HordeBroke | EncounterEnded | ActionUsed | ActionTaken | StunResolved
    | ManoeuvreResolved | HeroicSacrificeDeclared | CriticalTableLoaded | PinningTested | SheetEdited
    | ExtinguishAttempted | BloodLossTreated | FearTested | FeatRolled | PowerFocused | EncounterJoined
    | ComradeOrdered | MountChanged | RideRolled | BurningMountTested
)

EVENTS: tuple[type[Event], ...] = members(D100Event, Event)
