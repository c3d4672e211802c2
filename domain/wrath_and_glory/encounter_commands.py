"""Encounter commands: start and end, pick who acts, seize, interrupt, ambush awareness, Prepare, actions;
and the GM's rulings: overrides, corruption and fear tests."""

from __future__ import annotations

from typing import Literal

from domain.commands import Command, Ref, ShortText, Slug
from domain.wrath_and_glory.encounter_events import MoveMode
from domain.wrath_and_glory.encounter_state import ActionKind, Side
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.ruling_events import OverridableCondition, ResistanceKind

RerollPayment = Literal["wrath", "ruin", "personal_ruin"]


class StartEncounter(Command, tag="wng_start_encounter", frozen=True, kw_only=True):
    """The GM opens an encounter: its id, who takes part, and which side (if any) ambushes."""

    encounter_id: Slug
    participants: tuple[Ref, ...]
    ambush: Side | None = None


class JoinEncounter(Command, tag="wng_join_encounter", frozen=True, kw_only=True):
    """The GM brings a reinforcement (hero or NPC) into the running encounter: it takes its side's picks of
    alternating activation from this round on, or from the next one with `next_round`."""

    character_id: Ref
    next_round: bool = False


class EndEncounter(Command, tag="wng_end_encounter", frozen=True, kw_only=True):
    """GM: end the running encounter; timed effects expire."""


class SeizeInitiative(Command, tag="wng_seize_initiative", frozen=True, kw_only=True):
    """After one of its side acts, the players (1 Glory) or the GM (1 Ruin) have `character_id` act next."""

    character_id: Ref


class Interrupt(Command, tag="wng_interrupt", frozen=True, kw_only=True):
    """1 Ruin: an NPC acts first in the round (once per round; no GM seize that round)."""

    character_id: Ref


class MakeAware(Command, tag="wng_make_aware", frozen=True, kw_only=True):
    """1 Glory (hero) or 1 Ruin (NPC): a surprised character acts normally in round 1 of the ambush."""

    character_id: Ref


class ContestInitiative(Command, tag="wng_contest_initiative", frozen=True, kw_only=True):
    """A prepared hero tries to act before the NPC the GM would pick: both roll initiative."""

    character_id: Ref
    npc_id: Ref


class Prepare(Command, tag="wng_prepare", frozen=True, kw_only=True):
    """The Prepare action: later, before an NPC acts, contest it with initiative rolls."""

    character_id: Ref


class Move(Command, tag="wng_move", frozen=True, kw_only=True):
    """A move action: standard (Speed), double (and the action), run (2 × Speed, −2 Defence), climb, swim.

    Climbing or swimming faster (`agility_test`): an Agility test (DN 3, a Wrath die) lets the move reach full
    Speed; a failure leaves half Speed. The test is settled when rolled: a reroll is declared here."""

    character_id: Ref
    mode: MoveMode = "standard"
    metres: float = 0
    agility_test: bool = False
    reroll: RerollPayment | None = None


class TotalDefence(Command, tag="wng_total_defence", frozen=True, kw_only=True):
    """The Total Defence action: move up to half Speed and roll Agility; each icon is +1 Defence until the
    start of the character's next turn. Bonus and Glory dice are bought here: the test is settled when rolled."""

    character_id: Ref
    metres: float = 0
    bonus_dice: tuple[Modifier, ...] = ()
    glory_dice: int = 0


class TakeAction(Command, tag="wng_take_action", frozen=True, kw_only=True):
    """Any other action, recorded against the turn budget (Disengage, Speak, a power, a Ruin action)."""

    character_id: Ref
    kind: ActionKind
    name: ShortText
    personal_ruin: bool = False


class Override(Command, tag="wng_override", frozen=True, kw_only=True):
    """The GM sets wounds, shock, death-test failures, troop members or conditions, saying why."""

    character_id: Ref
    reason: ShortText
    wounds: int | None = None
    shock: int | None = None
    death_failures: int | None = None
    members_left: int | None = None
    add_conditions: tuple[OverridableCondition, ...] = ()
    remove_conditions: tuple[OverridableCondition, ...] = ()


class RollResistanceTest(Command, tag="wng_roll_resistance_test", frozen=True, kw_only=True):
    """A corruption (Conviction) or fear (Resolve) test; failed → the GM gains 1 Ruin. A Wrath or Ruin
    reroll of the failed dice is declared here and used only if the first roll fails."""

    character_id: Ref
    kind: ResistanceKind
    dn: int = 3
    bonus_dice: tuple[Modifier, ...] = ()
    glory_dice: int = 0
    dn_penalties: tuple[Modifier, ...] = ()
    reroll: RerollPayment | None = None

