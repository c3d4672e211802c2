"""Wrath & Glory events: past-tense facts carrying every die and every number the projection sets."""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from domain.dice import Die
from domain.events import Event, members
from domain.wrath_and_glory.attacks import InteractionSkill
from domain.wrath_and_glory.damage import DamageTotal, DeathTestResult
from domain.wrath_and_glory.encounter_events import (
    ActionTaken,
    EncounterEnded,
    EncounterJoined,
    EncounterStarted,
    InitiativeContested,
    InitiativeTaken,
    MadeAware,
    Moved,
    MovementTestRolled,
    RoundStarted,
    TotalDefenceRolled,
    TurnEffectsExpired,
)
from domain.wrath_and_glory.encounter_state import Side
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.outcome import WrathOutcome
from domain.wrath_and_glory.pool import PoolSize
from domain.wrath_and_glory.rolls import PoolDie
from domain.wrath_and_glory.ruling_events import GmOverridden, ResistanceTestRolled, SoakRerolled
from domain.wrath_and_glory.sheet import Attribute, Sheet, Skill, Weapon
from domain.wrath_and_glory.state import InteractionEffect, TestPurpose
from domain.wrath_and_glory.troop_events import TroopsRegrouped

GloryGainCause = Literal["wrath_six", "shift", "gm_award"]
GlorySpendCause = Literal["bonus_dice", "damage", "seize_initiative", "ambush_awareness", "other"]
WrathGainCause = Literal["roleplay", "gm_award"]
WrathSpendCause = Literal["reroll", "recover_shock", "death_test", "narrative"]
RuinGainCause = Literal["wrath_one", "corruption_test_failed", "fear_test_failed", "gm_award"]
RuinSpendCause = Literal[
    "ruin_action", "ruin_ability", "interrupt", "seize_initiative", "reroll", "recover_shock", "soak", "other",
    "ambush_awareness",
]
ReloadCause = Literal["salvo", "multiple_targets", "reload"]
ShiftUse = Literal["damage", "fact", "quality", "time", "glory", "effect"]
RollKind = Literal["initiative", "soak"]
DamageCause = Literal["attack", "soak", "gm"]


class TierSet(Event, tag="wng_tier_set", frozen=True, kw_only=True):
    """The campaign tier changed."""

    tier: int


class Recruit(msgspec.Struct, frozen=True, kw_only=True):
    """The Wrath & Glory part of a new character (kept in character_created): its sheet, Wrath and Reloads.

    A hero joins at full wounds and shock with this session's Wrath and Reloads; an NPC with none.
    """

    sheet: Sheet
    wrath: int
    reloads: int


