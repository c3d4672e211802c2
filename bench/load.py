"""A tiny HTTP/1.1 keep-alive load client on asyncio streams, so that the client costs little.

Each worker owns one connection and sends one prepared request (its own campaign) again and again,
waiting for each answer before sending the next (closed loop). Requests are bounded by a time window
and a total count. The first `warmup` seconds are sent but not counted.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from bench.report import Latencies


class HttpError(RuntimeError):
    pass


def build_request(
    method: str, host: str, port: int, path: str, body: bytes = b"", headers: dict[str, str] | None = None
) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: keep-alive"]
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    if body or method in ("POST", "PUT", "PATCH"):
        lines.append("Content-Type: application/json")
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


async def read_response(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """One response: (status, body). Handles Content-Length and chunked bodies."""
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head[9:12])
    lower = head.lower()
    at = lower.find(b"\r\ncontent-length:")
    if at >= 0:
        end = lower.index(b"\r\n", at + 2)
        length = int(lower[at + 17 : end])
        return status, (await reader.readexactly(length) if length else b"")
    if b"\r\ntransfer-encoding: chunked" in lower:
        chunks = []
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                await reader.readuntil(b"\r\n")
                return status, b"".join(chunks)
            chunks.append(await reader.readexactly(size))
            await reader.readexactly(2)
    return status, b""


async def request(
    host: str, port: int, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
) -> tuple[int, bytes]:
    """One request on a fresh connection (for setup, not for measuring)."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(build_request(method, host, port, path, body, headers))
        await writer.drain()
        return await asyncio.wait_for(read_response(reader), 30)
    finally:
        writer.close()


@dataclass
class LoadResult:
    requests: int = 0
    seconds: float = 0.0
    errors: int = 0
    warmup_requests: int = 0
    first_error: str | None = None
    latencies: Latencies = field(default_factory=Latencies)

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


async def run_load(
    host: str,
    port: int,
    requests: list[bytes],
    *,
    warmup: float,
    duration: float,
    max_requests: int,
    ok_status: int = 201,
) -> LoadResult:
    """One worker per prepared request, all concurrent; counts what completes in the measured window."""
    result = LoadResult()
    connections = [await asyncio.open_connection(host, port) for _ in requests]
    start = time.perf_counter()
    measure_from = start + warmup
    stop_at = measure_from + duration
    samples: list[float] = []
    measured_end = [measure_from]

    async def worker(payload: bytes, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        clock = time.perf_counter
        while True:
            sent = clock()
            if sent >= stop_at or result.requests >= max_requests:
                return
            writer.write(payload)
            status, body = await read_response(reader)
            done = clock()
            if status != ok_status:
                result.errors += 1
                if result.first_error is None:
                    result.first_error = f"HTTP {status}: {body[:300]!r}"
                if result.errors > 50:
                    raise HttpError(f"too many failed requests; first: {result.first_error}")
                continue
            if sent >= measure_from:
                result.requests += 1
                samples.append(done - sent)
                measured_end[0] = max(measured_end[0], done)
            else:
                result.warmup_requests += 1

    try:
        await asyncio.gather(*(worker(p, r, w) for p, (r, w) in zip(requests, connections, strict=True)))
    finally:
        for _, writer in connections:
            writer.close()
    result.seconds = max(measured_end[0] - measure_from, 1e-9)
    result.latencies = Latencies(samples)
    return result
