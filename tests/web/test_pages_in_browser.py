"""The pages in a real browser (Chromium through Playwright) against the running app, on scripted campaigns.

Every number a test expects is read from the events' own JSON (`GET /campaigns/{id}/events`), never from
the page; the state pages are compared with `GET /campaigns/{id}/state?at_post=`. Screenshots of every page,
at desktop and phone sizes, go to the screenshot directory (tests/web/conftest.py).
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

from projections.rendering.page_words import LABELS
from tests.web.conftest import DESKTOP, PHONE, Campaign, Served, until
from tests.web.scenario import deathwatch_fight, wrath_and_glory_scene

CORRECTIONS = {"turn_undone", "events_retracted"}


async def sign_in(page: Any, campaign: Campaign, who: str = "gm", lang: str = "en") -> None:
    await page.goto(f"{campaign.ui}/sign-in?lang={lang}")
    await page.fill("#token", campaign.tokens[who])
    await page.click("form.stack button[type=submit]")
    await page.wait_for_url(re.compile(rf"/ui/campaigns/{campaign.id}(\?.*)?$"))


async def shoot(page: Any, shots: Path, name: str) -> None:
    """The page at desktop and at phone size, full length."""
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        await page.set_viewport_size(viewport)
        await page.screenshot(path=str(shots / f"{name}-{size}.png"), full_page=True)
    await page.screenshot(path=str(shots / f"{name}-phone-first-screen.png"))
    await page.set_viewport_size(DESKTOP)


async def seqs_on(page: Any) -> list[int]:
    """The seqs of the event rows on the page, in page order."""
    return [int(s) for s in await page.locator("li.event").evaluate_all("els => els.map(e => e.dataset.seq)")]


def numbers_of(event: dict[str, Any]) -> list[str]:
    """The numbers a reader must see for an event: its dice faces, and the roll, target and hits of an attack."""
    data = event["data"]
    found: list[str] = []
    if event["type"] == "d100_attack_rolled":
        found += [f"{data['roll']} vs {data['target']}"]
        if data["success"]:
            found.append(f"{data['hits']} hit{'' if data['hits'] == 1 else 's'}")
    if event["type"] == "d100_damage_applied":
        if data["magnitude_after"] is not None:
            found.append(f"loses {data['magnitude_lost']} magnitude")
        else:
            found.append(f"takes {sum(h['wounding'] for h in data['hits'])} damage")
    if event["type"] == "dice_rolled":
        found.append(str(data["total"]))
    return found


def dice_of(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        if set(value) == {"k", "sides", "value"}:
            return [value]
        return [d for v in value.values() for d in dice_of(v)]
    if isinstance(value, list):
        return [d for v in value for d in dice_of(v)]
    return []


async def test_timeline_shows_every_event_once_with_its_numbers_and_the_undone_turn_struck(
    served: Served, context: Any, shots: Path
) -> None:
    campaign = await served.create("deathwatch")
    fight = await deathwatch_fight(campaign)
    events = await campaign.events()
    page = await context.new_page()
    await sign_in(page, campaign)
    await page.goto(f"{campaign.ui}?limit=200")
    assert await seqs_on(page) == [e["seq"] for e in events]  # every event, once, in order

    people = {pid: p["name"] for pid, p in (await campaign.get("/state"))["participants"].items()}
    voided = {seq for e in events if e["type"] in CORRECTIONS for seq in e["data"]["voids"]}
    assert set(fight["undone"]["seqs"]) <= voided
    for event in events:
        row = page.locator(f"#e{event['seq']}")
        text = await row.inner_text()
        for expected in numbers_of(event):
            assert expected in text, (event["type"], expected, text)
        for die in dice_of(event["data"]):
            assert f"d{die['sides']}={die['value']}" in text, (event["seq"], die, text)
        struck = await row.evaluate(
            "el => { const line = el.querySelector('.line'); return line.tagName === 'DEL' && "
            "getComputedStyle(line).textDecorationLine.includes('line-through'); }"
        )
        assert struck == (event["seq"] in voided), event
        if event["seq"] in voided:
            undo = next(e for e in events if e["type"] in CORRECTIONS and event["seq"] in e["data"]["voids"])
            assert f"undone by {people[undo['meta']['actor']]} at event {undo['seq']}" in text, text
    # Posts carry their author and their forum link; the attack's changes name who changed.
    attack_post = next(p for p, s in fight["script"].posts.items() if fight["second"]["seqs"][0] in s)
    link = page.locator(f"section.block:has(#e{fight['second']['seqs'][0]}) a.post-link")
    assert await link.get_attribute("href") == f"https://forum.example.org/thread/7?post={attack_post}"
    await shoot(page, shots, "timeline")

    # Filters: one character's events, one event type; a small page pages with a keyset.
    await page.goto(f"{campaign.ui}?type=d100_attack_rolled")
    attacks = [e["seq"] for e in events if e["type"] == "d100_attack_rolled"]
    assert await seqs_on(page) == attacks
    await page.goto(f"{campaign.ui}?limit=5")
    assert await seqs_on(page) == [e["seq"] for e in events][-5:]
    await page.click("nav.pager >> nth=0 >> a[rel=prev]")
    assert await seqs_on(page) == [e["seq"] for e in events][-10:-5]
    await page.goto(f"{campaign.ui}?character=cultists&session=1")
    shown = await seqs_on(page)
    assert shown and all("cultists" in json.dumps(e["data"]) or e["meta"].get("turn_character") == "cultists"
                         for e in events if e["seq"] in shown)
    await page.close()


async def test_a_post_opens_the_state_at_that_post_equal_to_the_api(served: Served, context: Any, shots: Path) -> None:
    campaign = await served.create("deathwatch")
    fight = await deathwatch_fight(campaign)
    page = await context.new_page()
    await sign_in(page, campaign)
    await page.goto(campaign.ui + "?limit=200")
    damage_post = next(p for p, s in fight["script"].posts.items() if fight["second"]["seqs"][-1] in s)
    await page.click(f"section.block:has(#e{fight['second']['seqs'][-1]}) a.state-link")
    await page.wait_for_url(re.compile(rf"at_post={damage_post}"))
    embedded = json.loads(await page.locator("#state-json").text_content())
    api = await campaign.get(f"/state?at_post={damage_post}")
    assert embedded == api
    for cid, character in api["rules"]["characters"].items():
        card = page.locator(f"article.character[data-character={cid}]")
        if character["magnitude"] is not None:
            assert await card.locator("dd[data-key=magnitude]").get_attribute("data-value") == str(
                character["magnitude"])
        else:
            left = character["sheet"]["wounds"] - character["damage"]
            assert await card.locator("dd[data-key=wounds]").get_attribute("data-value") == str(left)
            assert await card.locator("dd[data-key=fate]").get_attribute("data-value") == str(character["fate"])
    await shoot(page, shots, "state-at-post")

    # Compare: from the post before the first attack to the damage post: Fate and magnitude as the API says.
    before_post = next(p for p, s in fight["script"].posts.items() if fight["roll"]["events"][0]["seq"] in s)
    await page.goto(f"{campaign.ui}/compare?from_post={before_post}&to_post={damage_post}")
    lines = await page.locator("#changes li").all_inner_texts()
    earlier = await campaign.get(f"/state?at_post={before_post}")
    was, now = earlier["rules"]["characters"], api["rules"]["characters"]
    assert f"the cultists: {was['cultists']['magnitude']} → {now['cultists']['magnitude']} magnitude" in " | ".join(
        lines) or was["cultists"]["magnitude"] == now["cultists"]["magnitude"]
    assert any(line.startswith("Brother Kai: ") and f"{was['kai']['fate']} → {now['kai']['fate']} Fate" in line
               for line in lines), lines
    await shoot(page, shots, "compare")
    await page.goto(f"{campaign.ui}/encounters/gate")
    await shoot(page, shots, "encounter")
    await page.close()


async def test_the_proof_page_verifies_in_the_browser_and_catches_a_changed_die_or_seed(
    served: Served, context: Any, shots: Path
) -> None:
    campaign = await served.create("deathwatch")
    fight = await deathwatch_fight(campaign)
    share = await campaign.share()
    page = await context.new_page()  # a forum reader: the share link only
    seq = fight["second"]["seqs"][0]
    url = f"{campaign.ui}/rolls/{seq}?share={share}"

    async def verify() -> str:
        await page.click("#verify-button")
        await until(page, "document.getElementById('verify-result').dataset.state !== 'running' && "
                                 "document.getElementById('verify-result').dataset.state !== 'idle'")
        state: str = await page.locator("#verify-result").get_attribute("data-state")
        return state

    await page.goto(url)
    assert await verify() == "verified"
    proof = await campaign.get(f"/rolls/{seq}")
    cells = await page.locator("td.browser").all_inner_texts()
    assert cells == [f"✔ {d['value']}" for d in proof["dice"]]
    await shoot(page, shots, "proof")

    # A die altered in the page's data: the browser says it does not verify.
    await page.goto(url)
    await page.evaluate("""() => {
        const el = document.getElementById('verify-data');
        const data = JSON.parse(el.textContent);
        const walk = (v) => { if (v && typeof v === 'object') {
            if ('k' in v && 'sides' in v && 'value' in v && Object.keys(v).length === 3) {
                if (!window.changed) { v.value = v.value % v.sides + 1; window.changed = true; } }
            else Object.values(v).forEach(walk); } };
        data.events.forEach(e => walk(e.data));
        el.textContent = JSON.stringify(data);
    }""")
    assert await verify() == "failed"
    assert "✘" in await page.locator("#verify-steps").inner_text()
    # A wrong seed: the commitment fails, and so do the dice.
    await page.goto(url)
    await page.evaluate("""() => {
        const el = document.getElementById('verify-data');
        const data = JSON.parse(el.textContent);
        data.revealed.data.seed = '00'.repeat(32);
        el.textContent = JSON.stringify(data);
    }""")
    assert await verify() == "failed"
    await shoot(page, shots, "proof-failed")
    await page.close()


async def test_the_browser_verifier_skips_exactly_the_legacy_copies_docs_fairness_lists(
    served: Served, context: Any
) -> None:
    # docs/fairness.md: wng_dice_rerolled v1 copied `rerolls[].before`, wng_soak_rerolled v1 `before`; their
    # v2, and every other field, are dice of the command.
    campaign = await served.create("deathwatch")
    fight = await deathwatch_fight(campaign)
    page = await context.new_page()
    await sign_in(page, campaign)
    await page.goto(f"{campaign.ui}/rolls/{fight['roll']['events'][0]['seq']}")
    before, after, kept = {"k": 0, "sides": 6, "value": 2}, {"k": 5, "sides": 6, "value": 4}, {"k": 6, "sides": 6,
                                                                                                 "value": 1}
    records = [
        {"type": "wng_dice_rerolled", "schema_version": 1,
         "data": {"rerolls": [{"position": 0, "before": before, "after": after}], "extra": kept}},
        {"type": "wng_dice_rerolled", "schema_version": 2,
         "data": {"rerolls": [{"position": 0, "before": before, "after": after}]}},
        {"type": "wng_soak_rerolled", "schema_version": 1, "data": {"before": [before], "after": [after]}},
        {"type": "wng_soak_rerolled", "schema_version": 2, "data": {"before": [before], "after": [after]}},
    ]
    found = await page.evaluate("""(records) => {
        const legacy = JSON.parse(document.getElementById('verify-data').textContent).legacy_copies;
        return records.map((r) => window.lexmechanicVerify.recordedDice(r, legacy));
    }""", records)
    assert found == [[after, kept], [before, after], [after], [before, after]]
    await page.close()


async def test_the_browser_verifier_reproduces_the_docs_test_vectors(served: Served, context: Any) -> None:
    """verify.js against docs/fairness.md's own tables (algorithms 1 and 2, entropy chain, rejection)."""
    campaign = await served.create("deathwatch")
    fight = await deathwatch_fight(campaign)
    page = await context.new_page()
    await sign_in(page, campaign)
    await page.goto(f"{campaign.ui}/rolls/{fight['roll']['events'][0]['seq']}")
    docs = (Path(__file__).resolve().parents[2] / "docs" / "fairness.md").read_text()
    seed = re.search(r"Seed `([0-9a-f]{64})`", docs).group(1)  # type: ignore[union-attr]
    campaign_id = re.search(r"campaign\n`([0-9a-f-]{36})`", docs).group(1)  # type: ignore[union-attr]
    one, two = docs.split("### Algorithm 1")[1].split("### Algorithm 2")
    v1 = re.findall(r"^\| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", one, re.M)
    digests = re.findall(r"^\| (\d)[^|]*\| `([0-9a-f]{64})` \|$", two, re.M)
    texts = ["for the Emperor", "Ave Imperator! Post #4512", "🎲 dados"]
    v2 = re.findall(r"^\| (\d+) \| (\d+) \| (\d+) \| (\d) \| (\d+) \|$", two, re.M)
    assert len(v1) == 9 and len(v2) == 10 and len(digests) == 4
    result = await page.evaluate("""async ([seed, campaign, v1, v2, texts]) => {
        const L = window.lexmechanicVerify;
        const key = await L.hmacKey(seed);
        const out = {v1: [], v2: [], digests: []};
        for (const [nonce, k, sides] of v1)
            out.v1.push(String(await L.dieFace(key, campaign, nonce, k, BigInt(sides), null)));
        for (let n = 0; n <= texts.length; n++) out.digests.push(await L.entropyDigest(texts.slice(0, n)));
        for (const [nonce, k, sides, n] of v2)
            out.v2.push(String(await L.dieFace(key, campaign, nonce, k, BigInt(sides), out.digests[Number(n)])));
        return out;
    }""", [seed, campaign_id, [r[:3] for r in v1], [r[:4] for r in v2], texts])
    assert result["v1"] == [r[3] for r in v1]
    assert result["digests"] == [d for _, d in digests]
    assert result["v2"] == [r[4] for r in v2]
    await page.close()


