"""A live stream registers its campaign (live_listeners, migrations/0009) before its first read, so the append's
NOTIFY wakes it at once, and its process takes the registration back once its last reader of the campaign left."""

from __future__ import annotations

import asyncio
import time

import asyncpg

from tests.web.conftest import Served
from tests.web.test_live_stream import take

ROWS_OF = "SELECT count(*) FROM live_listeners WHERE campaign_id = $1::uuid"


async def _until_rows(connection: asyncpg.Connection, campaign_id: str, count: int) -> None:
    deadline = time.monotonic() + 5
    while await connection.fetchval(ROWS_OF, campaign_id) != count:
        assert time.monotonic() < deadline, f"never {count} rows for the campaign"
        await asyncio.sleep(0.05)


async def test_a_stream_registers_its_campaign_and_is_woken_well_before_its_idle_wake(
    served: Served, database_url: str
) -> None:
    campaign = await served.create("deathwatch")
    other = await served.create("deathwatch", name="Nobody watches")
    head = (await campaign.get(""))["version"]
    admin = await asyncpg.connect(database_url)
    try:
        assert await admin.fetchval("SELECT count(*) FROM live_listeners") == 0  # nobody streams yet

        async def write() -> None:
            await _until_rows(admin, campaign.id, 1)
            assert await admin.fetchval(ROWS_OF, other.id) == 0
            await asyncio.sleep(0.5)  # the stream's first read is done: the roll comes after it
            await campaign.ok({"type": "roll", "expression": "d100", "reason": "watched"})

        # A stream reads by itself every 15 s (docs/web.md): within 5 s, only the NOTIFY can have woken it.
        got = await asyncio.wait_for(take(served, campaign, 1, {}, during=write), 5)
        assert [e["id"] for e in got] == [head + 1]
        await _until_rows(admin, campaign.id, 0)  # its only reader left
    finally:
        await admin.close()
