"""Bad input gets a precise 4xx problem document, never a 500."""

from __future__ import annotations

from typing import Any

import pytest

PROBLEM = "application/problem+json"


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (b"{bad", 400, "malformed"),
        (b"[]", 400, "Expected `object`"),
        (b'{"type": "summon_daemon"}', 400, "summon_daemon"),
        (b'{"reason": "no type"}', 400, "type"),
        (b'{"type": "roll", "expression": 5, "reason": "x"}', 400, "Expected `str`, got `int`"),
        (b'{"type": "roll", "expression": "d10"}', 400, "missing required field `reason`"),
        (b'{"type": "roll", "expression": "d10", "reason": "x", "bonus": 1}', 400, "unknown field `bonus`"),
        (b'{"type": "roll", "expression": "", "reason": "x"}', 400, "length"),
        (b'{"type": "roll", "expression": "1000d6", "reason": "x"}', 422, "at most 100"),
        (b'{"type": "roll", "expression": "2d6 + banana", "reason": "x"}', 422, "cannot read"),
        (b'{"type": "gm_note", "text": "a\\u0000b"}', 400, "NUL"),
        (b'{"type": "end_session"}', 422, "no session is open"),
        (b'{"type": "gm_note", "text": "x", "expected_version": -1}', 400, ">= 0"),
        (b'{"type": "gm_note", "text": "x", "expected_version": 1}', 409, "version 3, not 1"),
        (b'{"type": "create_character", "name": "X", "id": "Bad Id!"}', 400, "id: Expected `str` matching regex"),
        (b'{"type": "roll", "expression": "d10", "reason": "x", "character_id": "ghost"}', 404, "ghost"),
        (b'{"type": "retract", "seqs": [], "reason": "x"}', 400, "length"),
        (b'{"type": "retract", "seqs": [1], "reason": "x"}', 422, "cannot be retracted"),
    ],
)
async def test_bad_commands_get_precise_problems(campaign: Any, body: bytes, status: int, words: str) -> None:
    response = await campaign.client.post(
        f"/campaigns/{campaign.id}/commands",
        content=body,
        headers={**campaign.auth(), "Content-Type": "application/json"},
    )
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    problem = response.json()
    assert problem["status"] == status and problem["type"].startswith("urn:lexmechanic:problem:")
    assert words in problem["detail"]


async def test_rule_violation_names_the_rule(campaign: Any) -> None:
    response = await campaign.command({"type": "end_session"})
    assert response.json()["rule"] == "one_session_at_a_time"


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("get", "/campaigns/not-a-uuid", 404),
        ("get", "/nowhere", 404),
        ("delete", "/campaigns", 405),
        ("get", "/campaigns/{id}/state?at_seq=abc", 400),
        ("get", "/campaigns/{id}/state?at_seq=0", 400),
        ("get", "/campaigns/{id}/state?at_seq=999", 404),
        ("get", "/campaigns/{id}/characters/nobody", 404),
        ("get", "/campaigns/{id}/rolls/1", 404),
        ("get", "/campaigns/{id}/rolls/999", 404),
        ("get", "/campaigns/{id}/events?limit=0", 400),
        ("get", "/campaigns/{id}/events?limit=5000", 400),
        ("get", "/events", 403),  # no admin token set: the global feed is closed to everyone
    ],
)
async def test_bad_reads_get_precise_problems(campaign: Any, method: str, path: str, status: int) -> None:
    response = await getattr(campaign.client, method)(path.replace("{id}", campaign.id), headers=campaign.auth())
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    assert response.json()["detail"]


async def test_a_bad_feed_cursor_is_a_400(admin_client: Any) -> None:
    response = await admin_client.get("/events?after=garbage")
    assert response.status_code == 400 and "cursor" in response.json()["detail"]


async def test_unknown_campaign_with_a_token_is_404(campaign: Any) -> None:
    response = await campaign.client.get(
        "/campaigns/00000000-0000-0000-0000-000000000000", headers=campaign.auth()
    )
    assert response.status_code == 404
    assert "no campaign" in response.json()["detail"]


@pytest.mark.parametrize(
    ("header", "words"),
    [(None, "send 'Authorization: Bearer"), ("Basic abc", "Bearer <token>"), ("Bearer wrong", "does not open this campaign")],
)
async def test_missing_or_bad_tokens_are_401(campaign: Any, header: str | None, words: str) -> None:
    headers = {"Authorization": header} if header else {}
    response = await campaign.client.post(
        f"/campaigns/{campaign.id}/commands", json={"type": "gm_note", "text": "x"}, headers=headers
    )
    assert response.status_code == 401
    assert words in response.json()["detail"]
    assert response.headers["www-authenticate"].startswith("Bearer")


async def test_token_of_another_campaign_is_refused(client: Any, campaign: Any) -> None:
    other = (await client.post("/campaigns", json={"name": "Other", "ruleset": "dark_heresy"})).json()
    response = await client.get(f"/campaigns/{campaign.id}", headers={"Authorization": f"Bearer {other['gm_token']}"})
    assert response.status_code == 401


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"name": "x", "ruleset": "d&d"}, "ruleset"),
        ({"name": "", "ruleset": "deathwatch"}, "length"),
        ({"ruleset": "deathwatch"}, "name"),
    ],
)
async def test_bad_campaign_creation_is_400(client: Any, body: dict[str, Any], words: str) -> None:
    response = await client.post("/campaigns", json=body)
    assert response.status_code == 400
    assert words in response.text


async def test_if_match_must_be_a_version(campaign: Any) -> None:
    response = await campaign.command({"type": "gm_note", "text": "x"}, **{"If-Match": "yesterday"})
    assert response.status_code == 400
    assert "If-Match" in response.json()["detail"]
