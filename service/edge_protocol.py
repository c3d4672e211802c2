"""uvicorn's httptools protocol with the bounds it lacks: a request head's time and size, and open connections.

uvicorn (0.55, httptools) closes a connection idle after a response (`timeout_keep_alive`) but has no limit on
how long a request head may take or how large it may grow, and none at all on a connection that never sends a
byte: a client could hold sockets open for ever by sending a head slowly (slowloris), or make the parser
gather megabytes of one header. Its `limit_concurrency` answers a plain-text 503. This subclass keeps
everything else of uvicorn and adds (docs/api.md, "Limits"):

- head time: a connection must deliver a whole request head within `head_seconds` of opening (or of the
  first byte of a later head); else it is closed, with a 408 problem document if part of a head came;
- head size: a head larger than `head_bytes` is a 431 problem document, and the connection is closed;
- connections: a request arriving while more than `max_connections` connections are open (or as many
  requests run) is a 503 problem document with Retry-After, and that connection is closed.

The refusals are written here, before any app runs, in the language of the head's Accept-Language if it came.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from domain.catalog import sentence
from service.api.negotiation import accepted_language
from service.api.security_headers import DEFAULTS as SECURITY_HEADERS

RETRY_AFTER_SECONDS = 5


@dataclass(frozen=True)
class EdgeLimits:
    """The bounds `lexmechanic serve` runs with (service/serving.py)."""

    # nginx's client_header_timeout is 60 s; a head is a few hundred bytes, so 10 s is slow enough for any
    # client on any link and short enough that held sockets do not pile up.
    head_seconds: float = 10.0
    # Browsers send 1-2 kB; cookies of many campaigns' sign-ins (~120 bytes each) fit well under 32 kB.
    head_bytes: int = 32 * 1024
    # Open connections (keep-alive and live streams included) served at once by one worker process.
    max_connections: int = 1000


# The problem types' titles (English, as every problem's `title`); the details are answers.po's `answer.edge.<status>`.
_TITLES = {408: "Request timeout", 431: "Request header fields too large", 503: "Service unavailable"}
_SLUGS = {408: "request-timeout", 431: "header-too-large", 503: "service-unavailable"}
_REASONS = {408: "Request Timeout", 431: "Request Header Fields Too Large", 503: "Service Unavailable"}


def refusal(status: int, limits: EdgeLimits, accept_language: str, path: str | None = None
            ) -> tuple[list[tuple[str, str]], bytes]:
    """The headers and problem document (RFC 9457) of an edge refusal, in the language asked for."""
    title = _TITLES[status]
    lang = accepted_language(accept_language)
    values = {"seconds": limits.head_seconds, "head_bytes": limits.head_bytes, "retry": RETRY_AFTER_SECONDS}
    detail = sentence(f"answer.edge.{status}", lang).format(**values)
    problem: dict[str, Any] = {"type": f"urn:lexmechanic:problem:{_SLUGS[status]}", "title": title,
                               "status": status, "detail": detail}
    if path is not None:
        problem["instance"] = path
    body = json.dumps(problem, ensure_ascii=False).encode()
    headers = [("content-type", "application/problem+json"), ("content-length", str(len(body))),
               ("content-language", lang), ("connection", "close"), *SECURITY_HEADERS]
    if status == 503:
        headers.append(("retry-after", str(RETRY_AFTER_SECONDS)))
    return headers, body


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    """HttpToolsProtocol with a deadline and a size bound on each request head, and a bound on connections."""

    def __init__(self, config: Config, server_state: ServerState, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None, *, limits: EdgeLimits = EdgeLimits()) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.limits = limits
        self.limit_concurrency = None  # bounded here instead, answering a problem document
        self._served_app = self.app
        self._head_timer: asyncio.TimerHandle | None = None
        self._in_head = True  # no request head is complete since the connection opened or the last message ended
        self._head_bytes = 0

    # The head's deadline runs from the connection's opening, and from the first byte of each later head that
    # does not arrive in one piece (uvicorn's keep-alive timeout closes a connection idle after a response); a
    # complete head stops it. A head that arrives whole in one read arms no timer at all.
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_head_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_deadline()
        super().connection_lost(exc)

    def _start_head_deadline(self) -> None:
        self._stop_head_deadline()
        self._head_timer = self.loop.call_later(self.limits.head_seconds, self._head_too_slow)

    def _stop_head_deadline(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if not self._in_head or self.transport.is_closing():
            return
        if self._head_bytes:
            self._refuse(408)
        else:
            self.transport.close()  # nothing was asked: nothing to answer

    def data_received(self, data: bytes) -> None:
        if self._in_head:
            self._head_bytes += len(data)
        super().data_received(data)
        if not self._in_head or not self._head_bytes or self.transport.is_closing():
            return
        if self._head_bytes > self.limits.head_bytes:
            self._refuse(431)
        elif self._head_timer is None:
            self._start_head_deadline()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_head = True

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._head_bytes = 0
        if self._head_timer is not None:  # none when the head came in one read (the common case)
            self._stop_head_deadline()
        bound = self.limits.max_connections
        if len(self.connections) > bound or len(self.tasks) >= bound:
            # The request's task is made by uvicorn's `on_headers_complete` of `self.app`: the refusal, this once.
            self.app = _busy(self.limits)
            try:
                super().on_headers_complete()
            finally:
                self.app = self._served_app
        else:
            super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._in_head, self._head_bytes = True, 0

    def _refuse(self, status: int) -> None:
        """Answer `status` and close, unless a response is being written (then only close)."""
        self._stop_head_deadline()
        if self.cycle is None or self.cycle.response_complete:
            headers, body = refusal(status, self.limits, _accept_language(self.headers or []))
            head = "".join(f"{name}: {value}\r\n" for name, value in headers)
            self.transport.write(f"HTTP/1.1 {status} {_REASONS[status]}\r\n{head}\r\n".encode("latin-1") + body)
        self.transport.close()


def _busy(limits: EdgeLimits) -> Any:
    async def busy(scope: Any, receive: Any, send: Any) -> None:
        headers, body = refusal(503, limits, _accept_language(scope["headers"]), scope["path"])
        await send({"type": "http.response.start", "status": 503,
                    "headers": [(name.encode(), value.encode("latin-1")) for name, value in headers]})
        await send({"type": "http.response.body", "body": body, "more_body": False})
    return busy


def _accept_language(headers: list[tuple[bytes, bytes]]) -> str:
    """The Accept-Language of the head's complete header lines, if one came."""
    return next((value.decode("latin-1") for name, value in headers if name == b"accept-language"), "")
