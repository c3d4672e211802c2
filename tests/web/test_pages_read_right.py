"""What a forum reader sees on the pages, checked against docs/web.md word by word (found by the web audit).

Each expectation is the doc's or the events' own JSON: the dice an event lists, the campaign's ruleset, a
retraction's own seq; never the page code's output fed back into itself.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

from tests.web.conftest import Campaign, Served, until
from tests.web.scenario import KAI, deathwatch_fight, wrath_and_glory_scene


def _row(html: str, seq: int) -> str:
    """The HTML of one event row of the timeline (`<li id="e<seq>">` … `</li>` of the row's own list)."""
    start = html.index(f'id="e{seq}"')
    end = html.find('<li id="e', start + 1)
    return html[start: end if end != -1 else len(html)]


async def _fight(served: Served) -> tuple[Campaign, dict[str, Any], list[dict[str, Any]]]:
    campaign = await served.create("deathwatch")
    fight = await deathwatch_fight(campaign)
    return campaign, fight, await campaign.events()


async def test_timeline_shows_each_die_of_an_event_once(served: Served) -> None:
    campaign, _, events = await _fight(served)
    page = await served.client.get(f"/ui/campaigns/{campaign.id}?limit=200", headers=campaign.auth())
    # Initiative: one d10 for each of the two combatants; damage: the hits' dice and Fury's, each once.
    rolled = [e for e in events if e["type"] in ("d100_initiative_rolled", "d100_damage_applied")]
    assert any(e["type"] == "d100_initiative_rolled" for e in rolled)
    for event in rolled:
        listed = event["data"]["dice"]
        shown = re.findall(r'<span class="die">d(\d+)=(\d+)</span>', _row(page.text, event["seq"]))
        assert shown == [(str(d["sides"]), str(d["value"])) for d in listed], (event["type"], shown, listed)
    initiative = next(e for e in rolled if e["type"] == "d100_initiative_rolled")
    assert len(re.findall(r'class="die"', _row(page.text, initiative["seq"]))) == 2


async def test_type_filter_offers_only_the_campaigns_ruleset_each_title_once(served: Served) -> None:
    campaign, _, _ = await _fight(served)
    for lang in ("en", "es"):
        page = await served.client.get(f"/ui/campaigns/{campaign.id}?lang={lang}", headers=campaign.auth())
        select = re.search(r'<select name="type">(.*?)</select>', page.text, re.S)
        assert select is not None
        options = re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select[1])
        kinds = [kind for kind, _ in options if kind]
        assert "d100_attack_rolled" in kinds and "session_started" in kinds
        assert not [kind for kind in kinds if kind.startswith("wng_")], "Wrath & Glory types on a Deathwatch page"
        titles = [name for _, name in options]
        assert len(titles) == len(set(titles)), sorted(t for t in titles if titles.count(t) > 1)
    wng = await served.create("wrath_and_glory")
    await wrath_and_glory_scene(wng)
    page = await served.client.get(f"/ui/campaigns/{wng.id}", headers=wng.auth())
    select = re.search(r'<select name="type">(.*?)</select>', page.text, re.S)
    assert select is not None and 'value="wng_test_rolled"' in select[1] and 'value="d100_' not in select[1]


async def test_a_retracted_roll_says_retracted_by_whom_at_which_event(served: Served) -> None:
    campaign, fight, _ = await _fight(served)
    roll = next(e["seq"] for e in fight["roll"]["events"] if e["type"] == "dice_rolled")
    answer = await campaign.ok({"type": "retract", "seqs": [roll], "reason": "wrong thread",
                                "post": {"id": "p-retract", "author": "gm"}})
    retraction = answer["events"][-1]["seq"]
    ui = f"/ui/campaigns/{campaign.id}?limit=200"
    english = _row((await served.client.get(ui + "&lang=en", headers=campaign.auth())).text, roll)
    assert "<del" in english and f"retracted by Game Master at event {retraction}," in english
    assert "undone by" not in english
    spanish = _row((await served.client.get(ui + "&lang=es", headers=campaign.auth())).text, roll)
    assert f"anulado por DJ en el evento {retraction}," in spanish and "deshecho" not in spanish
    # An undone turn still says "undone by" (docs/web.md: who undid them, at which event and when).
    undone = fight["undone"]["seqs"][-1]
    undo = fight["undo"]["events"][0]["seq"]
    assert f"undone by Game Master at event {undo}," in _row(
        (await served.client.get(ui + "&lang=en", headers=campaign.auth())).text, undone)


async def test_the_state_page_names_the_weapon_of_its_ammunition(served: Served) -> None:
    campaign, _, _ = await _fight(served)
    rules = (await campaign.get("/state"))["rules"]["characters"]["kai"]
    page = await served.client.get(f"/ui/campaigns/{campaign.id}/state", headers=campaign.auth())
    ammo = re.search(r'<dd data-key="ammo">([^<]*)</dd>', page.text)
    assert ammo is not None and ammo[1] == f"{KAI['weapons'][0]['name']} {rules['ammo']['bolter']}"


