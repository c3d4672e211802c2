"""How fast `lexmechanic` starts, against a bare `python3 -c pass` in the same run (issue 21 item 3: ≤ 3×).

Each command runs `runs` times, alternating with the baseline so a busy moment hits both alike; the median
counts. `post` is timed by what it loads before it sends anything: the CLI and the subcommand's own modules.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

TARGET = 3.0

COMMANDS: dict[str, list[str]] = {
    "lexmechanic --help": [sys.executable, "-m", "service.cli", "--help"],
    "lexmechanic post (its imports)": [sys.executable, "-c", "import service.cli, service.client.writing"],
    "lexmechanic state (its imports)": [sys.executable, "-c", "import service.cli, service.client.reads"],
}
BASELINE = [sys.executable, "-c", "pass"]


@dataclass(frozen=True)
class Start:
    name: str
    median_ms: float
    baseline_ms: float

    @property
    def ratio(self) -> float:
        return self.median_ms / self.baseline_ms


def _once(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def run_cli_start(runs: int = 15) -> list[Start]:
    found = []
    for name, command in COMMANDS.items():
        _once(command)  # the first run writes the bytecode caches
        timed, base = [], []
        for _ in range(runs):
            timed.append(_once(command))
            base.append(_once(BASELINE))
        found.append(Start(name, statistics.median(timed) * 1000, statistics.median(base) * 1000))
    return found
