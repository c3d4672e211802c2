"""A sealed roll's proof page, in Chromium (issue 19: secret rolls and tests the GM cannot change).

Before the reveal the page shows the seal — what was rolled or tested, with which dice, the commitments — and
says it is not yet revealed; its Verify checks the seal's chain and waits. After the reveal the same page shows
the key and the faces, and Verify recomputes, from docs/fairness.md alone, the key against its commitment and
against the epoch's seed, every die from the key and a sealed test's outcome against the seal; a page whose
embedded outcome was altered fails. In English and Spanish.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tests.web.conftest import Campaign, Served
from tests.web.test_proof_bounds_in_browser import verify
from tests.web.test_secret_rolls_hidden import MAGUS

VERIFY_DATA = re.compile(r'<script type="application/json" id="verify-data">(.*?)</script>', re.S)


async def sealed_test(served: Served) -> tuple[Campaign, int, dict[str, Any]]:
    campaign = await served.create("deathwatch")
    await campaign.invite("Ana", "player")
    await campaign.ok({"type": "create_character", "character_id": "magus", "name": "Cult Magus", "kind": "npc",
                       "sheet": MAGUS})
    await campaign.ok({"type": "start_session", "title": "The hulk"})
    answer = await campaign.ok({"type": "d100_test", "test_id": "magus-listens", "character_id": "magus",
                                "skill": "Awareness", "difficulty": "difficult", "secret": True})
    return campaign, answer["version"], answer["result"]["secret_rolls"][0]


async def test_a_sealed_tests_proof_page_says_sealed_then_verifies_its_reveal_in_the_browser(
    served: Served, context: Any
) -> None:
    campaign, roll, gm_saw = await sealed_test(served)
    face = gm_saw["dice"][0]["value"]
    page = await context.new_page()
    await page.goto(f"{campaign.ui}/rolls/{roll}?share={await campaign.share()}")
    assert await page.locator("#sealed-state").get_attribute("data-state") == "sealed"
    text = await page.inner_text("body")
    assert "Not yet revealed" in text and "d100" in text and "commitment to the outcome" in text
    assert "test of Awareness" not in text and await page.locator("td.browser").count() == 0
    assert await verify(page) == "pending-sealed"
    assert "the roll is not yet revealed" in await page.locator("#verify-result").inner_text()

    revealed = await campaign.ok({"type": "reveal_secret_roll", "seq": roll})
    await campaign.ok({"type": "end_session"})  # the epoch's seed is out: the key is checked against it too
    for seq in (roll, revealed["events"][0]["seq"], revealed["events"][1]["seq"]):
        await page.goto(f"{campaign.ui}/rolls/{seq}?share={await campaign.share()}")
        assert await page.locator("#sealed-state").get_attribute("data-state") == "revealed"
        assert await verify(page) == "verified", await page.locator("#verify-steps").inner_text()
        steps = await page.locator("#verify-steps").inner_text()
        for said in ("the key matches the roll's commitment", "the key is the HMAC of the epoch's seed",
                     f"die 0: d100 = {face}", "the outcome is the one the seal committed to"):
            assert said in steps, steps
        assert await page.locator("td.browser").all_inner_texts() == [f"✔ {face}"]

    page = await context.new_page()
    await page.goto(f"{campaign.ui}/rolls/{roll}?share={await campaign.share()}&lang=es")
    assert await verify(page) == "verified"
    steps = await page.locator("#verify-steps").inner_text()
    assert "el resultado es el que el sello comprometió" in steps and "la clave es el HMAC" in steps
    assert "revelada en el evento" in await page.locator("#sealed-state").inner_text()


async def test_a_sealed_proof_page_with_an_altered_outcome_fails_in_the_browser(
    served: Served, context: Any
) -> None:
    """The page's own data, altered after it loaded (as a man in the middle or a lying server would): the
    outcome claims a success; its hash no longer recomputes, nor does the seal's outcome."""
    campaign, roll, _ = await sealed_test(served)
    await campaign.ok({"type": "reveal_secret_roll", "seq": roll})
    page = await context.new_page()
    await page.goto(f"{campaign.ui}/rolls/{roll}?share={await campaign.share()}")
    html = await page.content()
    data = json.loads(VERIFY_DATA.search(html).group(1))  # type: ignore[union-attr]
    data["outcome"][0]["data"]["success"] = not data["outcome"][0]["data"]["success"]
    await page.locator("#verify-data").evaluate("(node, text) => { node.textContent = text; }", json.dumps(data))
    assert await verify(page) == "failed"
    steps = await page.locator("#verify-steps").inner_text()
    assert "the outcome is NOT the one the seal committed to" in steps and "hash does not match" in steps
