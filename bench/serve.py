"""Serving an app under uvicorn in a subprocess on 127.0.0.1, and the subprocess entry point.

`python -m bench.serve {floor|service} --port P --database-url URL [--profile FILE]` runs one app with
the uvicorn settings `lexmechanic serve` uses, made by the same function (`service.serving.uvicorn_config`:
uvloop and httptools, one worker). The service is even loaded the way `serve` loads it: the app factory
`service.app:create_app` with its settings from the environment. Only the access log is off for both
(`serve --no-access-log`), so the apps are measured rather than the log. `Served` starts an app on a
free port, waits until it answers, and always terminates it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import Any, Self

HOST = "127.0.0.1"
ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def server_config(kind: str, port: int, database_url: str) -> dict[str, Any]:
    """The uvicorn settings the bench runs `kind` with: serve's own, access log off."""
    from service import serving

    if kind == "floor":
        from bench.floor_app import create_floor_app

        return serving.uvicorn_config(create_floor_app(database_url), host=HOST, port=port, log_level="warning",
                                      access_log=False)
    os.environ["DATABASE_URL"] = database_url  # what `lexmechanic serve` hands its workers
    return serving.uvicorn_config(serving.APP_FACTORY, factory=True, host=HOST, port=port, log_level="warning",
                                  access_log=False)


def describe_stack() -> str:
    """The stack both app servers run, as the bench prints it."""
    from service import serving

    return serving.describe(serving.uvicorn_config("x:y", host=HOST, port=0, access_log=False))


NOTIFY_CLAUSE = " CROSS JOIN (SELECT notify_live_listeners($1) FROM moved) AS n"


NOTIFY_CALL = "notify_live_listeners($1)"


def _without_notify() -> None:
    """The what-if of `python -m bench --what-if-no-notify`: the service's one-statement appends (the one that
    reads the token first, and the one that checks a remembered token) without their NOTIFY at all, patched into
    this server process only: not even the look for a registered listener (`notify_live_listeners`,
    migrations/0009), which in the bench finds none, so (3) sends no NOTIFY either and (3x) measures what that
    look costs. An experiment that breaks a guarantee (DESIGN.md §2: the NOTIFY wakes the SSE streams), never a
    configuration."""
    from service import queries

    for name in ("APPEND_IF_HEAD", "APPEND_EVENTS_IF_HEAD"):  # one event, and more
        assert NOTIFY_CLAUSE in getattr(queries, name), "the append statement changed: update the what-if"
        setattr(queries, name, getattr(queries, name).replace(NOTIFY_CLAUSE, ""))
    for name in ("APPEND_IF_HEAD_AND_TOKEN", "APPEND_EVENTS_IF_HEAD_AND_TOKEN"):
        assert NOTIFY_CALL in getattr(queries, name), "the append statement changed: update the what-if"
        setattr(queries, name, getattr(queries, name).replace(NOTIFY_CALL, "$1::text"))


def _untold() -> None:
    """The what-if of `BENCH_WHAT_IF=untold`: a command's answer without the words it is told in (no
    `rendered*`, `changed`, `rolls`; the facts of `result_of` stay), patched into this server process only. An
    experiment that breaks docs/api.md's answer, to measure what telling costs a whole server under load."""
    from service.api import campaigns

    setattr(campaigns, "told_result", lambda *_: {})  # noqa: B010 (a module attribute patched by name)


# Experiments named in the environment, for a manual run: `BENCH_WHAT_IF=untold,no-notify python -m bench ...`.
WHAT_IFS = {"no-notify": _without_notify, "untold": _untold}


def _serve(kind: str, port: int, database_url: str) -> None:
    from service import serving

    serving.run(server_config(kind, port, database_url))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.serve")
    parser.add_argument("kind", choices=("floor", "service"))
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--profile", help="write a cProfile of the whole process here on shutdown")
    parser.add_argument("--what-if-no-notify", action="store_true", help="an experiment: no NOTIFY (service only)")
    args = parser.parse_args(argv)
    if args.what_if_no_notify:
        _without_notify()
    if args.kind == "service":
        for name in filter(None, os.environ.get("BENCH_WHAT_IF", "").split(",")):
            WHAT_IFS[name.strip()]()
    if args.profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
        try:
            _serve(args.kind, args.port, args.database_url)
        finally:
            profiler.disable()
            profiler.dump_stats(args.profile)
    else:
        _serve(args.kind, args.port, args.database_url)
    return 0


class Served:
    """`async with Served("service", url) as served:` — the app on served.port, terminated on exit."""

    def __init__(self, kind: str, database_url: str, profile: str | None = None, no_notify: bool = False) -> None:
        self.kind = kind
        self.database_url = database_url
        self.profile = profile
        self.no_notify = no_notify
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    async def __aenter__(self) -> Self:
        command = [sys.executable, "-m", "bench.serve", self.kind, "--port", str(self.port),
                   "--database-url", self.database_url]
        if self.profile:
            command += ["--profile", self.profile]
        if self.no_notify:
            command += ["--what-if-no-notify"]
        env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        self.process = subprocess.Popen(command, cwd=ROOT, env=env)  # noqa: ASYNC220 (returns at once)
        try:
            await self._wait_ready()
        except BaseException:
            self.terminate()
            raise
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.terminate()

    async def _wait_ready(self, timeout: float = 30.0) -> None:
        from bench.load import request

        deadline = time.monotonic() + timeout
        while True:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"the {self.kind} server exited with {self.process.returncode} before serving")
            try:
                status, _ = await request(HOST, self.port, "GET", "/health")
                if status == 200:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the {self.kind} server did not answer on {HOST}:{self.port} in {timeout:.0f}s")
            await asyncio.sleep(0.1)

    def terminate(self) -> None:
        """SIGINT (uvicorn shuts down cleanly, so a profile is written), then SIGKILL if it lingers."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


if __name__ == "__main__":
    raise SystemExit(main())
