"""Scenarios 2 and 3: the same load client against the floor app and against the real service.

Both apps run in their own uvicorn subprocess on 127.0.0.1 with identical settings; each of the N
clients keeps one connection open and posts to its own campaign, one request at a time.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

import asyncpg
import msgspec

from bench.cpu import CpuUse, between, sample
from bench.events import ROLL_BODY
from bench.floor_app import ensure_table
from bench.load import LoadResult, build_request, request, run_load
from bench.serve import HOST, Served

ROLL = msgspec.json.encode(ROLL_BODY)


@dataclass
class HttpRun:
    load: LoadResult
    server_pid: int
    checked_rows: int
    cpu: CpuUse


async def run_floor(
    database_url: str, *, clients: int, warmup: float, duration: float, max_requests: int, profile: str | None = None
) -> HttpRun:
    connection = await asyncpg.connect(database_url)
    try:
        await ensure_table(connection)
    finally:
        await connection.close()
    campaigns = [str(uuid.uuid4()) for _ in range(clients)]
    async with Served("floor", database_url, profile) as served:
        requests = [
            build_request("POST", HOST, served.port, f"/floor/{c}", ROLL, {"Authorization": "Bearer floor"})
            for c in campaigns
        ]
        before = sample(served.pid)
        load = await run_load(
            HOST, served.port, requests, warmup=warmup, duration=duration, max_requests=max_requests
        )
        cpu = between(before, sample(served.pid), load.requests + load.warmup_requests)
        pid = served.pid
    connection = await asyncpg.connect(database_url)
    try:
        rows: int = await connection.fetchval("SELECT count(*) FROM bench_floor")
    finally:
        await connection.close()
    return HttpRun(load, pid, rows, cpu)


async def create_campaigns(port: int, count: int) -> list[tuple[str, str]]:
    """`count` campaigns through POST /campaigns: (campaign_id, gm_token) each."""
    made: list[tuple[str, str]] = []
    for index in range(count):
        body = msgspec.json.encode({"name": f"Bench Kill Team {index + 1}", "ruleset": "deathwatch"})
        status, answer = await request(HOST, port, "POST", "/campaigns", body)
        if status != 201:
            raise RuntimeError(f"creating a campaign failed: HTTP {status} {answer[:300]!r}")
        found = msgspec.json.decode(answer)
        made.append((found["campaign_id"], found["gm_token"]))
    return made


async def run_service(
    database_url: str, *, clients: int, warmup: float, duration: float, max_requests: int, profile: str | None = None,
    compact: bool = False, no_notify: bool = False,
) -> HttpRun:
    """The real service under the load; `compact`: every roll asks for the compact answer (Prefer:
    return=minimal, docs/api.md) instead of the full one; `no_notify`: the what-if experiment of
    bench.serve (the append without its NOTIFY)."""
    prefer = {"Prefer": "return=minimal"} if compact else {}
    async with Served("service", database_url, profile, no_notify=no_notify) as served:
        campaigns = await create_campaigns(served.port, clients)
        # One real answer, checked, before the load: the command path works and answers a dice roll.
        status, answer = await request(
            HOST, served.port, "POST", f"/campaigns/{campaigns[0][0]}/commands", ROLL,
            {"Authorization": f"Bearer {campaigns[0][1]}"},
        )
        if status != 201:
            raise RuntimeError(f"a roll command failed: HTTP {status} {answer[:300]!r}")
        if msgspec.json.decode(answer)["events"][0]["type"] != "dice_rolled":
            raise RuntimeError(f"a roll command answered no dice_rolled event: {answer[:300]!r}")
        if compact:
            status, answer = await request(
                HOST, served.port, "POST", f"/campaigns/{campaigns[0][0]}/commands", ROLL,
                {"Authorization": f"Bearer {campaigns[0][1]}", **prefer},
            )
            if status != 201 or set(msgspec.json.decode(answer)) != {"version", "head_hash", "result"}:
                raise RuntimeError(f"a compact roll answered HTTP {status} {answer[:300]!r}")
        requests = [
            build_request("POST", HOST, served.port, f"/campaigns/{c}/commands", ROLL,
                          {"Authorization": f"Bearer {t}", **prefer})
            for c, t in campaigns
        ]
        before = sample(served.pid)
        load = await run_load(
            HOST, served.port, requests, warmup=warmup, duration=duration, max_requests=max_requests
        )
        cpu = between(before, sample(served.pid), load.requests + load.warmup_requests)
        pid = served.pid
    connection = await asyncpg.connect(database_url)
    try:
        rows: int = await connection.fetchval(
            "SELECT count(*) FROM events WHERE type = 'dice_rolled' AND campaign_id = ANY($1::uuid[])",
            [uuid.UUID(c) for c, _ in campaigns],
        )
    finally:
        await connection.close()
    return HttpRun(load, pid, rows, cpu)
