"""The d100 encounter events: initiative, turns and rounds, their boundary effects, actions and manoeuvres."""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from ..dice import Die
from ..events import Event
from .criticals import CriticalEffect, CriticalTable
from .encounter_state import ActionCost, ActionUse
from .modifiers import ModifierSum
from .state import Condition, ConditionName, CriticalRecord, ExtendedAction


class CharacterChange(msgspec.Struct, frozen=True, kw_only=True):
    """What happened to one character: its totals after, new criticals and their effects, conditions."""

    character_id: str
    damage_after: int | None = None
    critical_after: int | None = None
    fatigue_after: int | None = None
    criticals: tuple[CriticalRecord, ...] = ()
    critical_effects: tuple[CriticalEffect, ...] = ()
    conditions_added: tuple[Condition, ...] = ()
    conditions_removed: tuple[ConditionName, ...] = ()


class EncounterStarted(Event, frozen=True, tag="d100_encounter_started"):
    """A combat began with these participants; the surprised ones are unaware in round 1."""

    encounter_id: str
    participants: tuple[str, ...]
    surprised: tuple[str, ...] = ()


class InitiativeRoll(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    die: Die
    agility_bonus: int
    total: int


class InitiativeRolled(Event, frozen=True, tag="d100_initiative_rolled"):
    """Each participant's 1d10 + AgB."""

    encounter_id: str
    rolls: tuple[InitiativeRoll, ...]
    dice: tuple[Die, ...]


class EncounterJoined(Event, frozen=True, tag="d100_encounter_joined"):
    """A reinforcement joined the running encounter: its 1d10 + AgB, and the order it takes its place in.

    `order` is the order from now on (empty while the first turn has not fixed it); a reinforcement whose place
    this round has already passed takes it from the next round: `next_order`, with `first_round` its first.
    """

    encounter_id: str
    character_id: str
    roll: InitiativeRoll
    dice: tuple[Die, ...]
    order: tuple[str, ...] = ()
    next_order: tuple[str, ...] | None = None
    first_round: int = 1


class RollOff(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    die: Die


class InitiativeOrderFixed(Event, frozen=True, tag="d100_initiative_order_fixed"):
    """The order for the whole combat: total, then higher Ag, then roll-offs (1d10, higher first)."""

    encounter_id: str
    order: tuple[str, ...]
    rolloffs: tuple[RollOff, ...] = ()
    dice: tuple[Die, ...] = ()


class TurnStarted(Event, frozen=True, tag="d100_turn_started"):
    """A character's turn began: its until-next-turn marks and unused delayed action end."""

    encounter_id: str
    round: int
    turn: int
    character_id: str
    expired: tuple[ConditionName, ...] = ()
    delayed_lost: bool = False
    fate_after: int | None = None  # Heroic Sacrifice: the free Fate point of the turn


class TurnEnded(Event, frozen=True, tag="d100_turn_ended"):
    """A character's turn ended: its timed conditions counted down; aim or an extended action may lapse.

    `grapple_ended` is true only in events recorded before issue 11 (a grapple then ended with its controller's
    turn); the fold still honours it so old logs replay as they were, and no decision sets it any more.
    """

    encounter_id: str
    round: int
    turn: int
    character_id: str
    conditions_after: tuple[Condition, ...] = ()
    expired: tuple[ConditionName, ...] = ()
    aim_lost: bool = False
    extended_lost: bool = False
    grapple_ended: bool = False
    sacrifice_turns_after: int | None = None


class BloodLossRolled(Event, frozen=True, tag="d100_blood_loss_rolled"):
    """At a round's start, a bleeding character's 10 % chance to die."""

    character_id: str
    dice: tuple[Die, ...]
    roll: int
    died: bool


class OnFireBurned(Event, frozen=True, tag="d100_on_fire_burned"):
    """At the start of his turn a burning character takes 1d10 energy (body, no armour) and 1 fatigue, and tests WP."""

    character_id: str
    dice: tuple[Die, ...]
    damage_roll: int
    toughness_bonus: int
    wounding: int
    change: CharacterChange
    sealed: bool
    wp_target: int | None = None
    wp_roll: int | None = None
    panicking: bool = False  # failed WP: the turn is spent running and screaming (a Full Action)


class HordeBreakTested(Event, frozen=True, tag="d100_horde_break_tested"):
    """At its turn, a horde that lost 25 % of its magnitude in one turn tests WP or breaks."""

    character_id: str
    modifiers: ModifierSum
    target: int
    dice: tuple[Die, ...]
    roll: int
    success: bool
    degrees: int
    broken: bool


class HordeBroke(Event, frozen=True, tag="d100_horde_broke"):
    """A horde broke and flees: at or below 25 % of its starting magnitude, or a failed breaking test."""

    character_id: str
    reason: Literal["magnitude", "failed_test"]
    magnitude: int
    starting: int


class RemovedCondition(msgspec.Struct, frozen=True):
    character_id: str
    name: ConditionName


class EncounterEnded(Event, frozen=True, tag="d100_encounter_ended"):
    """The combat is over; combat-only conditions and marks end."""

    encounter_id: str
    rounds: int
    removed: tuple[RemovedCondition, ...] = ()


class ActionUsed(Event, frozen=True, tag="d100_action_used"):
    """In an encounter, an attack, aim, reload, unjam or manoeuvre spent part of its character's budget."""

    character_id: str
    action: str
    cost: ActionCost
    use: ActionUse = "turn"


class ActionTaken(Event, frozen=True, tag="d100_action_taken"):
    """A non-attack action: its cost, its marks (Defensive Stance, Run, Overwatch, Delay, Stand), its progress.

    Schema 2 adds `move_m`: the metres a movement action covers by AgB, Unnatural Agility included (RULES A4).
    """

    schema_version: ClassVar[int] = 2

    character_id: str
    action: str
    cost: ActionCost
    use: ActionUse = "turn"
    note: str = ""
    conditions_added: tuple[Condition, ...] = ()
    conditions_removed: tuple[ConditionName, ...] = ()
    extended: ExtendedAction | None = None
    extended_complete: bool = False
    delayed: bool = False
    in_encounter: bool = False
    move_m: int | None = None


class StunResolved(Event, frozen=True, tag="d100_stun_resolved"):
    """A Stun attack that landed: 1d10 + SB against 1d10 + TB + head AP; stunned for the difference."""

    attack_id: str
    attacker_id: str
    target_id: str
    dice: tuple[Die, ...]
    attacker_total: int
    strength_bonus: int
    target_total: int
    toughness_bonus: int
    head_armour: int
    stunned_rounds: int
    change: CharacterChange


class ManoeuvreResolved(Event, frozen=True, tag="d100_manoeuvre_resolved"):
    """The consequence of a Knock-Down, Feint or Grapple option after its test."""

    contest_id: str
    manoeuvre: str
    actor_id: str
    opponent_id: str
    outcome: str
    dice: tuple[Die, ...] = ()
    changes: tuple[CharacterChange, ...] = ()
    feint_against: str | None = None
    grapple_controller: str | None = None  # the controller after (a new grapple, or taken control)
    grapple_ended: bool = False
    push_m: int | None = None


class ComradeOrdered(Event, frozen=True, tag="d100_comrade_ordered"):
    """A comrade carried out its character's order, paid from its own budget (two halves or one full).

    Volley (+5 BS and, against a horde, half his hits more), Close Ranks (ganging up in melee) and Take Cover
    (a hit on the comrade must beat its armour by 3) last until the start of the character's next turn.
    """

    character_id: str
    order: str
    cost: ActionCost
    in_cohesion: bool = True
    in_encounter: bool = False


class HeroicSacrificeDeclared(Event, frozen=True, tag="d100_heroic_sacrifice_declared"):
    """The last Fate point spent for TB turns ignoring criticals (not severing ones), a free point each turn."""

    character_id: str
    turns: int
    fate_max_after: int
    fate_after: int
    conditions_removed: tuple[ConditionName, ...] = ()


class CriticalTableLoaded(Event, frozen=True, tag="d100_critical_table_loaded"):
    """The campaign's critical effect tables (None: back to the demo fallback)."""

    table: CriticalTable | None


PinningReason = Literal["suppressing", "overwatch", "escape"]


class PinningTested(Event, frozen=True, tag="d100_pinning_tested"):
    """A Pinning (WP) test: failing under fire pins; passing an escape test unpins."""

    test_id: str
    character_id: str
    reason: PinningReason
    modifiers: ModifierSum
    target: int
    dice: tuple[Die, ...]
    roll: int
    success: bool
    degrees: int
    pinned: bool = False
    unpinned: bool = False
    source_attack: str | None = None
