"""Wrath & Glory commands: what a participant asks for; `decide` turns each into events or refuses it."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.commands import Command, Note, Ref
from domain.events import members
from domain.wrath_and_glory.attacks import AttackOptions, InteractionSkill
from domain.wrath_and_glory.encounter_commands import (
    ContestInitiative,
    EndEncounter,
    Interrupt,
    JoinEncounter,
    MakeAware,
    Move,
    Override,
    Prepare,
    RerollPayment,
    RollResistanceTest,
    SeizeInitiative,
    StartEncounter,
    TakeAction,
    TotalDefence,
)
from domain.wrath_and_glory.encounter_state import ActionKind
from domain.wrath_and_glory.events import (
    GloryGainCause,
    GlorySpendCause,
    RuinGainCause,
    RuinSpendCause,
    ShiftUse,
    WrathGainCause,
)
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.sheet import Attribute, Sheet, Skill
from domain.wrath_and_glory.state import InteractionEffect


class SetTier(Command, tag="wng_set_tier", frozen=True, kw_only=True):
    """GM: set the campaign's tier (1–5)."""

    tier: int


class AddCharacter(Command, tag="wng_add_character", frozen=True, kw_only=True):
    """The older spelling of create_character for a hero (owned by a player) or an NPC (owner None: the GM's).

    Still accepted over HTTP; it is decided as create_character (domain.wrath_and_glory.engine)."""

    character_id: Ref
    owner: Ref | None = None
    sheet: Sheet


class RegroupTroops(Command, tag="wng_regroup_troops", frozen=True, kw_only=True):
    """The GM's free action: the members of the `joining` troops (a lone survivor too) join `troop_id` as one
    troop, all members within 5 m of each other (the engine tracks no positions: the GM vouches for it)."""

    troop_id: Ref
    joining: Annotated[tuple[Ref, ...], msgspec.Meta(min_length=1, max_length=200)]


class StartSession(Command, tag="wng_start_session", frozen=True, kw_only=True):
    """Every hero's Wrath and Reloads, Glory and Ruin reset; run by the campaign's start_session, never sent
    alone."""


class StartTurn(Command, tag="wng_start_turn", frozen=True, kw_only=True):
    """Start a character's turn; in an encounter this is the pick of alternating activation, and a dying
    hero's death test is rolled by it (1 Wrath for +1 if `spend_wrath_on_death_test`)."""

    character_id: Ref
    spend_wrath_on_death_test: bool = False


class RollTest(Command, tag="wng_roll_test", frozen=True, kw_only=True):
    """A skill test: pool from the sheet, bonus dice and Glory dice before the roll, DN 3 unless given."""

    character_id: Ref
    skill: Skill
    attribute: Attribute | None = None
    bonus_dice: tuple[Modifier, ...] = ()
    glory_dice: int = 0
    dn: int = 3
    dn_penalties: tuple[Modifier, ...] = ()
    trivial: bool = False
    # In an encounter a skill test is the normal action unless declared otherwise (a reaction is "free").
    action: ActionKind = "normal"
    # GM only: a sealed test (docs/fairness.md, "Secret rules tests"), revealed later.
    secret: bool = False


class Attack(Command, tag="wng_attack", frozen=True, kw_only=True):
    """A weapon attack on one target, or several with a multiple-target shot (first target first)."""

    attacker_id: Ref
    targets: tuple[Ref, ...]
    weapon: Ref
    options: AttackOptions = AttackOptions()
    troop_members: int | None = None
    bonus_dice: tuple[Modifier, ...] = ()
    glory_dice: int = 0
    dn_penalties: tuple[Modifier, ...] = ()


class InteractionAttack(Command, tag="wng_interaction_attack", frozen=True, kw_only=True):
    """An interaction attack (intimidation, taunt, …) against the target's opposed skill or Resolve."""

    attacker_id: Ref
    target_id: Ref
    skill: InteractionSkill
    attribute: Attribute | None = None
    opposed_skill: Skill | None = None
    bonus_dice: tuple[Modifier, ...] = ()
    glory_dice: int = 0
    dn_penalties: tuple[Modifier, ...] = ()


class RerollFailedDice(Command, tag="wng_reroll_failed_dice", frozen=True, kw_only=True):
    """Spend 1 Wrath (or, for an adversary or monster, 1 Ruin or its personal Ruin) to reroll the failed dice."""

    test_id: Ref
    pay_with: RerollPayment = "wrath"


class AddGloryDice(Command, tag="wng_add_glory_dice", frozen=True, kw_only=True):
    """Spend Glory after the roll: +1 die per point; these dice are never rerolled."""

    test_id: Ref
    count: int


class ShiftIcons(Command, tag="wng_shift_icons", frozen=True, kw_only=True):
    """Shift exalted icons of a successful skill test, one use per icon."""

    test_id: Ref
    uses: tuple[ShiftUse, ...]


