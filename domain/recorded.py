"""An event as the store hands it to the folds: its seq in the campaign, the event, and its envelope meta."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.commands import PostRef, Role
from domain.events import Event


class DiceProvenance(msgspec.Struct, frozen=True, omit_defaults=True, gc=False):
    """Which epoch's seed and which nonce the dice of this event were drawn from.

    `entropy`, for an epoch of dice algorithm 2, is the digest of the contributions the dice mixed in.
    """

    epoch: int
    nonce: int
    entropy: str | None = None


class EventMeta(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """The envelope facts of an event: who, from which post, inside which session/encounter/turn."""

    actor: str | None = None
    role: Role | None = None
    post: PostRef | None = None
    command_id: str | None = None
    command_type: str | None = None
    request_digest: str | None = None
    # Written by POST /campaigns/{id}/posts: the line of the post this event's command came from.
    line: int | None = None
    session: int | None = None
    encounter: str | None = None
    round: int | None = None
    turn: int | None = None
    turn_character: str | None = None
    dice: DiceProvenance | None = None
    # On a command's first event only: the command as decided (its JSON body without `post` and
    # `expected_version`, which the envelope and the seq already say), so that a verifier can decide it
    # again with the recorded dice and require the recorded events (docs/audit-format.md, "Replaying the rules").
    command: dict[str, Any] | None = None


class Recorded(msgspec.Struct, frozen=True, gc=False):
    seq: int
    event: Event
    meta: EventMeta
