"""The d100 encounter and manoeuvre commands: encounters and turns, actions, knock-down, feint, grapple."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from ..commands import Command, Ref, Slug
from ..plain_text import MULTI_LINE
from .combat_modifiers import Circumstance, Hand
from .criticals import CriticalTable
from .encounter_state import ActionUse
from .modifiers import Modifier


class StartEncounter(Command, frozen=True, kw_only=True, tag="d100_start_encounter"):
    """GM: a combat begins; every participant rolls initiative; surprised ones lose their round-1 turn."""

    acting: ClassVar[str] = "gm"

    encounter_id: Slug
    participants: Annotated[tuple[Ref, ...], msgspec.Meta(min_length=1, max_length=200)]
    surprised: tuple[Ref, ...] = ()


class JoinEncounter(Command, frozen=True, kw_only=True, tag="d100_join_encounter"):
    """GM: a reinforcement joins the running encounter, rolls initiative and takes its place in the order."""

    acting: ClassVar[str] = "gm"

    character_id: Ref


class NextTurn(Command, frozen=True, kw_only=True, tag="d100_next_turn"):
    """GM: end the current turn (if it has not ended) and begin the next one, starting a round if needed."""

    acting: ClassVar[str] = "gm"


class EndTurn(Command, frozen=True, kw_only=True, tag="d100_end_turn"):
    """The acting character (its owner, or the GM) ends its turn; the next turn begins."""

    acting: ClassVar[str] = "character_id"

    character_id: Ref


class EndEncounter(Command, frozen=True, kw_only=True, tag="d100_end_encounter"):
    """GM: the combat is over; combat-only conditions end."""

    acting: ClassVar[str] = "gm"


ActionName = Literal[
    "move", "full_move", "ready", "stand", "brace", "disengage", "defensive_stance", "run", "delay",
    "tactical_advance", "jump", "manoeuvre", "overwatch", "use_skill", "extinguish", "extended", "other_half",
    "other_full",
]

# Each non-attack action's type (RULES A5).
ACTION_COSTS: dict[ActionName, Literal["half", "full"]] = {
    "move": "half", "full_move": "full", "ready": "half", "stand": "half", "brace": "half", "disengage": "full",
    "defensive_stance": "full", "run": "full", "delay": "half", "tactical_advance": "full", "jump": "full",
    "manoeuvre": "half", "overwatch": "full", "use_skill": "half", "extinguish": "full", "extended": "full",
    "other_half": "half", "other_full": "full",
}

# The actions of the Movement subtype (000): each ends the bracing of a heavy weapon.
MOVING_ACTIONS: frozenset[str] = frozenset(
    {"move", "full_move", "run", "disengage", "tactical_advance", "jump", "stand"}
)


class TakeAction(Command, frozen=True, kw_only=True, tag="d100_action"):
    """Spend a non-attack action of the turn; Defensive Stance, Run, Overwatch, Delay and Stand have effects."""

    acting: ClassVar[str] = "character_id"

    character_id: Ref
    action: ActionName
    use: ActionUse = "turn"
    note: Annotated[str, msgspec.Meta(max_length=500, pattern=MULTI_LINE)] = ""
    extended_id: Ref | None = None  # "extended": the action spanning turns, and how many Full Actions it needs
    turns_needed: Annotated[int, msgspec.Meta(ge=2, le=100)] | None = None


class KnockDown(Command, frozen=True, kw_only=True, tag="d100_knock_down"):
    """Half action: opposed S; the loser by the rules falls prone, a big win also hurts (RULES A5)."""

    acting: ClassVar[str] = "attacker_id"

    contest_id: Ref
    attacker_id: Ref
    target_id: Ref
    moved: bool = False  # a half-action move came first: +10
    use: ActionUse = "turn"


class Feint(Command, frozen=True, kw_only=True, tag="d100_feint"):
    """Half action: opposed WS; on a win the next Standard melee attack on that target cannot be avoided."""

    acting: ClassVar[str] = "attacker_id"

    contest_id: Ref
    attacker_id: Ref
    target_id: Ref
    use: ActionUse = "turn"


GrappleOption = Literal[
    "damage", "take_down", "push", "ready", "stand", "release", "break_free", "slip_free", "take_control",
]
CONTROLLER_OPTIONS: frozenset[GrappleOption] = frozenset({"damage", "take_down", "push", "ready", "stand", "release"})


class Grapple(Command, frozen=True, kw_only=True, tag="d100_grapple"):
    """The Grapple action of a character in a grapple: the controller's options or the grappled one's."""

    acting: ClassVar[str] = "character_id"

    contest_id: Ref
    character_id: Ref
    option: GrappleOption


ComradeOrderName = Literal[
    "volley", "close_ranks", "take_cover", "keep_cohesion", "move", "full_move", "run", "disengage", "stand",
    "tactical_advance",
]


class ComradeOrder(Command, frozen=True, kw_only=True, tag="d100_comrade_order"):
    """Only War: the character orders its comrade, who spends its own two half actions or one full (001)."""

    acting: ClassVar[str] = "character_id"

    character_id: Ref  # the comrade's character, who gives the order in his turn
    order: ComradeOrderName
    distance_m: float | None = None  # how far the comrade is from him: more than 5 m breaks cohesion


class HeroicSacrifice(Command, frozen=True, kw_only=True, tag="d100_heroic_sacrifice"):
    """Deathwatch: at the start of his turn, spend the last Fate point for TB turns of glory, then die."""

    acting: ClassVar[str] = "character_id"

    character_id: Ref


class LoadCriticalTable(Command, frozen=True, kw_only=True, tag="d100_load_critical_table"):
    """GM: the campaign's critical effect tables (or `default` for ours; none at all for the demo fallback)."""

    acting: ClassVar[str] = "gm"

    table: CriticalTable | None = None
    default: bool = False


class PinningTest(Command, frozen=True, kw_only=True, tag="d100_pinning_test"):
    """A Pinning test (WP): −20 under Suppressing Fire or Overwatch; escaping at the end of one's turn +0 or +30."""

    acting: ClassVar[str] = "character_id"

    test_id: Ref
    character_id: Ref
    reason: Literal["suppressing", "overwatch", "escape"]
    under_fire: bool = True  # escaping: shot at since his last turn (else the test is Easy, +30)


class AttackSpec(msgspec.Struct, frozen=True, kw_only=True):
    """One attack of a Multiple Attacks action: its id, target, weapon and hand, and its own circumstances."""

    attack_id: Ref
    target_id: Ref
    weapon_id: Ref
    hand: Hand = "primary"
    fire: Literal["standard", "semi_auto", "full_auto"] = "standard"  # a pistol in each hand may fire bursts
    circumstances: tuple[Circumstance, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    distance_m: float | None = None
    comrade_in_cohesion: bool = False


class MultipleAttacks(Command, frozen=True, kw_only=True, tag="d100_multiple_attacks"):
    """Full action: several attacks, by Swift Attack (2), Lightning Attack (3), a weapon in each hand, or the
    talent's attacks with the primary weapon and one more with the off-hand weapon (RULES A5)."""

    acting: ClassVar[str] = "attacker_id"

    attacker_id: Ref
    attacks: Annotated[tuple[AttackSpec, ...], msgspec.Meta(min_length=2, max_length=4)]
    targets_apart_m: float | None = None  # two weapons at two targets: how far apart they are (at most 10 m)
