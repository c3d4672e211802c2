"""Where one command's time goes: each stage of `POST /commands` timed, one request at a time.

`python -m bench.command_path [--commands N]` starts PostgreSQL like the bench (embedded unless
DATABASE_URL), builds the real app (`service.app.create_app`) and sends N `roll` commands to one
campaign, sequentially, through Litestar's in-process test client; then N `d100_spend_fate` commands
inside an encounter turn (whose events stamping files under the turn). The stages are timed by wrapping the
service's own functions in this process only (nothing in service/ changes): wall time per stage, median
over the commands, with the statements each stage sends to PostgreSQL. One request at a time, so a
stage's wall time is its own CPU plus its round trips and nothing else's.

Complement: `python -m bench --only service --profile DIR` (cProfile of the server under load) and
py-spy on the server under load (docs/performance.md, "Where the time goes"), which give the CPU shares of
the HTTP server and the framework that this in-process client cannot see.
"""

from __future__ import annotations

import argparse
import functools
import logging
import statistics
import time
import warnings
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import msgspec

TIMES: dict[str, list[float]] = defaultdict(list)
STATEMENTS: dict[str, int] = defaultdict(int)
_current: list[str] = []


def _timed_sync(owner: Any, name: str, label: str) -> None:
    original = getattr(owner, name)

    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            TIMES[label].append(time.perf_counter() - began)

    static = isinstance(getattr(owner, "__dict__", {}).get(name), staticmethod)
    setattr(owner, name, staticmethod(wrapper) if static else wrapper)


def _timed_async(owner: Any, name: str, label: str) -> None:
    original = getattr(owner, name)

    @functools.wraps(original)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter()
        _current.append(label)
        try:
            return await original(*args, **kwargs)
        finally:
            _current.pop()
            TIMES[label].append(time.perf_counter() - began)

    setattr(owner, name, wrapper)


def _counted(owner: Any, name: str) -> None:
    """Count statements sent to PostgreSQL, by the stage that sent them."""
    original = getattr(owner, name)

    @functools.wraps(original)
    async def wrapper(self: Any, query: str, *args: Any, **kwargs: Any) -> Any:
        stage = _current[-1] if _current else "other"
        STATEMENTS[f"{stage}: {' '.join(str(query).split())[:48]}"] += 1
        began = time.perf_counter()
        try:
            return await original(self, query, *args, **kwargs)
        finally:
            TIMES[f"  round trip in {stage}"].append(time.perf_counter() - began)

    setattr(owner, name, wrapper)


def install() -> None:
    """Wrap the stages of the command path (in this process only)."""
    import asyncpg.connection

    from projections import step as write_step
    from service import chain, commanding, dice_source, store
    from service.api import campaigns
    from service.state_cache import StateCache

    _timed_async(campaigns, "campaign_actor", "auth (token hash, cached lookup)")
    _timed_sync(campaigns, "check_body", "check_body (to_builtins of the body, NUL, int range)")
    _timed_sync(campaigns, "request_digest", "request digest (sorted JSON + sha256)")
    _timed_async(commanding.Commander, "execute", "Commander.execute (all below)")
    original_write = store.EventStore.write

    @asynccontextmanager
    async def write(self: Any, campaign_id: str) -> AsyncIterator[Any]:
        began = time.perf_counter()
        _current.append("head lock")
        context = original_write(self, campaign_id)
        try:
            writer = await context.__aenter__()
        finally:
            _current.pop()
        TIMES["head lock (acquire, BEGIN, SELECT ... FOR UPDATE)"].append(time.perf_counter() - began)
        try:
            yield writer
        except BaseException as error:
            await context.__aexit__(type(error), error, error.__traceback__)
            raise
        began = time.perf_counter()
        _current.append("commit")
        try:
            await context.__aexit__(None, None, None)
        finally:
            _current.pop()
        TIMES["COMMIT and release"].append(time.perf_counter() - began)

    store.EventStore.write = write  # type: ignore[method-assign]
    _timed_async(StateCache, "for_writer", "state cache: state at the locked head")
    _timed_async(commanding.Commander, "_append_optimistically", "optimistic path (all of it, below)")
    _timed_async(commanding.Commander, "_execute_locked", "locked path (all of it, below)")
    _timed_async(store.EventStore, "active_seed", "  seed of the epoch (remembered)")
    _timed_async(store.Writer, "seed", "  seed of the epoch, locked path (remembered)")
    _timed_sync(commanding.Commander, "_decide", "  decide (all of it, below)")
    _timed_sync(commanding, "step", "    the write step (projections/step.py: decide, stamp, fold)")
    _timed_sync(write_step, "decide", "      domain decide (parse, dice, events)")
    _timed_sync(write_step, "stamp", "      stamping (session, turn; one fold per event)")
    _timed_sync(dice_source, "new_seed", "    fresh seed (commands that open an epoch)")
    _timed_async(store.EventStore, "append_if_head", "  append_if_head (records, chain, JSON, the statement)")
    _timed_async(store.Writer, "append", "  append, locked path (records, chain, JSON, the CTE)")
    _timed_sync(chain, "link", "    chain.link (canonical bytes + sha256)")
    _timed_sync(store, "format_time", "    format_time (strftime)")
    _timed_async(store.EventStore, "catch_up", "  catch up after a lost race")
    _timed_async(commanding.Commander, "_committed", "after the commit: cache, snapshot, the outcome (below)")
    _timed_sync(commanding, "_outcome", "  result_of + CommandOutcome")
    _timed_sync(campaigns, "told_result", "told at the edge, after the transaction (rendered en + es, changed, rolls)")
    _timed_async(commanding.Commander, "secret_told", "secret rolls' faces at the edge (sealed rolls only)")
    for name in ("fetch", "fetchrow", "fetchval", "execute"):
        _counted(asyncpg.connection.Connection, name)


