"""The base of every command and the references every command may carry."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.plain_text import MULTI_LINE, ONE_LINE, LongText, ShortText, WebUrl

Role = Literal["gm", "player", "observer"]

# Ids chosen by clients (characters, encounters, missions) stay URL- and forum-safe.
Slug = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9][a-z0-9_-]{0,63}$")]
__all__ = ["LongText", "ShortText", "WebUrl"]
# A reference to something the campaign already holds (a character, a test, a weapon): checked against the
# state by the rules, bounded here so that no client string of any length reaches the log.
Ref = Annotated[str, msgspec.Meta(min_length=1, max_length=200, pattern=ONE_LINE)]
# A free note a command carries (a reason, the GM's words), possibly empty; it may hold line breaks.
Note = Annotated[str, msgspec.Meta(max_length=2000, pattern=MULTI_LINE)]
# A forum display name: one line, possibly empty.
PostAuthor = Annotated[str, msgspec.Meta(max_length=200, pattern=ONE_LINE)]


class PostRef(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The forum post a command comes from; its id is the natural idempotency key.

    As the log holds it: events written before the edge checked urls and names may carry any text here
    (a `javascript:` url, a line break), so renderers treat every field as untrusted (docs/history.md).
    """

    id: Annotated[str, msgspec.Meta(min_length=1, max_length=200)] | None = None
    url: Annotated[str, msgspec.Meta(max_length=2000)] | None = None
    author: Annotated[str, msgspec.Meta(max_length=200)] | None = None


class SentPost(PostRef, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The forum post as a client sends it: one-line id and author, an absolute http(s) url."""

    id: ShortText | None = None
    url: WebUrl | None = None
    author: PostAuthor | None = None


class Command(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", forbid_unknown_fields=True):
    """Base of all commands: an imperative request, tagged by `type`, with the common fields."""

    post: SentPost | None = None
    expected_version: Annotated[int, msgspec.Meta(ge=0)] | None = None


class Actor(msgspec.Struct, frozen=True):
    """Who sends a command: a participant of the campaign and its role there."""

    participant_id: str
    role: Role

    @property
    def is_gm(self) -> bool:
        return self.role == "gm"


# Each class's tag, read once: msgspec builds a new StructConfig at every `__struct_config__`, and a command asks for
# its tag several times on its way (its envelope, the sealed-test checks).
_TAGS: dict[type[Command], str] = {}


def command_tag(command: Command) -> str:
    """The command's `type` as clients send it."""
    kind = type(command)
    found = _TAGS.get(kind)
    if found is None:
        tag = kind.__struct_config__.tag
        found = _TAGS[kind] = tag if isinstance(tag, str) else kind.__name__
    return found
