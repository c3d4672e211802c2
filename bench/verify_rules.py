"""`.venv/bin/python -m bench.verify_rules [--events N]`: what checking an export costs, plain and with the rules.

A Deathwatch campaign of N events (20 000 by default) is seeded as scenario 4's (`bench.fold.seed_campaign`:
rolls with real dice and GM notes, each keeping its command body as the service writes it), exported as
`lexmechanic export` writes it (`service.exporting.export_lines`), then checked offline by
`lexmechanic verify FILE` and `lexmechanic verify FILE --rules`, each a process of its own, as an auditor runs
them. Printed for each: the wall time (a small starter process's included), per event, and the process's peak
RSS (its `ru_maxrss`, read with `os.wait4` by that starter), beside a process that only imports the verifier
(what the check itself adds).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.database import on_fresh_database
from bench.fold import Seeded, seed_campaign
from service.database import create_pool
from service.exporting import export_lines
from service.store import EventStore


@dataclass
class Checked:
    what: str
    seconds: float
    peak_mb: float
    status: int


async def seeded_export(database_url: str, events: int, path: Path) -> Seeded:
    pool = await create_pool(database_url, 1, 4)
    try:
        store = EventStore(pool)
        seeded = await seed_campaign(store, events)
        head = await store.head(seeded.campaign_id)
        with path.open("wb") as out:
            async for chunk in export_lines(store, head):
                out.write(chunk)
    finally:
        await pool.close()
    return seeded


# The measured process is started by a small one of its own: a child forked from this bench would begin with
# the bench's resident pages in its high-water mark (Linux counts them until `exec`), hiding a smaller peak.
_STARTER = (
    "import os, subprocess, sys\n"
    "child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
    "_, status, usage = os.wait4(child.pid, 0)\n"
    "print(usage.ru_maxrss, os.waitstatus_to_exitcode(status))\n"
)


def timed(what: str, command: list[str]) -> Checked:
    """One process: its wall time and its own peak RSS (wait4's rusage of the child, KiB on Linux)."""
    began = time.perf_counter()
    answer = subprocess.run([sys.executable, "-c", _STARTER, *command], capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - began
    peak_kib, status = (int(word) for word in answer.stdout.split())
    return Checked(what, seconds, peak_kib / 1024, status)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.verify_rules", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=20_000, help="events in the campaign (20000)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        export = Path(folder) / "campaign.jsonl"
        seeded = on_fresh_database(lambda url: seeded_export(url, args.events, export))
        cli = [sys.executable, "-m", "service.cli"]
        checks = [
            timed("import the verifier only", [sys.executable, "-c", "import service.audit_file"]),
            timed("verify FILE", [*cli, "verify", str(export)]),
            timed("verify FILE --rules", [*cli, "verify", str(export), "--rules"]),
        ]
        size = export.stat().st_size
    print(f"campaign: {seeded.version} events ({seeded.rolls} rolls, {seeded.notes} notes), export {size / 1e6:.1f} MB")
    base = checks[0].peak_mb
    for check in checks:
        per_event = f"{check.seconds * 1e6 / seeded.version:.0f} µs per event" if check is not checks[0] else ""
        print(f"{check.what:<26} {check.seconds:6.2f} s  {per_event:<18} peak RSS {check.peak_mb:6.1f} MB "
              f"(+{check.peak_mb - base:.1f} MB)  exit {check.status}")
    return 0 if all(check.status == 0 for check in checks) else 1


if __name__ == "__main__":
    raise SystemExit(main())
