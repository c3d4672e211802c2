"""Undo, redo and time travel of a d100 encounter through the API, with the service's real dice."""

from __future__ import annotations

from typing import Any

STATS = {"WS": 100, "BS": 100, "S": 40, "T": 40, "Ag": 40, "Int": 40, "Per": 40, "WP": 40, "Fel": 40}
BOLTER = {"id": "bolter", "name": "Bolter", "weapon_class": "basic", "damage": "1d10+9", "damage_type": "explosive",
          "penetration": 4, "semi": 3, "range_m": 100, "clip": 28, "qualities": ["never_jams"]}


def sheet(wounds: int, fate: int = 0) -> dict[str, Any]:
    return {"characteristics": STATS, "wounds": wounds, "fate": fate, "armour": {"body": 2}, "weapons": [BOLTER]}


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in ("version", "encounters", "retracted")}


async def test_undo_redo_and_time_travel_of_a_turn(campaign: Any) -> None:
    ana = await campaign.invite("Ana", "player")
    ana_id = [p for p in (await campaign.get("/state")).json()["participants"] if p != "gm"][0]
    await campaign.ok({"type": "d100_register_character", "character_id": "kai", "owner": ana_id, "name": "Kai",
                       "sheet": sheet(20, fate=2)})
    await campaign.ok({"type": "d100_register_character", "character_id": "ork", "owner": "gm", "name": "Ork",
                       "sheet": sheet(200)})
    await campaign.ok({"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["kai", "ork"]})
    await campaign.ok({"type": "d100_next_turn", "post": {"id": "turn-1"}})
    state = (await campaign.get("/state")).json()
    acting = state["rules"]["encounter"]["order"][0]
    target = "ork" if acting == "kai" else "kai"
    token = ana if acting == "kai" else None

    attack = {"type": "d100_attack", "attack_id": "a1", "attacker_id": acting, "target_id": target,
              "weapon_id": "bolter", "fate_bonus": acting == "kai", "post": {"id": "attack-1"}}
    answer = await campaign.ok(attack, token)
    assert all(e["meta"]["encounter"] == "gate" and e["meta"]["round"] == 1 for e in answer["events"])
    pending = (await campaign.get("/state")).json()["rules"]["attacks"]["a1"]
    assert pending["attacker_id"] == acting

    # The GM undoes the turn: the attack, the Fate point and the turn's start are voided.
    encounter = (await campaign.get("/encounters/gate")).json()
    undone = await campaign.ok({"type": "undo_turn", "encounter": "gate",
                                "expected_encounter_version": encounter["encounter_version"]})
    voided = undone["events"][0]["data"]["voids"]
    assert answer["events"][0]["seq"] in voided
    after_undo = (await campaign.get("/state")).json()
    turn_started = min(voided)
    assert comparable(after_undo) == comparable((await campaign.get(f"/state?at_seq={turn_started - 1}")).json())
    assert "a1" not in after_undo["rules"]["attacks"]
    assert after_undo["rules"]["characters"]["kai"]["fate"] == 2
    # The log keeps the undone events; the time-travel view at the post still sees the attack.
    at_post = (await campaign.get("/state?at_post=attack-1")).json()
    assert "a1" in at_post["rules"]["attacks"]
    stale = await campaign.command({"type": "undo_turn", "encounter": "gate",
                                    "expected_encounter_version": encounter["encounter_version"]})
    assert stale.status_code == 409

    # Redo brings the turn back exactly; a new action after another undo clears the redo.
    await campaign.ok({"type": "redo_turn", "encounter": "gate"})
    assert comparable((await campaign.get("/state")).json())["rules"]["attacks"]["a1"] == pending
    await campaign.ok({"type": "undo_turn", "encounter": "gate"})
    await campaign.ok({"type": "d100_next_turn"})
    refused = await campaign.command({"type": "redo_turn", "encounter": "gate"})
    assert refused.status_code == 422 and "nothing to redo" in refused.json()["detail"]

    # The transcript of the encounter shows the undone attack marked, and who undid it.
    markdown = (await campaign.get("/transcript?encounter=gate&format=markdown")).text
    assert "- *undone by Game Master (event " in markdown and "~~" not in markdown
    frames = (await campaign.get("/transcript?encounter=gate")).json()["frames"]
    attack_frame = next(f for f in frames if f["seq"] == answer["events"][-1]["seq"])
    assert attack_frame["undone"] is True and attack_frame["dice"]
    turn = (await campaign.get("/state?at_turn=gate/1/1")).json()
    assert turn["version"] >= turn_started


async def test_players_undo_only_their_own_current_turn_when_allowed(new_campaign: Any) -> None:
    for allowed in (False, True):
        campaign = await new_campaign("dark_heresy", {"players_may_undo_own_turn": allowed})
        ana = await campaign.invite("Ana", "player")
        ana_id = [p for p in (await campaign.get("/state")).json()["participants"] if p != "gm"][0]
        await campaign.ok({"type": "d100_register_character", "character_id": "kai", "owner": ana_id, "name": "Kai",
                           "sheet": sheet(20)})
        await campaign.ok({"type": "d100_start_encounter", "encounter_id": "duel", "participants": ["kai"]})
        await campaign.ok({"type": "d100_next_turn"})
        response = await campaign.command({"type": "undo_turn", "encounter": "duel"}, ana)
        assert response.status_code == (201 if allowed else 403), response.text
        # docs/api.md: `redo_turn: gm (player: own turn, if allowed)` (issue 11, defect 10).
        if allowed:
            redone = await campaign.command({"type": "redo_turn", "encounter": "duel"}, ana)
            assert redone.status_code == 201, redone.text


async def test_one_undo_takes_back_the_played_turn_with_the_round_change_and_the_empty_turn_after_it(
    campaign: Any,
) -> None:
    """Issue 21 item 9: after `!end-turn` a GM needed three undos (the empty next turn, a "turn 0", then the
    turn played). The cultists are surprised, so Kai acts alone in round 1; his `!end-turn` opens round 2 and
    its first turn. One undo must void Kai's turn, the round change and the empty turn, in one event."""
    ana = await campaign.invite("Ana", "player")
    ana_id = [p for p in (await campaign.get("/state")).json()["participants"] if p != "gm"][0]
    await campaign.ok({"type": "d100_register_character", "character_id": "kai", "owner": ana_id, "name": "Kai",
                       "sheet": sheet(20, fate=2)})
    await campaign.ok({"type": "d100_register_character", "character_id": "ork", "owner": "gm", "name": "Ork",
                       "sheet": sheet(200)})
    await campaign.ok({"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["kai", "ork"],
                       "surprised": ["ork"]})
    opened = await campaign.ok({"type": "d100_next_turn"})
    before = (await campaign.get("/state")).json()
    attack = await campaign.ok({"type": "d100_attack", "attack_id": "a1", "attacker_id": "kai", "target_id": "ork",
                                "weapon_id": "bolter", "fate_bonus": True}, ana)
    ended = await campaign.ok({"type": "d100_end_turn", "character_id": "kai"}, ana)
    # Kai's turn (1,1) holds its start, the attack and its end; round 2's start and its first turn follow.
    positions = {(e["meta"]["round"], e["meta"]["turn"]) for e in ended["events"]}
    assert {(2, 0), (2, 1)} <= positions

    kai_turn = (attack["events"][0]["meta"]["round"], attack["events"][0]["meta"]["turn"])
    undone = await campaign.ok({"type": "undo_turn", "encounter": "gate"})
    assert [e["type"] for e in undone["events"]] == ["turn_undone"]
    data = undone["events"][0]["data"]
    assert (data["round"], data["turn"]) == kai_turn and kai_turn[0] == 1
    played = [e["seq"] for e in (*opened["events"], *attack["events"], *ended["events"])
              if (e["meta"]["round"], e["meta"]["turn"]) != (1, 0)]
    assert sorted(data["voids"]) == sorted(played)
    after = (await campaign.get("/state")).json()
    assert after["rules"]["characters"]["kai"]["fate"] == 2 and "a1" not in after["rules"]["attacks"]
    assert after["rules"]["encounter"]["round"] == 1
    assert comparable(after)["rules"]["characters"] == comparable(
        (await campaign.get(f"/state?at_seq={min(data['voids']) - 1}")).json())["rules"]["characters"]
    assert before["rules"]["characters"]["kai"]["fate"] == 2
    # The reader is told which turn was taken back, never a "turn 0".
    turn = kai_turn[1]
    for lang, said in (("en", f"Turn {turn} of round 1 of gate is undone"),
                       ("es", f"Se deshace el turno {turn} del asalto 1")):
        seq = undone["events"][0]["seq"]
        told = (await campaign.get(f"/transcript?from_seq={seq}&to_seq={seq}&format=markdown&lang={lang}")).text
        assert said in told, told
        whole = (await campaign.get(f"/transcript?encounter=gate&format=markdown&lang={lang}")).text
        assert "turn 0" not in whole and "turno 0" not in whole, whole
    # Redo brings back all of it, in one event too.
    redone = await campaign.ok({"type": "redo_turn", "encounter": "gate"})
    assert sorted(redone["events"][0]["data"]["restores"]) == sorted(data["voids"])
    assert (await campaign.get("/state")).json()["rules"]["encounter"]["round"] == 2
