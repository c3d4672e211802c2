"""A fresh process's first page: the verify badge of a long log is never computed inside the request.

docs/web.md: a page of a log longer than a few hundred events shows the badge pending and its verification
starts once the answer is sent; the badge fragment then gives the result. A short log's first page waits for
its verification (up to 0.5 s) and shows it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import msgspec
import pytest

from service.settings import settings_from_env
from service.warm_up import warm_up
from service.web import common
from tests.web.conftest import Served, serving, web_settings


def _state(text: str) -> str:
    return "pending" if 'class="badge pending"' in text else "ok" if 'class="badge ok"' in text else "other"


@pytest.fixture
async def started(database_url: str) -> AsyncIterator[Served]:
    """The app as `serve` runs it: with its head start (templates compiled, hot reads prepared per connection)."""
    async with serving(msgspec.structs.replace(web_settings(database_url), head_start=True)) as running:
        yield running


def test_serve_gives_its_workers_the_head_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://nobody@127.0.0.1:1/none")
    assert settings_from_env().head_start


async def test_with_its_head_start_a_fresh_process_answers_every_first_page(started: Served) -> None:
    campaign = await started.create("deathwatch")
    rolled = await campaign.ok({"type": "roll", "expression": "d100", "reason": "the first read"})
    for path in (campaign.ui, f"{campaign.ui}/state", f"{campaign.ui}/rolls/{rolled['version']}"):
        page = await started.client.get(path, headers=campaign.auth())
        assert page.status_code == 200, path


async def test_a_short_logs_first_page_shows_its_verification(served: Served) -> None:
    campaign = await served.create("deathwatch")
    await campaign.ok({"type": "gm_note", "text": "the warboss waits"})
    page = await served.client.get(campaign.ui, headers=campaign.auth())
    assert page.status_code == 200
    assert _state(page.text) == "ok"


async def test_a_long_logs_page_answers_before_its_verification(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign = await served.create("deathwatch")
    await campaign.ok({"type": "gm_note", "text": "the warboss waits"})
    monkeypatch.setattr(common, "INLINE_EVENTS", 2)  # this log is "long": more than 2 events
    page = await served.client.get(campaign.ui, headers=campaign.auth())
    assert page.status_code == 200
    assert _state(page.text) == "pending"
    # The verification started after the answer: the badge fragment gives its result without another page.
    for _ in range(100):
        fragment = await served.client.get(f"{campaign.ui}/badge", headers=campaign.auth())
        if _state(fragment.text) != "pending":
            break
        await asyncio.sleep(0.05)
    assert _state(fragment.text) == "ok"


def test_the_warm_up_compiles_every_page_template() -> None:
    from litestar import Litestar

    app = Litestar(route_handlers=[], template_config=common.template_config())
    warm_up(app)
    environment = app.template_engine.engine  # type: ignore[union-attr]
    compiled = {key[1] for key in environment.cache}
    assert {"timeline.html", "state.html", "proof.html", "badge.html"} <= compiled
