"""Revoking and rotating a participant's token, as docs/api.md ("Participants' tokens") tells a GM.

A revoked token is refused at once (401) by every process: the service keeps no token across requests.
Rotation answers a new token once and revokes the old one. Both are events in the log (who, never the token
or its hash), so the export still verifies, and both end the participant's web sessions (tests/web).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import httpx

from .conftest import Campaign


def token_path(campaign: Campaign, participant_id: str) -> str:
    return f"/campaigns/{campaign.id}/participants/{participant_id}/token"


async def invited(campaign: Campaign, name: str, role: str = "player") -> tuple[str, str]:
    response = await campaign.client.post(
        f"/campaigns/{campaign.id}/participants", json={"name": name, "role": role}, headers=campaign.auth()
    )
    assert response.status_code == 201, response.text
    return response.json()["participant_id"], response.json()["token"]


async def revoke(campaign: Campaign, participant_id: str, token: str | None = None, **headers: str) -> httpx.Response:
    return await campaign.client.delete(token_path(campaign, participant_id),
                                        headers={**campaign.auth(token), **headers})


async def rotate(campaign: Campaign, participant_id: str, token: str | None = None, **headers: str) -> httpx.Response:
    return await campaign.client.post(token_path(campaign, participant_id), headers={**campaign.auth(token), **headers})


ROLL = {"type": "roll", "expression": "1d10", "reason": "still here?"}


async def test_a_revoked_players_token_is_refused_at_once_for_reads_and_writes(campaign: Campaign) -> None:
    player, token = await invited(campaign, "Brother Kai")
    # The token is used (and, before this fix, remembered by the process) before it is revoked.
    assert (await campaign.command(ROLL, token)).status_code == 201
    assert (await campaign.get("/me", token)).status_code == 200
    revoked = await revoke(campaign, player)
    assert revoked.status_code == 200, revoked.text
    body = revoked.json()
    assert body["participant_id"] == player and [e["type"] for e in body["events"]] == ["participant_token_revoked"]
    for response in (await campaign.command(ROLL, token), await campaign.get("/me", token),
                     await campaign.get("/state", token)):
        assert response.status_code == 401, response.text
        assert response.json()["type"] == "urn:lexmechanic:problem:unauthenticated"
    # The GM's own token is untouched.
    assert (await campaign.command(ROLL)).status_code == 201


async def test_a_rotated_token_stops_working_and_the_new_one_works(campaign: Campaign) -> None:
    player, old = await invited(campaign, "Brother Kai")
    assert (await campaign.command(ROLL, old)).status_code == 201
    rotated = await rotate(campaign, player)
    assert rotated.status_code == 201, rotated.text
    new = rotated.json()["token"]
    assert new.startswith("lxm_") and new != old
    assert rotated.json()["participant_id"] == player
    assert (await campaign.command(ROLL, old)).status_code == 401
    assert (await campaign.command(ROLL, new)).status_code == 201
    me = (await campaign.get("/me", new)).json()
    assert (me["participant_id"], me["role"], me["name"]) == (player, "player", "Brother Kai")
    # A revoked participant gets back in only through a rotation: a new token, the old one still dead.
    assert (await revoke(campaign, player)).status_code == 200
    assert (await campaign.command(ROLL, new)).status_code == 401
    again = await rotate(campaign, player)
    assert again.status_code == 201
    assert (await campaign.command(ROLL, again.json()["token"])).status_code == 201
    assert (await campaign.command(ROLL, new)).status_code == 401


async def test_a_rotation_retried_under_its_idempotency_key_shows_no_token_and_issues_none(campaign: Campaign) -> None:
    player, _ = await invited(campaign, "Brother Kai")
    first = await rotate(campaign, player, **{"Idempotency-Key": "rotate-kai-1"})
    assert first.status_code == 201 and first.json()["token"]
    retried = await rotate(campaign, player, **{"Idempotency-Key": "rotate-kai-1"})
    assert retried.status_code == 201 and retried.json()["token"] is None
    assert retried.json()["events"] == first.json()["events"]
    # The token the first answer showed is still the participant's one valid token.
    assert (await campaign.command(ROLL, first.json()["token"])).status_code == 201


async def test_the_events_name_the_participant_and_never_carry_a_token_or_its_hash(campaign: Campaign) -> None:
    player, old = await invited(campaign, "Brother Kai")
    new = (await rotate(campaign, player)).json()["token"]
    await revoke(campaign, player)
    log = (await campaign.get("/events")).json()["events"]
    facts = [e for e in log if e["type"].startswith("participant_token_")]
    assert [(e["type"], e["data"]) for e in facts] == [
        ("participant_token_rotated", {"participant_id": player}),
        ("participant_token_revoked", {"participant_id": player}),
    ]
    assert all(e["meta"]["actor"] == "gm" for e in facts)
    export = (await campaign.get("/export")).text
    for secret in (old, new):
        assert secret not in export and hashlib.sha256(secret.encode()).hexdigest() not in export
    verified = (await campaign.get("/verify")).json()
    assert verified["ok"] is True and verified["problems"] == []
    # The export, read line by line as an auditor would: the head record closes it, the chain is whole.
    records = [json.loads(line) for line in export.splitlines()]
    events = [r for r in records if "seq" in r]
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert all(b["prev_hash"] == a["hash"] for a, b in zip(events, events[1:], strict=False))


async def test_only_the_gm_may_revoke_or_rotate_a_token(campaign: Campaign) -> None:
    player, token = await invited(campaign, "Brother Kai")
    other, _ = await invited(campaign, "Brother Rho")
    watcher, seen = await invited(campaign, "Inquisitor", "observer")
    for who in (token, seen):
        for target in (other, player, "gm"):
            for response in (await revoke(campaign, target, who), await rotate(campaign, target, who)):
                assert response.status_code == 403, response.text
                assert response.json()["type"] == "urn:lexmechanic:problem:forbidden"
    # Nothing changed: every token still works.
    assert (await campaign.command(ROLL, token)).status_code == 201
    assert (await campaign.get("/me", seen)).status_code == 200
    assert (await revoke(campaign, "p-nobody")).status_code == 404
    assert (await revoke(campaign, watcher)).status_code == 200
    twice = await revoke(campaign, watcher)
    assert twice.status_code == 422 and twice.json()["rule"] == "token_already_revoked"


async def test_a_gm_cannot_revoke_the_last_gm_token_but_may_rotate_it(campaign: Campaign) -> None:
    refused = await revoke(campaign, "gm")
    assert refused.status_code == 422 and refused.json()["rule"] == "last_gm_token", refused.text
    assert (await campaign.command(ROLL)).status_code == 201
    spanish = await campaign.client.delete(token_path(campaign, "gm") + "?lang=es", headers=campaign.auth())
    assert spanish.status_code == 422 and "DJ" in spanish.json()["detail"]
    # With a second GM, the first may step down; the second keeps the campaign.
    second, second_token = await invited(campaign, "Second GM", "gm")
    assert (await revoke(campaign, "gm")).status_code == 200
    assert (await campaign.command(ROLL)).status_code == 401
    refused_again = await revoke(campaign, second, second_token)
    assert refused_again.status_code == 422 and refused_again.json()["rule"] == "last_gm_token"
    # Rotating one's own token is always allowed: the answer shows the new one.
    rotated = await rotate(campaign, second, second_token)
    assert rotated.status_code == 201
    assert (await campaign.command(ROLL, rotated.json()["token"])).status_code == 201
    assert (await campaign.command(ROLL, second_token)).status_code == 401


async def test_a_revoked_share_of_the_log_reads_as_a_sentence_in_both_languages(campaign: Campaign) -> None:
    player, _ = await invited(campaign, "Brother Kai")
    await rotate(campaign, player)
    await revoke(campaign, player)
    english = (await campaign.get("/transcript?format=markdown")).text
    spanish = (await campaign.get("/transcript?format=markdown&lang=es")).text
    assert "Brother Kai's token is replaced" in english and "Brother Kai's token is revoked" in english
    assert "Se sustituye el token de Brother Kai" in spanish and "Se revoca el token de Brother Kai" in spanish


async def test_token_endpoints_refuse_a_share_key_and_an_unknown_campaign(campaign: Campaign) -> None:
    player, _ = await invited(campaign, "Brother Kai")
    link = await campaign.client.post(f"/campaigns/{campaign.id}/share-links", headers=campaign.auth())
    key = link.json()["key"]
    shared: Any = await campaign.client.delete(f"{token_path(campaign, player)}?share={key}")
    assert shared.status_code == 401
    unknown = await campaign.client.delete(
        f"/campaigns/00000000-0000-4000-8000-000000000000/participants/{player}/token", headers=campaign.auth()
    )
    assert unknown.status_code == 404
