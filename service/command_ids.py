"""Command ids (`meta.command_id`): the text of a random version-4 UUID (RFC 4122), one per command."""

from __future__ import annotations

import os
import secrets
from collections import deque

# The next ids, made `BATCH` at a time from one draw of random bytes: one `getrandom` call and one warm loop for many
# commands, where making each id on its own cost a command ~5 µs on a path the processor's caches had gone cold for
# (~1 µs in a loop). The same CSPRNG and the same bytes uuid4 would draw; an id is unique, not secret (every reader
# of the log sees it). `deque.popleft` is atomic, so two threads never take the same id, and a forked child starts
# with none of its parent's (os.register_at_fork below): an id is never given twice.
BATCH = 256
_made: deque[str] = deque()
os.register_at_fork(after_in_child=_made.clear)


def _text(raw: bytes) -> str:
    """`str(uuid.UUID(bytes=raw, version=4))`: the version and variant bits set as RFC 4122 sets them."""
    marked = bytearray(raw)
    marked[6] = (marked[6] & 0x0F) | 0x40
    marked[8] = (marked[8] & 0x3F) | 0x80
    text = marked.hex()
    return f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}"


def command_id() -> str:
    """A new command id: `str(uuid.uuid4())`, the same text from the same 16 random bytes, without the UUID object in
    between: on every command."""
    try:
        return _made.popleft()
    except IndexError:
        block = secrets.token_bytes(16 * BATCH)  # os.urandom, as uuid4 draws
        made = [_text(block[start:start + 16]) for start in range(0, len(block), 16)]
        _made.extend(made[1:])
        return made[0]
