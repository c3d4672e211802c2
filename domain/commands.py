"""The base of every command and the references every command may carry."""

from __future__ import annotations

import msgspec


class PostRef(msgspec.Struct, frozen=True, kw_only=True):
    """The forum post a command comes from; its id is the natural idempotency key."""

    id: str | None = None
    url: str | None = None
    author: str | None = None


class Command(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of all commands: an imperative request, tagged by `type`, with the common fields."""

    post: PostRef | None = None
    expected_version: int | None = None


class Actor(msgspec.Struct, frozen=True):
    """Who sends a command: a participant of the campaign and its role there."""

    participant_id: str
    role: str  # "gm" | "player" | "observer"

    @property
    def is_gm(self) -> bool:
        return self.role == "gm"
