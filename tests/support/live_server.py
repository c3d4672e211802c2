"""The real app under uvicorn (the production stack: uvloop, httptools) in a thread, on a free port.

For tests of HTTP clients (the command line client, the docs page): they talk to a socket, as a person's
tools would, while the test's own code stays synchronous.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from service import serving
from service.app import create_app
from service.edge_protocol import EdgeLimits
from service.settings import Settings

HOST = "127.0.0.1"


@contextmanager
def live_server(settings: Settings, limits: EdgeLimits = serving.EDGE_LIMITS) -> Iterator[str]:
    """Serve create_app(settings) with `serve`'s uvicorn settings (and `limits`) until the block ends; answers the
    base URL."""
    listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listening.bind((HOST, 0))
    port = listening.getsockname()[1]
    options = serving.uvicorn_config(create_app(settings), host=HOST, port=port, log_level="warning", access_log=False,
                                     limits=limits)
    options.pop("workers")
    server = uvicorn.Server(uvicorn.Config(**options))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, name="live-server", daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 60
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the live server did not start")
            time.sleep(0.02)
        yield f"http://{HOST}:{port}"
    finally:
        server.should_exit = True
        thread.join(30)
        listening.close()
