"""CPU per `roll` in process: `python -m bench.command_cpu [--commands N] [--profile FILE]`.

Starts PostgreSQL like the bench, builds the real app and sends N `roll` commands to one campaign through
Litestar's in-process test client, one at a time. One request in flight, so the process's CPU time spent
inside a stage is that stage's own (its waits for PostgreSQL cost no CPU). Prints the process CPU per
request (the test client's own share included: it is the same for every version measured), the CPU of the
handler (`send_command`, everything the route does) and of `Commander.execute`, the CPU of the app's own
thread (without the test client) and of Litestar around the handler (the app's thread less the handler's: what
the floor's route pays too, and more), and with `--profile` a cProfile of the measured loop (the twenty
functions with the most own time).
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import logging
import pstats
import statistics
import time
import warnings
from typing import Any

CPU: dict[str, list[float]] = {}


def _cpu_timed(owner: Any, name: str, label: str) -> None:
    original = getattr(owner, name, None)
    if original is None:
        return  # an older version of the route, measured for comparison, has no such stage

    @functools.wraps(original)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        began = time.process_time()
        try:
            return await original(*args, **kwargs)
        finally:
            CPU.setdefault(label, []).append(time.process_time() - began)

    setattr(owner, name, wrapper)


def _cpu_timed_sync(owner: Any, name: str, label: str) -> None:
    original = getattr(owner, name, None)
    if original is None:
        return

    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        began = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            CPU.setdefault(label, []).append(time.process_time() - began)

    setattr(owner, name, wrapper)


async def _run(database_url: str, commands: int, profile: str | None) -> dict[str, float]:
    from litestar.testing import AsyncTestClient

    import service.api.campaigns as edge
    from service.api.campaigns import send_command
    from service.app import create_app
    from service.commanding import Commander
    from service.settings import Settings

    _cpu_timed(Commander, "execute", "Commander.execute")
    _cpu_timed(Commander, "execute_remembered", "Commander.execute_remembered (token in the append)")
    _cpu_timed(edge, "campaign_actor_and_share_key", "token + share key (one statement)")
    _cpu_timed(edge, "campaign_actor", "token (before issue 23)")
    _cpu_timed(edge, "links_for", "newest share key (before issue 23)")
    _cpu_timed_sync(edge, "check_body", "check_body")
    _cpu_timed_sync(edge, "check_plain_text", "check_plain_text")
    _cpu_timed_sync(edge, "request_digest", "request_digest")
    _cpu_timed_sync(edge, "told_result", "told_result (en + es, text/markdown/bbcode)")
    # Litestar calls the handler's function through `_fn` (its `fn` is a read-only property).
    _cpu_timed(send_command, "_fn", "handler (send_command)")
    handler_thread: list[float] = []
    timed_fn = send_command._fn

    @functools.wraps(timed_fn)
    async def handler_in_thread(*args: Any, **kwargs: Any) -> Any:
        began = time.thread_time()
        try:
            return await timed_fn(*args, **kwargs)
        finally:
            handler_thread.append(time.thread_time() - began)

    send_command._fn = handler_in_thread
    logging.getLogger("httpx").setLevel(logging.WARNING)
    app = create_app(Settings(database_url=database_url))
    profiler = cProfile.Profile() if profile else None
    profiling = False

    app_thread: list[float] = []

    async def profiled(scope: Any, receive: Any, send: Any) -> None:
        # The test client runs the app in a thread of its own, and a profiler sees only the thread it was
        # enabled in: so it is enabled here, around each measured request. The CPU of that thread alone (the
        # app, without the test client) is taken here too: less the handler's, it is Litestar's around it.
        began = time.thread_time()
        try:
            if profiler is None or not profiling:
                return await app(scope, receive, send)
            profiler.enable()
            try:
                return await app(scope, receive, send)
            finally:
                profiler.disable()
        finally:
            if scope["type"] == "http":
                app_thread.append(time.thread_time() - began)

    async with AsyncTestClient(app=profiled) as client:  # type: ignore[arg-type]
        created = (await client.post("/campaigns", json={"name": "CPU", "ruleset": "deathwatch"})).json()
        path, auth = f"/campaigns/{created['campaign_id']}/commands", {"Authorization": f"Bearer {created['gm_token']}"}
        body = {"type": "roll", "expression": "2d10+3", "reason": "bench"}
        for _ in range(50):
            assert (await client.post(path, json=body, headers=auth)).status_code == 201
        CPU.clear()
        app_thread.clear()
        handler_thread.clear()
        profiling = True
        began = time.process_time()
        for _ in range(commands):
            await client.post(path, json=body, headers=auth)
        profiling = False
        if profiler:
            profiler.dump_stats(profile)  # type: ignore[arg-type]
        total = time.process_time() - began
    found = {label: statistics.median(samples) * 1e6 for label, samples in CPU.items()}
    found["whole request, test client included (mean)"] = total / commands * 1e6
    found["app's own thread (ASGI call, no test client)"] = statistics.median(app_thread) * 1e6
    if len(handler_thread) == len(app_thread):  # the fast path (service/api/command_fast_path.py) calls no handler
        found["Litestar around the handler (app - handler)"] = statistics.median(
            [whole - inner for whole, inner in zip(app_thread, handler_thread, strict=True)]) * 1e6
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.command_cpu", description=__doc__)
    parser.add_argument("--commands", type=int, default=2000)
    parser.add_argument("--profile", help="write a cProfile of the measured loop here and print its top")
    args = parser.parse_args(argv)
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    from bench.database import on_fresh_database

    found = on_fresh_database(lambda url: _run(url, args.commands, args.profile))
    if args.profile:
        print("(the figures below are under cProfile: run again without --profile for the true CPU)")
    print(f"== CPU µs per roll, {args.commands} rolls one at a time (median unless said) ==")
    for label, value in found.items():
        print(f"  {label:<48} {value:8.0f}")
    if args.profile:
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
