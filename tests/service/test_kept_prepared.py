"""A kept connection runs a statement it has prepared without asyncpg's `fetch` (service/database.py,
`_fetch_prepared`), and still does everything asyncpg's own path does: a schema change (a migration's ALTER TABLE)
that invalidates the prepared plan makes the statement prepared again, with the new columns, once; a statement never
prepared, or the connection's cache dropped, goes through `fetch` as before."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from service.database import Pool, create_pool

WAIT = 10


@pytest.fixture
async def pool(database_url: str) -> AsyncIterator[Pool]:
    """A pool as the owner of the tables (a schema change needs it), keeping its connections as the service's does."""
    owner = await asyncpg.connect(database_url)
    try:
        await owner.execute("CREATE TABLE kept_shape (a integer NOT NULL)")
        await owner.execute("INSERT INTO kept_shape VALUES (1)")
    finally:
        await owner.close()
    made = await create_pool(database_url, 1, 4)
    try:
        yield made
    finally:
        await asyncio.wait_for(made.close(), WAIT)


@pytest.fixture
def fetched(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The queries that went through asyncpg's own `Connection.fetch`."""
    calls: list[str] = []
    original = asyncpg.Connection.fetch

    async def fetch(self: Any, query: str, *args: Any, **kwargs: Any) -> Any:
        calls.append(query)
        return await original(self, query, *args, **kwargs)

    monkeypatch.setattr(asyncpg.Connection, "fetch", fetch)
    return calls


async def alter(database_url: str, statement: str) -> None:
    owner = await asyncpg.connect(database_url)
    try:
        await owner.execute(statement)
    finally:
        await owner.close()


SELECT = "SELECT * FROM kept_shape"


async def test_a_prepared_statement_skips_fetch_and_answers_the_same(pool: Pool, fetched: list[str]) -> None:
    first = await pool.fetch_kept(SELECT)
    assert fetched == [SELECT]  # not prepared yet: asyncpg's path prepares it
    again = [await pool.fetch_kept(SELECT) for _ in range(3)]
    assert fetched == [SELECT]  # prepared: bound and executed directly
    assert [dict(r) for r in first] == [{"a": 1}]
    assert all([dict(r) for r in rows] == [{"a": 1}] for rows in again)
    assert await pool.fetch_kept("SELECT $1::int + $2::int AS total", 2, 3) == [(5,)]


async def test_a_schema_change_prepares_the_statement_again(pool: Pool, database_url: str, fetched: list[str]) -> None:
    await pool.fetch_kept(SELECT)
    await pool.fetch_kept(SELECT)
    await alter(database_url, "ALTER TABLE kept_shape ADD COLUMN b text NOT NULL DEFAULT 'two'")
    # PostgreSQL refuses the old plan (its result type changed): asyncpg's one retry prepares it again.
    assert [dict(r) for r in await pool.fetch_kept(SELECT)] == [{"a": 1, "b": "two"}]
    assert [dict(r) for r in await pool.fetch_kept(SELECT)] == [{"a": 1, "b": "two"}]
    await alter(database_url, "ALTER TABLE kept_shape ALTER COLUMN a TYPE bigint")
    assert [dict(r) for r in await pool.fetch_kept(SELECT)] == [{"a": 1, "b": "two"}]
    assert pool.get_idle_size() == pool.get_size() - 1  # still one kept connection, never given back for it


async def test_a_dropped_statement_cache_goes_through_fetch(pool: Pool, fetched: list[str]) -> None:
    await pool.fetch_kept(SELECT)
    await pool.fetch_kept(SELECT)
    assert len(fetched) == 1
    [kept] = pool._kept
    kept._con._drop_local_statement_cache()  # what asyncpg does after a type's change (reload_schema_state)
    assert [dict(r) for r in await pool.fetch_kept(SELECT)] == [{"a": 1}]
    assert len(fetched) == 2


async def test_an_error_in_the_direct_path_gives_the_connection_back(pool: Pool) -> None:
    divide = "SELECT 1 / $1::int AS q"
    assert await pool.fetch_kept(divide, 1) == [(1,)]
    assert await pool.fetch_kept(divide, 1) == [(1,)]  # prepared: the direct path
    with pytest.raises(asyncpg.DivisionByZeroError):
        await pool.fetch_kept(divide, 0)
    assert pool.get_idle_size() == pool.get_size()  # back in the pool, nothing lent
    assert await pool.fetch_kept(divide, 1) == [(1,)]
