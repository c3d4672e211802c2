"""A command is told at the edge, after its transaction, and only where an answer tells it (docs/architecture.md,
"The write path"): the commander records and answers events and states; rendering them in English and Spanish
is the answer's work, done holding no head lock, and skipped by endpoints whose answer tells nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import pytest

import projections.rendering.post_answer
import projections.results
from service import store

from .conftest import Campaign


class Watch:
    """Counts every telling of a command (projections.rendering.told.tell_in, wherever it is called from, and a
    free roll's `told_roll`) and the write transactions (head locks) open at that moment."""

    def __init__(self) -> None:
        self.told = 0
        self.open_writes = 0
        self.told_while_locked = 0


@contextmanager
def watching(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    watch = Watch()
    real_write = store.EventStore.write

    @asynccontextmanager
    async def write(self: store.EventStore, campaign_id: str) -> AsyncIterator[store.Writer]:
        async with real_write(self, campaign_id) as writer:
            watch.open_writes += 1
            try:
                yield writer
            finally:
                watch.open_writes -= 1

    def telling(real: Any) -> Any:
        def tell_in(*args: Any, **kwargs: Any) -> Any:
            watch.told += 1
            watch.told_while_locked += watch.open_writes > 0
            return real(*args, **kwargs)
        return tell_in

    monkeypatch.setattr(store.EventStore, "write", write)
    for module in (projections.results, projections.rendering.post_answer):
        monkeypatch.setattr(module, "tell_in", telling(module.tell_in))
    # A free roll's own telling (issue 23), which tells it without `tell_in` (or hands it back to it: None).
    told_roll = projections.results.told_roll

    def telling_a_roll(*args: Any) -> Any:
        told = told_roll(*args)
        if told is not None:
            watch.told += 1
            watch.told_while_locked += watch.open_writes > 0
        return told

    monkeypatch.setattr(projections.results, "told_roll", telling_a_roll)
    yield watch


async def test_an_invitation_and_a_token_rotation_are_recorded_without_being_told(
        campaign: Campaign, monkeypatch: pytest.MonkeyPatch) -> None:
    with watching(monkeypatch) as watch:
        invited = await campaign.client.post(f"/campaigns/{campaign.id}/participants", headers=campaign.auth(),
                                             json={"name": "Ana", "role": "player"})
        participant = invited.json()["participant_id"]
        rotated = await campaign.client.post(f"/campaigns/{campaign.id}/participants/{participant}/token",
                                             headers=campaign.auth())
    assert (invited.status_code, rotated.status_code) == (201, 201), rotated.text
    assert [e["type"] for e in rotated.json()["events"]] == ["participant_token_rotated"]
    assert watch.told == 0


async def test_a_command_is_told_once_after_its_transaction_in_both_languages(
        campaign: Campaign, monkeypatch: pytest.MonkeyPatch) -> None:
    await campaign.ok({"type": "start_session"})
    with watching(monkeypatch) as watch:
        answer = await campaign.ok({"type": "roll", "expression": "2d10", "reason": "scatter"})
        note = await campaign.ok({"type": "gm_note", "text": "the hive sleeps"})
    assert set(answer["result"]["rendered"]) == {"en", "es"} and "2d10" in answer["result"]["rendered"]["en"]
    assert set(note["result"]["rendered_bbcode"]) == {"en", "es"}
    assert watch.told == 2 and watch.told_while_locked == 0


async def test_a_post_is_told_after_its_transaction(campaign: Campaign, monkeypatch: pytest.MonkeyPatch) -> None:
    with watching(monkeypatch) as watch:
        made = await campaign.client.post(f"/campaigns/{campaign.id}/posts", headers=campaign.auth(),
                                          json={"post": {"id": "told-1"}, "text": "!roll d6 for luck\n!note ready"})
    assert made.status_code == 201, made.text
    results = made.json()["results"]
    assert [r["type"] for r in results] == ["roll", "gm_note"]
    assert all(set(r["rendered"]) == {"en", "es"} for r in results)
    assert watch.told == 2 and watch.told_while_locked == 0
