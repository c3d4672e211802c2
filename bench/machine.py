"""The machine a run happened on: CPU model, cores, Python, PostgreSQL."""

from __future__ import annotations

import os
import platform
import sys
from pathlib import Path


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def memory_gib() -> float | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 1024 / 1024
    except OSError:
        pass
    return None


def source_revision() -> str:
    """The commit measured (read-only git), and whether the working tree had uncommitted changes.

    BENCH_SOURCE overrides it, for a run from an exported snapshot (`git archive`) that has no .git.
    """
    import subprocess

    if os.environ.get("BENCH_SOURCE"):
        return os.environ["BENCH_SOURCE"]
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, check=False,
                              text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                               capture_output=True, text=True, timeout=10, check=False).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    if not head:
        return "unknown"
    return f"{head}{' + uncommitted changes' if dirty else ''}"


def describe(postgres_version: str) -> list[tuple[str, str]]:
    memory = memory_gib()
    return [
        ("CPU", cpu_model()),
        ("cores", str(cores())),
        ("memory", f"{memory:.1f} GiB" if memory is not None else "unknown"),
        ("kernel", f"{platform.system()} {platform.release()}"),
        ("Python", sys.version.split()[0] + f" ({platform.python_implementation()})"),
        ("PostgreSQL", postgres_version),
        ("source", source_revision()),
    ]
