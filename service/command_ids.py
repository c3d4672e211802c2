"""Command ids (`meta.command_id`): the text of a random version-4 UUID (RFC 4122), one per command."""

from __future__ import annotations

import os
import secrets
from collections import deque

# The random bytes of the next ids, drawn from the operating system `BATCH` ids at a time: one `getrandom` call for
# many commands, where one a command cost ~4 µs on a cold path (the kernel entered from a thread that just woke up)
# against ~0.5 in a warm loop. The same CSPRNG and the same bytes uuid4 would draw; an id is unique, not secret (every
# reader of the log sees it). `deque.popleft` is atomic, so two threads never take the same bytes, and a forked child
# starts with none of its parent's (os.register_at_fork below): a drawn id is never drawn twice.
BATCH = 256
_drawn: deque[bytes] = deque()
os.register_at_fork(after_in_child=_drawn.clear)


def command_id() -> str:
    """A new command id: `str(uuid.uuid4())`, the same text from the same 16 random bytes (the version and variant
    bits set as RFC 4122 sets them), without the UUID object in between: on every command."""
    try:
        raw = bytearray(_drawn.popleft())
    except IndexError:
        block = secrets.token_bytes(16 * BATCH)  # os.urandom, as uuid4 draws
        _drawn.extend(block[start:start + 16] for start in range(16, len(block), 16))
        raw = bytearray(block[:16])
    raw[6] = (raw[6] & 0x0F) | 0x40
    raw[8] = (raw[8] & 0x3F) | 0x80
    text = raw.hex()
    return f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}"