def _median_us(samples: list[float]) -> float:
    return statistics.median(samples) * 1e6 if samples else float("nan")


async def _run(database_url: str, commands: int) -> dict[str, Any]:
    from litestar.serialization import encode_json
    from litestar.testing import AsyncTestClient

    from service.app import create_app
    from service.settings import Settings

    install()
    logging.getLogger("httpx").setLevel(logging.WARNING)
    app = create_app(Settings(database_url=database_url))
    report: dict[str, Any] = {}
    async with AsyncTestClient(app=app) as client:
        created = (await client.post("/campaigns", json={"name": "Profile", "ruleset": "deathwatch"})).json()
        path, auth = f"/campaigns/{created['campaign_id']}/commands", {"Authorization": f"Bearer {created['gm_token']}"}
        await client.post(path, json={"type": "start_session", "title": "Profile"}, headers=auth)
        sheet = {"characteristics": dict.fromkeys(("WS", "BS", "S", "T", "Ag", "Int", "Per", "WP", "Fel"), 40),
                 "wounds": 20, "fate": commands + 50, "armour": {"body": 2}, "weapons": []}
        for cid in ("kai", "ork"):
            await client.post(path, json={"type": "d100_register_character", "character_id": cid, "owner": "gm",
                                          "name": cid, "sheet": sheet}, headers=auth)
        for phase, body in (("roll", {"type": "roll", "expression": "2d10+3", "reason": "bench"}),
                            ("fate spend in a turn",
                             {"type": "d100_spend_fate", "character_id": "kai", "use": "squad_mode"})):
            if phase != "roll":
                await client.post(path, json={"type": "d100_start_encounter", "encounter_id": "gate",
                                              "participants": ["kai", "ork"]}, headers=auth)
                await client.post(path, json={"type": "d100_next_turn"}, headers=auth)
            for _ in range(20):  # warm-up: first-use costs out of the medians
                await client.post(path, json=body, headers=auth)
            TIMES.clear()
            STATEMENTS.clear()
            walls = []
            answer = b""
            for _ in range(commands):
                began = time.perf_counter()
                response = await client.post(path, json=body, headers=auth)
                walls.append(time.perf_counter() - began)
                assert response.status_code == 201, (response.text, (await client.get(
                    path.removesuffix("/commands") + "/state", headers=auth)).json()["rules"]["characters"]["kai"])
                answer = response.content
            outcome = msgspec.json.decode(answer)
            encode_runs = []
            for _ in range(200):
                began = time.perf_counter()
                encode_json(outcome)
                encode_runs.append(time.perf_counter() - began)
            report[phase] = {
                "stages": {label: _median_us(samples) for label, samples in TIMES.items()},
                "calls": {label: len(samples) / commands for label, samples in TIMES.items()},
                "statements": {label: count / commands for label, count in sorted(STATEMENTS.items())},
                "request_us": _median_us(walls),
                "answer_bytes": len(answer),
                "answer_events": len(outcome["events"]),
                "encode_answer_us": _median_us(encode_runs),
            }
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.command_path", description=__doc__)
    parser.add_argument("--commands", type=int, default=1000)
    args = parser.parse_args(argv)
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    from bench.database import on_fresh_database

    report = on_fresh_database(lambda url: _run(url, args.commands))
    for phase, found in report.items():
        print(f"\n== {phase}: {args.commands} commands, one at a time (median µs per command) ==")
        print(f"  {'whole request through the in-process test client':<58} {found['request_us']:8.0f}")
        for label, value in found["stages"].items():
            calls = found["calls"][label]
            if calls < 0.5:
                continue  # rare (a snapshot every 250 events): its median says nothing per command
            print(f"  {label:<58} {value:8.0f}" + (f"   x{calls:.0f} per command" if calls > 1.01 else ""))
        print(f"  {'answer: encode it again (litestar encode_json)':<58} {found['encode_answer_us']:8.0f}"
              f"   ({found['answer_bytes']:,} bytes, {found['answer_events']} event(s) in full)")
        print("  statements per command:")
        for label, count in found["statements"].items():
            print(f"    {count:4.1f}  {label}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
