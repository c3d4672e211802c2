"""Scenario 7: peak memory of the service process for reads of a long campaign.

A campaign of one long session (the whole log, 100k events by default) is built like scenario 4's. Then,
for each of `GET /verify`, `GET /export` and `GET /transcript?session=1` (the whole session), a fresh
service process (the same stack as `lexmechanic serve`) is started, warmed up on a small campaign (every
route once, so start-up costs are in the baseline), and its idle RSS is read; its peak RSS is reset
(`/proc/PID/clear_refs`, "5") and the one request is sent, its answer read and discarded. The figure is
the peak RSS (`VmHWM`, also polled every 5 ms as a check) above that idle RSS: what the request made the
process hold at once. A read that streams in constant memory stays near zero whatever the log's length.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from pathlib import Path

import msgspec

from bench.cpu import _process_seconds
from bench.fold import Seeded, seed_campaign
from bench.load import build_request
from bench.serve import HOST, Served
from service.database import create_pool
from service.store import EventStore

GOAL_MB = 50.0
READS = (
    ("verify", "/verify"),
    ("export", "/export"),
    ("transcript (whole session)", "/transcript?session=1"),
)


@dataclass
class MemoryFigure:
    name: str
    idle_mb: float
    peak_mb: float
    answered_bytes: int
    seconds: float
    status: int
    # The answer's last bytes (kept while the rest is thrown away): /verify's report ends with its verdict.
    tail: bytes = b""
    # CPU seconds the service process spent while it answered (holds on a busy machine, unlike `seconds`).
    cpu_seconds: float = 0.0

    @property
    def verified(self) -> bool | None:
        """For /verify: whether the report says the campaign verifies (the bench builds it to)."""
        if self.name != "verify":
            return None
        return b'"problems":[]' in self.tail and b'"ok":true' in self.tail

    @property
    def above_idle_mb(self) -> float:
        return self.peak_mb - self.idle_mb


@dataclass
class MemoryResult:
    seeded: Seeded
    figures: list[MemoryFigure]


def _status_kb(pid: int, field: str) -> int:
    for text in Path(f"/proc/{pid}/status").read_text().splitlines():
        if text.startswith(field + ":"):
            return int(text.split()[1])
    raise KeyError(field)


def _reset_peak(pid: int) -> bool:
    """Reset VmHWM to the current RSS (Linux >= 4.0); False where that is not allowed."""
    try:
        Path(f"/proc/{pid}/clear_refs").write_text("5")
        return True
    except OSError:
        return False


class _Tail:
    """The last bytes of a stream, in constant memory."""

    def __init__(self, size: int = 4096) -> None:
        self.size, self.data = size, b""

    def add(self, chunk: bytes) -> bytes:
        self.data = (self.data + chunk)[-self.size:]
        return chunk


async def _discarding_get(port: int, path: str, headers: dict[str, str], tail: _Tail | None = None) -> tuple[int, int]:
    """GET `path`; read the whole answer and throw it away (but its last bytes, into `tail`). Answers
    (status, bytes of body)."""
    keep = tail or _Tail(0)
    reader, writer = await asyncio.open_connection(HOST, port, limit=1 << 20)
    try:
        writer.write(build_request("GET", HOST, port, path, b"", headers))
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        lower = head.lower()
        total = 0
        at = lower.find(b"\r\ncontent-length:")
        if at >= 0:
            remaining = int(lower[at + 17 : lower.index(b"\r\n", at + 2)])
            while remaining:
                chunk = keep.add(await reader.read(min(remaining, 1 << 16)))
                if not chunk:
                    break
                remaining -= len(chunk)
                total += len(chunk)
            return status, total
        if b"\r\ntransfer-encoding: chunked" in lower:
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    await reader.readuntil(b"\r\n")
                    return status, total
                while size:
                    chunk = keep.add(await reader.read(min(size, 1 << 16)))
                    size -= len(chunk)
                    total += len(chunk)
                await reader.readexactly(2)
        while chunk := keep.add(await reader.read(1 << 16)):
            total += len(chunk)
        return status, total
    finally:
        writer.close()


async def _warm_up(port: int) -> None:
    """Every measured route once, on a small campaign of its own, so first-use costs are in the idle RSS."""
    _, answer = await _request(port, "POST", "/campaigns", msgspec.json.encode(
        {"name": "Warm-up", "ruleset": "deathwatch"}))
    found = msgspec.json.decode(answer)
    auth = {"Authorization": f"Bearer {found['gm_token']}"}
    base = f"/campaigns/{found['campaign_id']}"
    await _request(port, "POST", base + "/commands", msgspec.json.encode({"type": "start_session", "title": "w"}), auth)
    await _request(port, "POST", base + "/commands", msgspec.json.encode(
        {"type": "roll", "expression": "2d10+3", "reason": "warm-up"}), auth)
    for _, path in READS:
        await _discarding_get(port, base + path, auth)


async def _request(
    port: int, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
) -> tuple[int, bytes]:
    from bench.load import request

    status, answer = await request(HOST, port, method, path, body, headers)
    if status >= 300:
        raise RuntimeError(f"{method} {path}: HTTP {status} {answer[:300]!r}")
    return status, answer


async def measure(database_url: str, seeded: Seeded, name: str, path: str) -> MemoryFigure:
    async with Served("service", database_url) as served:
        await _warm_up(served.port)
        auth = {"Authorization": f"Bearer {seeded.gm_token}"}
        # The campaign's token and head once, so the figure is the read itself.
        await _discarding_get(served.port, f"/campaigns/{seeded.campaign_id}/events?limit=1", auth)
        await asyncio.sleep(0.2)
        idle = _status_kb(served.pid, "VmRSS")
        resettable = _reset_peak(served.pid)
        polled = [idle]
        done = asyncio.Event()

        async def poll() -> None:
            while not done.is_set():
                polled.append(_status_kb(served.pid, "VmRSS"))
                await asyncio.sleep(0.005)

        poller = asyncio.create_task(poll())
        began = time.perf_counter()
        cpu_before = _process_seconds(served.pid)
        tail = _Tail()
        try:
            status, size = await _discarding_get(served.port, f"/campaigns/{seeded.campaign_id}{path}", auth, tail)
        finally:
            done.set()
            await poller
        seconds = time.perf_counter() - began
        cpu = _process_seconds(served.pid) - cpu_before
        peak = max(max(polled), _status_kb(served.pid, "VmHWM") if resettable else 0)
        return MemoryFigure(name, idle / 1024, peak / 1024, size, seconds, status, tail.data, cpu)


async def run_memory(database_url: str, *, events: int) -> MemoryResult:
    pool = await create_pool(database_url, 1, 4)
    try:
        seeded = await seed_campaign(EventStore(pool), events, session_events=events + 1)
    finally:
        await pool.close()
    figures = [await measure(database_url, seeded, name, path) for name, path in READS]
    return MemoryResult(seeded, figures)
