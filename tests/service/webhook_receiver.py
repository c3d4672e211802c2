"""A real webhook receiver for the tests: an HTTP server on 127.0.0.1 in a thread, written from docs/api.md
("Webhooks") alone: it checks each delivery's signature with its own HMAC, never the service's code."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import ThreadingHTTPServer
from typing import Any

from tests.support.local_http import QuietHandler, serve, shut


@dataclass
class Delivery:
    at: float
    headers: dict[str, str]
    body: bytes
    path: str = "/hook"

    @property
    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def seq(self) -> int:
        return int(self.headers["x-lexmechanic-event-seq"])


def signature_valid(secret: str, delivery: Delivery, tolerance: float = 300) -> bool:
    """docs/api.md: v1 = hex(HMAC-SHA256(key = the secret's UTF-8 bytes, message = timestamp + "." + raw body)),
    and the timestamp within five minutes of now."""
    timestamp = delivery.headers["x-lexmechanic-timestamp"]
    expected = hmac.new(secret.encode(), timestamp.encode() + b"." + delivery.body, hashlib.sha256).hexdigest()
    given = delivery.headers["x-lexmechanic-signature"]
    fresh = abs(time.time() - int(timestamp)) <= tolerance
    return fresh and any(hmac.compare_digest(part, f"v1={expected}") for part in given.split(","))


@dataclass
class Receiver:
    """Records every request; `answer` says the status of the next (default 204)."""

    answer: Callable[[Delivery], int] = lambda _: 204
    received: list[Delivery] = field(default_factory=list)
    attempts: list[Delivery] = field(default_factory=list)
    port: int = 0
    _server: ThreadingHTTPServer | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook"

    def start(self) -> None:
        receiver = self

        class Handler(QuietHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                delivery = Delivery(time.monotonic(), {k.lower(): v for k, v in self.headers.items()}, body, self.path)
                status = receiver.answer(delivery)
                with receiver._lock:
                    receiver.attempts.append(delivery)
                    if 200 <= status < 300:
                        receiver.received.append(delivery)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self._server = serve(Handler, self.port)
        self.port = self._server.server_address[1]

    def stop(self) -> None:
        if self._server is not None:
            shut(self._server)
            self._server = None

    def seqs(self, path: str | None = None) -> list[int]:
        with self._lock:
            return [d.seq for d in self.received if path is None or d.path == path]
