"""The folded state of a d100 campaign: characters and what happened to them, pending attacks, rolled tests."""

from __future__ import annotations

from typing import Literal

import msgspec

from ..encounter import TurnPosition
from ..engine import RulesState
from .characteristics import Characteristic, characteristic_bonus
from .checks import ExtendedProgress
from .comrades import ComradeHealth
from .criticals import CriticalTable
from .damage import DamageType
from .encounter_state import Encounter
from .firing import FireMode
from .hit_location import Location
from .modifiers import ModifierSum
from .options import D100Options, D100Ruleset, options_for
from .sheet import Sheet, Weapon

ConditionName = Literal[
    "stunned", "prone", "pinned", "on_fire", "blood_loss", "blinded", "deafened", "unconscious", "dead",
    "helpless", "grappled", "broken", "all_out_attack", "guarded_attack", "limb_useless", "limb_lost",
    "suffocating", "fatigue_unconscious", "unaware", "defensive_stance", "running", "overwatch",
]

# Marks that last "until the start of the character's next turn" (RULES A5).
UNTIL_NEXT_TURN: frozenset[ConditionName] = frozenset(
    {"all_out_attack", "guarded_attack", "defensive_stance", "running", "overwatch"}
)

# Conditions that take away actions and reactions.
INCAPACITATING: frozenset[ConditionName] = frozenset({"stunned", "unconscious", "dead", "helpless"})


class Condition(msgspec.Struct, frozen=True, kw_only=True):
    """A condition on a character, for `rounds` more rounds (None: until removed)."""

    name: ConditionName
    rounds: int | None = None
    note: str = ""
    location: Location | None = None  # for a useless or lost limb


class CriticalRecord(msgspec.Struct, frozen=True, kw_only=True):
    """Critical damage taken at a location with a damage type; effects come from tables or GM rulings."""

    location: Location | None
    damage_type: DamageType
    amount: int
    total: int


class ExtendedAction(msgspec.Struct, frozen=True, kw_only=True):
    """An action spanning several turns (a Full Action each); lost if interrupted."""

    id: str
    action: str
    needed: int
    done: int = 0
    progressed_this_turn: bool = True


class CharacterState(msgspec.Struct, frozen=True, kw_only=True):
    """A character (or horde) with its sheet and everything that happened to it."""

    id: str
    owner: str
    name: str
    sheet: Sheet
    damage: int = 0
    critical: int = 0
    criticals: tuple[CriticalRecord, ...] = ()
    fatigue: int = 0
    fate: int = 0
    fate_max: int = 0
    conditions: tuple[Condition, ...] = ()
    jammed: tuple[str, ...] = ()
    ammo: dict[str, int] = {}
    aim: int = 0
    reactions_used: int = 0
    reactions: tuple[str, ...] = ()  # this round's reactions by kind (a refusal names them)
    magnitude: int | None = None
    magnitude_start: int | None = None
    magnitude_at_turn_start: int | None = None
    comrade: ComradeHealth | None = None
    break_test_due: bool = False  # a horde lost 25 % of its magnitude in one turn: WP test at its next turn
    feint_against: str | None = None  # won a Feint: the next Standard melee attack on him is unavoidable
    delayed: bool = False  # holds a delayed half action until its next turn
    braced: bool = False  # braced a heavy weapon (A5 Brace Heavy Weapon): until he moves, no −30 to fire it
    extended_action: ExtendedAction | None = None
    sacrifice_turns: int | None = None  # Heroic Sacrifice: turns left, this one included
    comrade_orders: tuple[str, ...] = ()  # Only War: Volley, Close Ranks, Take Cover until his next turn
    mounted_on: str | None = None  # the mount he rides (seed 001 mounted combat)
    evasive: int = 0  # an evasive trot: the penalty to ranged attacks at him (and his shots) until the rider's turn

    def unnatural(self, key: Characteristic) -> int:
        """The Unnatural (X) of a characteristic on the sheet (0 without the trait)."""
        return self.sheet.unnatural.get(key, 0)

    def bonus(self, key: Characteristic) -> int:
        """The characteristic's bonus with its Unnatural (X) added (RULES A1): SB, TB, AgB … wherever they count."""
        return characteristic_bonus(self.sheet.value(key), self.unnatural(key))

    @property
    def reactions_allowed(self) -> int:
        return 2 if self.has("defensive_stance") else 1

    def has(self, condition: ConditionName) -> bool:
        return any(c.name == condition for c in self.conditions)

    @property
    def incapacitated(self) -> bool:
        return any(c.name in INCAPACITATING for c in self.conditions)

    @property
    def is_horde(self) -> bool:
        return self.magnitude is not None


