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


BURN_XIDS = """
CREATE TEMP TABLE burnt (n int);
CREATE FUNCTION pg_temp.burn_xids(n int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    -- Every block with an exception handler is a subtransaction, and its write takes a transaction id.
    FOR i IN 1..n LOOP
        BEGIN
            INSERT INTO burnt VALUES (i);
        EXCEPTION WHEN OTHERS THEN NULL;
        END;
    END LOOP;
END
$$;
"""


async def burn_to_just_below_a_power_of_ten(database_url: str, margin: int) -> int:
    """Move the server's transaction counter to `margin` below the next power of ten; answer that power."""
    import asyncpg

    connection = await asyncpg.connect(database_url)
    try:
        current = int(await connection.fetchval("SELECT pg_current_xact_id()::text"))
        power = 10 ** len(str(current + margin))
        await connection.execute(BURN_XIDS)
        if power - margin - current > 0:
            await connection.execute("SELECT pg_temp.burn_xids($1)", power - margin - current)
    finally:
        await connection.close()
    return power


async def test_feed_hands_out_1100_transactions_across_a_power_of_ten_exactly_once_in_order(
    commander: Commander, database_url: str
) -> None:
    """A tailer reads while four writers commit 1,100 transactions and one transaction is held open.

    The transaction counter is first moved to just below a power of ten, so the ids cross from n to
    n + 1 digits during the run: the place where ordering by their text skipped and repeated events.
    """
    store = commander.store
    campaigns = [(await commander.create_campaign(CreateCampaign(name=f"W{i}", ruleset="deathwatch")))[0]
                 for i in range(4)]
    power = await burn_to_just_below_a_power_of_ten(database_url, margin=400)
    seen: list[int] = []
    cursor = (0, 0)
    done = asyncio.Event()

    async def tail() -> None:
        nonlocal cursor
        while True:
            finished = done.is_set()
            page = await store.feed(*cursor, 7)
            if page:
                seen.extend(event.global_position for _, event in page)
                cursor = (page[-1][0], page[-1][1].global_position)
            elif finished:
                return
            else:
                await asyncio.sleep(0.001)

    held_open = asyncio.Event()
    release = asyncio.Event()

    async def held() -> None:
        async with store.write(campaigns[0]) as writer:
            await writer.append([GmNote_event("held")], [meta()], None)
            held_open.set()
            await release.wait()

    async def writer(campaign_id: str, count: int, offset: int) -> None:
        for n in range(count):
            await commander.execute(campaign_id, GM, GmNote(text=f"{offset + n}"), None, f"d{offset + n}")
            if offset == 0 and n == 150:
                release.set()  # the held transaction commits after 600 or so others did

    tailer = asyncio.create_task(tail())
    holder = asyncio.create_task(held())
    await held_open.wait()
    await asyncio.gather(*(writer(c, 275, 1000 * i) for i, c in enumerate(campaigns[1:] + campaigns[:1])))
    await holder
    done.set()
    await tailer

    rows = await store.pool.fetch(
        "SELECT xact_id::text AS xact, global_position FROM events ORDER BY events.xact_id, global_position"
    )
    assert len(rows) == 4 * 3 + 1 + 1100
    assert seen == [row[1] for row in rows]  # every committed event, exactly once, in commit-safe order
    digits = {len(row[0]) for row in rows[12:]}
    assert digits == {len(str(power)) - 1, len(str(power))}, (power, digits)  # the ids crossed a power of ten
