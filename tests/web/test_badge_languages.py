"""The verify badge of a tampered campaign: its problems in the page's language, over HTTP and in a browser.

One cached verification serves readers of both languages; each page shows the sentences in its own.
"""

from __future__ import annotations

import asyncio
import html
import re
from typing import Any

import asyncpg
import pytest

from tests.web.conftest import DESKTOP, Campaign, Served
from tests.web.test_pages_in_browser import sign_in

ALTERED_EN = "event 4: hash mismatch; the event was altered after it was written"
ALTERED_ES = "evento 4: el hash no coincide; el evento se alteró después de escribirse"


async def tampered(served: Served, database_url: str) -> Campaign:
    """A campaign whose note (event 4) the database's owner rewrote behind the service's back."""
    campaign = await served.create("deathwatch")
    await campaign.ok({"type": "gm_note", "text": "the warboss has 20 wounds"})
    owner = await asyncpg.connect(database_url)
    try:
        await owner.execute("ALTER TABLE events DISABLE TRIGGER events_no_update_or_delete")
        await owner.execute("""UPDATE events SET data = '{"text": "the warboss has 2 wounds"}'
                               WHERE campaign_id = $1 AND seq = 4""", campaign.id)
        await owner.execute("ALTER TABLE events ENABLE TRIGGER events_no_update_or_delete")
    finally:
        await owner.close()
    return campaign


async def badge_of(served: Served, campaign: Campaign, headers: dict[str, str], query: str = "") -> str:
    """The badge fragment once its verification has finished (a page shows it pending meanwhile)."""
    for _ in range(100):
        answer = await served.client.get(f"/ui/campaigns/{campaign.id}/badge{query}", headers=headers)
        assert answer.status_code == 200
        if 'class="badge pending"' not in answer.text:
            return answer.text
        await asyncio.sleep(0.1)
    raise AssertionError("the badge stayed pending")


def listed(fragment: str) -> list[str]:
    return [html.unescape(p) for p in re.findall(r"<li>(.*?)</li>", fragment)]


@pytest.mark.tampered
async def test_the_badge_lists_its_problems_in_the_pages_language(served: Served, database_url: str) -> None:
    campaign = await tampered(served, database_url)
    auth = campaign.auth()
    spanish = await badge_of(served, campaign, {**auth, "Accept-Language": "es-ES,es;q=0.9,en;q=0.5"})
    assert "verificación FALLIDA" in spanish and "Problemas" in spanish
    assert listed(spanish) == [ALTERED_ES]
    assert "hash mismatch" not in spanish
    # The same cached verification, read by an English page and by one that chose Spanish with ?lang=es.
    english = await badge_of(served, campaign, auth)
    assert "verification FAILED" in english and listed(english) == [ALTERED_EN]
    assert listed(await badge_of(served, campaign, auth, "?lang=es")) == [ALTERED_ES]
    # The whole timeline page carries the badge in its header, in Spanish.
    page = await served.client.get(f"/ui/campaigns/{campaign.id}?lang=es", headers=auth)
    assert '<html lang="es">' in page.text and f"<li>{html.escape(ALTERED_ES, quote=False)}</li>" in page.text


@pytest.mark.tampered
async def test_a_spanish_browser_reads_the_badges_problems_in_spanish(
    served: Served, database_url: str, browser: Any
) -> None:
    campaign = await tampered(served, database_url)
    await badge_of(served, campaign, campaign.auth())  # verified once: the page shows it at once, not pending
    context = await browser.new_context(viewport=DESKTOP, locale="es-ES", extra_http_headers={
        "Accept-Language": "es-ES,es;q=0.9,en;q=0.5"})
    try:
        page = await context.new_page()
        await sign_in(page, campaign, lang="en")  # the form's language, then the browser's for the pages
        await page.goto(campaign.ui)
        await page.click("#badge details summary")
        shown = await page.inner_text("#badge")
        assert "verificación FALLIDA" in shown and ALTERED_ES in shown, shown
        assert "hash mismatch" not in shown and "verification FAILED" not in shown
    finally:
        await context.close()
