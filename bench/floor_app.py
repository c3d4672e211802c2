"""The floor of the stack: a minimal Litestar app whose one POST decodes a msgspec Struct and inserts one row.

Same framework, same JSON library, same driver, same pool size and same uvicorn as the service, but no
authentication, no lock, no hash chain, no domain decision: whatever the service costs above this is the
price of its own work. The table `bench_floor` belongs to the bench (created by `ensure_table`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
import msgspec
from litestar import Litestar, Request, get, post

CREATE_TABLE = """
CREATE TABLE IF NOT EXISTS bench_floor (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    campaign     text NOT NULL,
    body         jsonb NOT NULL,
    recorded_at  timestamptz NOT NULL DEFAULT now()
)
"""
INSERT = "INSERT INTO bench_floor (campaign, body) VALUES ($1, $2::jsonb) RETURNING id"


class RollBody(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    type: str
    expression: str
    reason: str


class Accepted(msgspec.Struct, frozen=True):
    id: int
    campaign: str


async def ensure_table(connection: asyncpg.Connection) -> None:
    await connection.execute(CREATE_TABLE)


@post("/floor/{campaign:str}", status_code=201)
async def append(request: Request[Any, Any, Any], campaign: str, data: RollBody) -> Accepted:
    pool: asyncpg.Pool = request.app.state.pool
    row_id = await pool.fetchval(INSERT, campaign, msgspec.json.encode(data).decode())
    return Accepted(id=row_id, campaign=campaign)


@get("/health")
async def health(request: Request[Any, Any, Any]) -> dict[str, str]:
    pool: asyncpg.Pool = request.app.state.pool
    await pool.fetchval("SELECT 1")
    return {"status": "ok"}


def create_floor_app(database_url: str, pool_min: int = 2, pool_max: int = 10) -> Litestar:
    """The floor app; the pool is sized like the service's defaults (service.settings.Settings)."""

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        app.state.pool = await asyncpg.create_pool(database_url, min_size=pool_min, max_size=pool_max)
        try:
            yield
        finally:
            await app.state.pool.close()

    return Litestar(route_handlers=[append, health], lifespan=[lifespan])
