"""`GET /campaigns/{id}/stream`: every committed event once, in order, resumable, fed by one LISTEN per process."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import httpx

from tests.web.conftest import Campaign, Served


async def sse(response: httpx.Response) -> AsyncIterator[dict[str, Any]]:
    """The stream's events as {id, data} (comments and retry lines skipped)."""
    event: dict[str, Any] = {}
    async for line in response.aiter_lines():
        if line == "":
            if "data" in event:
                yield event
            event = {}
        elif line.startswith("id: "):
            event["id"] = int(line[4:])
        elif line.startswith("data: "):
            event["data"] = json.loads(line[6:])


async def take(served: Served, campaign: Campaign, count: int, headers: dict[str, str], query: str = "",
               during: Any = None) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    async with served.client.stream("GET", f"/campaigns/{campaign.id}/stream{query}",
                                    headers={**campaign.auth(), **headers}) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        writer = asyncio.create_task(during()) if during is not None else None
        async for event in sse(response):
            got.append(event)
            if len(got) == count:
                break
        if writer is not None:
            await writer
    return got


async def test_the_stream_sends_each_new_event_once_and_resumes_after_last_event_id(served: Served) -> None:
    campaign = await served.create("deathwatch")
    head = (await campaign.get(""))["version"]

    async def write() -> None:
        await asyncio.sleep(0.3)
        for n in range(5):
            await campaign.ok({"type": "roll", "expression": "d100", "reason": f"r{n}", "post": {"id": f"live-{n}"}})

    live = await take(served, campaign, 5, {}, during=write)
    assert [e["id"] for e in live] == list(range(head + 1, head + 6))
    assert [e["data"]["seq"] for e in live] == [e["id"] for e in live]
    stored = await campaign.get(f"/events?after_seq={head}")
    assert [e["data"] for e in live] == stored["events"]  # the same records as the log

    # A reader that dropped after the second event resumes with Last-Event-ID: the rest, nothing twice,
    # including what was committed while it was away.
    await campaign.ok({"type": "gm_note", "text": "while nobody listened"})
    resumed = await take(served, campaign, 4, {"Last-Event-ID": str(head + 2)})
    assert [e["id"] for e in resumed] == list(range(head + 3, head + 7))
    # ?after= is where a page starts (the last seq it shows); Last-Event-ID wins over it on a reconnect.
    from_query = await take(served, campaign, 2, {}, query=f"?after={head + 4}")
    assert [e["id"] for e in from_query] == [head + 5, head + 6]
    both = await take(served, campaign, 1, {"Last-Event-ID": str(head + 5)}, query="?after=1")
    assert [e["id"] for e in both] == [head + 6]


async def test_many_readers_share_one_listening_connection_and_miss_nothing(
    served: Served, database_url: str
) -> None:
    campaign = await served.create("dark_heresy")
    head = (await campaign.get(""))["version"]
    total = 30

    async def write() -> None:
        await asyncio.sleep(0.3)
        # Bursts: several commits land between two wake-ups; NOTIFY coalesces, the reads do not.
        await asyncio.gather(*(campaign.ok({"type": "gm_note", "text": f"n{n}"}) for n in range(total)))

    readers = [take(served, campaign, total, {}) for _ in range(6)]
    results = await asyncio.gather(write(), *readers)
    for got in results[1:]:
        assert [e["id"] for e in got] == list(range(head + 1, head + total + 1))
    admin = await asyncpg.connect(database_url)
    try:
        listening = await admin.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND application_name = 'lexmechanic-live'"
        )
    finally:
        await admin.close()
    assert listening == 1


async def test_the_stream_needs_a_reader_and_takes_a_share_link(served: Served) -> None:
    campaign = await served.create("deathwatch")
    refused = await served.client.get(f"/campaigns/{campaign.id}/stream")
    assert refused.status_code == 401
    bad = await served.client.get(f"/campaigns/{campaign.id}/stream", headers={**campaign.auth(),
                                                                                 "Last-Event-ID": "x"})
    assert bad.status_code == 400
    key = await campaign.share()

    async def write() -> None:
        await asyncio.sleep(0.3)
        await campaign.ok({"type": "gm_note", "text": "for the forum"})

    got: list[dict[str, Any]] = []
    async with served.client.stream("GET", f"/campaigns/{campaign.id}/stream?share={key}") as response:
        assert response.status_code == 200
        writer = asyncio.create_task(write())
        async for event in sse(response):
            got.append(event)
            break
        await writer
    assert got[0]["data"]["type"] == "gm_noted"


async def test_a_dropped_listening_connection_loses_no_event(served: Served, database_url: str) -> None:
    """The listener's connection is killed mid-stream; events committed meanwhile still arrive, in order."""
    campaign = await served.create("deathwatch")
    head = (await campaign.get(""))["version"]
    admin = await asyncpg.connect(database_url)

    async def outage() -> None:
        await asyncio.sleep(0.5)
        killed = await admin.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND application_name = 'lexmechanic-live'"
        )
        assert killed == 1
        for n in range(3):  # committed while nobody listens: no NOTIFY reaches this process
            await campaign.ok({"type": "gm_note", "text": f"during the outage {n}"})

    try:
        got = await asyncio.wait_for(take(served, campaign, 3, {}, during=outage), 20)
    finally:
        await admin.close()
    assert [e["id"] for e in got] == [head + 1, head + 2, head + 3]


async def test_the_streams_first_line_asks_browsers_to_reconnect_after_two_seconds(served: Served) -> None:
    campaign = await served.create("deathwatch")
    async with served.client.stream("GET", f"/campaigns/{campaign.id}/stream", headers=campaign.auth()) as response:
        lines = response.aiter_lines()
        assert await anext(lines) == "retry: 2000"  # docs/web.md: "a first line `retry: 2000`"
