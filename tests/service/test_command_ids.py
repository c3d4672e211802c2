"""A command's id (`meta.command_id`) is the text of a random version-4 UUID (RFC 4122), as `str(uuid.uuid4())`
wrote it before `command_ids.command_id` wrote it without the UUID object."""

from __future__ import annotations

import os
import secrets
import uuid
from collections import deque

import pytest

from service import command_ids
from service.command_ids import command_id


def test_a_command_id_is_the_canonical_text_of_a_random_version_4_uuid() -> None:
    ids = [command_id() for _ in range(2000)]
    assert len(set(ids)) == len(ids)
    for text in ids:
        parsed = uuid.UUID(text)
        assert str(parsed) == text and len(text) == 36
        assert parsed.version == 4 and parsed.variant == uuid.RFC_4122


@pytest.mark.parametrize("raw", [bytes(16), b"\xff" * 16, bytes(range(16)), bytes(range(200, 216))])
def test_the_same_random_bytes_give_the_text_uuid4_gives(raw: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(secrets, "token_bytes", lambda n: raw[:n])
    monkeypatch.setattr(command_ids, "_made", deque())  # no ids made before the patch left over
    assert command_id() == str(uuid.UUID(bytes=raw, version=4))


def test_ids_are_drawn_in_batches_and_never_twice() -> None:
    draws: list[int] = []
    real = secrets.token_bytes

    def counted(n: int) -> bytes:
        draws.append(n)
        return real(n)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(secrets, "token_bytes", counted)
        patch.setattr(command_ids, "_made", deque())
        ids = [command_id() for _ in range(3 * command_ids.BATCH + 1)]
    assert len(set(ids)) == len(ids)
    assert draws == [16 * command_ids.BATCH] * 4  # one draw a batch of ids


def test_a_forked_child_draws_its_own_ids() -> None:
    command_id()  # the parent holds drawn bytes a child would otherwise copy
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child process
        os.write(writer, command_id().encode())
        os._exit(0)
    os.close(writer)
    os.waitpid(child, 0)
    theirs = os.read(reader, 64).decode()
    os.close(reader)
    assert theirs != command_id()
    assert uuid.UUID(theirs).version == 4
