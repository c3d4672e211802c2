"""A fresh process's first page: the verify badge of a long log is never computed inside the request.

docs/web.md: a page of a log longer than a few hundred events shows the badge pending and its verification
starts once the answer is sent; the badge fragment then gives the result. A short log's first page waits for
its verification (up to 0.5 s) and shows it.
"""

from __future__ import annotations

import asyncio

import pytest

from service.warm_up import warm_up
from service.web import common
from tests.web.conftest import Served


def _state(text: str) -> str:
    return "pending" if 'class="badge pending"' in text else "ok" if 'class="badge ok"' in text else "other"


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