async def test_a_bad_query_parameter_is_a_page_in_the_readers_language_not_json(served: Served) -> None:
    campaign = await served.create("deathwatch")
    ui = f"/ui/campaigns/{campaign.id}"
    for query in ("limit=500", "session=abc", "before=x"):
        english = await served.client.get(f"{ui}?{query}", headers=campaign.auth())
        assert english.status_code == 400 and english.headers["content-type"].startswith("text/html"), query
        assert "<h1>400 — This address is not valid</h1>" in english.text and '"type"' not in english.text
        spanish = await served.client.get(f"{ui}?{query}&lang=es", headers=campaign.auth())
        assert "<h1>400 — Esta dirección no es válida</h1>" in spanish.text
        assert "la petición no es válida" in spanish.text and "Expected" not in spanish.text
    revoked = await served.client.get(f"{ui}?share=lxs_{'x' * 40}&lang=es")
    assert revoked.status_code == 401 and "<h1>401 — Sin identificar</h1>" in revoked.text


async def test_a_roll_waiting_for_its_reveal_says_so_in_every_die_of_the_browsers_column(
    served: Served, context: Any
) -> None:
    campaign, _, _ = await _fight(served)  # the session ended: its seed is out; a new roll waits for the next
    rolled = await campaign.ok({"type": "roll", "expression": "1d100", "reason": "awareness"})
    seq = rolled["events"][0]["seq"]
    page = await context.new_page()
    await page.goto(f"{campaign.ui}/rolls/{seq}?share={await campaign.share()}&lang=es")
    assert await page.locator("td.browser").all_inner_texts() == [""]  # nothing said before the button
    await page.click("#verify-button")
    await until(page, "!['idle', 'running'].includes(document.getElementById('verify-result').dataset.state)")
    assert await page.locator("#verify-result").get_attribute("data-state") == "pending"
    # docs/web.md: "the chain agrees; the dice wait for the seed's reveal", here in Spanish, with a mark the
    # fallback fonts draw.
    assert await page.locator("#verify-result").inner_text() == (
        "◷ la cadena coincide; los dados esperan a que se revele la semilla")
    assert await page.locator("td.browser").all_inner_texts() == ["◷"]
    await page.close()


async def test_the_navigation_is_named_in_the_pages_language_for_a_screen_reader(served: Served) -> None:
    campaign = await served.create("deathwatch")
    ui = f"/ui/campaigns/{campaign.id}"
    spanish = await served.client.get(f"{ui}?lang=es", headers=campaign.auth())
    assert '<nav class="nav" aria-label="páginas">' in spanish.text
    english = await served.client.get(f"{ui}?lang=en", headers=campaign.auth())
    assert '<nav class="nav" aria-label="pages">' in english.text


async def test_the_encounter_filter_keeps_the_undo_of_its_turn(served: Served) -> None:
    campaign, fight, events = await _fight(served)
    undo = fight["undo"]["events"][0]["seq"]
    page = await served.client.get(f"/ui/campaigns/{campaign.id}?encounter=gate&limit=200", headers=campaign.auth())
    shown = [int(s) for s in re.findall(r'<li id="e(\d+)"', page.text)]
    # The struck rows' note names the undo; the undo itself is on the same filtered page.
    assert undo in shown and set(fight["undone"]["seqs"]) <= set(shown)
    # Still only this encounter's: nothing from before it started (characters, the session, the first roll).
    started = next(e["seq"] for e in events if e["type"] == "d100_encounter_started")
    assert min(shown) == started


async def test_signing_out_keeps_the_chosen_language(served: Served) -> None:
    campaign = await served.create("deathwatch")
    ui = f"/ui/campaigns/{campaign.id}"
    signed = await served.client.post(f"{ui}/sign-in?lang=es", data={"token": campaign.gm_token})
    assert signed.status_code == 303
    page = await served.client.get(f"{ui}?lang=es")
    form = re.search(r'<form method="post" action="([^"]*)" class="inline">', page.text)
    assert form is not None and form[1] == f"{ui}/sign-out?lang=es"
    out = await served.client.post(form[1])
    assert out.status_code == 303 and out.headers["location"] == f"{ui}/sign-in?lang=es"
    assert "Entrar" in (await served.client.get(out.headers["location"])).text
    served.client.cookies.clear()


