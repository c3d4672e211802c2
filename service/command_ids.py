"""Command ids (`meta.command_id`): the text of a random version-4 UUID (RFC 4122), one per command."""

from __future__ import annotations

import secrets


def command_id() -> str:
    """A new command id: `str(uuid.uuid4())`, the same text from the same 16 random bytes (the version and variant
    bits set as RFC 4122 sets them), without the UUID object in between: on every command."""
    raw = bytearray(secrets.token_bytes(16))  # os.urandom, as uuid4 draws
    raw[6] = (raw[6] & 0x0F) | 0x40
    raw[8] = (raw[8] & 0x3F) | 0x80
    text = raw.hex()
    return f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}"