class HeroSessionReset(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    wrath: int
    reloads: int


class SessionStarted(Event, tag="wng_session_started", frozen=True, kw_only=True):
    """Wrath 2 and Reloads 3 for every hero, Glory 0, Ruin = heroes; open tests close."""

    session: int
    heroes: tuple[HeroSessionReset, ...]
    glory: int
    glory_cap: int
    ruin: int
    ruin_cap: int


class TurnStarted(Event, tag="wng_turn_started", frozen=True, kw_only=True):
    """A character's turn begins; inside an encounter, with its round, its 1-based turn and its side."""

    character_id: str
    # Outside encounters the expired Defence rode on this event; inside, `wng_turn_effects_expired` carries it.
    expired_defence: tuple[Modifier, ...] = ()
    encounter_id: str | None = None
    round: int = 0
    turn: int = 0
    side: Side | None = None


class TestRolled(Event, tag="wng_test_rolled", frozen=True, kw_only=True):
    """A test with its pool, DN terms, every die (the last pool die is the Wrath die) and its reading."""

    __test__: ClassVar[bool] = False  # not a pytest class, despite its name

    test_id: str
    character_id: str
    purpose: TestPurpose
    skill: Skill
    attribute: Attribute
    pool: PoolSize
    dn_base: int
    dn_penalties: tuple[Modifier, ...]
    dn: int
    dice: tuple[PoolDie, ...]
    icons: int
    exalted: int
    success: bool
    shifts_possible: int
    wrath: WrathOutcome
    trivial: bool = False
    next_action_penalties_used: bool = False


class AttackDeclared(Event, tag="wng_attack_declared", frozen=True, kw_only=True):
    """The attack context of a test rolled right after: targets, weapon, damage inputs."""

    test_id: str
    attacker_id: str
    targets: tuple[str, ...]
    weapon: Weapon | None
    add_strength: bool
    bonus_ed: int
    interaction_skill: InteractionSkill | None = None


class Reroll(msgspec.Struct, frozen=True, kw_only=True):
    """One die of the pool rolled again: the face it showed, and the new die of this command."""

    position: int
    # The replaced die is a die of the earlier command that rolled the test and stays recorded there;
    # only its face is repeated here, never as a die object (docs/fairness.md).
    before_face: int
    after: Die


class DiceRerolled(Event, tag="wng_dice_rerolled", frozen=True, kw_only=True):
    """The failed dice of a failed test rolled again; the originals stay in the test's own event."""

    schema_version: ClassVar[int] = 2  # v1 copied each replaced die as `before` (see domain.upcasting)

    test_id: str
    paid_with: Literal["wrath", "ruin"]
    rerolls: tuple[Reroll, ...]
    icons: int
    exalted: int
    success: bool
    shifts_possible: int
    wrath: WrathOutcome
    wrath_rerolled: bool


class GloryDiceAdded(Event, tag="wng_glory_dice_added", frozen=True, kw_only=True):
    """Glory dice added to a rolled test, and the test read again with them."""

    test_id: str
    dice: tuple[Die, ...]
    bonus_applied: int
    icons: int
    exalted: int
    success: bool
    shifts_possible: int


class IconsShifted(Event, tag="wng_icons_shifted", frozen=True, kw_only=True):
    """Exalted icons of a successful skill test shifted, one use each; `shifted_total` counts the test's shifts so
    far."""

    test_id: str
    uses: tuple[ShiftUse, ...]
    shifted_total: int


class ComplicationResolved(Event, tag="wng_complication_resolved", frozen=True, kw_only=True):
    """The GM's choice for a Wrath die 1: a complication (described in `note`), or 1 Ruin instead (a
    `wng_ruin_gained` follows)."""

    test_id: str
    choice: Literal["complication", "ruin"]
    note: str = ""


class GloryGained(Event, tag="wng_glory_gained", frozen=True, kw_only=True):
    """The group's Glory grew; `lost` is what the cap cut."""

    amount: int
    cause: GloryGainCause
    before: int
    after: int
    lost: int
    test_id: str | None = None
    reason: str = ""


class GlorySpent(Event, tag="wng_glory_spent", frozen=True, kw_only=True):
    """The group's Glory spent, on `cause`."""

    amount: int
    cause: GlorySpendCause
    before: int
    after: int
    test_id: str | None = None
    reason: str = ""


class WrathGained(Event, tag="wng_wrath_gained", frozen=True, kw_only=True):
    """A hero's Wrath grew."""

    character_id: str
    amount: int
    cause: WrathGainCause
    before: int
    after: int
    reason: str = ""


class WrathSpent(Event, tag="wng_wrath_spent", frozen=True, kw_only=True):
    """A hero's Wrath spent, on `cause`."""

    character_id: str
    amount: int
    cause: WrathSpendCause
    before: int
    after: int
    test_id: str | None = None
    reason: str = ""


class RuinGained(Event, tag="wng_ruin_gained", frozen=True, kw_only=True):
    """The GM's Ruin grew; `lost` is what the cap cut."""

    amount: int
    cause: RuinGainCause
    before: int
    after: int
    lost: int
    test_id: str | None = None
    reason: str = ""


class RuinSpent(Event, tag="wng_ruin_spent", frozen=True, kw_only=True):
    """GM Ruin spent, or an NPC's personal Ruin when `personal_of` names it."""

    amount: int
    cause: RuinSpendCause
    before: int
    after: int
    personal_of: str | None = None
    character_id: str | None = None
    test_id: str | None = None
    reason: str = ""


class ReloadsSpent(Event, tag="wng_reloads_spent", frozen=True, kw_only=True):
    """A hero's Reloads spent, on `cause`."""

    character_id: str
    amount: int
    cause: ReloadCause
    before: int
    after: int
    test_id: str | None = None


class DefenceEffectAdded(Event, tag="wng_defence_effect_added", frozen=True, kw_only=True):
    """A change to a character's Defence until the start of its next turn (or the encounter's end)."""

    character_id: str
    effect: Modifier


class NextActionPenaltyAdded(Event, tag="wng_next_action_penalty_added", frozen=True, kw_only=True):
    """A +DN penalty on the character's next test or attack, used up by it; a `shooting_only` one (after a
    reload) is added only if that next test is a ranged attack, and lapses otherwise.

    Schema 2 adds `shooting_only`; a version-1 penalty weighed on the next test of any kind.
    """

    schema_version: ClassVar[int] = 2

    character_id: str
    penalty: Modifier
    shooting_only: bool = False


class DamageDealt(Event, tag="wng_damage_dealt", frozen=True, kw_only=True):
    """One target's damage from an attack: every part of the total, the ED dice, Resilience after AP."""

    test_id: str
    target_id: str
    damage: DamageTotal
    total: int
    ed_dice: tuple[Die, ...]
    resilience: int
    members_hit: int
    wounds: int


class InteractionEffectApplied(Event, tag="wng_interaction_effect_applied", frozen=True, kw_only=True):
    """A successful interaction attack's effect on its target; `extra_effect` at 3 or more shifts (the GM says what)."""

    test_id: str
    target_id: str
    effect: InteractionEffect
    shifts: int
    extra_effect: bool


class WoundsPending(Event, tag="wng_wounds_pending", frozen=True, kw_only=True):
    """Wounds dealt to a character who may soak them before they land."""

    character_id: str
    test_id: str
    wounds: int


class SoakRolled(Event, tag="wng_soak_rolled", frozen=True, kw_only=True):
    """A soak roll (no Wrath die, no DN): 1 wound ignored per icon, 2 per exalted icon; 1 shock + 1 per wound
    ignored."""

    roll_id: str
    character_id: str
    dice: tuple[Die, ...]
    icons: int
    wounds: int
    ignored: int
    remaining: int
    shock_cost: int


class DamageApplied(Event, tag="wng_damage_applied", frozen=True, kw_only=True):
    """Shock and wounds landing on one character or troop, and the conditions they cause."""

    character_id: str
    cause: DamageCause
    shock_dice: tuple[Die, ...]
    shock_lost: int
    wounds: int
    shock_after: int
    wounds_after: int
    exhausted: bool
    unconscious: bool
    dying: bool
    dead: bool
    instant_death: bool = False
    members_lost: int = 0
    members_left: int = 1
    troop_shock_lost: int = 0
    troop_wounds_lost: int = 0
    dissolved: bool = False
    test_id: str | None = None


class DeathTestRolled(Event, tag="wng_death_test_rolled", frozen=True, kw_only=True):
    """1d6 with no Wrath die and no DN; Wrath cannot reroll it."""

    roll_id: str
    character_id: str
    die: Die
    bonus: int
    total: int
    result: DeathTestResult
    failures_after: int
    wounds_after: int
    dead: bool


class ShockRecovered(Event, tag="wng_shock_recovered", frozen=True, kw_only=True):
    """Shock recovered (1d3 + 3, up to the sheet's shock)."""

    character_id: str
    die: Die
    amount: int
    before: int
    after: int


class SpecialRolled(Event, tag="wng_special_rolled", frozen=True, kw_only=True):
    """An initiative or soak roll: no Wrath die, no DN, just icons."""

    roll_id: str
    character_id: str
    kind: RollKind
    dice: tuple[Die, ...]
    icons: int


# The Wrath & Glory events: this union is the only list; the tuple, the codec and the fold derive from it.
# A character enters through the shared character_created, with a Recruit as its Wrath & Glory part.
WngEvent = (
    TierSet
    | SessionStarted
    | TurnStarted
    | TestRolled
    | AttackDeclared
    | DiceRerolled
    | GloryDiceAdded
    | IconsShifted
    | ComplicationResolved
    | GloryGained
    | GlorySpent
    | WrathGained
    | WrathSpent
    | RuinGained
    | RuinSpent
    | ReloadsSpent
    | DefenceEffectAdded
    | NextActionPenaltyAdded
    | DamageDealt
    | InteractionEffectApplied
    | WoundsPending
    | SoakRolled
    | DamageApplied
    | DeathTestRolled
    | ShockRecovered
    | SpecialRolled
    | EncounterStarted
    | RoundStarted
    | InitiativeTaken
    | MadeAware
    | InitiativeContested
    | ActionTaken
    | Moved
    | TurnEffectsExpired
    | EncounterEnded
    | GmOverridden
    | ResistanceTestRolled
    | SoakRerolled
    | TotalDefenceRolled
    | TroopsRegrouped
    | EncounterJoined
    | MovementTestRolled
)

EVENTS: tuple[type[Event], ...] = members(WngEvent, Event)
