"""The fast path's answer bytes are `encode_json`'s (service/api/command_fast_path.py, `_Rendering.encoded`): the
same bytes for answers of every size, one after the other in the kept buffer, and the same error."""

from __future__ import annotations

import datetime as dt
import uuid

import msgspec
import pytest
from litestar.exceptions import SerializationException
from litestar.serialization import encode_json, get_serializer

from service.api.command_fast_path import KEPT_BUFFER_BYTES, _Rendering


class _Answer(msgspec.Struct):
    version: int
    events: list[dict[str, object]]
    at: dt.datetime
    id: uuid.UUID


def _answer(events: int) -> _Answer:
    return _Answer(version=events, events=[{"seq": n, "text": "é\u202e\"<b>" * (n % 7)} for n in range(events)],
                   at=dt.datetime(2026, 12, 4, 18, 0, tzinfo=dt.UTC), id=uuid.UUID(int=events))


def test_the_answer_bytes_are_encode_jsons_whatever_came_before() -> None:
    serializer = get_serializer(None)
    rendering = _Rendering(b"application/json", serializer)
    # Small, large (beyond the kept buffer), then small again: the buffer never leaks an earlier answer's tail.
    for events in (3, 1, 40, 5_000, 2, 0, 300):
        content = _answer(events)
        assert rendering.encoded(content) == encode_json(content, serializer)
    assert len(rendering.buffer) <= KEPT_BUFFER_BYTES


def test_what_encode_json_refuses_is_refused_alike() -> None:
    rendering = _Rendering(b"application/json", get_serializer(None))
    with pytest.raises(SerializationException):
        encode_json(object(), get_serializer(None))
    with pytest.raises(SerializationException):
        rendering.encoded(object())
