"""The cross-campaign feed never skips a committed event, even one whose commit is late."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import pytest

from domain.campaign.commands import GmNote
from domain.campaign.decide import CreateCampaign
from domain.commands import Actor
from service.commanding import Commander
from service.database import create_pool
from service.state_cache import StateCache
from service.store import EventStore

GM = Actor("gm", "gm")


@pytest.fixture
async def commander(database_url: str) -> Any:
    pool = await create_pool(database_url, 1, 10)
    store = EventStore(pool)
    yield Commander(store, StateCache(store))
    await pool.close()


async def read_all(store: EventStore) -> list[int]:
    xact, position, seen = 0, 0, []
    while True:
        page = await store.feed(xact, position, 2)
        if not page:
            return seen
        seen.extend(event.global_position for _, event in page)
        xact, last = page[-1]
        position = last.global_position


async def test_feed_waits_for_a_slow_commit_instead_of_skipping_it(commander: Commander) -> None:
    store = commander.store
    slow_campaign, _ = await commander.create_campaign(CreateCampaign(name="Slow", ruleset="deathwatch"))
    fast_campaign, _ = await commander.create_campaign(CreateCampaign(name="Fast", ruleset="deathwatch"))
    before = await read_all(store)
    assert len(before) == 6

    release = asyncio.Event()
    written = asyncio.Event()

    async def slow_append() -> None:
        async with store.write(slow_campaign) as writer:
            await writer.append([GmNote_event("slow")], [meta()], None)
            written.set()
            await release.wait()  # holds the commit open while others commit

    task = asyncio.create_task(slow_append())
    await written.wait()
    await commander.execute(fast_campaign, GM, GmNote(text="fast"), None, "d1")
    await commander.execute(fast_campaign, GM, GmNote(text="fast 2"), None, "d2")

    # The slow transaction took its global position first but has not committed: the reader must not
    # hand out the later, committed rows yet, or its cursor would pass the slow row forever.
    while_open = await read_all(store)
    assert while_open == before

    release.set()
    await task
    after = await read_all(store)
    assert len(after) == 9
    assert set(before) < set(after)


def GmNote_event(text: str) -> Any:  # noqa: N802 - reads as the event it builds
    from domain.campaign.events import GmNoted

    return GmNoted(text=text)


def meta() -> Any:
    from projections.recorded import EventMeta

    return EventMeta(actor="gm", role="gm", command_id=f"slow-{dt.datetime.now().timestamp()}")
