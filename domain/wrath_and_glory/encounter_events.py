"""Encounter events: rounds, turns, initiative choices, actions against the turn budget, effects expiring."""

from __future__ import annotations

from typing import Literal

from domain.dice import Die
from domain.events import Event
from domain.wrath_and_glory.encounter_state import ActionKind, Side
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.outcome import WrathOutcome
from domain.wrath_and_glory.pool import PoolSize
from domain.wrath_and_glory.rolls import PoolDie

MoveMode = Literal["standard", "double", "run", "climb", "swim"]
ExpiryCause = Literal["turn_started", "encounter_ended"]


class EncounterStarted(Event, tag="wng_encounter_started", frozen=True, kw_only=True):
    """Round 1 begins (turn 0); with an ambush, the ambushing side acts first this round."""

    encounter_id: str
    participants: tuple[str, ...]
    ambush: Side | None = None


class EncounterJoined(Event, tag="wng_encounter_joined", frozen=True, kw_only=True):
    """A reinforcement joined the running encounter in `round`; it may be picked from `acts_from_round` on
    (this round if it is the same: it has not acted in it). It is never surprised by the encounter's ambush."""

    encounter_id: str
    character_id: str
    round: int
    acts_from_round: int


class RoundStarted(Event, tag="wng_round_started", frozen=True, kw_only=True):
    """Everyone has acted: a new round begins at turn 0, with fresh seize and interrupt choices."""

    encounter_id: str
    round: int


class InitiativeTaken(Event, tag="wng_initiative_taken", frozen=True, kw_only=True):
    """A side seized the initiative (Glory or Ruin) or the GM interrupted (Ruin); the turn it bought follows."""

    encounter_id: str
    side: Side
    how: Literal["seize", "interrupt"]
    character_id: str


class MadeAware(Event, tag="wng_made_aware", frozen=True, kw_only=True):
    """Glory or Ruin made a surprised character aware of the ambush: it acts normally in round 1."""

    encounter_id: str
    character_id: str


class InitiativeContested(Event, tag="wng_initiative_contested", frozen=True, kw_only=True):
    """A prepared hero and an NPC rolled initiative (no Wrath die, no DN); more icons acts first."""

    encounter_id: str
    character_id: str
    npc_id: str
    character_dice: tuple[Die, ...]
    npc_dice: tuple[Die, ...]
    character_icons: int
    npc_icons: int
    winner: str


class ActionTaken(Event, tag="wng_action_taken", frozen=True, kw_only=True):
    """Part of the acting character's turn used up: which parts, and by what."""

    character_id: str
    name: str
    kind: ActionKind
    move: bool = False
    normal: bool = False
    simple: int = 0
    full_turn: bool = False
    attack: bool = False
    troop_members: int = 0
    prepared: bool = False


class Moved(Event, tag="wng_moved", frozen=True, kw_only=True):
    """A move, double move, run, climb or swim; metres as declared (the engine tracks no positions)."""

    character_id: str
    mode: MoveMode
    metres: float
    max_metres: float


class TotalDefenceRolled(Event, tag="wng_total_defence_rolled", frozen=True, kw_only=True):
    """Total Defence: an Agility test with its Wrath die and no DN; its icons are the Defence bonus (a
    `wng_defence_effect_added` follows when there is one), and the move of up to half Speed it allowed."""

    test_id: str
    character_id: str
    pool: PoolSize
    dice: tuple[PoolDie, ...]
    icons: int
    exalted: int
    defence_bonus: int
    wrath: WrathOutcome
    metres: float
    max_metres: float


class MovementTestRolled(Event, tag="wng_movement_test_rolled", frozen=True, kw_only=True):
    """The Agility test of a climb or swim at full Speed (DN 3, a Wrath die), settled when rolled: its dice,
    any declared reroll (`rerolled`: the pool after it), and the result; the `wng_moved` follows."""

    test_id: str
    character_id: str
    mode: MoveMode
    pool: PoolSize
    dn: int
    dice: tuple[PoolDie, ...]
    rerolled: tuple[PoolDie, ...]
    icons: int
    success: bool
    wrath: WrathOutcome


class TurnEffectsExpired(Event, tag="wng_turn_effects_expired", frozen=True, kw_only=True):
    """Effects lasting until a character's next turn end: Defence changes and a Prepare not used."""

    character_id: str
    defence: tuple[Modifier, ...]
    prepared: bool
    cause: ExpiryCause


class EncounterEnded(Event, tag="wng_encounter_ended", frozen=True, kw_only=True):
    """The encounter ended after `rounds` rounds."""

    encounter_id: str
    rounds: int