AttackStage = Literal["awaiting_reaction", "awaiting_damage", "missed"]


class PendingAttack(msgspec.Struct, frozen=True, kw_only=True):
    """An attack that hit and waits for the target's reaction, then for its damage roll."""

    id: str
    attacker_id: str
    target_id: str
    weapon_id: str
    melee: bool
    mode: FireMode
    roll: int
    target_number: int
    modifiers: ModifierSum
    degrees: int
    hits: int
    locations: tuple[Location, ...]
    stage: AttackStage
    helpless_target: bool = False
    to_comrade: bool = False
    jam_from: int | None = None
    action: str = "standard"
    grapple: bool = False
    called_location: Location | None = None
    comrades_volley: bool = False
    comrade_in_cohesion: bool = False
    rerolled: bool = False
    jammed: bool = False
    zone: tuple[str, ...] = ()  # Suppressing Fire: the kill zone its hits are assigned in
    assigned_from: str | None = None  # hits of a suppressing burst assigned to this target: the burst's id
    part_of: str | None = None  # one of a Multiple Attacks action: the id of its first attack
    power: Weapon | None = None  # the hits of a psychic power on a horde: its damage, as a weapon profile


class RecordedTest(msgspec.Struct, frozen=True, kw_only=True):
    """A rolled test, kept so Fate can reroll it (once, if failed) or add a degree to it."""

    id: str
    character_id: str
    label: str
    characteristic: Characteristic
    target: int
    roll: int
    success: bool
    degrees: int
    rerolled: bool = False
    extended_id: str | None = None
    assisted: bool = False  # helpers' +10 is in the target; their +1 degree still counts on a Fate reroll


class D100State(RulesState, frozen=True, kw_only=True, tag="d100"):
    """Everything the d100 rules need to decide the next command."""

    ruleset: D100Ruleset
    options: D100Options
    round: int = 0
    characters: dict[str, CharacterState] = {}
    attacks: dict[str, PendingAttack] = {}
    tests: dict[str, RecordedTest] = {}
    extended: dict[str, ExtendedProgress] = {}
    used_ids: frozenset[str] = frozenset()
    encounter: Encounter | None = None
    critical_table: CriticalTable | None = None
    grapples: dict[str, str] = {}  # controller → grappled
    recent_rolls: tuple[str, ...] = ()  # ids of the latest tests and attacks, oldest first (evolve.RECENT_ROLLS)

    @property
    def position(self) -> TurnPosition | None:
        """Where the campaign is in its encounter (None outside one): what the service stamps on each event."""
        return self.encounter.position if self.encounter is not None else None

    def rider_of(self, mount_id: str) -> str | None:
        """Who rides this mount, if anyone."""
        return next((cid for cid, char in self.characters.items() if char.mounted_on == mount_id), None)

    def grapple_of(self, character_id: str) -> tuple[str, str] | None:
        """(controller, grappled) of the grapple the character is in, if any."""
        for controller, grappled in self.grapples.items():
            if character_id in (controller, grappled):
                return controller, grappled
        return None


def initial_state(ruleset: D100Ruleset, options: D100Options | None = None) -> D100State:
    """An empty campaign of the ruleset, with its default variant switches unless others are given."""
    return D100State(ruleset=ruleset, options=options if options is not None else options_for(ruleset))
