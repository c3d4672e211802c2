"""Every append statement wakes a registered listener exactly once when it commits, and never when it writes
nothing (docs/event-store.md, "Live wake-ups"): the locked path's (one event, several), the optimistic ones (one,
several) and the optimistic ones that check the token (one, several), on real PostgreSQL. Nothing is heard for a
lost race, a token that does not work or a key used before, whose statements commit nothing."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from domain.campaign.events import GmNoted
from projections.recorded import EventMeta
from service.database import create_pool
from service.live import CHANNEL, register
from service.store import EventStore, KeyAlreadyUsed, TokenNotValid
from service.tokens import token_hash
from tests.service.conftest import Campaign


class Listening:
    def __init__(self, store: EventStore, connection: asyncpg.Connection) -> None:
        self.store = store
        self.connection = connection
        self.heard: list[str] = []

    async def settled(self) -> list[str]:
        await asyncio.sleep(0.3)  # a NOTIFY is delivered at commit: ample for one to arrive
        heard, self.heard = self.heard, []
        return heard


@pytest.fixture
async def listening(campaign: Campaign, app_database_url: str) -> AsyncIterator[Listening]:
    pool = await create_pool(app_database_url, 1, 4)
    connection = await asyncpg.connect(app_database_url)
    found = Listening(EventStore(pool), connection)
    await connection.add_listener(CHANNEL, lambda *args: found.heard.append(str(args[-1])))
    await register(connection, [campaign.id])
    try:
        yield found
    finally:
        await connection.close()
        await pool.close()


def notes(count: int, command_id: str) -> tuple[list[Any], list[EventMeta]]:
    meta = EventMeta(actor="gm", role="gm", command_id=command_id, command_type="gm_note")
    return [GmNoted(text=f"{command_id} {index}") for index in range(count)], [meta] * count


@pytest.mark.parametrize("count", [1, 2])
async def test_the_locked_paths_append_wakes_once(campaign: Campaign, listening: Listening, count: int) -> None:
    async with listening.store.write(campaign.id) as writer:
        await writer.append(*notes(count, "locked"), None)
    assert await listening.settled() == [campaign.id]


@pytest.mark.parametrize("count", [1, 2])
async def test_the_optimistic_append_wakes_once_and_not_for_a_lost_race_or_a_used_key(
    campaign: Campaign, listening: Listening, count: int
) -> None:
    store = listening.store
    head = await store.head(campaign.id)
    written = await store.append_if_head(head, *notes(count, "first"), f"key {count}")
    assert written is not None and len(written) == count
    assert await listening.settled() == [campaign.id]
    assert await store.append_if_head(head, *notes(count, "lost race"), None) is None  # the head moved on
    with pytest.raises(KeyAlreadyUsed):
        await store.append_if_head(await store.head(campaign.id), *notes(count, "again"), f"key {count}")
    assert await listening.settled() == []
    assert (await store.head(campaign.id)).version == head.version + count


@pytest.mark.parametrize("count", [1, 2])
async def test_the_optimistic_append_with_the_token_wakes_once_and_not_when_it_writes_nothing(
    campaign: Campaign, listening: Listening, count: int
) -> None:
    store = listening.store
    head = await store.head(campaign.id)
    works = token_hash(campaign.gm_token)
    written, _ = await store.append_if_head_and_token(head, *notes(count, "first"), None, works)
    assert written is not None and len(written) == count
    assert await listening.settled() == [campaign.id]
    lost, _ = await store.append_if_head_and_token(head, *notes(count, "lost race"), None, works)
    assert lost is None
    with pytest.raises(TokenNotValid):
        await store.append_if_head_and_token(await store.head(campaign.id), *notes(count, "no such token"), None,
                                             hashlib.sha256(b"never issued").hexdigest())
    assert await listening.settled() == []
    assert (await store.head(campaign.id)).version == head.version + count
