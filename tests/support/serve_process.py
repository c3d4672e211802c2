"""`lexmechanic serve` in a subprocess on a free port, for the tests that need a real process (two processes on
one database, kill -9, the README pasted into a shell): started, awaited on /health, always stopped."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def serve_process(env: Mapping[str, str], *extra: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """The process and its base URL; `env` is added to this process's environment (without the admin token
    and DATABASE_URL, which `env` gives when it wants them)."""
    port = free_port()
    full = {**os.environ, "PYTHONPATH": str(ROOT)}
    for name in ("LEXMECHANIC_ADMIN_TOKEN", "DATABASE_URL"):
        full.pop(name, None)
    full.update(env)
    process = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--host", HOST, "--port", str(port), "--no-access-log", *extra],
        cwd=ROOT, env=full, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"serve exited with {process.returncode}: {process.stderr.read()[-2000:]!r}")
            try:
                if httpx.get(f"http://{HOST}:{port}/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("serve did not answer within 120 s")
            time.sleep(0.1)
        yield f"http://{HOST}:{port}", process
    finally:
        stop(process)


def stop(process: subprocess.Popen[bytes]) -> int:
    """SIGTERM (serve shuts down gracefully, workers and embedded database included); SIGKILL if it lingers."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
    if process.stderr is not None:
        process.stderr.close()
    return process.returncode
