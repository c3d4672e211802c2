"""`.venv/bin/python -m bench.discord [--runs K]`: the Discord app's answer times, in process.

The service runs in this process on a fresh database (as bench/webhooks.py); Discord's API is a local HTTP
server in a thread that answers 200 at once. Each request is signed with a test key pair, as Discord signs.
- `/lx turn`: the signed request until its answer (type 4, the sentence), K times one after the other;
- `/lx post text:!roll 1d10`: until the deferred acknowledgement (type 5), and until the follow-up carrying
  the forum reply reaches "Discord" (the post recorded, its reply rendered and sent).
Discord waits 3 s for the first answer of each.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

import msgspec
from litestar.testing import AsyncTestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.database import on_fresh_database  # noqa: E402
from service.app import create_app  # noqa: E402
from service.settings import DiscordSettings, Settings  # noqa: E402
from tests.service.test_discord import (  # noqa: E402
    ANA_USER,
    PATH,
    PUBLIC_KEY,
    STRANGER,
    FakeDiscord,
    signed,
    slash,
    table,
)


def _spread(values: list[float]) -> tuple[float, float]:
    values = sorted(values)
    return statistics.median(values) * 1000, values[int(0.95 * (len(values) - 1))] * 1000


async def measure(url: str, runs: int) -> dict[str, float]:
    fake = FakeDiscord()
    fake.start()
    settings = Settings(database_url=url, pool_min=2, pool_max=10, discord=DiscordSettings(
        public_key=PUBLIC_KEY, api_url=f"http://127.0.0.1:{fake.port}/api/v10"))
    turns: list[float] = []
    acks: list[float] = []
    replies: list[float] = []
    try:
        async with AsyncTestClient(app=create_app(settings)) as client:
            await table(client)
            for _ in range(runs):
                body, headers = signed(slash("turn", STRANGER))
                started = time.perf_counter()
                answer = await client.post(PATH, content=body, headers=headers)
                turns.append(time.perf_counter() - started)
                assert answer.json()["type"] == 4, answer.text
            for n in range(runs):
                body, headers = signed(slash("post", ANA_USER, text=f"!roll 1d10 r{n}"))
                started = time.perf_counter()
                answer = await client.post(PATH, content=body, headers=headers)
                acks.append(time.perf_counter() - started)
                assert answer.json()["type"] == 5, answer.text
                while len(fake.sent) <= n:
                    await asyncio.sleep(0.001)
                replies.append(time.perf_counter() - started)
    finally:
        fake.stop()
    figures: dict[str, float] = {"runs": float(runs)}
    for name, values in (("turn", turns), ("deferred_ack", acks), ("post_followup", replies)):
        figures[f"{name}_p50_ms"], figures[f"{name}_p95_ms"] = _spread(values)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.discord", description=__doc__)
    parser.add_argument("--runs", type=int, default=100, help="requests of each kind, one after the other (100)")
    args = parser.parse_args(argv)
    figures = on_fresh_database(lambda url: measure(url, args.runs))
    for name, label in (("turn", "/lx turn answered"), ("deferred_ack", "/lx post acknowledged (deferred)"),
                        ("post_followup", "/lx post's reply at Discord")):
        print(f"{label}: p50 {figures[f'{name}_p50_ms']:.1f} ms, p95 {figures[f'{name}_p95_ms']:.1f} ms "
              f"over {args.runs}")
    print(msgspec.json.encode(figures).decode())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
