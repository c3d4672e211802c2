"""POST /commands answers tell every command too: `result.rendered` (en/es), the numbers a bot adds up, who
changed and the rolls' proofs, derived from the events, so a retried command is told the same."""

from __future__ import annotations

from typing import Any

from tests.service.conftest import Campaign

MARINE = {"characteristics": {"WS": 45, "BS": 100, "T": 44, "Ag": 41}, "unnatural": {"T": 4}, "wounds": 20,
          "armour": {"body": 10}, "weapons": [{"id": "bolter", "name": "Godwyn bolter", "weapon_class": "basic",
                                               "damage": "1d10+9", "penetration": 4, "range_m": 100, "clip": 28,
                                               "qualities": ["never_jams"]}]}
TARGET = {"characteristics": {"WS": 30, "BS": 30, "T": 30, "Ag": 30}, "wounds": 40, "armour": {"body": 2}}


async def test_forum_results_a_d100_attack_and_its_damage_are_told_with_their_numbers(campaign: Campaign) -> None:
    await campaign.ok({"type": "create_character", "character_id": "kai", "name": "Brother Kai", "sheet": MARINE})
    await campaign.ok({"type": "create_character", "character_id": "ork", "name": "Ork Nob", "sheet": TARGET})
    attack = {"type": "d100_attack", "attack_id": "a1", "attacker_id": "kai", "target_id": "ork",
              "weapon_id": "bolter", "modifiers": [{"name": "flank", "value": 10}], "post": {"id": "c-1"}}
    answer = await campaign.ok(attack)
    rolled = next(e["data"] for e in answer["events"] if e["type"] == "d100_attack_rolled")
    result = answer["result"]
    assert result["hits"] == rolled["hits"] == 1
    english, spanish = result["rendered"]["en"], result["rendered"]["es"]
    assert english.startswith(f"Brother Kai attacks Ork Nob (Godwyn bolter): {rolled['roll']} vs {rolled['target']} "
                              f"(BS 100, flank +10), success by {rolled['degrees']} degree")
    assert spanish.startswith(f"Brother Kai ataca a Ork Nob (Godwyn bolter): {rolled['roll']} vs {rolled['target']} "
                              f"(HP 100, flank +10), {rolled['degrees']} grado")
    seq = next(e["seq"] for e in answer["events"] if e["type"] == "d100_attack_rolled")
    assert result["rolls"] == [{"seq": seq, "proof": f"http://testserver.local/ui/campaigns/{campaign.id}/rolls/{seq}"}]
    assert english.endswith(f"proof: http://testserver.local/ui/campaigns/{campaign.id}/rolls/{seq}")

    react = await campaign.ok({"type": "d100_react", "attack_id": "a1", "reaction": "none", "post": {"id": "c-2"}})
    assert react["result"]["rendered"] == {"en": "Ork Nob does not react", "es": "Ork Nob no reacciona"}
    damage = await campaign.ok({"type": "d100_damage", "attack_id": "a1", "post": {"id": "c-3"}})
    applied = next(e["data"] for e in damage["events"] if e["type"] == "d100_damage_applied")
    dealt = sum(h["wounding"] for h in applied["hits"])
    assert damage["result"]["damage"] == dealt
    if dealt:
        assert damage["result"]["changed"] == [{"character_id": "ork", "name": "Ork Nob", "before": {"wounds": 40},
                                                "after": {"wounds": 40 - dealt}}]
        assert f"Ork Nob: 40 → {40 - dealt} wounds" in damage["result"]["rendered"]["en"]
        assert f"Ork Nob: 40 → {40 - dealt} heridas" in damage["result"]["rendered"]["es"]
    # Retried: the same answer, told the same.
    again = await campaign.command({"type": "d100_damage", "attack_id": "a1", "post": {"id": "c-3"}})
    assert again.status_code == 200 and again.json()["result"] == damage["result"]


async def test_forum_results_every_wng_answer_is_told(new_campaign: Any) -> None:
    campaign = await new_campaign("wrath_and_glory")
    hero = {"name": "Sigma 19", "kind": "hero", "defence": 2, "resilience": 5, "wounds": 10, "shock": 10,
            "attributes": {"intellect": 4}, "skills": {"tech": 3}}
    ana = await campaign.invite("Ana", "player")
    await campaign.ok({"type": "create_character", "character_id": "sigma", "name": "Sigma 19", "sheet": hero}, ana)
    started = await campaign.ok({"type": "start_session"})
    assert started["result"]["rendered"]["en"].splitlines()[-1].startswith("Ruin 0 → 1")
    tested = await campaign.ok({"type": "wng_roll_test", "character_id": "sigma", "skill": "tech"}, ana)
    data = next(e["data"] for e in tested["events"] if e["type"] == "wng_test_rolled")
    faces = "".join(f"[{d['die']['value']}]" for d in data["dice"] if d["role"] != "wrath")
    assert tested["result"]["icons"] == data["icons"]
    wrath = data["dice"][-1]["die"]["value"]
    told = tested["result"]["rendered"]["en"]
    assert told.startswith(f"Sigma 19: tech 7d6 {faces} ⚡[{wrath}] → {data['icons']} icon")
    assert tested["result"]["rendered"]["es"].startswith(f"Sigma 19: tecnología 7d6 {faces}")
