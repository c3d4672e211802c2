"""The state page's warm-up at start (service/web/page_warm_up.py): the page's whole path, on a campaign held in
memory, without a write to the database and without a trace in any answer."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
import httpx
import pytest
import uvicorn
from litestar import Litestar

from service import queries
from service.app import create_app
from service.database import APP_ROLE, with_user
from service.settings import Settings
from service.web.common import WebServices
from service.web.page_warm_up import RUNS, StandInPool, synthetic_log, warm_pages
from tests.web.conftest import _free_port

# Generous: the warm-up costs tens of milliseconds at start (docs/performance.md); a slow CI machine, ten times that.
BOUND_SECONDS = 3.0


@asynccontextmanager
async def _serving(app: Litestar) -> AsyncIterator[httpx.AsyncClient]:
    """The app under uvicorn in this test's own event loop (the warm-up is called beside it, on its pool)."""
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=_free_port(), lifespan="on",
                                           log_level="warning", access_log=False))
    task = asyncio.create_task(server.serve())
    try:
        for _ in range(200):
            if server.started:
                break
            await asyncio.sleep(0.05)
        assert server.started, "uvicorn did not start"
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{server.config.port}", timeout=30) as client:
            yield client
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 15)


async def _rows(database_url: str) -> dict[str, int]:
    """Every table's row count: what a write (an insert, a delete, a snapshot) would change."""
    connection = await asyncpg.connect(database_url)
    try:
        tables = [row[0] for row in await connection.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")]
        return {table: await connection.fetchval(f'SELECT count(*) FROM "{table}"') for table in tables}
    finally:
        await connection.close()


async def test_the_warm_up_answers_the_state_page_on_every_run_without_writing_or_changing_an_answer(
    database_url: str,
) -> None:
    app = create_app(Settings(database_url=with_user(database_url, APP_ROLE), pool_min=1, pool_max=4))
    async with _serving(app) as client:
        created = await client.post("/campaigns", json={"name": "Kill Team Aurelius", "ruleset": "deathwatch"})
        campaign: dict[str, Any] = created.json()
        auth = {"Authorization": f"Bearer {campaign['gm_token']}"}
        noted = await client.post(f"/campaigns/{campaign['campaign_id']}/commands", headers=auth,
                                  json={"type": "gm_note", "text": "the warboss waits"})
        assert noted.status_code == 201, noted.text
        page = f"/ui/campaigns/{campaign['campaign_id']}/state"
        await client.get(page, headers=auth)  # its verify badge computed once (then kept for this head)
        before = await client.get(page, headers=auth)
        assert before.status_code == 200
        rows = await _rows(database_url)
        web = app.state.web

        began = time.perf_counter()
        installed: list[object] = []

        def install(pages: WebServices) -> None:
            installed.append(pages)
            app.state.web = pages

        warmed = await warm_pages(app, web, install)
        assert time.perf_counter() - began < BOUND_SECONDS

        assert warmed.pages == RUNS  # every run answered 200: the page's whole path ran
        assert app.state.web is web  # the app's own pages' objects are back
        assert len(installed) == 2 and installed[0] is not web and installed[-1] is web  # the stand-in, then back
        assert await _rows(database_url) == rows  # nothing was written
        after = await client.get(page, headers=auth)
        assert after.status_code == 200
        assert after.content == before.content


async def test_the_campaign_in_memory_takes_no_write_and_opens_no_other_campaign() -> None:
    log = synthetic_log()
    pool = StandInPool(log, snapshot_at=5, token_hash="its-token-hash", projection="p")
    ours, other = uuid.UUID(log.campaign_id), uuid.UUID("00000000-0000-4000-8000-000000000000")
    with pytest.raises(RuntimeError):
        await pool.execute(queries.INSERT_SNAPSHOT, ours, "p", 5, b"{}")
    assert await pool.fetchrow(queries.SELECT_TOKEN, "its-token-hash", ours) is not None
    assert await pool.fetchrow(queries.SELECT_TOKEN, "its-token-hash", other) is None
    assert await pool.fetchrow(queries.SELECT_TOKEN, "another-hash", ours) is None
    assert await pool.fetchrow(queries.SELECT_HEAD, other) is None
    assert await pool.fetch(queries.SELECT_SNAPSHOT_AND_TAIL, other, "p", 10) == []
    assert await pool.fetch(queries.SELECT_FOLD_ROWS, ours, 0, 10) == []  # a statement the page does not send
