"""The d100 commands that are a test with a consequence the rules compute from it: putting out a fire, stopping
Blood Loss, a Fear test, a physical feat (jump, leap, throw, lift …), focusing a psychic power."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from ..commands import Command, Ref
from ..plain_text import ONE_LINE
from .encounter_state import ActionUse
from .modifiers import Modifier


class Extinguish(Command, frozen=True, kw_only=True, tag="d100_extinguish"):
    """A burning character throws himself to the ground to put the fire out: Ag −20, a Full Action (000)."""

    acting: ClassVar[str] = "character_id"

    test_id: Ref
    character_id: Ref
    modifiers: tuple[Modifier, ...] = ()
    use: ActionUse = "turn"


class StopBloodLoss(Command, frozen=True, kw_only=True, tag="d100_stop_blood_loss"):
    """Medicae −10 (−30 under stress) to stop a character's Blood Loss; the bleeding one or another (000)."""

    acting: ClassVar[str] = "character_id"

    test_id: Ref
    character_id: Ref  # who makes the Medicae test
    patient_id: Ref | None = None  # whose bleeding (None: his own)
    under_stress: bool | None = None  # None: under stress in an encounter, calm outside one
    modifiers: tuple[Modifier, ...] = ()
    use: ActionUse = "turn"


class FearTest(Command, frozen=True, kw_only=True, tag="d100_fear_test"):
    """A Willpower test against a creature with Fear (1–4) (001); a horde adds its magnitude (000)."""

    acting: ClassVar[str] = "character_id"

    test_id: Ref
    character_id: Ref
    fear: Annotated[int, msgspec.Meta(ge=1, le=4)]
    source: Annotated[str, msgspec.Meta(max_length=200, pattern=ONE_LINE)] = ""  # what frightens him, for the record
    modifiers: tuple[Modifier, ...] = ()


FeatKind = Literal[
    "drop", "running_jump", "standing_leap", "running_leap", "throw", "carry", "lift", "push", "climb", "swim",
]
Gravity = Literal["normal", "low", "high"]


class Feat(Command, frozen=True, kw_only=True, tag="d100_feat"):
    """A physical feat of seed 002 as a test, with the distance or weight limit it reaches computed from it."""

    acting: ClassVar[str] = "character_id"

    test_id: Ref
    character_id: Ref
    feat: FeatKind
    run_up_m: float = 0  # running jumps and leaps: the straight run first
    height_m: float = 0  # a drop, or how far a failed climb falls
    gravity: Gravity = "normal"
    heavy: bool = False  # throw: more than half his lifting weight (−20); swim: in armour or laden (−30)
    modifiers: tuple[Modifier, ...] = ()
    use: ActionUse = "turn"


class FocusPower(Command, frozen=True, kw_only=True, tag="d100_focus_power"):
    """Focus Power (Only War demo, 001): roll the power's dice + psy rating against its threshold."""

    acting: ClassVar[str] = "character_id"

    test_id: Ref
    character_id: Ref
    power: Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=ONE_LINE)]
    dice: Annotated[int, msgspec.Meta(ge=1, le=10)]  # how many d10 the power rolls
    threshold: Annotated[int, msgspec.Meta(ge=1, le=200)]
    action: Literal["half", "full"] = "half"
    target_id: Ref | None = None  # a horde hit by a damaging power: psy rating hits (+1d10 for an area)
    area: bool = False
    damage: Ref | None = None  # the power's damage (NdX+M) against a horde; None: no damage, the GM's effect
    damage_type: Literal["energy", "explosive", "impact", "rending"] = "energy"
    penetration: Annotated[int, msgspec.Meta(ge=0, le=50)] = 0
    use: ActionUse = "turn"
