"""CPU of a roll's append statement, both sides: `python -m bench.statement_cpu [--appends N] [--rounds R]`.

Starts PostgreSQL like the bench, creates one campaign with a GM token and a share link, and appends `roll`
events one at a time with `EventStore.append_if_head_and_token` (the warm roll's one statement, exactly as the
command path sends it). One append in flight: the process's CPU inside the call is the statement's Python (the
records and hash chain, the pool, the driver's encoding and decoding), and the server's CPU is read from
/proc/<pid>/schedstat (nanoseconds) of every process of the local PostgreSQL (its backends, WAL writer, ...).
Rounds alternate, so a busy machine spreads over every round alike; the medians of the rounds are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import hashlib
import pstats
import statistics
import time
import uuid
import warnings
from pathlib import Path

CAMPAIGN_LOG = 2_000  # events already in the campaign before the measured appends


def _cpu_ns(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])
    except (OSError, IndexError, ValueError):
        return 0


def _children(root: int) -> list[int]:
    found = [root]
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == root:
            found.append(int(entry.name))
    return found


def _postgres_ns(root: int) -> int:
    return sum(_cpu_ns(pid) for pid in _children(root))


async def _run(
    database_url: str, appends: int, rounds: int, profile: str | None, keep: int | None
) -> dict[str, list[float]]:
    from bench.cpu import postmaster_of
    from bench.events import dice_rolled, roll_meta
    from service import chain, dice_source, queries
    from service.database import create_pool
    from service.store import EventStore, Head

    pool = await create_pool(database_url, 2, 10, keep=keep)
    store = EventStore(pool)
    campaign_id = str(uuid.uuid4())
    campaign = uuid.UUID(campaign_id)
    token_hash = hashlib.sha256(b"bench token").hexdigest()
    await pool.execute(queries.INSERT_CAMPAIGN, campaign, "deathwatch", chain.GENESIS)
    await pool.execute(queries.INSERT_TOKEN, token_hash, campaign, "gm", "gm")
    await pool.fetchval(queries.INSERT_SHARE_LINK, campaign, "link-1", "k" * 40, "bench", "gm")
    backend = await pool.fetchval("SELECT pg_backend_pid()")
    root = postmaster_of(backend)
    assert root is not None, "the bench reads the CPU of a local PostgreSQL only"
    seed = dice_source.new_seed()
    head = Head(campaign_id, "deathwatch", 0, chain.GENESIS)

    async def append_many(count: int) -> float:
        nonlocal head
        inside = 0.0
        for _ in range(count):
            nonce = head.version + 1
            event, meta = dice_rolled(seed, campaign_id, nonce), roll_meta("gm", "gm", 1, 1, nonce)
            began = time.process_time()
            stored, _key = await store.append_if_head_and_token(head, [event], [meta], None, token_hash)
            inside += time.process_time() - began
            assert stored is not None
            head = Head(campaign_id, "deathwatch", stored[-1].seq, stored[-1].hash)
        return inside

    await append_many(CAMPAIGN_LOG)
    found: dict[str, list[float]] = {"service µs (append_if_head_and_token)": [], "postgres µs": [], "wall µs": []}
    for _ in range(rounds):
        wall, server = time.perf_counter(), _postgres_ns(root)
        inside = await append_many(appends)
        server, wall = _postgres_ns(root) - server, time.perf_counter() - wall
        found["service µs (append_if_head_and_token)"].append(inside / appends * 1e6)
        found["postgres µs"].append(server / appends / 1e3)
        found["wall µs"].append(wall / appends * 1e6)
    if profile:
        profiler = cProfile.Profile(time.process_time)  # CPU only: the waits for PostgreSQL are not counted
        profiler.enable()
        await append_many(appends)
        profiler.disable()
        profiler.dump_stats(profile)
    await pool.close()
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.statement_cpu", description=__doc__)
    parser.add_argument("--appends", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--keep", type=int, help="connections the pool keeps for the append (0: none, each append "
                        "through the pool's acquire and release; default: the service's)")
    parser.add_argument("--profile", help="write a cProfile of the measured appends here and print its top")
    args = parser.parse_args(argv)
    import uvloop  # the server's loop (uvicorn with uvloop, bench/serve.py)

    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    from bench.database import on_fresh_database

    found = on_fresh_database(lambda url: _run(url, args.appends, args.rounds, args.profile, args.keep))
    print(f"== a roll's append statement, {args.appends} appends × {args.rounds} rounds (median of rounds) ==")
    for label, values in found.items():
        print(f"  {label:<44} {statistics.median(values):8.1f}   ({', '.join(f'{v:.1f}' for v in values)})")
    if args.profile:
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
