"""Every page loads without a failed request: no 404 for a favicon or an asset, in a real browser (issue 21,
item 10: "the pages have no favicon (a 404 on every page)")."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Served
from tests.web.scenario import deathwatch_fight
from tests.web.test_pages_in_browser import sign_in


async def test_no_page_asks_for_something_that_is_not_there(served: Served, context: Any) -> None:
    campaign = await served.create("deathwatch")
    found = await deathwatch_fight(campaign)
    page = await context.new_page()
    failed: list[str] = []
    page.on("response", lambda response: failed.append(f"{response.status} {response.url}")
            if response.status >= 400 else None)
    await page.goto(f"{campaign.ui}/sign-in")
    await sign_in(page, campaign)
    roll = found["roll"]["events"][0]["seq"]
    for path in ("", "/state", f"/rolls/{roll}", "/encounters/gate", "?lang=es", "/sign-in?lang=es", "/nowhere"):
        await page.goto(f"{campaign.ui}{path}")
        await page.wait_for_load_state("networkidle")
    icon = await page.evaluate("document.querySelector('link[rel=icon]') && document.querySelector('link[rel=icon]').href")
    assert icon and icon.endswith("/ui/static/favicon.svg")
    # The one page that is not there answers its own 404 page, which asks for nothing missing itself.
    assert [f for f in failed if not f.endswith("/nowhere")] == []
