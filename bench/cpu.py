"""CPU time spent by the load client (this process), the app server and PostgreSQL, from /proc.

Used to say where the machine's cores went during a load: per request, in milliseconds of CPU.
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


def _postgres_seconds() -> float:
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.find("(") + 1 : stat.rfind(")")]
        if name.startswith("postgres") or name.startswith("postmaster"):
            total += _process_seconds(int(entry.name))
    return total


@dataclass
class CpuSample:
    wall: float
    client: float
    server: float
    postgres: float


def sample(server_pid: int | None) -> CpuSample:
    times = os.times()
    return CpuSample(
        wall=time.perf_counter(),
        client=times.user + times.system,
        server=_process_seconds(server_pid) if server_pid else 0.0,
        postgres=_postgres_seconds(),
    )


@dataclass
class CpuUse:
    """CPU seconds per wall second (1.0 = one core busy) for each party, and per operation in ms."""

    wall: float
    client: float
    server: float
    postgres: float
    operations: int

    def per_op_ms(self, seconds: float) -> float:
        return seconds / self.operations * 1000 if self.operations else float("nan")

    def describe(self) -> str:
        parts = []
        for name, seconds in (("client", self.client), ("server", self.server), ("postgres", self.postgres)):
            if seconds:
                parts.append(f"{name} {seconds / self.wall:.2f} cores ({self.per_op_ms(seconds):.2f} ms/op)")
        return ", ".join(parts)


def between(before: CpuSample, after: CpuSample, operations: int) -> CpuUse:
    return CpuUse(
        wall=after.wall - before.wall,
        client=after.client - before.client,
        server=after.server - before.server,
        postgres=after.postgres - before.postgres,
        operations=operations,
    )
