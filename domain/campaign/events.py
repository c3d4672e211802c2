"""Events every campaign records whatever its ruleset."""

from __future__ import annotations

from typing import ClassVar

import msgspec

# The one registry's event lives in domain.characters; it is a campaign event, so it is named here too.
from domain.characters import CharacterCreated as CharacterCreated
from domain.characters import CharacterKind as CharacterKind
from domain.characters import StatValue as StatValue
from domain.commands import Role
from domain.dice import Die
from domain.dice_expression import Term
from domain.events import Event, JsonObject, RestoringEvent, VoidingEvent, members
from domain.message import Message

# A ruleset's name: a key of the registry, domain.rulesets.ENGINES (the edge refuses any other).
Ruleset = str


class CampaignCreated(Event, frozen=True, tag="campaign_created"):
    campaign_id: str
    name: str
    ruleset: Ruleset
    options: dict[str, StatValue | bool] = {}


class ParticipantJoined(Event, frozen=True, tag="participant_joined"):
    participant_id: str
    name: str
    role: Role


class ParticipantTokenRevoked(Event, frozen=True, tag="participant_token_revoked"):
    """The GM revoked the participant's token: it, and every web session signed in with it, stopped working.

    It names the participant only, never the token or its hash: the log is public to every reader and an
    export is handed to anyone, while a token's hash is what the service looks a token up by.
    """

    participant_id: str


class ParticipantTokenRotated(Event, frozen=True, tag="participant_token_rotated"):
    """The GM gave the participant a new token (shown once, to the GM): the old one, and every web session
    signed in with it, stopped working. Like a revocation, it names the participant only."""

    participant_id: str


class DiceSeedCommitted(Event, frozen=True, tag="dice_seed_committed"):
    """A new dice epoch begins; `commitment` is sha256(seed) in hex, the seed stays secret until revealed.

    `algorithm` names how the epoch's dice are drawn (docs/fairness.md): 1 for epochs written before
    player entropy existed (the field is absent there), 2 when dice mix in the players' contributions.
    """

    epoch: int
    commitment: str
    algorithm: int = 1


class DiceSeedRevealed(Event, frozen=True, tag="dice_seed_revealed"):
    """The epoch's seed (hex) is published: every die of that epoch can now be recomputed."""

    epoch: int
    seed: str


class EntropyContributed(Event, frozen=True, tag="entropy_contributed"):
    """A participant mixed a string of its choice into the active epoch's dice (algorithm 2).

    `digest` is the epoch's contribution digest after this one; every later die of the epoch uses it.
    """

    epoch: int
    entropy: str
    digest: str


class SessionStarted(Event, frozen=True, tag="session_started"):
    session: int
    title: str | None = None


class SessionEnded(Event, frozen=True, tag="session_ended"):
    session: int


class DiceRolled(Event, frozen=True, tag="dice_rolled"):
    """A free-form roll; `dice` are the raw dice (a d5 keeps its d10), `total` the evaluated sum."""

    schema_version: ClassVar[int] = 2  # v1 had no `terms` (see domain.upcasting)

    expression: str
    reason: str
    terms: tuple[Term, ...]
    dice: tuple[Die, ...]
    total: int
    character_id: str | None = None


class SecretRollSealed(Event, frozen=True, tag="secret_roll_sealed"):
    """The GM rolled in secret: what for and the dice's shape (`terms`), never a face.

    The faces are bound now: they are the dice of the roll key whose sha256 is `commitment`, and that key
    is HMAC-SHA256 of the epoch's seed (docs/fairness.md, "Secret rolls"); `entropy` is the epoch's
    contribution digest they mix in (None in an epoch of algorithm 1).
    """

    expression: str
    reason: str
    terms: tuple[Term, ...]
    epoch: int
    commitment: str
    entropy: str | None = None
    character_id: str | None = None
    # A sealed rules test (docs/fairness.md, "Secret rules tests"): the command decided (its body), the seq it
    # was decided against, the sides of each die it drew, sha256(key || its outcome's bytes) and the GM who
    # sealed it. All null (`shape` empty) for a free roll, whose `terms` say everything.
    command: JsonObject | None = None
    basis: int | None = None
    shape: tuple[int, ...] = ()
    outcome: str | None = None
    gm: str | None = None


class SecretRollRevealed(Event, frozen=True, tag="secret_roll_revealed"):
    """A sealed roll revealed: the roll key (hex), every die it gave and the total; anyone can recompute them."""

    roll: int  # the seq of the roll's `secret_roll_sealed`
    key: str
    dice: tuple[Die, ...]
    total: int
    # A sealed test's reveal: how many events follow it in its command, the test's outcome as sealed (its
    # `total` is 0: a test has no sum). 0 for a free roll.
    events: int = 0


class GmNoted(Event, frozen=True, tag="gm_noted"):
    text: str


