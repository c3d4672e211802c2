"""A real HTTP server on 127.0.0.1 for the tests' stand-ins (a webhook receiver, Discord's API): started in a
thread of its own, each request in a thread, quiet in the logs."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class QuietHandler(BaseHTTPRequestHandler):
    def log_message(self, *_: Any) -> None:
        pass


def serve(handler: type[BaseHTTPRequestHandler], port: int = 0) -> ThreadingHTTPServer:
    """Serving from now on; `server.server_address[1]` is its port (a free one when `port` is 0)."""
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def shut(server: ThreadingHTTPServer) -> None:
    server.shutdown()
    server.server_close()
