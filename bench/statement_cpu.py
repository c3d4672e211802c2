"""CPU of a roll's append statement, both sides: `python -m bench.statement_cpu [--clients N] [--appends N]`.

Starts PostgreSQL like the bench and appends `roll` events with `EventStore.append_if_head_and_token` (the warm
roll's one statement, exactly as the command path sends it), from `--clients` appenders at once, each on a
campaign of its own (with a GM token and a share link, and a log of 2,000 events before the measure). Two pools
take turns, round after round, so a busy machine weighs on both alike: the service's (`create_pool`: the
statement on a connection it keeps, `Pool.fetch_kept`) and the same pool keeping none (each statement through
asyncpg's acquire and release, as before). Per append: the process's CPU (the statement's Python: records and hash
chain, pool, driver; with one client, only the calls themselves are timed) and PostgreSQL's, from
/proc/<pid>/schedstat (nanoseconds) of every process of the local server. Medians of the rounds.
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
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bench.cpu import children_of

CAMPAIGN_LOG = 2_000  # events already in each campaign before the measured appends


def _cpu_ns(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])
    except (OSError, IndexError, ValueError):
        return 0


def _postgres_ns(root: int) -> int:
    return sum(_cpu_ns(pid) for pid in [root, *children_of(root)])


async def _appenders(
    database_url: str, clients: int, keep: int | None
) -> tuple[Any, Callable[[int], Awaitable[float]]]:
    """A pool and `append(count)`: `count` appends from each client at once; answers the process CPU they took
    (with one client, of the calls alone)."""
    from bench.events import dice_rolled, roll_meta
    from service import chain, dice_source, queries
    from service.database import create_pool
    from service.store import EventStore, Head

    pool = await create_pool(database_url, 2, 10, keep=keep)
    store = EventStore(pool)
    token_hash = hashlib.sha256(b"bench token").hexdigest()
    seed = dice_source.new_seed()
    heads = []
    for _ in range(clients):
        campaign_id = str(uuid.uuid4())
        campaign = uuid.UUID(campaign_id)
        await pool.execute(queries.INSERT_CAMPAIGN, campaign, "deathwatch", chain.GENESIS)
        await pool.execute(queries.INSERT_TOKEN, token_hash, campaign, "gm", "gm")
        await pool.fetchval(queries.INSERT_SHARE_LINK, campaign, "link-1", "k" * 40, "bench", "gm")
        heads.append(Head(campaign_id, "deathwatch", 0, chain.GENESIS))

    async def client(index: int, count: int) -> float:
        head, inside = heads[index], 0.0
        for _ in range(count):
            nonce = head.version + 1
            event, meta = dice_rolled(seed, head.campaign_id, nonce), roll_meta("gm", "gm", 1, 1, nonce)
            began = time.process_time()
            stored, _key = await store.append_if_head_and_token(head, [event], [meta], None, token_hash)
            inside += time.process_time() - began
            assert stored is not None
            head = Head(head.campaign_id, "deathwatch", stored[-1].seq, stored[-1].hash)
        heads[index] = head
        return inside

    async def append(count: int) -> float:
        if clients == 1:
            return await client(0, count)
        began = time.process_time()
        await asyncio.gather(*(client(index, count) for index in range(clients)))
        return time.process_time() - began

    return pool, append


async def _run(
    database_url: str, clients: int, appends: int, rounds: int, profile: str | None
) -> dict[str, list[float]]:
    from bench.cpu import postmaster_of

    turns = {"kept": await _appenders(database_url, clients, None), "pool": await _appenders(database_url, clients, 0)}
    root = postmaster_of(await turns["pool"][0].fetchval("SELECT pg_backend_pid()"))
    assert root is not None, "the bench reads the CPU of a local PostgreSQL only"
    for _, append in turns.values():
        await append(CAMPAIGN_LOG // clients)
    found: dict[str, list[float]] = {}
    total = appends * clients
    for round_ in range(rounds):
        for name in (("kept", "pool") if round_ % 2 == 0 else ("pool", "kept")):
            append = turns[name][1]
            wall, server = time.perf_counter(), _postgres_ns(root)
            inside = await append(appends)
            server, wall = _postgres_ns(root) - server, time.perf_counter() - wall
            found.setdefault(f"{name}: service µs", []).append(inside / total * 1e6)
            found.setdefault(f"{name}: postgres µs", []).append(server / total / 1e3)
            found.setdefault(f"{name}: wall µs", []).append(wall / total * 1e6)
    if profile:
        profiler = cProfile.Profile(time.process_time)  # CPU only: the waits for PostgreSQL are not counted
        profiler.enable()
        await turns["kept"][1](appends)
        profiler.disable()
        profiler.dump_stats(profile)
    for pool, _ in turns.values():
        await pool.close()
    return dict(sorted(found.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.statement_cpu", description=__doc__)
    parser.add_argument("--clients", type=int, default=1, help="appenders at once, a campaign each")
    parser.add_argument("--appends", type=int, default=500, help="appends per client and round")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--profile", help="write a cProfile of the kept pool's appends here and print its top")
    args = parser.parse_args(argv)
    import uvloop  # the server's loop (uvicorn with uvloop, bench/serve.py)

    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    from bench.database import on_fresh_database

    found = on_fresh_database(lambda url: _run(url, args.clients, args.appends, args.rounds, args.profile))
    print(f"== a roll's append statement: {args.clients} client(s) × {args.appends} appends × {args.rounds} rounds, "
          "per append (median of rounds) ==")
    for label, values in found.items():
        print(f"  {label:<24} {statistics.median(values):8.1f}   (q1 {statistics.quantiles(values, n=4)[0]:.1f})")
    if args.profile:
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
