"""CPU of a `roll` at the HTTP edge, in process: `python -m bench.edge_cpu [--commands N] [--profile FILE]`.

Starts PostgreSQL like the bench, builds the real app and calls it as uvicorn does (an ASGI scope with the
headers httptools gives, one `http.request` message, a `send` that keeps what it is given), N `roll` commands to
one campaign, one at a time, no test client. Prints the CPU of the whole ASGI call, of the command's own path
(`remembered_outcome`: the decision, the append's round trip) and of the told answer (`told_answer`), and the
edge: the whole call less those two, i.e. everything around them — the fast path's checks and body, Litestar's
routing and send wrappers, the security headers, the JSON of the answer. With `--profile`, a cProfile of the
loop.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import json
import pstats
import statistics
import time
import warnings
from typing import Any

CPU: dict[str, list[float]] = {}


def _timed(owner: Any, name: str, label: str) -> None:
    original = getattr(owner, name)

    @functools.wraps(original)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        began = time.process_time()
        try:
            return await original(*args, **kwargs)
        finally:
            CPU.setdefault(label, []).append(time.process_time() - began)

    setattr(owner, name, wrapper)


async def _run(database_url: str, commands: int, profile: str | None, stub: bool) -> dict[str, float]:

    import service.api.campaigns as edge
    from service.app import create_app
    from service.settings import Settings

    _timed(edge, "remembered_outcome", "command (remembered_outcome)")
    _timed(edge, "told_answer", "told answer (told_answer)")
    app = create_app(Settings(database_url=database_url))
    async with app.lifespan():
        campaign, token = await _created(app)
        body = b'{"type": "roll", "expression": "2d10+3", "reason": "bench"}'
        # What uvicorn's httptools protocol puts in the scope of such a request (headers lower-cased, in order).
        headers = [(b"host", b"127.0.0.1:8000"), (b"accept", b"*/*"), (b"accept-encoding", b"gzip, deflate"),
                   (b"connection", b"keep-alive"), (b"user-agent", b"python-httpx/0.28.1"),
                   (b"authorization", f"Bearer {token}".encode()), (b"content-type", b"application/json"),
                   (b"content-length", str(len(body)).encode())]
        path = f"/campaigns/{campaign}/commands"
        receive, send, sent = _channel(body)

        def scope() -> dict[str, Any]:
            return _scope(path, headers)

        async def one() -> None:
            sent.clear()
            await app(scope(), receive, send)  # type: ignore[arg-type]
            assert sent[0]["status"] == 201, sent

        for _ in range(100):
            await one()
        if stub:
            await _stubbed(edge, one)
        CPU.clear()
        whole: list[float] = []
        profiler = cProfile.Profile() if profile else None
        for _ in range(commands):
            began = time.process_time()
            if profiler:
                profiler.enable()
            await one()
            if profiler:
                profiler.disable()
            whole.append(time.process_time() - began)
        if profiler:
            profiler.dump_stats(profile)  # type: ignore[arg-type]
    command, told = CPU["command (remembered_outcome)"], CPU["told answer (told_answer)"]
    edge_only = [w - c - t for w, c, t in zip(whole, command, told, strict=True)]
    return {
        "whole ASGI call": statistics.median(whole) * 1e6,
        "command (remembered_outcome)": statistics.median(command) * 1e6,
        "told answer (told_answer)": statistics.median(told) * 1e6,
        "edge (whole - command - told), median": statistics.median(edge_only) * 1e6,
        "edge, mean of the middle 80 %": statistics.mean(sorted(edge_only)[commands // 10: -commands // 10]) * 1e6,
    }


async def _stubbed(edge: Any, one: Any) -> None:
    """The command and its told answer replaced by the last ones given (no database, no words): the ASGI call is
    then the edge's work alone, without the noise of a round trip."""
    kept: dict[str, Any] = {}
    command, told = edge.remembered_outcome, edge.told_answer

    async def keep_command(*args: Any, **kwargs: Any) -> Any:
        kept["command"] = await command(*args, **kwargs)
        return kept["command"]

    async def keep_told(*args: Any, **kwargs: Any) -> Any:
        kept["told"] = await told(*args, **kwargs)
        return kept["told"]

    edge.remembered_outcome, edge.told_answer = keep_command, keep_told
    await one()

    async def same_command(*args: Any, **kwargs: Any) -> Any:
        began = time.process_time()
        CPU.setdefault("command (remembered_outcome)", []).append(time.process_time() - began)
        return kept["command"]

    async def same_told(*args: Any, **kwargs: Any) -> Any:
        began = time.process_time()
        CPU.setdefault("told answer (told_answer)", []).append(time.process_time() - began)
        return kept["told"]

    edge.remembered_outcome, edge.told_answer = same_command, same_told


def _channel(body: bytes) -> tuple[Any, Any, list[Any]]:
    """An ASGI `receive` that gives the whole body at once, a `send` that keeps what it is given, and that list."""
    sent: list[Any] = []

    async def receive() -> Any:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    return receive, send, sent


def _scope(path: str, headers: list[tuple[bytes, bytes]]) -> dict[str, Any]:
    """The scope uvicorn gives a POST to `path` from 127.0.0.1."""
    return {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"}, "http_version": "1.1",
            "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 50000), "scheme": "http",
            "method": "POST", "root_path": "", "path": path, "raw_path": path.encode(),
            "query_string": b"", "headers": list(headers), "state": {}}


async def _created(app: Any) -> tuple[str, str]:
    """A new campaign's id and GM token, asked of the app through ASGI in this loop (the pool lives in it)."""
    body = b'{"name": "CPU", "ruleset": "deathwatch"}'
    receive, send, sent = _channel(body)
    headers = [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode())]
    await app(_scope("/campaigns", headers), receive, send)
    created = json.loads(sent[1]["body"])
    return created["campaign_id"], created["gm_token"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.edge_cpu", description=__doc__)
    parser.add_argument("--commands", type=int, default=2000)
    parser.add_argument("--profile", help="write a cProfile of the measured loop here and print its top")
    parser.add_argument("--stub", action="store_true",
                        help="after a warm-up, answer every roll with the first one's outcome and told answer")
    args = parser.parse_args(argv)
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    from bench.database import on_fresh_database

    found = on_fresh_database(lambda url: _run(url, args.commands, args.profile, args.stub))
    if args.profile:
        print("(the figures below are under cProfile: run again without --profile for the true CPU)")
    print(f"== CPU µs per roll at the edge, {args.commands} rolls one at a time ==")
    for label, value in found.items():
        print(f"  {label:<42} {value:8.1f}")
    if args.profile:
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
