"""Issue 11's new d100 commands through the API, with the service's real dice: a comrade's orders, a
reinforcement, mounting and riding, Focus Power on a horde, Fear and a feat. Each assertion holds whatever the
dice show (characteristics of 100+ make tests certain where the script needs them), and the numbers are
checked against the dice in the answers."""

from __future__ import annotations

from typing import Any

HUMAN = {"WS": 30, "BS": 100, "S": 30, "T": 30, "Ag": 30, "Int": 100, "Per": 30, "WP": 100, "Fel": 20}
LASGUN = {"id": "lasgun", "name": "Lasgun", "weapon_class": "basic", "damage": "1d10+3", "damage_type": "energy",
          "range_m": 100, "clip": 60, "qualities": ["never_jams"]}


def events_of(answer: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in answer["events"] if e["type"] == kind]


async def test_only_war_orders_riding_powers_and_reinforcements_through_the_api(new_campaign: Any) -> None:
    campaign = await new_campaign("only_war")
    for cid, sheet, comrade in (
        ("trooper", {"characteristics": HUMAN, "wounds": 12, "weapons": [LASGUN], "comrade_armour": 4}, True),
        ("psyker", {"characteristics": HUMAN, "wounds": 10, "psy_rating": 3}, False),
        ("rider", {"characteristics": {**HUMAN, "Ag": 40}, "wounds": 12,
                   "skills": {"Survival": {"characteristic": "Int", "kind": "advanced"}}}, False),
        ("steed", {"characteristics": {**HUMAN, "Ag": 35, "S": 45}, "wounds": 15}, False),
        ("mob", {"characteristics": HUMAN, "wounds": 0, "magnitude": 30, "armour": {"body": 2},
                 "weapons": [LASGUN]}, False),
        ("late", {"characteristics": HUMAN, "wounds": 10}, False),
    ):
        await campaign.ok({"type": "create_character", "character_id": cid, "name": cid.title(), "kind": "npc",
                           "sheet": sheet, "comrade": comrade})
    mounted = await campaign.ok({"type": "d100_mount", "test_id": "m1", "rider_id": "rider", "mount_id": "steed"})
    assert events_of(mounted, "d100_mount_changed")[0]["mounted"] is True
    await campaign.ok({"type": "d100_start_encounter", "encounter_id": "ridge",
                       "participants": ["trooper", "psyker", "rider", "mob"]})
    await campaign.ok({"type": "d100_next_turn"})
    order = (await campaign.get("/state")).json()["rules"]["encounter"]["order"]
    for _ in range(len(order)):
        encounter = (await campaign.get("/state")).json()["rules"]["encounter"]
        acting = encounter["order"][encounter["turn"] - 1]
        if acting == "trooper":
            ordered = await campaign.ok({"type": "d100_comrade_order", "character_id": "trooper", "order": "volley"})
            assert events_of(ordered, "d100_comrade_ordered")[0]["cost"] == "half"
            shot = await campaign.ok({"type": "d100_attack", "attack_id": "v1", "attacker_id": "trooper",
                                      "target_id": "mob", "weapon_id": "lasgun", "distance_m": 30})
            rolled = events_of(shot, "d100_attack_rolled")[0]
            assert {"name": "volley", "value": 5} in rolled["modifiers"]["modifiers"] and rolled["comrades_volley"]
        elif acting == "psyker":
            focused = await campaign.ok({"type": "d100_focus_power", "test_id": "p1", "character_id": "psyker",
                                         "power": "Storm", "dice": 2, "threshold": 2, "target_id": "mob",
                                         "area": True, "damage": "1d10+2"})
            power = events_of(focused, "d100_power_focused")[0]
            assert power["total"] == sum(d["value"] for d in power["dice"]) + 3 and power["success"]
            assert power["hits"] == 3 + power["area_die"]["value"]
            damage = await campaign.ok({"type": "d100_damage", "attack_id": "p1"})
            applied = events_of(damage, "d100_damage_applied")[0]
            assert applied["magnitude_lost"] == sum(1 for h in applied["hits"] if h["wounding"] > 0)
        elif acting == "rider":
            ride = await campaign.ok({"type": "d100_ride", "test_id": "r1", "rider_id": "rider",
                                      "manoeuvre": "evasive"})
            trot = events_of(ride, "d100_ride_rolled")[0]
            assert trot["test"]["target"] == 100 - 20 + 35 and trot["move_m"] == 6
            assert trot["evasive"] == 5 * trot["test"]["degrees"]
        await campaign.ok({"type": "d100_next_turn"})
    joined = await campaign.ok({"type": "d100_join_encounter", "character_id": "late"})
    arrival = events_of(joined, "d100_encounter_joined")[0]
    assert arrival["roll"]["total"] == arrival["roll"]["die"]["value"] + 3
    state = (await campaign.get("/state")).json()["rules"]["encounter"]
    assert "late" in state["participants"] and "late" in (state["next_order"] or state["order"])
    fear = await campaign.ok({"type": "d100_fear_test", "test_id": "f1", "character_id": "psyker", "fear": 4})
    assert events_of(fear, "d100_fear_tested")[0]["test"]["target"] == 100 - 30
    thrown = await campaign.ok({"type": "d100_feat", "test_id": "j1", "character_id": "psyker", "feat": "carry"})
    assert events_of(thrown, "d100_feat_rolled")[0]["limit"] == 6
