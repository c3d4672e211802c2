"""The d100 commands: imperative requests, tagged `d100_*`, sent by a participant for a character."""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from ..commands import Command, Note, Ref
from ..events import members
from .characteristics import Characteristic
from .checks import Resisting, TestKind
from .combat_modifiers import AttackAction, Circumstance, Hand
from .encounter_commands import (
    AttackSpec,
    ComradeOrder,
    EndEncounter,
    EndTurn,
    Feint,
    Grapple,
    HeroicSacrifice,
    JoinEncounter,
    KnockDown,
    LoadCriticalTable,
    MultipleAttacks,
    NextTurn,
    PinningTest,
    StartEncounter,
    TakeAction,
)
from .encounter_state import ActionUse
from .hit_location import Location
from .modifiers import Difficulty, Modifier
from .mounted_commands import Mount, Ride
from .sheet import Sheet
from .state import ConditionName
from .tested_commands import Extinguish, FearTest, Feat, FocusPower, StopBloodLoss

__all__ = [
    "Attack", "AttackSpec", "BurnFate", "COMMANDS", "ComradeOrder", "CoverSpec", "D100Command", "EndEncounter",
    "EndTurn", "Extinguish", "FateUse", "FearTest", "Feat", "Feint", "FocusPower", "GmRuling", "Grapple",
    "HeroicSacrifice", "JoinEncounter", "KnockDown", "LoadCriticalTable", "Mount", "MultipleAttacks", "NextTurn",
    "OpposedSide", "PinningTest", "React", "RegisterCharacter", "Reload", "Ride", "RollDamage", "RollOpposedTest",
    "RollTest", "SpendFate", "StartEncounter", "StartRound", "StopBloodLoss", "TakeAction", "TakeAim", "Unjam",
]


class RegisterCharacter(Command, frozen=True, kw_only=True, tag="d100_register_character"):
    """The older spelling of create_character for a d100 character (or horde): still accepted, decided as that."""

    acting: ClassVar[str] = "gm"

    character_id: Ref
    owner: Ref
    name: Ref
    sheet: Sheet
    comrade: bool = False


class RollTest(Command, frozen=True, kw_only=True, tag="d100_test"):
    """Roll a characteristic or skill test with named modifiers, helpers and an optional Fate +10."""

    acting: ClassVar[str] = "character_id"

    test_id: Ref
    character_id: Ref
    characteristic: Characteristic | None = None
    skill: Ref | None = None
    difficulty: Difficulty = "challenging"
    modifiers: tuple[Modifier, ...] = ()
    helpers: tuple[Ref, ...] = ()
    kind: TestKind = "action"
    resisting: Resisting = "none"
    fate_bonus: bool = False
    extended_id: Ref | None = None
    extended_needed: int | None = None
    # GM only: a sealed test (docs/fairness.md, "Secret rules tests"), revealed later.
    secret: bool = False


class OpposedSide(msgspec.Struct, frozen=True, kw_only=True):
    """One side of an opposed test."""

    character_id: Ref
    characteristic: Characteristic | None = None
    skill: Ref | None = None
    modifiers: tuple[Modifier, ...] = ()


class RollOpposedTest(Command, frozen=True, kw_only=True, tag="d100_opposed_test"):
    """Roll an opposed test for both sides (the first side is the one who acts)."""

    acting: ClassVar[str] = "first.character_id"

    contest_id: Ref
    first: OpposedSide
    second: OpposedSide


class TakeAim(Command, frozen=True, kw_only=True, tag="d100_aim"):
    """Aim (a half action +10, a full action +20) for the next attack."""

    acting: ClassVar[str] = "character_id"

    character_id: Ref
    aim: Literal["half", "full"]
    use: ActionUse = "turn"