class EventsRetracted(VoidingEvent, frozen=True, tag="events_retracted"):
    """The GM voids earlier events: they stay in the log but the fold skips them."""

    reason: str


class EventsReinstated(RestoringEvent, frozen=True, tag="events_reinstated"):
    """Earlier retracted events count again."""

    reason: str


class TurnUndone(VoidingEvent, frozen=True, tag="turn_undone"):
    """The latest live turn of an encounter is undone: every event stamped with it is voided."""

    encounter: str
    round: int
    turn: int


class TurnRedone(RestoringEvent, frozen=True, tag="turn_redone"):
    """The most recently undone turn counts again."""

    encounter: str
    round: int
    turn: int


class UnverifiableDie(msgspec.Struct, frozen=True, gc=False):
    """A die drawn from a seed that was never committed in the log: shown, never recomputable."""

    k: int
    sides: int
    face: int


class AttemptLine(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One command a refused attempt decided, in order, with the dice it drew (docs/fairness.md, "Refused
    attempts").

    `nonce` is the seq this command's first event would have had, the nonce its dice were drawn with;
    `entropy` the contribution digest they mixed in (None in an epoch of algorithm 1). `dice` are die records
    a verifier recomputes; `unverifiable` lists, as `{k, sides, face}`, dice drawn from a seed an earlier line
    of the same post committed and that was thrown away with it. `contributed` is the string this line
    contributed to the epoch's entropy (a `contribute_entropy` line), folded into the next lines' digest.
    """

    line: int | None
    source: str
    command_type: str
    nonce: int
    epoch: int
    entropy: str | None = None
    dice: tuple[Die, ...] = ()
    unverifiable: tuple[UnverifiableDie, ...] = ()
    contributed: str | None = None
    # The command the line decided, as `meta.command` keeps a command: the rules replay decides it again
    # (docs/audit-format.md, "Replaying the rules"). Absent from attempts recorded before it was kept.
    command: JsonObject | None = None


class AttemptRefusal(msgspec.Struct, frozen=True, kw_only=True, gc=False, omit_defaults=True):
    """Why an attempt was refused: at which line (None for a command sent alone), the kind of refusal
    (`rule-violation`, `forbidden`, `not-found`, `conflict`), the rule's name and its sentence.

    `reason` is the English sentence, as every reader of the log has always read it; `said` is the same
    refusal as a message of the catalog (its id and parameters), so a reader tells it in its own language.
    A refusal recorded before messages existed, or one the rules still word in prose, has no `said` (and the
    field is then left out of the event, so older events read and hash as they were written).
    """

    line: int | None
    source: str
    command_type: str
    kind: str
    rule: str | None
    reason: str
    # The refused command, as `meta.command` keeps a command (None in attempts recorded before it was kept).
    command: JsonObject | None = None
    said: Message | None = None


class AttemptRefused(Event, frozen=True, tag="attempt_refused"):
    """A post or a command was refused after it had drawn dice: what it tried, why it was refused, and every
    die it drew. The campaign's state does not change (the fold only moves the version); the dice stay in
    the log (docs/fairness.md)."""

    lines: tuple[AttemptLine, ...]
    refusal: AttemptRefusal


class NonceReserved(Event, frozen=True, tag="nonce_reserved"):
    """Holds a seq that a refused attempt's later command used as its dice nonce, so that no later command
    starts there and draws the same dice again; `attempt` is the seq of its `attempt_refused`."""

    attempt: int


# Every event a campaign records whatever its ruleset: this union is the only list (the codec derives from it).
CampaignEvent = (
    CampaignCreated | ParticipantJoined | ParticipantTokenRevoked | ParticipantTokenRotated | DiceSeedCommitted
    | DiceSeedRevealed | EntropyContributed | SessionStarted
    | SessionEnded
    | CharacterCreated | DiceRolled | SecretRollSealed | SecretRollRevealed | GmNoted | EventsRetracted
    | EventsReinstated | TurnUndone | TurnRedone | AttemptRefused | NonceReserved
)
EVENTS: tuple[type[Event], ...] = members(CampaignEvent, Event)

# Events that are never part of an encounter turn, so undo can never void them: voiding a seed or a
# session would break the dice audit and the session history.
STRUCTURAL_EVENTS: tuple[type[Event], ...] = (
    CampaignCreated,
    ParticipantJoined,
    ParticipantTokenRevoked,
    ParticipantTokenRotated,
    DiceSeedCommitted,
    DiceSeedRevealed,
    EntropyContributed,
    SessionStarted,
    SessionEnded,
    EventsRetracted,
    EventsReinstated,
    TurnUndone,
    TurnRedone,
    AttemptRefused,
    NonceReserved,
    # A sealed roll and its reveal belong to no turn: undoing the turn it was sealed in would void the seal, so
    # the roll would never be revealed (the GM escaping an outcome it disliked; docs/fairness.md).
    SecretRollSealed,
    SecretRollRevealed,
)
