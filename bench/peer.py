"""The Python peer: the eventsourcing library appending one event per save, N threads on N aggregates.

`python -m bench.peer --database-url URL --port PORT --threads N` runs the library's own PostgreSQL
recorder (`PERSISTENCE_MODULE=eventsourcing.postgres`) with its defaults (pool 5 + overflow 10, table lock
on insert, its own JSON transcoder) against the bench's database, in a subprocess of its own so that
its threads do not share a GIL with the bench. Each thread creates one aggregate (a campaign table) and
then, in a closed loop, triggers one `DiceRolled` event carrying the same payload the service's `roll`
writes and saves it: one event per transaction, like one `roll` command.

Protocol with `run_peer`: the subprocess prints READY once the application and its tables exist and
waits for a line on stdin; then it runs the load (warm-up + measured window), prints one JSON line with
its figures, and exits when stdin closes. The bench samples CPU between GO and the JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from bench.report import Latencies

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "BenchTables"


def recorder_env(database_url: str, port: int) -> dict[str, str]:
    """The eventsourcing settings for the server in `database_url` (a local socket or a host)."""
    parts = urlsplit(database_url)
    host = parse_qs(parts.query).get("host", [parts.hostname or "127.0.0.1"])[0]
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": parts.path.lstrip("/"),
        "POSTGRES_HOST": host,
        "POSTGRES_PORT": str(parts.port or port),
        "POSTGRES_USER": unquote(parts.username or "postgres"),
        "POSTGRES_PASSWORD": unquote(parts.password or ""),
    }


def _payload() -> dict[str, Any]:
    """The `data` of a realistic dice_rolled event, built by the domain code (as the service writes it)."""
    from bench.events import dice_rolled
    from service import codec

    return codec.payload(dice_rolled(bytes(32), "00000000-0000-4000-8000-000000000000", 1))


def _peer(args: argparse.Namespace) -> dict[str, Any]:
    from eventsourcing.application import Application
    from eventsourcing.domain import Aggregate, event

    class Table(Aggregate):
        """A campaign table; every roll is one event."""

        def __init__(self, name: str) -> None:
            self.name = name
            self.rolls = 0

        @event("DiceRolled")
        def roll(self, data: dict[str, Any]) -> None:
            self.rolls += 1

    class BenchTables(Application[Any]):
        pass

    app = BenchTables(env=recorder_env(args.database_url, args.port))
    payload = _payload()
    tables = []
    for index in range(args.threads):
        table = Table(name=f"Bench table {index + 1}")
        app.save(table)
        tables.append(table)
    print("READY", flush=True)
    sys.stdin.readline()

    start = time.perf_counter()
    measure_from = start + args.warmup
    stop_at = measure_from + args.duration
    lock = threading.Lock()
    counts = {"measured": 0, "warmup": 0}
    samples: list[float] = []
    ends = [measure_from]
    errors: list[str] = []

    def work(table: Any) -> None:
        clock = time.perf_counter
        mine: list[float] = []
        warm = 0
        last = measure_from
        try:
            while True:
                sent = clock()
                if sent >= stop_at or counts["measured"] + len(mine) >= args.max_events:
                    break
                table.roll(payload)
                app.save(table)
                done = clock()
                if sent >= measure_from:
                    mine.append(done - sent)
                    last = done
                else:
                    warm += 1
        except Exception as error:  # noqa: BLE001 (reported by the bench, never hidden)
            errors.append(f"{type(error).__name__}: {error}")
        with lock:
            counts["measured"] += len(mine)
            counts["warmup"] += warm
            samples.extend(mine)
            ends[0] = max(ends[0], last)

    threads = [threading.Thread(target=work, args=(t,)) for t in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = max(ends[0] - measure_from, 1e-9)
    latencies = Latencies(samples)
    # Read back: the aggregates' versions as the library stores them (a correctness check of the run).
    stored = sum(app.repository.get(t.id).version for t in tables)
    from importlib import metadata

    # The application (and so its connections, whose backends' CPU the bench counts) stays open until
    # the bench has taken its CPU sample; main() closes it.
    args.close = app.close
    return {
        "events": counts["measured"],
        "warmup_events": counts["warmup"],
        "seconds": seconds,
        "per_second": counts["measured"] / seconds,
        "p50_ms": latencies.p50_ms,
        "p99_ms": latencies.p99_ms,
        "max_ms": latencies.max_ms,
        "stored_versions": stored,
        "errors": errors,
        "library": f"eventsourcing {metadata.version('eventsourcing')}, psycopg {metadata.version('psycopg')}",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.peer")
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--port", type=int, default=5432, help="the server's port (for a socket URL without one)")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--duration", type=float, default=15.0)
    parser.add_argument("--max-events", type=int, default=300_000)
    args = parser.parse_args(argv)
    print(json.dumps(_peer(args)), flush=True)
    sys.stdin.read()
    args.close()
    return 0


@dataclass
class PeerRun:
    figures: dict[str, Any]
    cpu: Any
    pid: int

    @property
    def operations(self) -> int:
        return int(self.figures["events"]) + int(self.figures["warmup_events"])


class PeerMissing(RuntimeError):
    pass


def available() -> str | None:
    """None if the peer can run here, else why not (the bench extra is not installed)."""
    try:
        import eventsourcing.postgres  # noqa: F401
    except ImportError as error:
        return f"{error}; install it with: pip install -e '.[bench]'"
    return None


async def run_peer(
    database_url: str, port: int, *, threads: int, warmup: float, duration: float, max_events: int
) -> PeerRun:
    from bench.cpu import between, sample

    command = [sys.executable, "-m", "bench.peer", "--database-url", database_url, "--port", str(port),
               "--threads", str(threads), "--warmup", str(warmup), "--duration", str(duration),
               "--max-events", str(max_events)]
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    process = await asyncio.create_subprocess_exec(
        *command, cwd=ROOT, env=env, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        ready = await asyncio.wait_for(process.stdout.readline(), 60)
        if ready.strip() != b"READY":
            raise PeerMissing(f"the peer did not start: {ready[:300]!r}")
        before = sample(process.pid)
        process.stdin.write(b"GO\n")
        await process.stdin.drain()
        answer = await asyncio.wait_for(process.stdout.readline(), warmup + duration + 120)
        figures = json.loads(answer)
        after = sample(process.pid)
        ops = int(figures["events"]) + int(figures["warmup_events"])
        return PeerRun(figures, between(before, after, ops), process.pid)
    finally:
        if process.returncode is None:
            process.stdin.close()
            try:
                await asyncio.wait_for(process.wait(), 15)
            except TimeoutError:
                process.kill()
                await process.wait()


if __name__ == "__main__":
    raise SystemExit(main())