async def test_an_event_appended_while_the_page_is_open_appears_without_reload(
    served: Served, context: Any, shots: Path
) -> None:
    campaign = await served.create("wrath_and_glory", "The Mine")
    await wrath_and_glory_scene(campaign)
    page = await context.new_page()
    await sign_in(page, campaign)
    await until(page, "document.getElementById('live-status').textContent.length > 0")
    loaded = await page.evaluate("performance.getEntriesByType('navigation').length")
    answer = await campaign.ok({"type": "roll", "expression": "3d6", "reason": "live roll",
                                "post": {"id": "w-live", "url": "https://forum.example.org/thread/7?post=w-live"}})
    seq = answer["events"][0]["seq"]
    total = answer["events"][0]["data"]["total"]
    await page.locator(f"#e{seq}").wait_for(timeout=10_000)
    assert str(total) in await page.locator(f"#e{seq}").inner_text()
    assert await page.evaluate("performance.getEntriesByType('navigation').length") == loaded  # no reload
    await shoot(page, shots, "timeline-wng-live")

    # The encounter page follows the fight live too: the next turn shows without a reload.
    await page.goto(f"{campaign.ui}/encounters/mine")
    await asyncio.sleep(0.5)
    await campaign.ok({"type": "wng_gain_glory", "amount": 1, "reason": "live"})
    state = await campaign.get("/state")
    await until(page, "v => document.getElementById('live-region').dataset.at === String(v)", state["version"])
    await page.goto(f"{campaign.ui}/state")
    await shoot(page, shots, "state-wng")
    await page.close()