class Attack(Command, frozen=True, kw_only=True, tag="d100_attack"):
    """Attack a target with a weapon (or "unarmed") by an attack action, with named circumstances."""

    acting: ClassVar[str] = "attacker_id"

    attack_id: Ref
    attacker_id: Ref
    target_id: Ref
    weapon_id: Ref
    action: AttackAction = "standard"
    circumstances: tuple[Circumstance, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    distance_m: float | None = None
    called_location: Location | None = None
    hand: Hand = "primary"
    dual_wielding: bool = False
    moved: bool = False
    fate_bonus: bool = False
    comrade_in_cohesion: bool = False
    comrades_volley: bool = False
    use: ActionUse = "turn"
    zone: tuple[Ref, ...] = ()  # Suppressing Fire / Overwatch: who is in the kill zone (they test Pinning)
    grapple: bool = False  # an unarmed Standard Attack or Charge that grapples instead of damaging


class React(Command, frozen=True, kw_only=True, tag="d100_react"):
    """The target of a pending attack dodges, parries, or lets it land."""

    acting: ClassVar[str] = "attack_id>target_id"

    attack_id: Ref
    reaction: Literal["dodge", "parry", "none", "sidestep"]  # sidestep: a rider for himself and his mount (001)
    modifiers: tuple[Modifier, ...] = ()


class CoverSpec(msgspec.Struct, frozen=True, kw_only=True):
    """Cover between attacker and target: its AP and the locations it hides."""

    ap: int
    locations: tuple[Location, ...] = ("body", "right_leg", "left_leg")


class RollDamage(Command, frozen=True, kw_only=True, tag="d100_damage"):
    """Roll and apply the damage of a pending attack that was not avoided."""

    acting: ClassVar[str] = "attack_id>attacker_id"

    attack_id: Ref
    cover: CoverSpec | None = None


FateUse = Literal[
    "reroll", "add_degree", "remove_damage", "recover_stun", "remove_fatigue", "initiative_ten",
    "squad_mode", "solo_rank",
]


class SpendFate(Command, frozen=True, kw_only=True, tag="d100_spend_fate"):
    """Spend a Fate point (a free action) for one of its uses."""

    acting: ClassVar[str] = "character_id"

    character_id: Ref
    use: FateUse
    test_id: Ref | None = None


class BurnFate(Command, frozen=True, kw_only=True, tag="d100_burn_fate"):
    """Burn a Fate point for good to survive what would have killed the character."""

    acting: ClassVar[str] = "character_id"

    character_id: Ref
    reason: Note


class Unjam(Command, frozen=True, kw_only=True, tag="d100_unjam"):
    """Try to clear a jammed weapon (a full action and a test)."""

    acting: ClassVar[str] = "character_id"

    character_id: Ref
    weapon_id: Ref
    test_id: Ref


class Reload(Command, frozen=True, kw_only=True, tag="d100_reload"):
    """Reload a weapon to a full clip (a half, full or extended action by the weapon)."""

    acting: ClassVar[str] = "character_id"

    character_id: Ref
    weapon_id: Ref
    use: ActionUse = "turn"


class StartRound(Command, frozen=True, kw_only=True, tag="d100_start_round"):
    """GM: a new combat round begins (in an encounter: the current turn ends, the rest of the round is skipped)."""

    acting: ClassVar[str] = "gm"


class GmRuling(Command, frozen=True, kw_only=True, tag="d100_gm_ruling"):
    """GM: override a character's numbers or conditions, saying why."""

    acting: ClassVar[str] = "gm"

    character_id: Ref
    reason: Note
    set_damage: int | None = None
    set_critical: int | None = None
    set_fatigue: int | None = None
    set_fate: int | None = None
    set_magnitude: int | None = None
    add_conditions: tuple[ConditionName, ...] = ()
    condition_rounds: int | None = None
    remove_conditions: tuple[ConditionName, ...] = ()


class EditSheet(Command, frozen=True, kw_only=True, tag="d100_edit_sheet"):
    """GM: replace a character's sheet (an advance, new gear, a correction), saying why."""

    acting: ClassVar[str] = "gm"

    character_id: Ref
    sheet: Sheet
    reason: Note


# The d100 commands: this union is the only list; the tuple, the HTTP schema and the dispatch derive from it.
D100Command = (
    RollTest | RollOpposedTest | TakeAim | Attack | React | RollDamage | SpendFate
    | BurnFate | Unjam | Reload | StartRound | GmRuling | StartEncounter | NextTurn | EndTurn | EndEncounter
    | TakeAction | KnockDown | Feint | Grapple | HeroicSacrifice | LoadCriticalTable | PinningTest | MultipleAttacks
    | EditSheet | Extinguish | StopBloodLoss | FearTest | Feat | FocusPower | JoinEncounter
    | ComradeOrder | Mount | Ride
)

COMMANDS: tuple[type[Command], ...] = members(D100Command, Command)
