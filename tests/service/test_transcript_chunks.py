"""A transcript is sent in chunks of tens of kilobytes, not one per frame, and the text is unchanged."""

from __future__ import annotations

from collections.abc import AsyncIterator

from service.api.transcripts import CHUNK, _chunked


async def _parts(texts: list[str]) -> AsyncIterator[str]:
    for text in texts:
        yield text


async def test_frames_are_joined_into_chunks_without_changing_the_text() -> None:
    texts = [f"frame {n}: Brother Kai rolls 2d10+3 → 14\n" for n in range(5000)]
    chunks = [chunk async for chunk in _chunked(_parts(texts))]
    assert "".join(chunks) == "".join(texts)
    assert len(chunks) < len(texts) / 100
    assert all(len(chunk) >= CHUNK for chunk in chunks[:-1])
    assert [chunk async for chunk in _chunked(_parts([]))] == []
