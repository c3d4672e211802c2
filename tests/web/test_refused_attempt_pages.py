"""A refused attempt on the pages (docs/fairness.md, "Refused attempts"): struck through on the timeline with
its dice, and its proof page verifies every die in the browser, each with its own line's nonce."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Served, until


async def test_a_refused_post_is_struck_through_and_its_dice_verify_in_the_browser(served: Served, context: Any
                                                                                   ) -> None:
    campaign = await served.create("deathwatch")
    refused = await served.client.post(
        f"/campaigns/{campaign.id}/posts", headers=campaign.auth(),
        json={"post": {"id": "p1201"}, "text": "!roll d100 omen\n!roll 2d10 omens\n!retract 9999 nothing"})
    assert refused.status_code == 422, refused.text
    attempt = refused.json()["attempt"]
    await campaign.ok({"type": "reveal_dice_seed"})
    share = await campaign.share()
    page = await context.new_page()
    await page.goto(f"{campaign.ui}?share={share}&lang=es")
    row = page.locator(f"li#e{attempt['seq']}")
    assert "refused" in (await row.get_attribute("class") or "")
    struck = await row.locator("del.line").inner_text()
    faces = [d["value"] for line in attempt["lines"] for d in line["dice"]]
    assert struck.startswith("Intento rechazado en la línea 3 (`!retirar`)")
    assert f"línea 1 `!tirada`: d100 {faces[0]} · línea 2 `!tirada`: d10 {faces[1]}, {faces[2]}" in struck
    assert "quedan en el registro" in await row.locator(".refused-note").inner_text()
    await page.goto(f"{campaign.ui}/rolls/{attempt['seq']}?share={share}")

    async def verify() -> str:
        await page.click("#verify-button")
        await until(page, "document.getElementById('verify-result').dataset.state !== 'running' && "
                                 "document.getElementById('verify-result').dataset.state !== 'idle'")
        state: str = await page.locator("#verify-result").get_attribute("data-state")
        return state

    assert await verify() == "verified"
    assert await page.locator("td.browser").all_inner_texts() == [f"✔ {face}" for face in faces]
    proof = await campaign.get(f"/rolls/{attempt['seq']}")
    assert proof["attempt"] is True and proof["verified"] is True
    assert [(d["nonce"], d["k"]) for d in proof["dice"]] == [(attempt["seq"], 0), (attempt["seq"] + 1, 0),
                                                             (attempt["seq"] + 1, 1)]
    # The second line's die read with the first line's nonce would not verify: the browser says so.
    await page.evaluate("""() => {
        const el = document.getElementById('verify-data');
        const data = JSON.parse(el.textContent);
        data.events[0].data.lines[1].nonce = data.events[0].data.lines[0].nonce;
        el.textContent = JSON.stringify(data);
    }""")
    assert await verify() == "failed"
    await page.close()
