"""The ruleset-neutral state of a campaign, as the fold of its events leaves it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Union

import msgspec

from domain.campaign.entropy import NO_CONTRIBUTIONS
from domain.campaign.events import CharacterKind, Ruleset, StatValue
from domain.commands import Role
from domain.engine import RulesState
from domain.events import JsonObject
from domain.missions.state import MissionsState
from domain.rulesets import engines

# The rules engine's own state (typed sheets, wounds, pools, pending attacks): one of the registry's engines'
# states, told apart by their `engine` tag when a snapshot is read back.
if TYPE_CHECKING:
    AnyRules = RulesState
else:
    AnyRules = Union[tuple(engine.state_type for engine in engines())]  # noqa: UP007 - built from the registry


class Participant(msgspec.Struct, frozen=True):
    participant_id: str
    name: str
    role: Role
    # Set by participant_token_revoked, cleared by participant_token_rotated (a new token): whether the
    # participant holds a token that works. The last GM's may not be revoked (domain/campaign/decide.py).
    token_revoked: bool = False


class Character(msgspec.Struct, frozen=True):
    character_id: str
    name: str
    owner: str
    kind: CharacterKind
    stats: dict[str, StatValue]
    created_at_seq: int


class DiceEpoch(msgspec.Struct, frozen=True):
    epoch: int
    commitment: str
    revealed: bool = False
    algorithm: int = 1
    # Algorithm 2: the digest of the contributions so far (docs/fairness.md) and their seqs.
    entropy: str = NO_CONTRIBUTIONS
    contributions: tuple[int, ...] = ()
    # How many of them each participant made (by `meta.actor`): the quota counts these.
    contributed: dict[str, int] = {}


class SealedRoll(msgspec.Struct, frozen=True):
    """A sealed roll not yet revealed: what its reveal needs to recompute its faces."""

    epoch: int
    expression: str
    entropy: str | None = None
    # A sealed rules test: its command, the seq it was decided against, its outcome's commitment, its GM.
    command: JsonObject | None = None
    basis: int | None = None
    outcome: str | None = None
    gm: str | None = None


class TurnRecord(msgspec.Struct, frozen=True):
    """The live events of one (round, turn) of an encounter, in seq order."""

    round: int
    turn: int
    character_id: str | None
    seqs: tuple[int, ...]
    # Whether anything happened in it besides the turn moving (Engine.turn_moves), and the commands that wrote
    # its first and its last event: an undo takes an empty turn back with the turn before it when one command
    # crossed from that turn into it (an `!end-turn` that also started the next round and turn).
    acted: bool = True
    first_command: str = ""
    last_command: str = ""


class EncounterLog(msgspec.Struct, frozen=True, kw_only=True):
    """What undo and redo need: the live turns, and the undone turns that can still be redone."""

    turns: tuple[TurnRecord, ...] = ()
    redo: tuple[TurnRecord, ...] = ()
    # The seq of the latest live event of the encounter: its version, for a guarded undo.
    version: int = 0


def undo_span(log: EncounterLog) -> tuple[TurnRecord, ...]:
    """What an undo takes back: the latest turn, and while that turn is empty (only opened, by `!end-turn` or
    `!next-turn`, or a round's start) and the command that opened it also ended the turn before, that turn
    too — so after a horde's `!end-turn`, one undo takes back the horde's turn, the round change and the next
    turn it opened, and nothing before the horde's turn."""
    turns, first = log.turns, len(log.turns) - 1
    while (first > 0 and not turns[first].acted and turns[first].first_command
           and turns[first].first_command == turns[first - 1].last_command):
        first -= 1
    return turns[max(first, 0):]


class CampaignState(msgspec.Struct, frozen=True, kw_only=True):
    """Everything a generic command needs to be decided, and what `GET /campaigns/{id}` shows."""

    campaign_id: str = ""
    name: str = ""
    ruleset: Ruleset = "deathwatch"
    options: dict[str, StatValue | bool] = {}
    version: int = 0
    participants: dict[str, Participant] = {}
    characters: dict[str, Character] = {}
    session: int | None = None
    sessions_held: int = 0
    epoch: DiceEpoch | None = None
    rolls: int = 0
    notes: int = 0
    # Sealed rolls not yet revealed, by the seq of their `secret_roll_sealed`.
    sealed: dict[int, SealedRoll] = {}
    rules: AnyRules | None = None
    encounters: dict[str, EncounterLog] = {}
    missions: MissionsState = msgspec.field(default_factory=MissionsState)
    # Seqs of events a GM retracted that no later event reinstated; small, as corrections are rare.
    retracted: tuple[int, ...] = ()

    def gm_ids(self) -> tuple[str, ...]:
        return tuple(p.participant_id for p in self.participants.values() if p.role == "gm")