class ResolveComplication(Command, tag="wng_resolve_complication", frozen=True, kw_only=True):
    """The GM's choice for a Wrath die 1: a complication, or 1 Ruin instead."""

    test_id: Ref
    choice: Literal["complication", "ruin"]
    note: Note = ""


class ResolveAttack(Command, tag="wng_resolve_attack", frozen=True, kw_only=True):
    """Deal a rolled attack's damage (or interaction effect) to one of its targets."""

    test_id: Ref
    target_id: Ref
    shifts: int = 0
    glory_damage: int = 0
    effect: InteractionEffect | None = None


class Soak(Command, tag="wng_soak", frozen=True, kw_only=True):
    """Soak pending wounds (free action); an NPC pays 1 Ruin. A reroll of the failed soak dice (Wrath, or Ruin
    for an adversary) is declared here and used only if some wounds would still land."""

    character_id: Ref
    personal_ruin: bool = False
    reroll: RerollPayment | None = None


class TakeWounds(Command, tag="wng_take_wounds", frozen=True, kw_only=True):
    """Take the wounds pending on a character instead of soaking them."""

    character_id: Ref


class RollDeathTest(Command, tag="wng_roll_death_test", frozen=True, kw_only=True):
    """A dying hero's death test; `spend_wrath` spends 1 Wrath for +1."""

    character_id: Ref
    spend_wrath: bool = False


class RecoverShock(Command, tag="wng_recover_shock", frozen=True, kw_only=True):
    """Spend 1 Wrath (hero) or 1 Ruin (NPC) as an action: recover 1d3 + 3 shock; next action +2 DN."""

    character_id: Ref
    personal_ruin: bool = False


class Reload(Command, tag="wng_reload", frozen=True, kw_only=True):
    """The Reload action: spend a Reload; the next shot is at +2 DN."""

    character_id: Ref


class RollInitiative(Command, tag="wng_roll_initiative", frozen=True, kw_only=True):
    """Record an initiative roll for a character, when the GM wants one to settle the order."""

    character_id: Ref


class AwardWrath(Command, tag="wng_award_wrath", frozen=True, kw_only=True):
    """GM: award a hero 1 Wrath (for roleplay, by default)."""

    character_id: Ref
    cause: WrathGainCause = "roleplay"
    reason: Note = ""


class SpendWrath(Command, tag="wng_spend_wrath", frozen=True, kw_only=True):
    """A narrative declaration bought with Wrath (the GM approves)."""

    character_id: Ref
    reason: Note


class GainGlory(Command, tag="wng_gain_glory", frozen=True, kw_only=True):
    """Add Glory to the players' pool (lost above its cap)."""

    amount: int = 1
    cause: GloryGainCause = "gm_award"
    reason: Note = ""


class SpendGlory(Command, tag="wng_spend_glory", frozen=True, kw_only=True):
    """Spend Glory from the players' pool (to seize the initiative, by default)."""

    amount: int = 1
    cause: GlorySpendCause = "seize_initiative"
    reason: Note = ""


class GainRuin(Command, tag="wng_gain_ruin", frozen=True, kw_only=True):
    """GM: add Ruin to the GM's pool (lost above its cap)."""

    amount: int = 1
    cause: RuinGainCause = "gm_award"
    reason: Note = ""


class SpendRuin(Command, tag="wng_spend_ruin", frozen=True, kw_only=True):
    """GM: spend Ruin, from the pool or an NPC's personal Ruin (`personal_of`)."""

    amount: int = 1
    cause: RuinSpendCause = "ruin_action"
    personal_of: Ref | None = None
    reason: Note = ""


# The Wrath & Glory commands: this union is the only list; the tuple and the HTTP schema derive from it.
# wng_start_session is among them but internal: start_session runs it (ENGINE.internal_commands).
WngCommand = (
    SetTier
    | StartSession
    | StartTurn
    | RollTest
    | Attack
    | InteractionAttack
    | RerollFailedDice
    | AddGloryDice
    | ShiftIcons
    | ResolveComplication
    | ResolveAttack
    | Soak
    | TakeWounds
    | RollDeathTest
    | RecoverShock
    | Reload
    | RollInitiative
    | AwardWrath
    | SpendWrath
    | GainGlory
    | SpendGlory
    | GainRuin
    | SpendRuin
    | RegroupTroops
    | StartEncounter
    | EndEncounter
    | JoinEncounter
    | SeizeInitiative
    | Interrupt
    | MakeAware
    | ContestInitiative
    | Prepare
    | Move
    | TakeAction
    | TotalDefence
    | Override
    | RollResistanceTest
)

COMMANDS: tuple[type[Command], ...] = members(WngCommand, Command)
