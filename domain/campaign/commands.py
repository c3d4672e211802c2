"""Commands every campaign accepts whatever its ruleset."""

from __future__ import annotations

from typing import Annotated

import msgspec

# The one registry's command lives in domain.characters; it is a campaign command, so it is named here too.
from domain.characters import CreateCharacter as CreateCharacter
from domain.commands import Command, LongText, Ref, Role, ShortText, Slug
from domain.message import Lang
from domain.plain_text import ONE_LINE

Seqs = Annotated[tuple[Annotated[int, msgspec.Meta(ge=1)], ...], msgspec.Meta(min_length=1, max_length=1000)]


class InviteParticipant(Command, frozen=True, tag="invite_participant"):
    name: ShortText
    role: Role


class RevokeParticipantToken(Command, frozen=True, tag="revoke_participant_token"):
    """GM: the participant's token stops working at once, and so do its web sessions; it stays a participant."""

    participant_id: Ref


class RotateParticipantToken(Command, frozen=True, tag="rotate_participant_token"):
    """GM: a new token for the participant (shown once); the old one stops working at once, and so do its web
    sessions. It also gives a revoked participant a way back in."""

    participant_id: Ref


# Commands about who holds which token: each has its own endpoint (docs/api.md), never POST /commands, whose
# answers and forum replies must never carry a token.
PARTICIPANT_COMMANDS: tuple[type[Command], ...] = (InviteParticipant, RevokeParticipantToken, RotateParticipantToken)


class SetParticipantLanguage(Command, frozen=True, tag="set_participant_language"):
    """The language a participant's replies take when a post's own words leave it open (docs/api.md, "Posts"):
    a participant sets its own, the GM anyone's; no `lang` clears it. Omitting `participant_id` means oneself."""

    lang: Lang | None = None
    participant_id: Ref | None = None


class StartSession(Command, frozen=True, tag="start_session"):
    """GM: open a session (optionally titled); reveals the previous dice epoch's seed and commits a new one."""

    title: ShortText | None = None


class EndSession(Command, frozen=True, tag="end_session"):
    """GM: close the open session and reveal its dice seed, so anyone can check its rolls."""


class Roll(Command, frozen=True, tag="roll"):
    """Roll a dice expression (`2d10+3`, `d100`; at most 100 dice of up to 1000 sides), free or for a character."""

    expression: Annotated[str, msgspec.Meta(min_length=1, max_length=200, pattern=ONE_LINE)]
    reason: ShortText
    character_id: Ref | None = None
    # GM only: the roll is sealed (docs/fairness.md, "Secret rolls"); only the GM's answer shows its faces
    # until `reveal_secret_roll` or the reveal of its epoch's seed.
    secret: bool = False


class RevealSecretRoll(Command, frozen=True, tag="reveal_secret_roll"):
    """GM: reveal a sealed roll (named by the seq of its `secret_roll_sealed`): its key, faces and total."""

    seq: Annotated[int, msgspec.Meta(ge=1)]


class GmNote(Command, frozen=True, tag="gm_note"):
    """GM: a note in the log (a ruling, a scene change) that the transcript shows."""

    text: LongText


class RevealDiceSeed(Command, frozen=True, tag="reveal_dice_seed"):
    """GM: reveal the current dice epoch's seed now and commit a new one."""


class ContributeEntropy(Command, frozen=True, tag="contribute_entropy"):
    """Mix a string of the sender's choice (e.g. a phrase from its forum post) into the active epoch's dice."""

    entropy: ShortText


class Retract(Command, frozen=True, tag="retract"):
    """GM: void rolls or notes by seq; the fold skips them, the log keeps them."""

    seqs: Seqs
    reason: ShortText


class Reinstate(Command, frozen=True, tag="reinstate"):
    """GM: bring back retracted events by seq."""

    seqs: Seqs
    reason: ShortText


class UndoTurn(Command, frozen=True, tag="undo_turn"):
    """Undo the latest live turn of the encounter; `expected_encounter_version` guards against surprises."""

    encounter: Slug
    expected_encounter_version: Annotated[int, msgspec.Meta(ge=0)] | None = None


class RedoTurn(Command, frozen=True, tag="redo_turn"):
    """Restore the encounter's last undone turn, as long as nothing was done since the undo."""

    encounter: Slug


CAMPAIGN_COMMANDS: tuple[type[Command], ...] = (
    StartSession,
    EndSession,
    CreateCharacter,
    Roll,
    RevealSecretRoll,
    GmNote,
    RevealDiceSeed,
    ContributeEntropy,
    Retract,
    Reinstate,
    UndoTurn,
    RedoTurn,
    SetParticipantLanguage,
)