async def test_a_share_link_shows_the_pages_and_refuses_every_write(served: Served, context: Any) -> None:
    campaign = await served.create("deathwatch")
    fight = await deathwatch_fight(campaign)
    key = await campaign.share()
    page = await context.new_page()
    for path in ("", "/state", "/state?at_post=p1005", "/compare", "/encounters/gate",
                 f"/rolls/{fight['roll']['events'][0]['seq']}"):
        sep = "&" if "?" in path else "?"
        response = await page.goto(f"{campaign.ui}{path}{sep}share={key}")
        assert response.status == 200, path
        assert "read-only share link" in await page.locator("header.top").inner_text()
        for href in await page.locator("nav.nav a:not(.lang)").evaluate_all("els => els.map(a => a.href)"):
            assert f"share={key}" in href
    # Without the key the pages ask for a sign-in; with it, nothing can be written.
    response = await page.goto(campaign.ui)
    assert "/sign-in" in page.url
    client = served.client
    refused = [
        await client.post(f"/campaigns/{campaign.id}/commands?share={key}", json={"type": "gm_note", "text": "x"}),
        await client.post(f"/campaigns/{campaign.id}/participants?share={key}", json={"name": "x", "role": "gm"}),
        await client.post(f"/campaigns/{campaign.id}/share-links?share={key}"),
        await client.get(f"/campaigns/{campaign.id}/share-links?share={key}"),
        await client.delete(f"/campaigns/{campaign.id}/share-links/s-x?share={key}"),
        await client.post(f"/ui/campaigns/{campaign.id}/sign-in?share={key}", data={"token": key}),
    ]
    assert all(r.status_code in (401, 403) for r in refused), [(r.request.url, r.status_code) for r in refused]
    # The page cookie opens reads, never writes: a browser signed in cannot be made to post a command.
    await sign_in(page, campaign)
    status = await page.evaluate(f"""async () => (await fetch('/campaigns/{campaign.id}/commands', {{
        method: 'POST', headers: {{'Content-Type': 'application/json'}},
        body: JSON.stringify({{type: 'gm_note', text: 'from the page'}})}})).status""")
    assert status == 401
    assert (await campaign.get(""))["version"] == (await campaign.events())[-1]["seq"]
    await page.close()


