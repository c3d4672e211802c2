"""Wake-ups for live readers: one LISTEN connection per process, fanned out to every subscriber of a campaign.

An append sends `NOTIFY lexmechanic_events, '<campaign id>'` when it commits (service/queries.py), but only if
some listening connection registered that campaign, or every campaign, in `live_listeners` (migrations/0009):
PostgreSQL serialises every committing transaction that sent a NOTIFY, so appends nobody watches send none.
The hub registers on its own listening connection: LISTEN first, then the campaign's row, then it waits until
every transaction that was running when the row committed has ended; only then does the subscriber read the
log. So every append either saw the row (its `notify_live_listeners` reads it with a snapshot taken after the
append wrote, migrations/0009) and notifies, or ended before that first read and is in what it reads. That
wait is bounded (WAIT_SECONDS): an append held open longer than that (a transaction stuck on a lock) may
commit unnoticed after the first read, and is read at the subscriber's next wake-up.

A notification is only a hint: a subscriber woken by it reads the log after the last seq it sent, so a
notification lost (while the listening connection was down, or coalesced with another) costs nothing but a
moment. When the connection drops, every subscriber is woken (to read what it may have missed) and the hub
connects again, registers everything it holds again and deletes the rows of backends that no longer exist (a
killed process's rows would otherwise make every append of their campaigns notify for nothing); subscribers
also wake on their own every few seconds, whatever happens. A campaign's row is deleted when its last
subscriber leaves, and all of the hub's rows when it closes.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import uuid
from collections.abc import AsyncIterator, Collection, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import asyncpg

from service.database import SERVER_SETTINGS

CHANNEL = "lexmechanic_events"
RECONNECT_SECONDS = 1.0
# How long a new subscriber waits for its registration before reading anyway (the listener may be down), and
# how long a registration waits for the transactions running when it committed (see the module's docstring).
REGISTER_SECONDS = 3.0
WAIT_SECONDS = 2.0
# The listening connections, as operators see them in pg_stat_activity.
APPLICATION_NAME = "lexmechanic-live"
_log = logging.getLogger("lexmechanic")

# The connection's own identity: its pid, and its backend's start time (a pid is reused, a start time is not).
SELECT_BACKEND = "SELECT pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()"
# Rows of backends that no longer exist (a killed process, a dropped connection), and this hub's rows of its
# previous connection. A backend of another role shows no start time to the service's role (pg_stat_activity
# hides it without pg_read_all_stats): its rows stay while its pid exists, which costs appends only a NOTIFY.
DELETE_STALE = """
DELETE FROM live_listeners l
 WHERE (l.backend_pid = $1::int AND l.backend_start = $2::timestamptz)
    OR NOT EXISTS (SELECT FROM pg_stat_activity a
                    WHERE a.pid = l.backend_pid AND (a.backend_start = l.backend_start OR a.backend_start IS NULL))
"""
# Register campaigns (a NULL element: every campaign) for the connection $2, $3.
REGISTER = """
INSERT INTO live_listeners (campaign_id, backend_pid, backend_start)
SELECT c, $2, $3 FROM unnest($1::uuid[]) AS c
ON CONFLICT DO NOTHING
"""
UNREGISTER = """
DELETE FROM live_listeners
 WHERE backend_pid = $2 AND backend_start = $3 AND (campaign_id = ANY($1::uuid[]) OR (campaign_id IS NULL AND $4))
