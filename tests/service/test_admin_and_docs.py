"""The instance admin token, the global feed over HTTP, health and the OpenAPI schema."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings

ADMIN = "admin-secret-token"


@pytest.fixture
async def guarded(database_url: str) -> AsyncIterator[AsyncTestClient[Any]]:
    settings = Settings(database_url=database_url, admin_token=ADMIN, pool_min=1, pool_max=4)
    async with AsyncTestClient(app=create_app(settings)) as client:
        yield client


async def test_admin_token_guards_campaign_creation(guarded: Any) -> None:
    refused = await guarded.post("/campaigns", json={"name": "x", "ruleset": "deathwatch"})
    assert refused.status_code == 401
    assert "LEXMECHANIC_ADMIN_TOKEN" in refused.json()["detail"]
    wrong = await guarded.post("/campaigns", json={"name": "x", "ruleset": "deathwatch"}, headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    made = await guarded.post("/campaigns", json={"name": "x", "ruleset": "deathwatch"}, headers={"Authorization": f"Bearer {ADMIN}"})
    assert made.status_code == 201


async def test_feed_pages_through_every_campaign_with_a_cursor(guarded: Any) -> None:
    admin = {"Authorization": f"Bearer {ADMIN}"}
    for name in ("A", "B"):
        made = await guarded.post("/campaigns", json={"name": name, "ruleset": "wrath_and_glory"}, headers=admin)
        assert made.status_code == 201
    assert (await guarded.get("/events")).status_code == 401
    seen: list[int] = []
    cursor = "0"
    while True:
        page = (await guarded.get(f"/events?after={cursor}&limit=4", headers=admin)).json()
        if not page["events"]:
            break
        seen.extend(e["global_position"] for e in page["events"])
        cursor = page["next"]
    assert len(seen) == 6 and len(set(seen)) == 6
    assert {e["type"] for e in (await guarded.get("/events", headers=admin)).json()["events"]} >= {"campaign_created"}


async def test_health_reports_the_database(client: Any) -> None:
    response = await client.get("/health")
    assert response.status_code == 200 and response.json() == {"status": "ok", "database": "ok"}


async def test_openapi_schema_lists_every_path(client: Any) -> None:
    schema = (await client.get("/schema/openapi.json")).json()
    paths = set(schema["paths"])
    assert {
        "/campaigns", "/campaigns/{campaign_id}", "/campaigns/{campaign_id}/participants",
        "/campaigns/{campaign_id}/commands", "/campaigns/{campaign_id}/events", "/campaigns/{campaign_id}/state",
        "/campaigns/{campaign_id}/characters/{character_id}", "/campaigns/{campaign_id}/verify",
        "/campaigns/{campaign_id}/rolls/{seq}", "/campaigns/{campaign_id}/export", "/events", "/health",
    } <= paths
    docs = await client.get("/schema/swagger")
    assert docs.status_code == 200 and "swagger" in docs.text.lower()


async def test_idempotency_over_http_by_header_and_by_post_id(campaign: Any) -> None:
    body = {"type": "roll", "expression": "d100", "reason": "x", "post": {"id": "forum-42"}}
    first = await campaign.command(body)
    again = await campaign.command(body)
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["events"] == again.json()["events"] and again.json()["replayed"] is True
    other = await campaign.command({**body, "reason": "changed"})
    assert other.status_code == 409 and other.json()["idempotency_key"] == "forum-42"
    keyed = await campaign.command({"type": "gm_note", "text": "x"}, **{"Idempotency-Key": "k-1"})
    keyed_again = await campaign.command({"type": "gm_note", "text": "x"}, **{"Idempotency-Key": "k-1"})
    assert keyed_again.status_code == 200 and keyed_again.json()["version"] == keyed.json()["version"]


async def test_if_match_is_the_expected_version(campaign: Any) -> None:
    stale = await campaign.command({"type": "gm_note", "text": "x"}, **{"If-Match": '"2"'})
    assert stale.status_code == 409 and stale.json()["current_version"] == 3
    fresh = await campaign.command({"type": "gm_note", "text": "x"}, **{"If-Match": '"3"'})
    assert fresh.status_code == 201 and fresh.json()["version"] == 4


async def test_state_at_any_seq_and_character_history(campaign: Any) -> None:
    await campaign.ok({"type": "create_character", "name": "Kai", "id": "kai", "stats": {"WS": 45}})
    await campaign.ok({"type": "roll", "expression": "d100", "reason": "x", "character_id": "kai"})
    assert (await campaign.get("/state?at_seq=3")).json()["characters"] == {}
    assert (await campaign.get("/state?at_seq=4")).json()["characters"]["kai"]["stats"] == {"WS": 45}
    assert (await campaign.get("/characters/kai?at_seq=3")).status_code == 404
    assert (await campaign.get("/characters/kai")).json()["character"]["name"] == "Kai"
    assert (await campaign.get("/state")).json()["rolls"] == 1


async def test_retract_voids_a_roll_but_keeps_it_in_the_log(campaign: Any) -> None:
    rolled = await campaign.ok({"type": "roll", "expression": "d100", "reason": "by mistake"})
    seq = rolled["version"]
    await campaign.ok({"type": "retract", "seqs": [seq], "reason": "rolled the wrong skill"})
    state = (await campaign.get("/state")).json()
    assert state["rolls"] == 0 and state["retracted"] == [seq]
    assert any(e["seq"] == seq for e in (await campaign.get("/events")).json()["events"])
    await campaign.ok({"type": "reinstate", "seqs": [seq], "reason": "it was right"})
    assert (await campaign.get("/state")).json()["rolls"] == 1


async def test_summary_shows_the_shared_pools(new_campaign: Any) -> None:
    wng = await new_campaign("wrath_and_glory")
    await wng.ok({"type": "start_session"})
    summary = (await wng.get("")).json()
    assert summary["pools"] == {"glory": 0, "glory_cap": 6, "ruin": 0, "ruin_cap": 0}
    assert summary["session"] == {"current": 1, "held": 1}


async def test_feed_is_closed_when_no_admin_token_is_set(client: Any) -> None:
    """Issue 18, 13: without LEXMECHANIC_ADMIN_TOKEN anyone could read every campaign's log; the feed fails closed."""
    made = await client.post("/campaigns", json={"name": "Secret war council", "ruleset": "deathwatch"})
    assert made.status_code == 201  # creating a campaign stays open (the README's Quick start)
    for headers in ({}, {"Authorization": "Bearer anything"}, {"Authorization": f"Bearer {made.json()['gm_token']}"}):
        refused = await client.get("/events", headers=headers)
        assert refused.status_code == 403, refused.text
        body = refused.json()
        assert body["type"] == "urn:lexmechanic:problem:forbidden"
        assert "LEXMECHANIC_ADMIN_TOKEN" in body["detail"] and "events" not in body
        assert "Secret war council" not in refused.text
    spanish = await client.get("/events?lang=es")
    assert spanish.status_code == 403 and "LEXMECHANIC_ADMIN_TOKEN" in spanish.json()["detail"]
    assert spanish.headers["content-language"] == "es" and "registro global" in spanish.json()["detail"]
