"""How fast `lexmechanic` starts, against a bare `python3 -c pass` in the same run (issue 21 item 3: ≤ 3×).

Each command runs `runs` times, alternating with the baseline so a busy moment hits both alike; the median
counts. `post` and `state` are timed by what they load before they send anything (the CLI and the
subcommand's own modules), and `post` whole: parsing, reading its profile, opening the connection to a
service that is not there (a closed port answers at once) and reporting that, exit 6.
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

TARGET = 3.0

COMMANDS: dict[str, list[str]] = {
    "lexmechanic --help": [sys.executable, "-m", "service.cli", "--help"],
    "lexmechanic post (its imports)": [sys.executable, "-c", "import service.cli, service.client.writing"],
    "lexmechanic state (its imports)": [sys.executable, "-c", "import service.cli, service.client.reads"],
}
BASELINE = [sys.executable, "-c", "pass"]
WHOLE_POST = "lexmechanic post (whole, to a closed port)"


@dataclass(frozen=True)
class Start:
    name: str
    median_ms: float
    baseline_ms: float

    @property
    def ratio(self) -> float:
        return self.median_ms / self.baseline_ms


def _once(command: list[str], env: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=env is None, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - started


def _closed_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as listener:
        return int(listener.getsockname()[1])


def run_cli_start(runs: int = 15) -> list[Start]:
    found = []
    with tempfile.TemporaryDirectory() as config:
        profiles = Path(config) / "profiles.toml"
        profiles.write_text(f'default = "bench"\n[profiles.bench]\nurl = "http://127.0.0.1:{_closed_port()}"\n'
                            'token = "t"\ncampaign_id = "c"\n')
        profiles.chmod(0o600)
        env = {**os.environ, "LEXMECHANIC_CONFIG": str(profiles)}
        # As the `lexmechanic` console script starts it (no runpy, which `-m` adds).
        command = [sys.executable, "-c", "import sys; from service.cli import main; sys.exit(main())", "post",
                   "!roll d100"]
        _once(command, env)
        timed, base = [], []
        for _ in range(runs):
            timed.append(_once(command, env))
            base.append(_once(BASELINE))
        found.append(Start(WHOLE_POST, statistics.median(timed) * 1000, statistics.median(base) * 1000))
    for name, command in COMMANDS.items():
        _once(command)  # the first run writes the bytecode caches
        timed, base = [], []
        for _ in range(runs):
            timed.append(_once(command))
            base.append(_once(BASELINE))
        found.append(Start(name, statistics.median(timed) * 1000, statistics.median(base) * 1000))
    return found
