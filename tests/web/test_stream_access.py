"""The live stream keeps asking whether its reader may still read, and lives at most a while (issue 18, 15).

The attack: a forum reader opens the timeline with a share link; the GM revokes the link; the reader's
already open `GET /campaigns/{id}/stream` must not go on receiving every new event. And a stream has a
maximum life, after which the server closes it and the browser resumes with Last-Event-ID, losing nothing.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import httpx
import msgspec

from tests.web.conftest import Served, serving, web_settings


async def frames(response: httpx.Response) -> list[dict[str, Any]]:
    """Every frame of a stream until the server ends it, as docs/web.md writes them: {event?, id?, data}."""
    got: list[dict[str, Any]] = []
    frame: dict[str, Any] = {}
    async for line in response.aiter_lines():
        if line == "":
            if "data" in frame:
                got.append(frame)
            frame = {}
        elif line.startswith("event: "):
            frame["event"] = line[7:]
        elif line.startswith("id: "):
            frame["id"] = int(line[4:])
        elif line.startswith("data: "):
            frame["data"] = json.loads(line[6:])
    return got


async def test_a_revoked_share_links_open_stream_ends_saying_why(served: Served) -> None:
    campaign = await served.create("deathwatch")
    key = await campaign.share()
    link_id = (await campaign.get("/share-links"))["links"][0]["link_id"]
    head = (await campaign.get(""))["version"]
    got: list[dict[str, Any]] = []

    async def read() -> None:
        async with served.client.stream("GET", f"/campaigns/{campaign.id}/stream?share={key}&lang=es") as response:
            assert response.status_code == 200
            got.extend(await frames(response))

    reader = asyncio.create_task(read())
    await asyncio.sleep(0.5)
    await campaign.ok({"type": "gm_note", "text": "before the revocation"})
    await asyncio.sleep(0.5)
    revoked = await served.client.delete(f"/campaigns/{campaign.id}/share-links/{link_id}", headers=campaign.auth())
    assert revoked.status_code == 204
    revoked_at = time.monotonic()
    await campaign.ok({"type": "gm_note", "text": "after the revocation: the GM's secret plan"})
    # The stream ends by itself, promptly (the revocation wakes it), after a last frame that says why.
    await asyncio.wait_for(reader, 20)
    assert time.monotonic() - revoked_at < 10  # woken by the revocation, not by the 15 s idle wake-up
    assert [f.get("id") for f in got[:-1]] == [head + 1]
    assert all("secret plan" not in json.dumps(f) for f in got)
    last = got[-1]
    assert last["event"] == "revoked" and "id" not in last
    assert last["data"]["reason"] == "share-link-revoked"
    assert "revocó" in last["data"]["detail"]  # in the reader's language (?lang=es)
    # Reconnecting (what a browser would do without the page's script) is refused: no endless retries.
    again = await served.client.get(f"/campaigns/{campaign.id}/stream?share={key}",
                                    headers={"Last-Event-ID": str(head + 1)})
    assert again.status_code == 401


async def test_a_stream_ends_after_its_maximum_life_and_resuming_loses_nothing(database_url: str) -> None:
    settings = msgspec.structs.replace(web_settings(database_url), stream_max_seconds=1.0)
    async with serving(settings) as served:
        campaign = await served.create("deathwatch")
        head = (await campaign.get(""))["version"]
        total = 16

        async def write() -> None:
            for n in range(total):  # commits land before, during and between the streams' lives
                await campaign.ok({"type": "gm_note", "text": f"n{n}"})
                await asyncio.sleep(0.2)

        writer = asyncio.create_task(write())
        seen: list[int] = []
        lives: list[float] = []
        last = head
        while len(seen) < total:
            started = time.monotonic()
            # As a browser reconnects: from the last id received (Last-Event-ID), after the server closed.
            async with served.client.stream("GET", f"/campaigns/{campaign.id}/stream", headers={
                    **campaign.auth(), "Last-Event-ID": str(last)}) as response:
                assert response.status_code == 200
                got = await asyncio.wait_for(frames(response), 10)
            lives.append(time.monotonic() - started)
            assert all("event" not in f for f in got)  # closing for age is not a revocation
            seen += [f["id"] for f in got]
            last = seen[-1] if seen else last
        await writer
        assert seen == list(range(head + 1, head + total + 1))  # every event once, in order, across the closes
        assert len(lives) >= 2 and all(0.9 < life < 15 for life in lives), lives


async def test_a_browser_resumes_across_the_maximum_life_and_stops_on_revocation(
    database_url: str, context: Any
) -> None:
    settings = msgspec.structs.replace(web_settings(database_url), stream_max_seconds=1.0)
    async with serving(settings) as served:
        campaign = await served.create("deathwatch")
        key = await campaign.share()
        head = (await campaign.get(""))["version"]
        page = await context.new_page()
        streams: list[str] = []
        page.on("request", lambda request: streams.append(request.url) if "/stream" in request.url else None)
        await page.goto(f"{campaign.ui}?share={key}")
        # The page's own live script (live.js) opens the stream; a second EventSource records what arrives.
        await page.evaluate("""(url) => {
            window.seen = []; window.opened = 0;
            const source = new EventSource(url);
            source.onopen = () => { window.opened += 1; };
            source.onmessage = (m) => { window.seen.push(Number(m.lastEventId)); };
        }""", f"/campaigns/{campaign.id}/stream?share={key}&after={head}")  # from the known head: the first note
        # may commit before this EventSource has connected, and a stream without `after` starts at the head then
        for n in range(12):
            await campaign.ok({"type": "gm_note", "text": f"n{n}"})
            await asyncio.sleep(0.4)
        expected = list(range(head + 1, head + 13))
        for _ in range(100):
            if await page.evaluate("window.seen.length") >= len(expected):
                break
            await asyncio.sleep(0.1)
        assert await page.evaluate("window.seen") == expected
        assert await page.evaluate("window.opened") >= 2  # the server closed it, the browser came back
        for _ in range(200):  # live.js resumed too: every note reaches the page (it fetches the rows after)
            timeline = await page.locator("#timeline").inner_text()
            if "n11" in timeline:
                break
            await asyncio.sleep(0.1)
        assert all(f"GM note: n{n}\n" in timeline + "\n" for n in range(12)), timeline

        # Revoked: live.js stops (no reconnects) and says why, in the page's words.
        link_id = (await campaign.get("/share-links"))["links"][0]["link_id"]
        await served.client.delete(f"/campaigns/{campaign.id}/share-links/{link_id}", headers=campaign.auth())
        for _ in range(100):  # (the pages' CSP forbids eval: wait_for_function cannot poll them)
            if await page.locator("#live-status").get_attribute("data-ended") == "yes":
                break
            await asyncio.sleep(0.1)
        status = await page.locator("#live-status").inner_text()
        assert "revoked" in status
        before = len(streams)
        await asyncio.sleep(4.5)  # two of the browser's 2 s retries
        # Only the test's own EventSource may try again (and gets a 401, which ends it too).
        assert len(streams) - before <= 1, streams[before:]
        await page.close()
