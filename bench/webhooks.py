"""`.venv/bin/python -m bench.webhooks [--events N] [--latency K]`: webhook delivery to a local receiver.

The service runs in this process (its app and its worker, as `serve` runs them) on a fresh database; the
receiver is an HTTP server on 127.0.0.1 in a thread that answers 204 at once. Two figures:
- latency: K single rolls one after the other; from the command's 201 to the delivery's arrival (same clock);
- throughput: N rolls recorded while the subscription is paused, then resumed; events delivered per second
  until the last arrives (one subscription delivers in order, one request at a time: this is its ceiling).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import msgspec
from litestar.testing import AsyncTestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.database import on_fresh_database  # noqa: E402
from service.app import create_app  # noqa: E402
from service.settings import Settings, WebhookSettings  # noqa: E402
from tests.service.webhook_receiver import Receiver  # noqa: E402

HOOKS = WebhookSettings(allow_private=True, retry_seconds=0.1, retry_max_seconds=1, pause_after=1, poll_seconds=1)


async def _until(check: Any, seconds: float = 600) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise TimeoutError("the deliveries did not all arrive")
        await asyncio.sleep(0.002)


async def measure(url: str, events: int, latency_runs: int) -> dict[str, float]:
    receiver = Receiver()
    receiver.start()
    settings = Settings(database_url=url, pool_min=2, pool_max=10, webhooks=HOOKS)
    try:
        async with AsyncTestClient(app=create_app(settings)) as client:
            created = (await client.post("/campaigns", json={"name": "Bench", "ruleset": "deathwatch"})).json()
            path, auth = f"/campaigns/{created['campaign_id']}", {"Authorization": f"Bearer {created['gm_token']}"}
            hook = (await client.post(f"{path}/webhooks", headers=auth,
                                      json={"url": receiver.url, "kinds": ["rolls"]})).json()

            async def roll(n: int) -> float:
                await client.post(f"{path}/commands", headers=auth,
                                  json={"type": "roll", "expression": "1d10", "reason": f"r{n}"})
                return time.monotonic()

            delays: list[float] = []
            for n in range(latency_runs):
                sent = await roll(n)
                await _until(lambda n=n: len(receiver.received) > n)
                delays.append(receiver.received[n].at - sent)

            receiver.answer = lambda _: 503
            await roll(-1)
            await _until(lambda: len(receiver.attempts) > latency_runs)  # failed once: paused (pause_after=1)
            for n in range(events - 1):
                await roll(n)
            receiver.answer = lambda _: 204
            before = len(receiver.received)
            started = time.monotonic()
            await client.post(f"{path}/webhooks/{hook['webhook_id']}/resume", headers=auth)
            await _until(lambda: len(receiver.received) - before >= events)
            seconds = receiver.received[-1].at - started
    finally:
        receiver.stop()
    delays.sort()
    return {"latency_p50_ms": statistics.median(delays) * 1000,
            "latency_p95_ms": delays[int(0.95 * (len(delays) - 1))] * 1000,
            "events": float(events), "seconds": seconds, "events_per_s": events / seconds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.webhooks", description=__doc__)
    parser.add_argument("--events", type=int, default=1000, help="backlog delivered for the throughput (1000)")
    parser.add_argument("--latency", type=int, default=100, help="single rolls timed one by one (100)")
    args = parser.parse_args(argv)
    figures = on_fresh_database(lambda url: measure(url, args.events, args.latency))
    print(f"webhook latency (commit answered -> received): p50 {figures['latency_p50_ms']:.1f} ms, "
          f"p95 {figures['latency_p95_ms']:.1f} ms over {args.latency} rolls")
    print(f"webhook throughput, one subscription: {figures['events']:.0f} events in {figures['seconds']:.2f} s = "
          f"{figures['events_per_s']:.0f} events/s")
    print(msgspec.json.encode(figures).decode())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
