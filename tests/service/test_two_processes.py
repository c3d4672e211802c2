"""Two service processes on one database: interleaved commands for one campaign lose no update.

Each process is a real `lexmechanic serve` (its own state cache, token and seed memory, and pool) on a
free port. Commands for the same campaign alternate between the two and race each other; the head lock
serialises them, and each process catches its cached state up from the log under that lock, so every
Fate spend sees the one before it, whichever process wrote it, and an undo written by one process is
seen by the other.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.serve_process import serve_process

STATS = {"WS": 100, "BS": 100, "S": 40, "T": 40, "Ag": 40, "Int": 40, "Per": 40, "WP": 40, "Fel": 40}
SHEET = {"characteristics": STATS, "wounds": 20, "fate": 10, "armour": {"body": 2}, "weapons": []}


@contextmanager
def _serving(database_url: str | None, *extra: str, data_dir: Path | None = None) -> Iterator[str]:
    """`lexmechanic serve` in a subprocess on a free port; answers its base URL; always stopped.

    Without a database URL, serve starts its embedded PostgreSQL with its files under `data_dir`.
    """
    env = {"DATABASE_URL": database_url} if database_url is not None else {}
    if data_dir is not None:
        env["LEXMECHANIC_DATA_DIR"] = str(data_dir)
    with serve_process(env, *extra) as (base, _):
        yield base


@asynccontextmanager
async def _clients(*bases: str) -> AsyncIterator[list[httpx.AsyncClient]]:
    clients = [httpx.AsyncClient(base_url=base, timeout=30) for base in bases]
    try:
        yield clients
    finally:
        for client in clients:
            await client.aclose()


class Table:
    """One campaign, reachable through several processes, always as its GM."""

    def __init__(self, campaign_id: str, token: str) -> None:
        self.path = f"/campaigns/{campaign_id}"
        self.auth = {"Authorization": f"Bearer {token}"}

    async def send(self, via: httpx.AsyncClient, body: dict[str, Any], status: int = 201) -> dict[str, Any]:
        response = await via.post(self.path + "/commands", json=body, headers=self.auth)
        assert response.status_code == status, response.text
        answer: dict[str, Any] = response.json()
        return answer

    async def read(self, via: httpx.AsyncClient, what: str) -> dict[str, Any]:
        response = await via.get(self.path + what, headers=self.auth)
        assert response.status_code == 200, response.text
        answer: dict[str, Any] = response.json()
        return answer

    async def fate(self, via: httpx.AsyncClient) -> int:
        return int((await self.read(via, "/state"))["rules"]["characters"]["kai"]["fate"])

    async def log(self, via: httpx.AsyncClient) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        after = 0
        while True:
            page = await self.read(via, f"/events?after_seq={after}&limit=1000")
            events.extend(page["events"])
            if not page["events"]:
                return events
            after = page["next_after_seq"]


SPEND = {"type": "d100_spend_fate", "character_id": "kai", "use": "squad_mode"}


@pytest.fixture
def two_servers(database_url: str) -> Iterator[tuple[str, str]]:
    with _serving(database_url) as first, _serving(database_url) as second:
        yield first, second


async def test_two_processes_interleaved_fate_spends_and_undo_lose_no_update(two_servers: tuple[str, str]) -> None:
    async with _clients(*two_servers) as (a, b):
        created = await a.post("/campaigns", json={"name": "Two hosts", "ruleset": "deathwatch"})
        assert created.status_code == 201, created.text
        table = Table(created.json()["campaign_id"], created.json()["gm_token"])
        await table.send(b, {"type": "d100_register_character", "character_id": "kai", "owner": "gm",
                             "name": "Kai", "sheet": SHEET})
        await table.send(a, {"type": "d100_register_character", "character_id": "ork", "owner": "gm",
                             "name": "Ork", "sheet": {**SHEET, "fate": 0}})
        answers: list[dict[str, Any]] = []

        # Strictly alternating: every command lands on a process whose cached state is one write behind.
        for via in (a, b, a, b):
            answers.append(await table.send(via, SPEND))
        # Racing: both processes at once, for the same campaign, four times.
        for _ in range(2):
            answers.extend(await asyncio.gather(table.send(a, SPEND), table.send(b, SPEND)))
        assert await table.fate(a) == await table.fate(b) == 2

        # An encounter turn opened by the other process; two racing spends inside it use up the Fate.
        await table.send(a, {"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["kai", "ork"]})
        await table.send(b, {"type": "d100_next_turn"})
        answers.extend(await asyncio.gather(table.send(b, SPEND), table.send(a, SPEND)))
        refused = await table.send(a, SPEND, status=422)
        assert refused["rule"] == "no_fate", refused
        assert await table.fate(a) == await table.fate(b) == 0

        # One process undoes the turn; the other, whose cache holds the spends, sees them gone.
        undone = await table.send(b, {"type": "undo_turn", "encounter": "gate"})
        assert len(undone["events"][0]["data"]["voids"]) >= 3  # the turn's start and both spends
        assert await table.fate(a) == await table.fate(b) == 2
        answers.append(await table.send(a, SPEND))
        assert await table.fate(b) == await table.fate(a) == 1

        # The same post id sent to both at once is one command: written once, replayed once.
        roll = {"type": "roll", "expression": "1d10", "reason": "the same post twice", "post": {"id": "p-77"}}
        first, second = await asyncio.gather(
            a.post(table.path + "/commands", json=roll, headers=table.auth),
            b.post(table.path + "/commands", json=roll, headers=table.auth),
        )
        assert sorted((first.status_code, second.status_code)) == [200, 201], (first.text, second.text)
        assert first.json()["events"] == second.json()["events"]

        log = await table.log(b)
        assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
        versions = [answer["version"] for answer in answers]
        assert len(set(versions)) == len(versions)
        assert all(answer["version"] == answer["events"][-1]["seq"] for answer in answers)
        spent = [e["data"]["fate_after"] for e in log if e["type"] == "d100_fate_spent"]
        assert spent == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1]
        assert sum(1 for e in log if (e["meta"].get("post") or {}).get("id") == "p-77") == 1

        for via in (a, b):
            report = await table.read(via, "/verify")
            assert _real_problems(report["problems"], log) == [], report["problems"]
            assert report["events"] == report["version"] == len(log)
            assert report["head_hash"] == log[-1]["hash"]


# service/verification.py (being rewritten on the trust branch) takes a command's first event *with dice*
# for its first event, so a command whose dice come after a first event without any (d100_start_encounter:
# encounter_started, then initiative_rolled) is reported although its nonce is right. That one finding
# is checked here against the log instead; every other finding fails the test.
_FIRST_EVENT_FALSE_ALARM = re.compile(
    r"the command at event (\d+): nonce (\d+) is not the seq of the command's first event"
)


def _real_problems(problems: list[str], log: list[dict[str, Any]]) -> list[str]:
    first_of: dict[str, int] = {}
    for event in log:
        first_of.setdefault(event["meta"]["command_id"], event["seq"])
    real = []
    for problem in problems:
        found = _FIRST_EVENT_FALSE_ALARM.fullmatch(problem)
        if found is None:
            real.append(problem)
            continue
        event = log[int(found.group(1)) - 1]
        if first_of[event["meta"]["command_id"]] != int(found.group(2)) or event["meta"]["dice"]["nonce"] != int(
            found.group(2)
        ):
            real.append(problem)
    return real


async def test_serve_with_two_workers_shares_one_database(database_url: str) -> None:
    with _serving(database_url, "--workers", "2") as base:
        async with _clients(*[base] * 4) as clients:
            created = await clients[0].post("/campaigns", json={"name": "Workers", "ruleset": "deathwatch"})
            assert created.status_code == 201, created.text
            table = Table(created.json()["campaign_id"], created.json()["gm_token"])
            started = (await table.send(clients[1], {"type": "start_session", "title": "One"}))["version"]
            rolls = [{"type": "roll", "expression": "2d10", "reason": f"r{i}"} for i in range(12)]
            answers = await asyncio.gather(*(table.send(clients[i % 4], r) for i, r in enumerate(rolls)))
            assert sorted(a["version"] for a in answers) == list(range(started + 1, started + 13))
            assert (await table.read(clients[3], "/verify"))["ok"] is True


def _postmasters(data_dir: Path) -> list[int]:
    """Pids of PostgreSQL servers running on the files under `data_dir` (its postmaster only, not children)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if argv and argv[0].endswith(b"/postgres") and b"-D" in argv and str(data_dir).encode() in b" ".join(argv):
            found.append(int(entry.name))
    return found


def test_serve_workers_start_the_embedded_postgres_once() -> None:
    root = Path(tempfile.mkdtemp(prefix="lexmechanic-serve-"))
    os.chmod(root, 0o755)  # the embedded server runs as its own system user
    try:
        with _serving(None, "--workers", "2", data_dir=root) as base:
            assert len(_postmasters(root)) == 1
            created = httpx.post(f"{base}/campaigns", json={"name": "Embedded", "ruleset": "deathwatch"}, timeout=30)
            assert created.status_code == 201, created.text
            for _ in range(4):  # new connections, spread over both workers: each reaches the one database
                assert httpx.get(f"{base}/health", timeout=10).json() == {"status": "ok", "database": "ok"}
        deadline = time.monotonic() + 30
        while _postmasters(root) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _postmasters(root) == [], "stopping serve must stop the embedded PostgreSQL it started"
    finally:
        for pid in _postmasters(root):
            os.kill(pid, signal.SIGTERM)
        shutil.rmtree(root, ignore_errors=True)
