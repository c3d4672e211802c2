"""`.venv/bin/python -m bench.cold_reads [--events N] [--runs R]`: the first read of a fresh process against the next.

A campaign of N events (20 000 by default) is built like scenario 4's (`bench.fold.seed_campaign`), and its
snapshots are written as the service writes them while commands arrive (one every `SNAPSHOT_EVERY` events:
`Snapshots.rebuild`, since the bench appends its bulk through the store's `Writer`, which leaves none). Then,
for each of the three pages a reader opens first — the timeline (`/ui/campaigns/{id}`), the state page
(`/ui/campaigns/{id}/state`) and the proof of the latest roll (`/ui/campaigns/{id}/rolls/{seq}`) — a **fresh**
service process (the stack of `lexmechanic serve`, `bench.serve`) is started and, once it answers `/health`,
the page is asked for: the first answer is the cold time, the second the next one. Then the process is left
to settle (the page's verify badge finished: `/badge` no longer pending) and the page is asked for five more
times: their median is the warm time. Each time is from writing the request to reading the answer's last byte,
on a new connection. The goal (issue 23): cold ≤ 2 × warm for each page. With `--runs R`, R fresh processes
per page and the medians (single requests on a busy machine are noisy).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
import uuid
from dataclasses import dataclass

import msgspec

from bench.database import on_fresh_database
from bench.fold import Seeded, seed_campaign
from bench.load import request
from bench.serve import HOST, Served
from service.database import create_pool
from service.snapshots import Snapshots
from service.store import EventStore

GOAL_RATIO = 2.0


@dataclass
class PageFigure:
    name: str
    path: str
    cold_ms: float
    second_ms: float
    warm_ms: float
    status: int

    @property
    def ratio(self) -> float:
        return self.cold_ms / self.warm_ms


async def _timed(port: int, path: str, auth: dict[str, str]) -> tuple[float, int, bytes]:
    began = time.perf_counter()
    status, body = await request(HOST, port, "GET", path, b"", auth)
    return (time.perf_counter() - began) * 1000, status, body


async def _settle(port: int, ui: str, auth: dict[str, str], timeout: float = 120.0) -> None:
    """Wait until the campaign's verify badge is computed (the page's script would poll the same fragment)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, body = await request(HOST, port, "GET", ui + "/badge", b"", auth)
        if status == 200 and b"badge pending" not in body:
            return
        await asyncio.sleep(0.2)
    raise RuntimeError("the verify badge did not settle")


async def measure_page(database_url: str, seeded: Seeded, name: str, path: str, warm: int = 5) -> PageFigure:
    auth = {"Authorization": f"Bearer {seeded.gm_token}"}
    async with Served("service", database_url) as served:
        cold, status, body = await _timed(served.port, path, auth)
        if status != 200:
            raise RuntimeError(f"GET {path}: HTTP {status} {body[:300]!r}")
        second, _, _ = await _timed(served.port, path, auth)
        await _settle(served.port, f"/ui/campaigns/{seeded.campaign_id}", auth)
        times = [(await _timed(served.port, path, auth))[0] for _ in range(warm)]
    return PageFigure(name, path, cold, second, statistics.median(times), status)


async def latest_roll(store: EventStore, campaign_id: str) -> int:
    seq = await store.pool.fetchval(
        "SELECT max(seq) FROM events WHERE campaign_id = $1 AND type = 'dice_rolled'", uuid.UUID(campaign_id)
    )
    assert isinstance(seq, int)
    return seq


async def seed(database_url: str, events: int) -> tuple[Seeded, int, int]:
    """The campaign, its latest roll's seq, and how many snapshots it has (as the service would have written)."""
    pool = await create_pool(database_url, 1, 4)
    try:
        store = EventStore(pool)
        seeded = await seed_campaign(store, events)
        saved = await Snapshots(store).rebuild(seeded.campaign_id, seeded.version)
        return seeded, await latest_roll(store, seeded.campaign_id), saved
    finally:
        await pool.close()


async def run_cold_reads(database_url: str, *, events: int, runs: int = 1) -> tuple[Seeded, int, list[PageFigure]]:
    seeded, roll, saved = await seed(database_url, events)
    ui = f"/ui/campaigns/{seeded.campaign_id}"
    pages = (("timeline", ui), ("state", ui + "/state"), ("proof", f"{ui}/rolls/{roll}"))
    figures = [await measure_page(database_url, seeded, name, path) for _ in range(runs) for name, path in pages]
    return seeded, saved, figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cold_reads", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=20_000, help="events in the campaign (20000)")
    parser.add_argument("--runs", type=int, default=1, help="fresh processes per page (1)")
    parser.add_argument("--json", help="also write the figures as JSON to this file")
    args = parser.parse_args(argv)
    seeded, saved, figures = on_fresh_database(
        lambda url: run_cold_reads(url, events=args.events, runs=args.runs))
    print(f"campaign: {seeded.version} events, {seeded.sessions} sessions, {saved} snapshots "
          f"(built in {seeded.seconds:.1f} s)")
    print(f"{'page':<10} {'cold (1st)':>11} {'2nd':>9} {'warm (median of 5)':>19} {'cold/warm':>10}  "
          f"goal ≤ {GOAL_RATIO:.0f}")
    for f in figures:
        verdict = "MET" if f.ratio <= GOAL_RATIO else "NOT MET"
        print(f"{f.name:<10} {f.cold_ms:>8.1f} ms {f.second_ms:>6.1f} ms {f.warm_ms:>16.1f} ms "
              f"{f.ratio:>9.2f}×  {verdict}")
    if args.runs > 1:
        print(f"medians over {args.runs} fresh processes per page:")
        for name in dict.fromkeys(f.name for f in figures):
            mine = [f for f in figures if f.name == name]
            cold = statistics.median(f.cold_ms for f in mine)
            warm = statistics.median(f.warm_ms for f in mine)
            verdict = "MET" if cold / warm <= GOAL_RATIO else "NOT MET"
            print(f"{name:<10} cold {cold:.1f} ms, second {statistics.median(f.second_ms for f in mine):.1f} ms, "
                  f"warm {warm:.1f} ms: {cold / warm:.2f}×  {verdict}")
    if args.json:
        with open(args.json, "wb") as out:
            out.write(msgspec.json.encode({"events": seeded.version, "snapshots": saved, "pages": [
                {"name": f.name, "cold_ms": f.cold_ms, "second_ms": f.second_ms, "warm_ms": f.warm_ms,
                 "ratio": f.ratio} for f in figures]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
