"""The parts of a Discord interaction the app reads (docs/discord.md), as Discord's documentation shapes them;
every other field Discord sends is ignored, so a field Discord adds never refuses an interaction."""

from __future__ import annotations

from typing import Any

import msgspec

PING = 1
APPLICATION_COMMAND = 2
# Application command types: a slash command, and a message's context-menu command.
CHAT_INPUT = 1
MESSAGE_COMMAND = 3
SUB_COMMAND = 1


class User(msgspec.Struct, frozen=True):
    id: str
    username: str = ""


class Member(msgspec.Struct, frozen=True):
    user: User | None = None
    # The member's permissions in the channel, a bit set written as a decimal string.
    permissions: str | None = None


class Option(msgspec.Struct, frozen=True):
    name: str
    type: int
    value: Any = None
    options: list[Option] = []


class Message(msgspec.Struct, frozen=True):
    id: str
    content: str = ""
    author: User | None = None
    channel_id: str | None = None


class Resolved(msgspec.Struct, frozen=True):
    messages: dict[str, Message] = {}


class CommandData(msgspec.Struct, frozen=True):
    name: str = ""
    type: int = CHAT_INPUT
    options: list[Option] = []
    resolved: Resolved | None = None
    target_id: str | None = None


class Interaction(msgspec.Struct, frozen=True):
    id: str
    application_id: str
    type: int
    token: str = ""
    data: CommandData | None = None
    guild_id: str | None = None
    channel_id: str | None = None
    member: Member | None = None
    # Set instead of `member` in a direct message.
    user: User | None = None
    locale: str | None = None

    @property
    def invoker(self) -> User | None:
        return self.member.user if self.member is not None and self.member.user is not None else self.user


DECODER = msgspec.json.Decoder(Interaction)

# Discord's permission bits that let a member bind their channel: ADMINISTRATOR, MANAGE_CHANNELS.
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4


def may_manage_channel(interaction: Interaction) -> bool:
    """In a server, the member needs Manage Channels (or Administrator); a direct message is the user's own."""
    if interaction.guild_id is None:
        return True
    bits = interaction.member.permissions if interaction.member is not None else None
    if bits is None or not bits.isdigit():
        return False
    return bool(int(bits) & (ADMINISTRATOR | MANAGE_CHANNELS))


def subcommand(data: CommandData) -> tuple[str, dict[str, Any]]:
    """`/lx post text:…` as ("post", {"text": …}); a command without a sub-command as (its name, {})."""
    for option in data.options:
        if option.type == SUB_COMMAND:
            return option.name, {o.name: o.value for o in option.options}
    return data.name, {o.name: o.value for o in data.options}
