"""A Wrath die 1 through the API (issue 11, defect 8): the answer, the encounter read, the state, the
character read and the transcript all show the complication awaiting the GM; the session cannot end
until the GM chooses.

The service rolls its own dice, so the hero rolls a one-die pool (that die is the Wrath die) as free
actions until it shows 1: at most 120 tries, failing by chance once in (6/5)^120 ≈ 3 × 10^9 runs."""

from __future__ import annotations

from typing import Any

from .conftest import Campaign

KAI = {"name": "Brother Kai", "kind": "hero", "defence": 3, "resilience": 8, "wounds": 10, "shock": 6,
       "attributes": {"intellect": 1}, "skills": {"tech": 0}}
BOSS = {"name": "warboss", "kind": "adversary", "defence": 3, "resilience": 10, "wounds": 12, "shock": 8}


def _data(answer: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in answer["events"] if e["type"] == kind]


async def test_wng_http_complication_is_shown_everywhere_and_keeps_the_session_open(new_campaign: Any) -> None:
    campaign: Campaign = await new_campaign("wrath_and_glory", {"tier": 3}, name="The Mine")
    response = await campaign.client.post(f"/campaigns/{campaign.id}/participants",
                                          json={"name": "Alice", "role": "player"}, headers=campaign.auth())
    alice, token = response.json()["participant_id"], response.json()["token"]
    await campaign.ok({"type": "create_character", "character_id": "kai", "name": "Brother Kai", "owner": alice,
                       "kind": "pc", "sheet": KAI}, token)
    await campaign.ok({"type": "create_character", "character_id": "boss", "name": "warboss", "kind": "npc",
                       "sheet": BOSS})
    await campaign.ok({"type": "start_session"})
    await campaign.ok({"type": "wng_start_encounter", "encounter_id": "mine", "participants": ["kai", "boss"]})
    await campaign.ok({"type": "wng_start_turn", "character_id": "kai"}, token)

    test = {"type": "wng_roll_test", "character_id": "kai", "skill": "tech", "action": "free"}
    for _ in range(120):
        answer = await campaign.ok(test, token)
        (rolled,) = _data(answer, "wng_test_rolled")
        if rolled["wrath"] == "complication":
            break
        assert "complications" not in answer["result"]
    else:
        raise AssertionError("120 one-die tests without a Wrath die 1")
    test_id = rolled["test_id"]
    assert rolled["dice"][-1]["die"]["value"] == 1
    assert answer["result"]["complications"] == [{"test_id": test_id, "character_id": "kai", "status": "pending"}]

    encounter = (await campaign.get("/encounters/mine")).json()
    assert encounter["rules"]["complications_pending"] == [{"test_id": test_id, "character_id": "kai"}]
    state = (await campaign.get("/state")).json()
    assert state["rules"]["characters"]["kai"]["complications_pending"] == [test_id]
    assert (await campaign.get("/characters/kai")).json()["rules"]["complications_pending"] == [test_id]
    transcript = (await campaign.get("/transcript?session=1&format=markdown")).text
    changed = [line for line in transcript.splitlines() if "Brother Kai: complications awaiting the GM" in line]
    assert len(changed) == 1 and test_id in changed[0], changed

    refused = await campaign.command({"type": "end_session"})
    assert refused.status_code == 422, refused.text
    assert f"the Wrath die 1 of {test_id} (Brother Kai) awaits the GM's choice" in refused.json()["detail"]

    # A player cannot choose; the GM takes the Ruin (Ruin is at its cap of 1 hero: the point is lost).
    player = await campaign.command({"type": "wng_resolve_complication", "test_id": test_id, "choice": "ruin"},
                                    token)
    assert player.status_code == 403, player.text
    resolved = await campaign.ok({"type": "wng_resolve_complication", "test_id": test_id, "choice": "ruin"})
    assert resolved["result"]["complications"] == [{"test_id": test_id, "status": "ruin"}]
    (gained,) = _data(resolved, "wng_ruin_gained")
    assert (gained["cause"], gained["before"], gained["after"], gained["lost"]) == ("wrath_one", 1, 1, 1)
    encounter = (await campaign.get("/encounters/mine")).json()
    assert encounter["rules"]["complications_pending"] == []
    await campaign.ok({"type": "end_session"})
