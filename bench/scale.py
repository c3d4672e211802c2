"""`.venv/bin/python -m bench.scale [--events N]`: a whole-session transcript, its cost per event and memory.

A campaign of one session of N events (20 000 by default) is built like scenario 7's (`bench.fold.seed_campaign`
with one session), then `GET /campaigns/{id}/transcript?session=1` is measured as scenario 7 measures its reads
(`bench.memory.measure`): a fresh service process, warmed up on a small campaign of its own, its peak RSS above
idle while it answers the whole transcript, which the bench reads and throws away. Printed:
the time and the service's CPU, both per event too (the CPU holds on a busy machine), the bytes answered
and the peak RSS above idle.
"""

from __future__ import annotations

import argparse
import asyncio

from bench.database import Server, fresh_database
from bench.fold import Seeded, seed_campaign
from bench.memory import MemoryFigure, measure
from service.database import create_pool
from service.store import EventStore


async def run_scale(database_url: str, *, events: int) -> tuple[Seeded, MemoryFigure]:
    pool = await create_pool(database_url, 1, 4)
    try:
        seeded = await seed_campaign(EventStore(pool), events, session_events=events + 1)
    finally:
        await pool.close()
    return seeded, await measure(database_url, seeded, "transcript (whole session)", "/transcript?session=1")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=20_000, help="events in the one session (20000)")
    args = parser.parse_args(argv)
    server = Server()
    try:
        async def run() -> tuple[Seeded, MemoryFigure]:
            async with fresh_database(server.start()) as url:
                return await run_scale(url, events=args.events)

        seeded, figure = asyncio.run(run())
    finally:
        server.stop()
    assert figure.status == 200, figure.status
    print(f"campaign: {seeded.version} events in one session (built in {seeded.seconds:.1f} s)")
    print(f"transcript of the whole session: {figure.seconds * 1000:.0f} ms, "
          f"{figure.seconds * 1e6 / seeded.version:.1f} µs per event (server CPU {figure.cpu_seconds * 1000:.0f} ms, "
          f"{figure.cpu_seconds * 1e6 / seeded.version:.1f} µs per event), "
          f"{figure.answered_bytes / 1e6:.1f} MB answered "
          f"({figure.answered_bytes / seeded.version:.0f} B per event), peak RSS +{figure.above_idle_mb:.1f} MB above "
          f"idle ({figure.idle_mb:.1f} → {figure.peak_mb:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
