"""Wake-ups for live readers: one LISTEN connection per process, fanned out to every subscriber of a campaign.

Every append sends `NOTIFY lexmechanic_events, '<campaign id>'` when it commits (service/queries.py). A
notification is only a hint: a subscriber woken by it reads the log after the last seq it sent, so a
notification lost (while the listening connection was down, or coalesced with another) costs nothing but
a moment. When the connection drops, every subscriber is woken (to read what it may have missed) and the
hub connects again; subscribers also wake on their own every few seconds, whatever happens.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import asyncpg

from service.database import SERVER_SETTINGS

CHANNEL = "lexmechanic_events"
RECONNECT_SECONDS = 1.0
_log = logging.getLogger("lexmechanic")


class Hub:
    """The process's one listening connection and the wake-up flags of the campaigns' subscribers."""

    def __init__(self, database_url: str) -> None:
        self._url = database_url
        self._subscribers: dict[str, set[asyncio.Event]] = {}
        self._everything: set[asyncio.Event] = set()
        self._task: asyncio.Task[None] | None = None
        self._connected = asyncio.Event()
        self._lost = asyncio.Event()
        self._closing = False

    @contextmanager
    def subscribe(self, campaign_id: str) -> Iterator[asyncio.Event]:
        """A flag set whenever the campaign may have new events (and whenever the listener reconnected)."""
        if self._task is None and not self._closing:
            # Started by the first subscriber: a process nobody watches live holds no extra connection.
            self._task = asyncio.create_task(self._listen())
        flag = asyncio.Event()
        self._subscribers.setdefault(campaign_id, set()).add(flag)
        try:
            yield flag
        finally:
            flags = self._subscribers.get(campaign_id)
            if flags is not None:
                flags.discard(flag)
                if not flags:
                    del self._subscribers[campaign_id]

    @contextmanager
    def subscribe_all(self) -> Iterator[asyncio.Event]:
        """A flag set whenever any campaign may have new events (the webhook worker's wake-up)."""
        if self._task is None and not self._closing:
            self._task = asyncio.create_task(self._listen())
        flag = asyncio.Event()
        self._everything.add(flag)
        try:
            yield flag
        finally:
            self._everything.discard(flag)

    @property
    def listening(self) -> bool:
        return self._connected.is_set()

    def _notified(self, connection: Any, pid: int, channel: str, payload: str) -> None:
        for flag in self._subscribers.get(payload, ()):
            flag.set()
        for flag in self._everything:
            flag.set()

    def _wake_all(self) -> None:
        for flags in self._subscribers.values():
            for flag in flags:
                flag.set()
        for flag in self._everything:
            flag.set()

    async def _listen(self) -> None:
        while not self._closing:
            connection: asyncpg.Connection | None = None
            try:
                connection = await asyncpg.connect(self._url, server_settings=SERVER_SETTINGS)
                self._lost.clear()
                connection.add_termination_listener(lambda _: self._lost.set())
                await connection.add_listener(CHANNEL, self._notified)
                self._connected.set()
                self._wake_all()  # anything committed while no one listened is read now
                await self._lost.wait()
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                _log.warning("live feed: listening connection failed (%s); retrying", error)
            finally:
                self._connected.clear()
                if connection is not None and not connection.is_closed():
                    await connection.close(timeout=2)
            self._wake_all()
            if not self._closing:
                await asyncio.sleep(RECONNECT_SECONDS)

    async def close(self) -> None:
        self._closing = True
        self._lost.set()
        self._wake_all()
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
