"""Every command kind against every role, through HTTP: the GM may, observers never, players for their own."""

from __future__ import annotations

from typing import Any

import pytest

COMMANDS: dict[str, dict[str, Any]] = {
    "start_session": {"type": "start_session"},
    "end_session": {"type": "end_session"},
    "reveal_dice_seed": {"type": "reveal_dice_seed"},
    "gm_note": {"type": "gm_note", "text": "the warp stirs"},
    "retract": {"type": "retract", "seqs": [4], "reason": "mistake"},
    "reinstate": {"type": "reinstate", "seqs": [4], "reason": "it stood"},
    "create_character (own pc)": {"type": "create_character", "name": "Own"},
    "create_character (npc)": {"type": "create_character", "name": "Ork", "kind": "npc"},
    "roll (no character)": {"type": "roll", "expression": "d100", "reason": "perception"},
    "roll (own character)": {"type": "roll", "expression": "d100", "reason": "x", "character_id": "kai"},
    "roll (another's character)": {"type": "roll", "expression": "d100", "reason": "x", "character_id": "gm-npc"},
}
PLAYER_ALLOWED = {"create_character (own pc)", "roll (no character)", "roll (own character)"}


@pytest.fixture
async def table(campaign: Any) -> dict[str, str]:
    tokens = {"gm": campaign.gm_token, "player": await campaign.invite("Ana", "player"), "observer": await campaign.invite("Obs", "observer")}
    player_id = (await campaign.get("", tokens["player"])).json()["participants"][1]["participant_id"]
    await campaign.ok({"type": "create_character", "name": "Kai", "id": "kai", "owner": player_id})
    await campaign.ok({"type": "create_character", "name": "Warboss", "id": "gm-npc", "kind": "npc"})
    return tokens


@pytest.mark.parametrize("name", COMMANDS)
@pytest.mark.parametrize("role", ["gm", "player", "observer"])
async def test_role_against_command(campaign: Any, table: dict[str, str], role: str, name: str) -> None:
    if name == "end_session":
        await campaign.ok({"type": "start_session"})
    if name == "reinstate":
        await campaign.ok({"type": "gm_note", "text": "a"})
        seq = (await campaign.get("")).json()["version"]
        await campaign.ok({"type": "retract", "seqs": [seq], "reason": "x"})
        body = {**COMMANDS[name], "seqs": [seq]}
    elif name == "retract":
        note = await campaign.ok({"type": "gm_note", "text": "a"})
        body = {**COMMANDS[name], "seqs": [note["version"]]}
    else:
        body = COMMANDS[name]
    response = await campaign.command(body, table[role])
    allowed = role == "gm" or (role == "player" and name in PLAYER_ALLOWED)
    if allowed:
        assert response.status_code == 201, response.text
    else:
        assert response.status_code == 403, response.text
        assert response.json()["type"] == "urn:lexmechanic:problem:forbidden"


@pytest.mark.parametrize("role", ["player", "observer"])
async def test_only_the_gm_invites(campaign: Any, table: dict[str, str], role: str) -> None:
    response = await campaign.client.post(
        f"/campaigns/{campaign.id}/participants", json={"name": "X", "role": "player"}, headers=campaign.auth(table[role])
    )
    assert response.status_code == 403


@pytest.mark.parametrize("role", ["gm", "player", "observer"])
async def test_every_role_reads(campaign: Any, table: dict[str, str], role: str) -> None:
    for path in ("", "/events", "/state", "/characters/kai", "/verify", "/export"):
        response = await campaign.get(path, table[role])
        assert response.status_code == 200, (path, response.text)
