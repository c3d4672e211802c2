"""The server's edge, attacked through a real socket (docs/api.md, "Limits"): slow or silent heads are closed,
oversized heads refused, and connections beyond the limit answered 503 — with `serve`'s own uvicorn settings.

The deadlines here are shortened (EdgeLimits) so the suite stays fast; `serve`'s own numbers are checked
against the docs below.
"""

from __future__ import annotations

import json
import select
import socket
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager

import pytest

from service import serving
from service.edge_protocol import EdgeLimits
from service.settings import Settings
from tests.support.live_server import live_server

SHORT = EdgeLimits(head_seconds=1.5, head_bytes=32 * 1024, max_connections=1000)
MARGIN = 4.0  # seconds beyond a deadline before a test calls the connection held open (a loaded machine)


@contextmanager
def served(database_url: str, limits: EdgeLimits) -> Iterator[tuple[str, int]]:
    with live_server(Settings(database_url=database_url, pool_min=1, pool_max=2), limits) as url:
        host, port = url.removeprefix("http://").split(":")
        yield host, int(port)


def _read_until_closed(sock: socket.socket, deadline: float) -> tuple[bytes, float | None]:
    """Everything the server sends until it closes (and when it closed), or what came by `deadline` (None)."""
    received = b""
    while time.monotonic() < deadline:
        readable, _, _ = select.select([sock], [], [], 0.05)
        if readable:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                return received, time.monotonic()
            if not chunk:
                return received, time.monotonic()
            received += chunk
    return received, None


def _problem(answer: bytes) -> tuple[int, dict[str, str], dict[str, object]]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    return status, headers, json.loads(body)


def test_a_head_sent_slowly_is_closed_at_the_head_deadline_with_a_408(database_url: str) -> None:
    with served(database_url, SHORT) as address, closing(socket.create_connection(address)) as sock:
        opened = time.monotonic()
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: lexmechanic\r\nAccept-Language: es\r\n")
        closed_at = None
        received = b""
        while closed_at is None and time.monotonic() < opened + SHORT.head_seconds + MARGIN:
            try:
                sock.sendall(b"X-Slow: a\r\n")  # one more header line now and then: never the end of the head
            except (BrokenPipeError, ConnectionResetError):
                break
            more, closed_at = _read_until_closed(sock, time.monotonic() + 0.3)
            received += more
        if closed_at is None:
            more, closed_at = _read_until_closed(sock, time.monotonic() + 0.5)
            received += more
        assert closed_at is not None, "the server still holds a connection whose head never ends"
        assert closed_at - opened < SHORT.head_seconds + MARGIN
        status, headers, problem = _problem(received)
        assert status == 408 and problem["type"] == "urn:lexmechanic:problem:request-timeout"
        assert headers["content-language"] == "es" and "segundos" in str(problem["detail"])
        assert headers["connection"] == "close" and headers["x-content-type-options"] == "nosniff"


def test_a_silent_connection_is_closed_at_the_head_deadline(database_url: str) -> None:
    with served(database_url, SHORT) as address, closing(socket.create_connection(address)) as sock:
        opened = time.monotonic()
        received, closed_at = _read_until_closed(sock, opened + SHORT.head_seconds + MARGIN)
        assert closed_at is not None, "the server still holds a connection that never sent a byte"
        assert received == b"" and closed_at - opened >= SHORT.head_seconds * 0.9


def test_a_keep_alive_connection_gets_the_same_deadline_for_its_next_head(database_url: str) -> None:
    limits = EdgeLimits(head_seconds=1.5, head_bytes=32 * 1024, max_connections=1000)
    with served(database_url, limits) as address, closing(socket.create_connection(address)) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: lexmechanic\r\n\r\n")
        first, _ = _read_until_closed(sock, time.monotonic() + 1.0)
        assert first.startswith(b"HTTP/1.1 200")
        started = time.monotonic()
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: lexmechanic\r\n")  # and never the blank line
        second, closed_at = _read_until_closed(sock, started + limits.head_seconds + MARGIN)
        assert closed_at is not None and second.startswith(b"HTTP/1.1 408")


def test_an_eight_megabyte_header_is_refused_with_a_431_after_32_kb(database_url: str) -> None:
    with served(database_url, SHORT) as address, closing(socket.create_connection(address)) as sock:
        started = time.monotonic()
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: lexmechanic\r\nAccept-Language: ")
        sent, received, closed_at = 0, b"", None
        while sent < 8_000_000 and closed_at is None:
            try:
                sock.sendall(b"en;q=0.5," * 1820)  # 16 kB at a time
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += 16_380
            more, closed_at = _read_until_closed(sock, time.monotonic() + 0.02)
            received += more
        if closed_at is None:
            more, closed_at = _read_until_closed(sock, time.monotonic() + MARGIN)
            received += more
        took = time.monotonic() - started
        status, headers, problem = _problem(received)
        assert status == 431 and problem["type"] == "urn:lexmechanic:problem:header-too-large"
        assert sent < 200_000 and took < MARGIN, (sent, took)  # refused after the bound, not after 8 MB
        assert headers["content-type"] == "application/problem+json"


def _get(address: tuple[str, int], path: str = "/health") -> bytes:
    with closing(socket.create_connection(address)) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: lexmechanic\r\nConnection: close\r\n\r\n".encode())
        answer, _ = _read_until_closed(sock, time.monotonic() + 10)
        return answer


def test_a_request_beyond_the_connection_limit_is_a_503_with_retry_after(database_url: str) -> None:
    limits = EdgeLimits(head_seconds=30, head_bytes=32 * 1024, max_connections=3)
    with served(database_url, limits) as address:
        held = [socket.create_connection(address) for _ in range(3)]
        try:
            time.sleep(0.3)  # the server has accepted them
            status, headers, problem = _problem(_get(address))
            assert status == 503 and problem["type"] == "urn:lexmechanic:problem:service-unavailable"
            assert headers["retry-after"] == "5" and headers["x-frame-options"] == "DENY"
        finally:
            for sock in held:
                sock.close()
        time.sleep(0.3)
        assert _get(address).startswith(b"HTTP/1.1 200")


@pytest.mark.parametrize("number", ["10 s", "32 kB", "1000 connections"])
def test_serve_runs_with_the_documented_edge_limits(number: str) -> None:
    config = serving.uvicorn_config(serving.APP_FACTORY, factory=True, host="127.0.0.1", port=8000)
    assert number in serving.describe(config)
    limits = config["http"].keywords["limits"]
    assert (limits.head_seconds, limits.head_bytes, limits.max_connections) == (10, 32 * 1024, 1000)