async def test_compare_from_before_a_character_existed_names_it_with_its_standing(served: Served) -> None:
    campaign, _, events = await _fight(served)
    damage = [e for e in events if e["type"] == "d100_damage_applied"][-1]["data"]
    page = await served.client.get(f"/ui/campaigns/{campaign.id}/compare?from_seq=1", headers=campaign.auth())
    lines = re.findall(r"<li>([^<]*)</li>", page.text.split('id="changes"')[1].split("</ul>")[0])
    # Kai: the sheet's 20 wounds untouched, 3 Fate less the one spent on the second attack; the horde: what the
    # last damage left. The page said "nothing changed" between event 1 and now.
    assert lines == [f"Brother Kai (character created): wounds {KAI['wounds']}, Fate {KAI['fate'] - 1}",
                     f"the cultists (character created): magnitude {damage['magnitude_after']}"], lines
    spanish = await served.client.get(f"/ui/campaigns/{campaign.id}/compare?from_seq=1&lang=es",
                                      headers=campaign.auth())
    assert "Brother Kai (personaje creado): heridas 20, Destino 2" in spanish.text


async def test_an_address_no_page_answers_is_a_page_and_the_apis_stay_json(served: Served) -> None:
    campaign = await served.create("deathwatch")
    for lang, heading in (("en", "404 — Not found"), ("es", "404 — No encontrado")):
        page = await served.client.get(f"/ui/campaigns/{campaign.id}/rolls/abc?lang={lang}", headers=campaign.auth())
        assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
        assert f"<h1>{heading}</h1>" in page.text and "/rolls/abc" in page.text and '"type"' not in page.text
    api = await served.client.get(f"/campaigns/{campaign.id}/nothing-here", headers=campaign.auth())
    assert api.status_code == 404 and api.headers["content-type"].startswith("application/problem+json")


async def test_the_state_after_a_turn_is_headed_by_its_round_and_turn(served: Served) -> None:
    campaign, _, _ = await _fight(served)
    encounter = await served.client.get(f"/ui/campaigns/{campaign.id}/encounters/gate", headers=campaign.auth())
    turns = re.findall(r'<a href="([^"]*at_turn=gate%2F(\d+)%2F(\d+)[^"]*)">', encounter.text)
    assert turns, "the encounter page links each live turn to its state"
    link, round_, turn = turns[-1]
    english = await served.client.get(link.replace("&amp;", "&") + "&lang=en", headers=campaign.auth())
    assert f"<h1>State right after round {round_}, turn {turn} of encounter gate</h1>" in english.text
    spanish = await served.client.get(link.replace("&amp;", "&") + "&lang=es", headers=campaign.auth())
    assert f"<h1>Estado justo tras el asalto {round_}, turno {turn} del combate gate</h1>" in spanish.text


async def test_an_older_timeline_page_counts_the_events_that_arrive_and_links_to_the_newest(
    served: Served, context: Any
) -> None:
    campaign, _, events = await _fight(served)
    page = await context.new_page()
    key = await campaign.share()
    await page.goto(f"{campaign.ui}?limit=5&before={events[10]['seq']}&share={key}")
    assert await page.locator("a[rel=next]").count() > 0  # an older page indeed
    await until(page, "window.EventSource !== undefined")
    await asyncio.sleep(0.5)  # the stream opened
    for n in range(2):
        await campaign.ok({"type": "gm_note", "text": f"arrived {n}"})
    # docs/web.md: "An older page of the timeline says how many events arrived and links to the newest."
    link = page.locator("#live-status a")
    await until(page, "(document.querySelector('#live-status a') || {textContent: ''}).textContent.startsWith('2')")
    assert await link.inner_text() == "2 new event(s): show the newest"
    assert await link.get_attribute("href") == f"/ui/campaigns/{campaign.id}?share={key}"
    await page.close()


async def test_the_campaigns_first_events_are_authored_by_the_gms_name_not_its_id(served: Served) -> None:
    campaign = await served.create("deathwatch")
    page = await served.client.get(f"/ui/campaigns/{campaign.id}", headers=campaign.auth())
    # Event 1 (campaign created) comes before the GM joins (event 2, "Game Master joins as GM").
    first = page.text.split('<section class="block"')[1]
    assert 'id="e1"' in first and '<span class="author">Game Master</span>' in first, first[:300]


async def test_the_proof_of_a_retracted_roll_says_who_retracted_it(served: Served) -> None:
    campaign, fight, _ = await _fight(served)
    roll = next(e["seq"] for e in fight["roll"]["events"] if e["type"] == "dice_rolled")
    answer = await campaign.ok({"type": "retract", "seqs": [roll], "reason": "wrong thread"})
    retraction = answer["events"][-1]["seq"]
    proof = await served.client.get(f"/ui/campaigns/{campaign.id}/rolls/{roll}?lang=es", headers=campaign.auth())
    assert "<del" in proof.text and f"anulado por DJ en el evento {retraction}," in proof.text
    # An undone turn's attack: "undone by", with the undo's seq.
    attack = next(s for s in fight["undone"]["seqs"]
                  if s in [e["seq"] for a in fight["undone"]["answers"] for e in a["events"]
                           if e["type"] == "d100_attack_rolled"])
    undo = fight["undo"]["events"][0]["seq"]
    undone = await served.client.get(f"/ui/campaigns/{campaign.id}/rolls/{attack}", headers=campaign.auth())
    assert f"undone by Game Master at event {undo}," in undone.text
