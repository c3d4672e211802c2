"""A command's id (`meta.command_id`) is the text of a random version-4 UUID (RFC 4122), as `str(uuid.uuid4())`
wrote it before `command_ids.command_id` wrote it without the UUID object."""

from __future__ import annotations

import secrets
import uuid

import pytest

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
    assert command_id() == str(uuid.UUID(bytes=raw, version=4))
