"""Share links and permalinks, as docs/api.md describes them to a GM and to a forum reader without a token."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings

from .conftest import Campaign

PUBLIC = "https://dice.example.org"
READS = ["", "/events", "/state", "/verify", "/export", "/transcript", "/transcript?format=bbcode"]


@pytest.fixture
async def public_client(app_database_url: str) -> AsyncIterator[AsyncTestClient[Any]]:
    settings = Settings(database_url=app_database_url, pool_min=1, pool_max=4, public_url=PUBLIC)
    async with AsyncTestClient(app=create_app(settings)) as client:
        yield client


@pytest.fixture
async def public_campaign(public_client: AsyncTestClient[Any]) -> Campaign:
    response = await public_client.post("/campaigns", json={"name": "Forum game", "ruleset": "deathwatch"})
    assert response.status_code == 201
    return Campaign(public_client, response.json())


async def share(campaign: Campaign, label: str | None = None) -> dict[str, Any]:
    response = await campaign.client.post(f"/campaigns/{campaign.id}/share-links",
                                          json={"label": label} if label else {}, headers=campaign.auth())
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def local(url: str) -> str:
    """The path and query of a permalink, to follow it through the test client."""
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}" if parts.query else parts.path


async def test_a_share_link_reads_as_an_observer_without_a_token(campaign: Campaign) -> None:
    await campaign.ok({"type": "roll", "expression": "2d10", "reason": "for the thread"})
    version = (await campaign.get("")).json()["version"]
    link = await share(campaign, "thread 42")
    assert link["key"].startswith("lxs_") and len(link["key"]) >= 40 and link["label"] == "thread 42"
    assert link["url"] == f"http://testserver.local/campaigns/{campaign.id}?share={link['key']}"
    assert (await campaign.get("")).json()["version"] == version  # a share link is not an event
    key = link["key"]
    for path in [*READS, "/rolls/4"]:
        joiner = "&" if "?" in path else "?"
        response = await campaign.client.get(f"/campaigns/{campaign.id}{path}{joiner}share={key}")
        assert response.status_code == 200, (path, response.text)
    # ... and nothing more: no command, no invitation, no share link of its own, no list.
    refused = [
        await campaign.client.post(f"/campaigns/{campaign.id}/commands?share={key}",
                                   json={"type": "gm_note", "text": "hi"}),
        await campaign.client.post(f"/campaigns/{campaign.id}/participants?share={key}",
                                   json={"name": "Eve", "role": "gm"}),
        await campaign.client.post(f"/campaigns/{campaign.id}/share-links?share={key}", json={}),
        await campaign.client.get(f"/campaigns/{campaign.id}/share-links?share={key}"),
        await campaign.client.delete(f"/campaigns/{campaign.id}/share-links/{link['link_id']}?share={key}"),
    ]
    assert [r.status_code for r in refused] == [401] * 5


async def test_only_the_gm_manages_share_links(campaign: Campaign) -> None:
    player = await campaign.invite("Ana", "player")
    observer = await campaign.invite("Olga", "observer")
    link = await share(campaign)
    for token in (player, observer):
        assert (await campaign.client.post(f"/campaigns/{campaign.id}/share-links", json={},
                                           headers=campaign.auth(token))).status_code == 403
        assert (await campaign.client.get(f"/campaigns/{campaign.id}/share-links",
                                          headers=campaign.auth(token))).status_code == 403
        assert (await campaign.client.delete(f"/campaigns/{campaign.id}/share-links/{link['link_id']}",
                                             headers=campaign.auth(token))).status_code == 403


async def test_a_revoked_link_stops_at_once(campaign: Campaign) -> None:
    bare = await campaign.client.post(f"/campaigns/{campaign.id}/share-links", headers=campaign.auth())  # no body
    assert bare.status_code == 201 and bare.json()["label"] is None
    first, second = await share(campaign, "old thread"), await share(campaign, "new thread")
    revoked = await campaign.client.delete(f"/campaigns/{campaign.id}/share-links/{first['link_id']}",
                                           headers=campaign.auth())
    assert revoked.status_code == 204
    assert (await campaign.client.get(f"/campaigns/{campaign.id}?share={first['key']}")).status_code == 401
    assert (await campaign.client.get(f"/campaigns/{campaign.id}?share={second['key']}")).status_code == 200
    listed = (await campaign.client.get(f"/campaigns/{campaign.id}/share-links", headers=campaign.auth())).json()
    by_id = {link["link_id"]: link for link in listed["links"]}
    assert by_id[first["link_id"]]["revoked_at"] is not None and by_id[first["link_id"]]["url"] is None
    assert by_id[second["link_id"]]["revoked_at"] is None and second["key"] in by_id[second["link_id"]]["url"]
    again = await campaign.client.delete(f"/campaigns/{campaign.id}/share-links/{first['link_id']}",
                                         headers=campaign.auth())
    assert again.status_code == 404


async def test_a_key_opens_only_its_own_campaign(campaign: Campaign, new_campaign: Any) -> None:
    other = await new_campaign("only_war")
    link = await share(campaign)
    assert (await campaign.client.get(f"/campaigns/{other.id}?share={link['key']}")).status_code == 401
    for key in ("", "lxs_guess", "x" * 500, link["key"] + "x"):
        assert (await campaign.client.get(f"/campaigns/{campaign.id}?share={key}")).status_code == 401
    unknown = "00000000-0000-4000-8000-000000000000"
    assert (await campaign.client.get(f"/campaigns/{unknown}?share={link['key']}")).status_code == 404


async def test_with_a_public_url_every_proof_link_is_absolute_and_opens_through_the_share_link(
    public_campaign: Campaign,
) -> None:
    campaign = public_campaign
    before = await campaign.ok({"type": "roll", "expression": "d100", "reason": "before any link"})
    seq = before["events"][0]["seq"]
    assert before["proof"] == f"{PUBLIC}/ui/campaigns/{campaign.id}/rolls/{seq}"  # absolute; a token opens it
    assert (await campaign.ok({"type": "gm_note", "text": "no dice"}))["proof"] is None
    link = await share(campaign, "thread 42")
    assert link["url"] == f"{PUBLIC}/campaigns/{campaign.id}?share={link['key']}"
    rolled = await campaign.ok({"type": "roll", "expression": "3d10", "reason": "after the link"})
    proof = rolled["proof"]
    assert proof == f"{PUBLIC}/ui/campaigns/{campaign.id}/rolls/{rolled['events'][0]['seq']}?share={link['key']}"
    opened = await campaign.client.get(local(proof))  # a forum reader: no Authorization header
    assert opened.status_code == 200 and opened.headers["content-type"].startswith("text/html")
    assert 'id="verify-data"' in opened.text  # the proof page, verifiable in the reader's browser
    as_json = await campaign.client.get(local(proof).replace("/ui/campaigns/", "/campaigns/", 1))
    assert as_json.status_code == 200 and [d["k"] for d in as_json.json()["dice"]] == [0, 1, 2]

    transcript = (await campaign.get("/transcript")).json()
    with_dice = [f for f in transcript["frames"] if f["dice"]]
    assert [f["proof"] for f in with_dice] == [
        f"{PUBLIC}/ui/campaigns/{campaign.id}/rolls/{f['seq']}?share={link['key']}" for f in with_dice
    ]
    bbcode = (await campaign.get("/transcript?format=bbcode")).text
    assert with_dice[-1]["proof"] in bbcode
    head = (await campaign.get("")).json()
    assert transcript["head"] == {"version": head["version"], "head_hash": head["head_hash"]}
    assert bbcode.rstrip().endswith(f"chain head: v{head['version']} {head['head_hash']}[/color][/size]")


async def test_mission_reports_link_every_roll_they_rest_on(public_campaign: Campaign) -> None:
    campaign = public_campaign
    await campaign.ok({"type": "create_character", "name": "Brother Kyros", "id": "kyros"})
    await campaign.ok({"type": "create_character", "name": "Brother Vael", "id": "vael"})
    link = await share(campaign)
    await campaign.ok({"type": "mission_create", "mission_id": "relay", "title": "Silent Relay",
                       "briefing": "Destroy the relay.", "squad": ["kyros", "vael"]})
    await campaign.ok({"type": "mission_add_objective", "mission_id": "relay", "objective_id": "relay",
                       "kind": "primary", "text": "Destroy the relay"})
    leader = await campaign.ok({"type": "mission_choose_leader", "mission_id": "relay", "method": "roll",
                                "candidates": ["kyros", "vael"]})
    await campaign.ok({"type": "mission_advance", "mission_id": "relay", "to": "execution"})
    roll = await campaign.ok({"type": "roll", "expression": "d100", "reason": "Demolition"})
    await campaign.ok({"type": "mission_record_complication", "mission_id": "relay", "text": "The guards wake",
                       "cause": "failed Demolition test", "caused_by_seq": roll["version"]})
    expected = [
        {"seq": seq, "url": f"{PUBLIC}/ui/campaigns/{campaign.id}/rolls/{seq}?share={link['key']}"}
        for seq in (leader["events"][0]["seq"], roll["version"])
    ]
    assert leader["proof"] == expected[0]["url"]
    assert (await campaign.get("/missions/relay")).json()["proofs"] == expected
    markdown = (await campaign.get("/missions/relay?format=markdown")).text
    assert "## Dice proofs" in markdown and all(f"({p['url']})" in markdown for p in expected)
    bbcode = (await campaign.get("/missions/relay?format=bbcode&lang=es")).text
    assert "Comprobaciones de las tiradas" in bbcode and f"[url={expected[1]['url']}]tirada n.º {roll['version']}[/url]" in bbcode


async def test_without_a_public_url_proof_links_are_absolute_under_the_address_the_request_reached(
    campaign: Campaign,
) -> None:
    # Issue 21 item 4: a relative proof link pasted into a forum leads nowhere. Without LEXMECHANIC_PUBLIC_URL
    # an answer's links are absolute under the service's address as the request reached it, with the share key.
    link = await share(campaign)
    rolled = await campaign.ok({"type": "roll", "expression": "d100", "reason": "x"})
    assert rolled["proof"] == (f"http://testserver.local/ui/campaigns/{campaign.id}/rolls/{rolled['events'][0]['seq']}"
                               f"?share={link['key']}")


# docs/api.md, "Share links and permalinks": at most 20 valid (unrevoked) share links per campaign.
ACTIVE_LINKS = 20


async def test_share_link_quota_refuses_the_twenty_first_valid_link_until_one_is_revoked(campaign: Campaign) -> None:
    links = [await share(campaign, f"thread {n}") for n in range(ACTIVE_LINKS)]
    refused = await campaign.client.post(f"/campaigns/{campaign.id}/share-links", json={"label": "one too many"},
                                         headers=campaign.auth())
    assert refused.status_code == 422, refused.text
    problem = refused.json()
    assert problem["type"] == "urn:lexmechanic:problem:rule-violation" and problem["rule"] == "share_link_quota"
    assert "20" in problem["detail"] and "revoke" in problem["detail"]
    listed = (await campaign.client.get(f"/campaigns/{campaign.id}/share-links", headers=campaign.auth())).json()
    assert len(listed["links"]) == ACTIVE_LINKS  # the refused one was not created
    es = await campaign.client.post(f"/campaigns/{campaign.id}/share-links?lang=es", json={},
                                    headers=campaign.auth())
    assert es.status_code == 422 and es.json()["detail"].startswith(
        f"esta campaña ya tiene {ACTIVE_LINKS} enlaces para compartir válidos, lo más que puede tener")
    # Revoking one frees its place, and only one.
    revoked = await campaign.client.delete(f"/campaigns/{campaign.id}/share-links/{links[3]['link_id']}",
                                           headers=campaign.auth())
    assert revoked.status_code == 204
    await share(campaign, "the new thread")
    again = await campaign.client.post(f"/campaigns/{campaign.id}/share-links", json={}, headers=campaign.auth())
    assert again.status_code == 422 and again.json()["rule"] == "share_link_quota"
    # Every link still valid still reads.
    response = await campaign.client.get(f"/campaigns/{campaign.id}?share={links[-1]['key']}")
    assert response.status_code == 200


async def test_share_link_quota_holds_against_concurrent_creations(campaign: Campaign) -> None:
    import asyncio

    for n in range(ACTIVE_LINKS - 2):
        await share(campaign, f"thread {n}")
    answers = await asyncio.gather(*(
        campaign.client.post(f"/campaigns/{campaign.id}/share-links", json={}, headers=campaign.auth())
        for _ in range(6)
    ))
    assert sorted(a.status_code for a in answers) == [201, 201, 422, 422, 422, 422]
    listed = (await campaign.client.get(f"/campaigns/{campaign.id}/share-links", headers=campaign.auth())).json()
    assert sum(link["revoked_at"] is None for link in listed["links"]) == ACTIVE_LINKS