async def test_spanish_pages_have_no_english_labels(served: Served, browser: Any, shots: Path) -> None:
    campaign = await served.create("deathwatch")
    fight = await deathwatch_fight(campaign)
    context = await browser.new_context(viewport=DESKTOP, locale="es-ES", extra_http_headers={
        "Accept-Language": "es-ES,es;q=0.9,en;q=0.5"})
    page = await context.new_page()
    await sign_in(page, campaign, lang="en")  # the form's language, then the browser's for the pages
    english = {en for en, es in LABELS.values() if en != es and len(en) > 3 and "{" not in en}
    words = {w for en in english for w in re.findall(r"[A-Za-z]{5,}", en)}
    spanish = {w for _, es in LABELS.values() for w in re.findall(r"[A-Za-zñáéíóú]{5,}", es)}
    only_english = {w for w in words if w not in spanish and w.lower() not in {"lexmechanic", "token", "javascript"}}
    paths = ("", "/state", "/state?at_post=p1005", "/compare?from_post=p1005&to_post=p1010", "/encounters/gate",
             f"/rolls/{fight['second']['seqs'][0]}")
    for path in paths:
        await page.goto(f"{campaign.ui}{path}")
        assert await page.evaluate("document.documentElement.lang") == "es"
        text = await page.evaluate("document.body.innerText")
        labels_shown = await page.evaluate(
            "Array.from(document.querySelectorAll('h1,h2,h3,h4,dt,th,label,button,nav a,summary,.muted,"
            ".badge-state,.badge-details,.post-head a,.undone-note')).map(e => e.innerText).join(' | ')"
        )
        leaked = sorted(w for w in only_english if re.search(rf"\b{w}\b", labels_shown))
        assert not leaked, (path, leaked)
        assert "Cronología" in text
        name = "es-" + ("proof" if "/rolls/" in path else path.strip("/").split("?")[0].replace("/", "-") or "timeline")
        await shoot(page, shots, name)
    await context.close()
