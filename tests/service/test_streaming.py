"""Export and online verification read the database a page at a time: memory does not grow with the log."""

from __future__ import annotations

import tracemalloc
from typing import Any

import pytest

from domain.campaign.decide import CreateCampaign
from domain.campaign.events import GmNoted
from projections.recorded import EventMeta
from service.commanding import Commander
from service.database import create_pool
from service.exporting import PAGE, export_lines, verify_stored
from service.state_cache import StateCache
from service.store import EventStore, Head

EVENTS = 12 * PAGE


@pytest.fixture
async def long_campaign(app_database_url: str) -> Any:
    pool = await create_pool(app_database_url, 1, 2)
    store = EventStore(pool)
    campaign_id, _ = await Commander(store, StateCache(store)).create_campaign(CreateCampaign(name="Long", ruleset="deathwatch"))
    seq = 3
    while seq < EVENTS:
        async with store.write(campaign_id) as writer:
            batch = [GmNoted(text=f"note {seq + i} " + "x" * 300) for i in range(min(PAGE, EVENTS - seq))]
            metas = [EventMeta(actor="gm", role="gm", command_id=f"c{seq + i}") for i in range(len(batch))]
            await writer.append(batch, metas, None)
            seq += len(batch)
    yield store, campaign_id
    await pool.close()


async def peaks(store: EventStore, head: Head) -> tuple[int, int, int]:
    """Peak traced memory of exporting and of verifying up to `head`, and the export's size."""
    tracemalloc.start()
    size = 0
    async for chunk in export_lines(store, head):
        size += len(chunk)
    _, export_peak = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    report = await verify_stored(store, head)
    _, verify_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert report.ok and report.events == head.version
    return export_peak, verify_peak, size


async def test_export_and_verify_memory_does_not_grow_with_the_log(long_campaign: Any) -> None:
    store, campaign_id = long_campaign
    whole = await store.head(campaign_id)
    # The same campaign read only to its third page, as if it were that long.
    third = (await store.stored(campaign_id, 3 * PAGE - 1, 3 * PAGE, 1))[0]
    short = Head(campaign_id, whole.ruleset, 3 * PAGE, third.hash)
    short_export, short_verify, short_size = await peaks(store, short)
    long_export, long_verify, long_size = await peaks(store, whole)
    assert long_size > 3.5 * short_size
    # Four times the log, the same memory (a page's worth, give or take the allocator's noise).
    assert long_export < 1.5 * short_export and long_verify < 1.5 * short_verify, (
        short_export, long_export, short_verify, long_verify)
