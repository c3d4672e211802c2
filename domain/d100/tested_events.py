"""The d100 events of a test with a computed consequence: a fire put out, Blood Loss stopped, a Fear test, a
physical feat and its distance, a psychic power focused (and its hits on a horde)."""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from ..dice import Die
from ..events import Event
from .characteristics import Characteristic
from .encounter_events import CharacterChange
from .modifiers import ModifierSum


class TestResult(msgspec.Struct, frozen=True, kw_only=True):
    """One d100 test as rolled: what was tested, its modifiers (clamped), target, die, success and degrees."""

    __test__: ClassVar[bool] = False  # not a pytest test class, despite its name

    label: str
    characteristic: Characteristic
    base: int
    modifiers: ModifierSum
    target: int
    roll: int
    success: bool
    degrees: int
    unnatural_degrees: int = 0


class ExtinguishAttempted(Event, frozen=True, tag="d100_extinguish_attempted"):
    """A burning character threw himself down (prone) and tested Ag −20: on a success the fire is out."""

    test_id: str
    character_id: str
    test: TestResult
    dice: tuple[Die, ...]
    extinguished: bool
    change: CharacterChange  # prone; on_fire removed on a success


class BloodLossTreated(Event, frozen=True, tag="d100_blood_loss_treated"):
    """A Medicae test (−10, or −30 under stress) to stop a character's Blood Loss; on a success it stops."""

    test_id: str
    character_id: str
    patient_id: str
    under_stress: bool
    test: TestResult
    dice: tuple[Die, ...]
    stopped: bool


class FearTested(Event, frozen=True, tag="d100_fear_tested"):
    """A WP test against Fear (x); a failure rolls on the Shock table (d100 + 10 per degree of failure).

    `immune`: the trait `from_beyond` or `fearless` (no roll). A horde that fails breaks and flees (000).
    """

    test_id: str
    character_id: str
    fear: int
    source: str = ""
    immune: bool = False
    test: TestResult | None = None
    dice: tuple[Die, ...] = ()
    shock_roll: int | None = None
    shock_total: int | None = None  # the Shock table's row; the table is not in the seeds: the GM reads it
    broken: bool = False


class FeatRolled(Event, frozen=True, tag="d100_feat_rolled"):
    """A physical feat (seed 002): its test (none to carry) and what it reached, in metres or as an SB+TB index."""

    test_id: str
    character_id: str
    feat: str
    gravity: Literal["normal", "low", "high"] = "normal"
    test: TestResult | None = None
    dice: tuple[Die, ...] = ()
    distance_m: float | None = None  # a leap's length, a throw's reach, a climb or swim this turn
    height_m: float | None = None  # a jump's height, a leap's height (a quarter of its length)
    limit: int | None = None  # carry, lift, push: SB + TB (+1 per degree), the row of the seed's weight table
    turn_lost: bool = False  # a failed running jump: he stumbles and his turn ends
    fell: bool = False  # a failed climb
    fall_m: float | None = None  # metres fallen (a drop beyond AgB or failed, a failed climb with a height)
    change: CharacterChange | None = None  # falling damage, prone, fatigue


class PowerFocused(Event, frozen=True, tag="d100_power_focused"):
    """Focus Power (001): the power's d10s + psy rating against its threshold; on a horde, psy rating hits."""

    test_id: str
    character_id: str
    power: str
    dice: tuple[Die, ...]
    psy_rating: int
    total: int
    threshold: int
    success: bool
    target_id: str | None = None
    area: bool = False
    area_die: Die | None = None
    hits: int = 0  # on a horde: psy rating (+1d10 for an area); they wait for d100_damage under test_id
    damage: str | None = None
    damage_type: Literal["energy", "explosive", "impact", "rending"] = "energy"
    penetration: int = 0
