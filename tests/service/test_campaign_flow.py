"""A new user's path through the API: create, invite, roll, read, export, end the session, verify."""

from __future__ import annotations

from typing import Any


async def test_campaign_create_answers_gm_token_once(client: Any) -> None:
    response = await client.post("/campaigns", json={"name": "Cadia Stands", "ruleset": "only_war"})
    assert response.status_code == 201
    body = response.json()
    assert body["gm_token"].startswith("lxm_")
    assert body["version"] == 3
    assert [e["type"] for e in body["events"]] == ["campaign_created", "participant_joined", "dice_seed_committed"]
    summary = await client.get(f"/campaigns/{body['campaign_id']}", headers={"Authorization": f"Bearer {body['gm_token']}"})
    assert summary.status_code == 200
    assert summary.json()["ruleset"] == "only_war"
    assert summary.json()["dice_epoch"]["epoch"] == 1


async def test_roll_records_every_die_and_total(campaign: Any) -> None:
    body = await campaign.ok({"type": "roll", "expression": "2d10+3", "reason": "damage", "post": {"id": "p1"}})
    event = body["events"][0]
    assert event["type"] == "dice_rolled"
    dice = event["data"]["dice"]
    assert [d["k"] for d in dice] == [0, 1]
    assert all(d["sides"] == 10 and 1 <= d["value"] <= 10 for d in dice)
    assert event["data"]["total"] == sum(d["value"] for d in dice) + 3
    assert body["result"]["total"] == event["data"]["total"]
    assert event["meta"]["dice"] == {"epoch": 1, "nonce": event["seq"], "entropy": "0" * 64}
