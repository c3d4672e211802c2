"""Two versions of some functions, measured per request in one process: `python -m bench.interleaved_cpu --old DIR
--swap TARGET [--swap TARGET ...] [--commands N]`.

On a busy machine the CPU a `roll` costs moves by ±30 µs between two runs of `bench.command_cpu` minutes apart, so
a change of 5 µs cannot be seen by alternating runs. Here one process sends the rolls of `bench.command_cpu` and,
before each one, puts in place either the current functions or the ones of an older tree (DIR: e.g. a `git archive`
of main): whatever the machine does hits both versions alike. The order is A B B A, so an event that comes back
every even number of commands (a snapshot every 100 versions) falls on both versions alike.

Each TARGET is `module:attribute`, an attribute of a class as `module:Class.attribute`; `module:attribute=
source:attribute` takes the old value from another module of the old tree (for a name one module imported from
another: `service.commanding:command_id=service.command_ids:command_id`). The old tree's modules are loaded under
their own names (`old.<module>`), with the current tree's modules as their imports: swap only functions and classes
whose callers do not compare them by identity. Prints the median CPU of the app's thread and of
`Commander.execute_remembered` for each version, over the same rolls.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import logging
import statistics
import sys
import time
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any


def _old_module(tree: Path, name: str, loaded: dict[str, ModuleType]) -> ModuleType:
    if name not in loaded:
        path = tree.joinpath(*name.split(".")).with_suffix(".py")
        spec = importlib.util.spec_from_file_location(f"old.{name}", path)
        assert spec is not None and spec.loader is not None, f"no {path}"
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses and msgspec look their module up while the class is made
        spec.loader.exec_module(module)
        loaded[name] = module
    return loaded[name]


def _raw(owner: Any, dotted: str) -> tuple[Any, str, Any]:
    """The object that holds the attribute, its name, and its value as stored (a staticmethod as itself)."""
    *path, name = dotted.split(".")
    for part in path:
        owner = getattr(owner, part)
    value = owner.__dict__[name] if isinstance(owner, type) else getattr(owner, name)
    return owner, name, value


def _swaps(tree: Path, targets: list[str]) -> list[tuple[Any, str, Any, Any]]:
    loaded: dict[str, ModuleType] = {}
    found = []
    for target in targets:
        where, _, source = target.partition("=")
        module, _, attribute = where.partition(":")
        source_module, _, source_attribute = (source or where).partition(":")
        owner, name, current = _raw(importlib.import_module(module), attribute)
        _, _, old = _raw(_old_module(tree, source_module, loaded), source_attribute)
        found.append((owner, name, current, old))
    return found


async def _run(database_url: str, commands: int, swaps: list[tuple[Any, str, Any, Any]]) -> dict[str, list[float]]:
    from litestar.testing import AsyncTestClient

    from service.app import create_app
    from service.commanding import Commander
    from service.settings import Settings

    samples: dict[str, list[float]] = {"old app": [], "new app": [], "old execute": [], "new execute": []}
    side = ["new"]
    measuring = [False]

    def use(version: str) -> None:
        side[0] = version
        for owner, name, current, old in swaps:
            setattr(owner, name, old if version == "old" else current)

    execute = Commander.execute_remembered

    async def timed(*args: Any, **kwargs: Any) -> Any:
        began = time.thread_time()
        try:
            return await execute(*args, **kwargs)
        finally:
            if measuring[0]:
                samples[f"{side[0]} execute"].append(time.thread_time() - began)

    Commander.execute_remembered = timed  # type: ignore[method-assign]
    logging.getLogger("httpx").setLevel(logging.WARNING)
    app = create_app(Settings(database_url=database_url))

    async def measured(scope: Any, receive: Any, send: Any) -> None:
        began = time.thread_time()
        try:
            await app(scope, receive, send)
        finally:
            if scope["type"] == "http" and measuring[0]:
                samples[f"{side[0]} app"].append(time.thread_time() - began)

    async with AsyncTestClient(app=measured) as client:  # type: ignore[arg-type]
        created = (await client.post("/campaigns", json={"name": "CPU", "ruleset": "deathwatch"})).json()
        path, auth = f"/campaigns/{created['campaign_id']}/commands", {"Authorization": f"Bearer {created['gm_token']}"}
        body = {"type": "roll", "expression": "2d10+3", "reason": "bench"}
        for number in range(-100, commands):
            measuring[0] = number >= 0
            use("new" if number % 4 in (0, 3) else "old")
            assert (await client.post(path, json=body, headers=auth)).status_code == 201
    use("new")
    Commander.execute_remembered = execute  # type: ignore[method-assign]
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.interleaved_cpu", description=__doc__)
    parser.add_argument("--old", required=True, type=Path, help="the older tree's root (its service/, domain/ …)")
    parser.add_argument("--swap", action="append", required=True, help="module:attribute[=module:attribute]")
    parser.add_argument("--commands", type=int, default=4000)
    args = parser.parse_args(argv)
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    from bench.database import on_fresh_database

    swaps = _swaps(args.old, args.swap)
    found = on_fresh_database(lambda url: _run(url, args.commands, swaps))
    print(f"== CPU µs per roll, {args.commands} rolls, old and new functions taking turns (A B B A), median ==")
    for what in ("execute", "app"):
        old, new = (statistics.median(found[f"{version} {what}"]) * 1e6 for version in ("old", "new"))
        label = "Commander.execute_remembered" if what == "execute" else "the app's own thread"
        print(f"  {label:<30} old {old:7.1f}   new {new:7.1f}   new - old {new - old:+6.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
