"""CPU time spent by the load client (this process), the app server, our PostgreSQL and everything
else on the machine, from /proc.

Used to say where the machine's cores went during a load (per operation, in milliseconds of CPU) and
whether other work on the machine competed with the run ("others").
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _process_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _TICK  # utime + stime


_postmaster: list[int] = []


def set_postmaster(pid: int | None) -> None:
    """Count only this server's processes (a local PostgreSQL; others on the machine are not ours)."""
    _postmaster[:] = [pid] if pid else []


def postmaster_of(backend_pid: int) -> int | None:
    """The postmaster of a local backend (its parent), or None when the server is not on this machine."""
    try:
        fields = Path(f"/proc/{backend_pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[1])


def children_of(root: int) -> list[int]:
    """The processes whose parent is `root` (a postmaster's backends and workers), from /proc."""
    found = []
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


def _postgres_seconds() -> float:
    if not _postmaster:
        return 0.0
    root = _postmaster[0]
    return _process_seconds(root) + sum(_process_seconds(pid) for pid in children_of(root))


def _machine_busy_seconds() -> float:
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0.0
    # user, nice, system, irq, softirq; not idle, iowait, steal, or guest (already in user/nice)
    return (sum(fields[0:3]) + sum(fields[5:7])) / _TICK


@dataclass
class CpuSample:
    wall: float
    client: float
    server: float
    postgres: float
    machine: float


def sample(server_pid: int | None) -> CpuSample:
    times = os.times()
    return CpuSample(
        wall=time.perf_counter(),
        client=times.user + times.system,
        server=_process_seconds(server_pid) if server_pid else 0.0,
        postgres=_postgres_seconds(),
        machine=_machine_busy_seconds(),
    )


@dataclass
class CpuUse:
    """CPU seconds per wall second (1.0 = one core busy) for each party, and per operation in ms."""

    wall: float
    client: float
    server: float
    postgres: float
    others: float
    operations: int

    def per_op_ms(self, seconds: float) -> float:
        return seconds / self.operations * 1000 if self.operations else float("nan")

    def describe(self) -> str:
        parts = []
        for name, seconds in (("client", self.client), ("server", self.server), ("postgres", self.postgres)):
            if seconds:
                parts.append(f"{name} {seconds / self.wall:.2f} cores ({self.per_op_ms(seconds):.2f} ms/op)")
        parts.append(f"rest of the machine {max(self.others, 0.0) / self.wall:.2f} cores")
        return ", ".join(parts)


def between(before: CpuSample, after: CpuSample, operations: int) -> CpuUse:
    return CpuUse(
        wall=after.wall - before.wall,
        client=after.client - before.client,
        server=after.server - before.server,
        postgres=after.postgres - before.postgres,
        others=(after.machine - before.machine)
        - (after.client - before.client)
        - (after.server - before.server)
        - (after.postgres - before.postgres),
        operations=operations,
    )
