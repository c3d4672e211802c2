"""The one way this project runs an app under uvicorn: uvloop and httptools, named explicitly.

`lexmechanic serve` and the bench (its floor app and the service) both take their uvicorn settings from
`uvicorn_config`, so the bench measures exactly the stack that production runs. Naming the loop and the
HTTP parser (instead of uvicorn's "auto") makes a missing `uvicorn[standard]` fail at start-up rather
than fall back silently to asyncio and h11, which are 2-3x slower on this workload.

The HTTP protocol is uvicorn's httptools one with the edge's bounds (service/edge_protocol.py): a request head
within 10 s and 32 kB, at most 1000 connections per worker; the body limits are the app's, per route.
"""

from __future__ import annotations

from functools import partial
from importlib import metadata
from typing import Any

from service.edge_protocol import EdgeLimits, GuardedHttpToolsProtocol

LOOP = "uvloop"
HTTP = "httptools"
APP_FACTORY = "service.app:create_app"
# Seconds a stopping server waits for open connections before it cancels them: live streams
# (GET /campaigns/{id}/stream) never close by themselves, and browsers reconnect and resume.
GRACEFUL_SHUTDOWN_SECONDS = 5
# Seconds an idle connection stays open after a response (uvicorn's default, named here).
KEEP_ALIVE_SECONDS = 5
EDGE_LIMITS = EdgeLimits()


def uvicorn_config(
    app: Any,
    *,
    host: str,
    port: int,
    workers: int = 1,
    factory: bool = False,
    log_level: str = "info",
    access_log: bool = True,
    limits: EdgeLimits = EDGE_LIMITS,
) -> dict[str, Any]:
    """The keyword arguments of `uvicorn.run` for `app` (an ASGI app, or an import string with `factory`)."""
    if workers > 1 and not isinstance(app, str):
        raise ValueError("more than one worker needs the app as an import string (each worker imports it)")
    return {
        "app": app,
        "host": host,
        "port": port,
        "workers": workers,
        "factory": factory,
        "loop": LOOP,
        # httptools, with the edge's bounds; a partial of a module-level class, so workers can unpickle it.
        "http": partial(GuardedHttpToolsProtocol, limits=limits),
        "lifespan": "on",
        "log_level": log_level,
        "access_log": access_log,
        "timeout_graceful_shutdown": GRACEFUL_SHUTDOWN_SECONDS,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
    }


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def describe(config: dict[str, Any]) -> str:
    """What a config runs, with versions: the line the bench prints."""
    workers = config["workers"]
    limits: EdgeLimits = config["http"].keywords["limits"]
    return (
        f"uvicorn {_version('uvicorn')}, loop {config['loop']} {_version(config['loop'])}, "
        f"http {HTTP} {_version(HTTP)} (head {limits.head_seconds:g} s, {limits.head_bytes // 1024} kB; "
        f"{limits.max_connections} connections), {workers} worker{'s' if workers > 1 else ''}, "
        f"access log {'on' if config['access_log'] else 'off'}"
    )


def run(config: dict[str, Any]) -> None:
    import uvicorn

    uvicorn.run(**config)