"""
UNREGISTER_ALL = "DELETE FROM live_listeners WHERE backend_pid = $1 AND backend_start = $2"
# The transactions running now (top-level ids), and whether every one of them has ended since.
RUNNING = "SELECT pg_snapshot_xip(pg_current_snapshot())"
ALL_ENDED = """
SELECT NOT EXISTS (SELECT FROM unnest($1::xid8[]) AS x WHERE NOT pg_visible_in_snapshot(x, pg_current_snapshot()))
"""

Key = str | None  # a campaign id, or None: every campaign


def _uuids(keys: Collection[Key]) -> list[uuid.UUID | None]:
    found: list[uuid.UUID | None] = []
    for key in keys:
        if key is None:
            found.append(None)
            continue
        try:
            parsed = uuid.UUID(key)
        except ValueError:
            continue  # no campaign has this id, so no append will ever name it
        if str(parsed) == key:  # an alias names no campaign (service/store.py, campaign_uuid)
            found.append(parsed)
    return found


async def register(connection: asyncpg.Connection, keys: Collection[Key],
                   backend: tuple[int, dt.datetime] | None = None) -> None:
    """Register `connection` (whose pid and backend start are `backend`, read if not given) as a listener of
    the campaigns `keys` (None: every campaign), then wait (at most WAIT_SECONDS) until every transaction
    running when the registration committed has ended: after this, an append either notifies this connection
    or is visible to any read that starts."""
    if backend is None:
        row = await connection.fetchrow(SELECT_BACKEND)
        backend = (row["pid"], row["backend_start"])
    await connection.execute(REGISTER, _uuids(keys), *backend)
    running = [row[0] for row in await connection.fetch(RUNNING)]
    loop = asyncio.get_running_loop()
    ends_at = loop.time() + WAIT_SECONDS
    pause = 0.002
    while running and not await connection.fetchval(ALL_ENDED, running):
        if loop.time() >= ends_at:
            _log.info("live feed: registered while a transaction stayed open; a wake-up may come late")
            return
        await asyncio.sleep(pause)
        pause = min(pause * 2, 0.05)


class Hub:
    """The process's one listening connection and the wake-up flags of the campaigns' subscribers."""

    def __init__(self, database_url: str) -> None:
        self._url = database_url
        self._subscribers: dict[str, set[asyncio.Event]] = {}
        self._everything: set[asyncio.Event] = set()
        self._task: asyncio.Task[None] | None = None
        self._connected = asyncio.Event()
        # Set when the connection is lost, the wanted registrations change, or the hub closes.
        self._poke = asyncio.Event()
        self._lost = False
        self._closing = False
        self._stop = asyncio.Event()
        # The backend of the previous connection, whose rows go when the hub connects again.
        self._previous: tuple[int, dt.datetime] | None = None
        # What `subscribe_all` registers: every campaign (None), or only these (`watch`).
        self._watched: frozenset[str] | None = None
        # What the current connection has registered, and a condition its subscribers wait on.
        self._registered: set[Key] = set()
        self._synced = asyncio.Condition()

    def _start(self) -> None:
        if self._task is None and not self._closing:
            # Started by the first subscriber: a process nobody watches live holds no extra connection.
            self._task = asyncio.create_task(self._listen())

    @asynccontextmanager
    async def subscribe(self, campaign_id: str) -> AsyncIterator[asyncio.Event]:
        """A flag set whenever the campaign may have new events (and whenever the listener reconnected).

        Entered once the campaign is registered (or after REGISTER_SECONDS if the listener cannot connect, so
        that a reader still reads): read the log only after entering, so that nothing is missed."""
        self._start()
        flag = asyncio.Event()
        self._subscribers.setdefault(campaign_id, set()).add(flag)
        self._poke.set()
        try:
            if not self._closing:  # a closing hub registers nothing more
                async with self._synced:
                    try:
                        await asyncio.wait_for(self._synced.wait_for(lambda: campaign_id in self._registered),
                                               REGISTER_SECONDS)
                    except TimeoutError:
                        pass  # read anyway; the hub wakes this flag once it has registered
            yield flag
        finally:
            flags = self._subscribers.get(campaign_id)
            if flags is not None:
                flags.discard(flag)
                if not flags:
                    del self._subscribers[campaign_id]
                    self._poke.set()

    def watch(self, campaign_ids: Collection[str] | None) -> None:
        """What `subscribe_all` registers: only these campaigns, or every campaign (None, the default)."""
        watched = None if campaign_ids is None else frozenset(campaign_ids)
        if watched != self._watched:
            self._watched = watched
            self._poke.set()

    @contextmanager
    def subscribe_all(self) -> Iterator[asyncio.Event]:
        """A flag set whenever any campaign the hub hears of may have new events (the webhook worker's
        wake-up), and once the hub has registered what it watches (every campaign, or those given to `watch`),
        so the worker reads again what an unregistered moment may have hidden."""
        self._start()
        flag = asyncio.Event()
        self._everything.add(flag)
        self._poke.set()
        try:
            yield flag
        finally:
            self._everything.discard(flag)
            if not self._everything:
                self._poke.set()

    @property
    def listening(self) -> bool:
        return self._connected.is_set()

    def _notified(self, connection: Any, pid: int, channel: str, payload: str) -> None:
        for flag in self._subscribers.get(payload, ()):
            flag.set()
        for flag in self._everything:
            flag.set()

    def _wake(self, keys: Collection[Key]) -> None:
        for key in keys:
            for flag in self._subscribers.get(key, ()) if key is not None else ():
                flag.set()
            if key is None or (self._watched is not None and key in self._watched):
                for flag in self._everything:
                    flag.set()

    def _wake_all(self) -> None:
        self._wake([*self._subscribers, None])

    def _wanted(self) -> set[Key]:
        wanted: set[Key] = set(self._subscribers)
        if self._everything:
            wanted |= {None} if self._watched is None else self._watched
        return wanted

    async def _synchronise(self, connection: asyncpg.Connection, backend: tuple[int, dt.datetime]) -> set[Key]:
        """Register what the subscribers want and unregister what they no longer want; answer what was added."""
        self._poke.clear()
        wanted = self._wanted()
        added = wanted - self._registered
        removed = self._registered - wanted
        if removed:
            # Forgotten before the row goes: a subscriber arriving meanwhile waits for the next registration.
            self._registered -= removed
            await connection.execute(UNREGISTER, _uuids([k for k in removed if k is not None]), *backend,
                                     None in removed)
        if added:
            await register(connection, added, backend)
            self._registered |= added
        if added or removed:
            async with self._synced:
                self._synced.notify_all()
        return added

    async def _listen(self) -> None:
        while not self._closing:
            connection: asyncpg.Connection | None = None
            backend: tuple[int, dt.datetime] | None = None
            try:
                connection = await asyncpg.connect(
                    self._url, server_settings={**SERVER_SETTINGS, "application_name": APPLICATION_NAME})
                self._lost = False
                connection.add_termination_listener(lambda _: self._on_lost())
                await connection.add_listener(CHANNEL, self._notified)
                row = await connection.fetchrow(SELECT_BACKEND)
                backend = (row["pid"], row["backend_start"])
                await connection.execute(DELETE_STALE, *(self._previous or (None, None)))
                self._previous = backend
                self._registered = set()
                await self._synchronise(connection, backend)
                self._connected.set()
                self._wake_all()  # anything committed while no one listened is read now
                while not self._lost and not self._closing:
                    await self._poke.wait()
                    if not self._lost and not self._closing:
                        self._wake(await self._synchronise(connection, backend))
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                _log.warning("live feed: listening connection failed (%s); retrying", error)
            finally:
                self._connected.clear()
                self._registered = set()
                if connection is not None and not connection.is_closed():
                    if self._closing and backend is not None:
                        await self._unregister_all(connection, backend)
                    await connection.close(timeout=2)
            self._wake_all()
            if not self._closing:
                try:
                    await asyncio.wait_for(self._stop.wait(), RECONNECT_SECONDS)
                except TimeoutError:
                    pass

    def _on_lost(self) -> None:
        self._lost = True
        self._poke.set()

    async def _unregister_all(self, connection: asyncpg.Connection, backend: tuple[int, dt.datetime]) -> None:
        # A clean close leaves no row behind (else appends notify until the next hub's connect cleans them).
        try:
            await connection.execute(UNREGISTER_ALL, *backend, timeout=2)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            _log.info("live feed: could not unregister on close (%s)", error)

    async def close(self) -> None:
        self._closing = True
        self._stop.set()
        self._poke.set()
        self._wake_all()
        if self._task is None:
            return
        if not self._connected.is_set():
            self._task.cancel()  # connecting or waiting to: nothing registered to take back
        try:
            # Connected: it deletes its rows and closes (a few milliseconds), or is cancelled.
            await asyncio.wait_for(self._task, 3)
        except (TimeoutError, asyncio.CancelledError):
            pass
