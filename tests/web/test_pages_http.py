"""The pages over plain HTTP: sign-in and its cookie, refusals as pages, headers, the rows fragment, languages."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

from service.web.reader import cookie_name
from tests.web.conftest import Served
from tests.web.scenario import deathwatch_fight


async def test_sign_in_keeps_a_web_session_in_an_http_only_same_site_cookie_and_sign_out_drops_it(
    served: Served,
) -> None:
    campaign = await served.create("deathwatch")
    client = served.client
    ui = f"/ui/campaigns/{campaign.id}"
    asked = await client.get(ui)
    assert asked.status_code == 303 and asked.headers["location"] == f"{ui}/sign-in?next={quote(ui, safe='')}"
    wrong = await client.post(f"{ui}/sign-in", data={"token": "lxm_not-a-token"})
    assert wrong.status_code == 401 and "does not open this campaign" in wrong.text
    other = await served.create("deathwatch")
    foreign = await client.post(f"{ui}/sign-in", data={"token": other.gm_token})
    assert foreign.status_code == 401
    signed = await client.post(f"{ui}/sign-in?lang=es", data={"token": campaign.gm_token})
    assert signed.status_code == 303 and signed.headers["location"] == f"{ui}?lang=es"
    cookie = signed.headers["set-cookie"]
    assert cookie.startswith(f"{cookie_name(campaign.id)}=lxw_") and campaign.gm_token not in cookie
    assert re.search(r"HttpOnly", cookie, re.I) and re.search(r"SameSite=lax", cookie, re.I)
    assert re.search(r"Path=/;", cookie) and "Max-Age=" in cookie
    page = await client.get(ui)  # the client keeps the cookie, as a browser does
    assert page.status_code == 200 and "Game Master" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] == "same-origin"
    # The cookie opens this campaign's pages and its stream, never another campaign, never a write.
    assert (await client.get(f"/ui/campaigns/{other.id}")).status_code == 303
    write = await client.post(f"/campaigns/{campaign.id}/commands", json={"type": "gm_note", "text": "x"})
    assert write.status_code == 401
    assert (await client.get(f"/campaigns/{campaign.id}/state")).status_code == 401  # the JSON API: tokens only
    out = await client.post(f"{ui}/sign-out")
    assert out.status_code == 303 and cookie_name(campaign.id) in out.headers["set-cookie"]
    client.cookies.clear()
    assert (await client.get(ui)).status_code == 303


async def test_refusals_are_pages_a_person_reads(served: Served) -> None:
    campaign = await served.create("deathwatch")
    auth = campaign.auth()
    client = served.client
    unknown = await client.get(f"/ui/campaigns/{uuid.uuid4()}", headers=auth)
    assert unknown.status_code == 404 and unknown.headers["content-type"].startswith("text/html")
    upper = await client.get(f"/ui/campaigns/{campaign.id.upper()}", headers=auth)
    assert upper.status_code == 404 and campaign.id in upper.text  # "did you mean" the canonical id
    no_roll = await client.get(f"/ui/campaigns/{campaign.id}/rolls/1", headers=auth)
    assert no_roll.status_code == 404 and "rolled no dice" in no_roll.text
    missing = await client.get(f"/ui/campaigns/{campaign.id}/state?at_post=nowhere", headers=auth)
    assert missing.status_code == 404 and "nowhere" in missing.text
    bad_key = await client.get(f"/ui/campaigns/{campaign.id}?share=lxs_{'x' * 40}")
    assert bad_key.status_code == 401 and bad_key.headers["content-type"].startswith("text/html")
    assert (await client.get(f"/ui/campaigns/{campaign.id}/encounters/none", headers=auth)).status_code == 404
    # The same refusals in Spanish, for a reader who asks for it.
    spanish = {**auth, "Accept-Language": "es"}
    no_roll_es = await client.get(f"/ui/campaigns/{campaign.id}/rolls/1", headers=spanish)
    assert no_roll_es.status_code == 404 and "no tiró dados" in no_roll_es.text
    upper_es = await client.get(f"/ui/campaigns/{campaign.id.upper()}?lang=es", headers=auth)
    assert upper_es.status_code == 404 and "querías decir" in upper_es.text and campaign.id in upper_es.text
    missing_es = await client.get(f"/ui/campaigns/{campaign.id}/state?at_post=nowhere", headers=spanish)
    assert missing_es.status_code == 404 and "ningún evento" in missing_es.text


async def test_the_rows_fragment_continues_the_timeline_and_the_language_follows_the_browser(served: Served) -> None:
    campaign = await served.create("deathwatch")
    await deathwatch_fight(campaign)
    auth = campaign.auth()
    ui = f"/ui/campaigns/{campaign.id}"
    head = (await campaign.get(""))["version"]
    rows = await served.client.get(f"{ui}/rows?after={head - 3}", headers=auth)
    assert rows.status_code == 200
    assert re.findall(r'id="e(\d+)"', rows.text) == [str(s) for s in range(head - 2, head + 1)]
    spanish = await served.client.get(ui, headers={**auth, "Accept-Language": "es-AR,es;q=0.9,en;q=0.8"})
    assert '<html lang="es">' in spanish.text and "Cronología" in spanish.text
    english = await served.client.get(ui, headers={**auth, "Accept-Language": "fr-FR,en;q=0.7,es;q=0.3"})
    assert '<html lang="en">' in english.text
    chosen = await served.client.get(f"{ui}?lang=en", headers={**auth, "Accept-Language": "es"})
    assert '<html lang="en">' in chosen.text and "lang=en" in re.search(r'href="([^"]*/state[^"]*)"', chosen.text)[1]
    static = await served.client.get("/ui/static/verify.js")
    assert static.status_code == 200 and "crypto.subtle" in static.text


async def test_a_refusal_page_shows_the_reader_the_way_back_to_the_timeline_and_the_sign_in(served: Served) -> None:
    campaign = await served.create("deathwatch")
    client = served.client
    base = f"/ui/campaigns/{campaign.id}"
    # A forum reader whose share link was revoked: the page offers the campaign's timeline and its sign-in form.
    revoked = await client.get(f"{base}?share=lxs_{'x' * 40}")
    assert revoked.status_code == 401
    assert f'<a href="{base}">Timeline</a>' in revoked.text and f'<a href="{base}/sign-in">Sign in</a>' in revoked.text
    # ... and says whom to ask (issue 21 item 10: "suggest asking the GM for a new link").
    assert "ask the GM for a new link" in revoked.text
    revoked_es = await client.get(f"{base}/rolls/1?share=lxs_{'x' * 40}&lang=es")
    assert revoked_es.status_code == 401
    assert f'<a href="{base}?lang=es">Cronología</a>' in revoked_es.text
    assert f'<a href="{base}/sign-in?lang=es">Entrar</a>' in revoked_es.text
    assert "pide al DJ un enlace nuevo" in revoked_es.text
    # No way back into a campaign that does not exist.
    unknown = await client.get(f"/ui/campaigns/{uuid.uuid4()}", headers=campaign.auth())
    assert unknown.status_code == 404 and "ways-back" not in unknown.text


async def test_signing_in_brings_the_reader_back_to_the_page_asked_for_and_nowhere_else(served: Served) -> None:
    campaign = await served.create("deathwatch")
    client = served.client
    ui = f"/ui/campaigns/{campaign.id}"
    # A reader follows a forum link to a state page in Spanish, is asked to sign in, and lands on that page.
    asked = await client.get(f"{ui}/state?at_seq=2&lang=es")
    assert asked.status_code == 303
    location = urlsplit(asked.headers["location"])
    assert location.path == f"{ui}/sign-in"
    assert parse_qs(location.query) == {"next": [f"{ui}/state?at_seq=2&lang=es"], "lang": ["es"]}
    form = await client.get(asked.headers["location"])
    assert form.status_code == 200 and "Entrar" in form.text
    assert f'name="next" value="{ui}/state?at_seq=2&amp;lang=es"' in form.text
    signed = await client.post(f"{ui}/sign-in?lang=es", data={"token": campaign.gm_token,
                                                              "next": f"{ui}/state?at_seq=2&lang=es"})
    assert signed.status_code == 303 and signed.headers["location"] == f"{ui}/state?at_seq=2&lang=es"
    # A `next` that leaves the campaign's pages (another site, another campaign, the sign-in itself) is ignored.
    other = await served.create("deathwatch")
    for elsewhere in ("https://evil.example/", "//evil.example/x", f"/ui/campaigns/{other.id}",
                      f"{ui}evil", f"{ui}/sign-out", "/campaigns/x"):
        client.cookies.clear()
        moved = await client.post(f"{ui}/sign-in", data={"token": campaign.gm_token, "next": elsewhere})
        assert moved.status_code == 303 and moved.headers["location"] == ui, elsewhere


async def test_the_proof_page_lists_exactly_the_legacy_fields_docs_fairness_tells_a_verifier_to_skip(
    served: Served,
) -> None:
    # Read as an independent verifier reads it: docs/fairness.md's table, not the engines' declarations.
    docs = (Path(__file__).resolve().parents[2] / "docs" / "fairness.md").read_text()
    table = re.findall(r"^\| `([a-z0-9_]+)` \| (\d+) \| `([a-z\[\]._]+)` ", docs, re.M)
    assert len(table) == 2
    campaign = await served.create("deathwatch")
    fight = await deathwatch_fight(campaign)
    html = (await served.client.get(f"/ui/campaigns/{campaign.id}/rolls/{fight['roll']['events'][0]['seq']}",
                                    headers=campaign.auth())).text
    found = re.search(r'<script type="application/json" id="verify-data">(.*?)</script>', html, re.S)
    assert found is not None
    embedded = json.loads(found.group(1))
    assert sorted(map(tuple, embedded["legacy_copies"])) == sorted((t, int(v), f) for t, v, f in table)
