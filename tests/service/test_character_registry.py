"""One character registry: one way in, one id field, one uniqueness check, one gate for observers.

Whatever a client sends (create_character, or the older d100_register_character / wng_add_character), a
character is created once, in the campaign and in its rules engine together; events stored by earlier
releases (d100_character_registered, wng_character_added) are read as character_created.
"""

from __future__ import annotations

import json
from typing import Any

import asyncpg

from service import chain

from .test_wng_http_session import BOSS, KAI

SHEET = {"characteristics": {"WS": 45, "BS": 40, "S": 40, "T": 40, "Ag": 35, "Int": 30, "Per": 35, "WP": 40,
                             "Fel": 30}, "wounds": 18, "fate": 2, "speciality": "Tactical Marine"}


async def test_a_generic_character_is_the_rules_engines_too(campaign: Any) -> None:
    # In a Deathwatch campaign, create_character with only free-form stats used to leave the d100 rules
    # without the character: a d100_test for kai was "no character 'kai'" while GET /characters/kai found it.
    await campaign.ok({"type": "create_character", "name": "Kai", "id": "kai", "stats": {"WS": 45}})
    character = (await campaign.get("/characters/kai")).json()
    assert character["character"]["stats"] == {"WS": 45}
    assert character["rules"]["sheet"]["characteristics"] == {"WS": 45}
    tested = await campaign.ok({"type": "d100_test", "test_id": "t1", "character_id": "kai", "characteristic": "WS"})
    assert tested["events"][0]["type"] == "d100_test_rolled"
    assert tested["events"][0]["data"]["base"] == 45


async def test_create_character_carries_the_rulesets_typed_sheet(campaign: Any, new_campaign: Any) -> None:
    created = await campaign.ok({"type": "create_character", "character_id": "kyros", "name": "Brother Kyros",
                                 "sheet": SHEET})
    assert created["result"]["character_id"] == "kyros"
    assert created["events"][0]["type"] == "character_created"
    assert (await campaign.get("/characters/kyros")).json()["rules"]["fate"] == 2
    refused = await campaign.command({"type": "create_character", "character_id": "bad", "name": "Bad",
                                      "sheet": {"characteristics": {"WS": "high"}}})
    assert refused.status_code == 422 and refused.json()["rule"] == "sheet"

    wng = await new_campaign("wrath_and_glory")
    player = await wng.invite("Alice", "player")
    alice = [p for p, v in (await wng.get("/state")).json()["participants"].items() if v["name"] == "Alice"][0]
    await wng.ok({"type": "create_character", "character_id": "kai", "name": "Brother Kai", "owner": alice,
                  "sheet": KAI}, player)
    await wng.ok({"type": "create_character", "character_id": "boss", "name": "Warboss", "kind": "npc",
                  "sheet": BOSS})
    state = (await wng.get("/state")).json()
    assert set(state["characters"]) == set(state["rules"]["characters"]) == {"kai", "boss"}
    assert state["rules"]["characters"]["kai"]["wrath"] == 2
    nameless = await wng.command({"type": "create_character", "character_id": "x", "name": "X"})
    assert nameless.status_code == 422 and nameless.json()["rule"] == "sheet"


async def test_one_uniqueness_check_whichever_spelling(campaign: Any) -> None:
    await campaign.ok({"type": "create_character", "character_id": "kai", "name": "Kai"})
    for again in (
        {"type": "create_character", "character_id": "kai", "name": "Kai again"},
        {"type": "create_character", "id": "kai", "name": "Kai again"},
        {"type": "d100_register_character", "character_id": "kai", "owner": "gm", "name": "Kai", "sheet": SHEET},
    ):
        refused = await campaign.command(again)
        assert refused.status_code == 422 and refused.json()["rule"] == "unique_character_id", again


async def test_the_older_spellings_are_decided_as_create_character(campaign: Any, new_campaign: Any) -> None:
    registered = await campaign.ok({"type": "d100_register_character", "character_id": "nob", "owner": "gm",
                                    "name": "Nob", "sheet": SHEET})
    assert [e["type"] for e in registered["events"]] == ["character_created"]
    assert registered["events"][0]["data"]["kind"] == "npc"  # owned by a GM
    wng = await new_campaign("wrath_and_glory")
    added = await wng.ok({"type": "wng_add_character", "character_id": "boss", "sheet": BOSS})
    assert added["events"][0]["data"]["name"] == "warboss" and added["events"][0]["data"]["owner"] == "gm"
    wrong = await wng.command({"type": "d100_register_character", "character_id": "nob", "owner": "gm",
                               "name": "Nob", "sheet": SHEET})
    assert wrong.status_code == 422 and wrong.json()["rule"] == "ruleset"


async def test_observers_are_refused_at_one_gate(campaign: Any) -> None:
    watcher = await campaign.invite("Olga", "observer")
    for body in (
        {"type": "create_character", "name": "Mine"},
        {"type": "d100_register_character", "character_id": "x", "owner": "gm", "name": "X", "sheet": SHEET},
        {"type": "mission_create", "mission_id": "m", "briefing": "b"},
        {"type": "d100_start_round"},
    ):
        refused = await campaign.command(body, watcher)
        assert refused.status_code == 403, body
        assert refused.json()["detail"].startswith("observers may read missions, encounters and the whole campaign")


async def _append_raw(campaign: Any, database_url: str, kind: str, data: dict[str, Any]) -> None:
    """Write an event the way an older release did, chained properly."""
    head = (await campaign.get("")).json()
    record = {
        "campaign_id": campaign.id, "seq": head["version"] + 1, "type": kind, "schema_version": 1, "data": data,
        "meta": {"actor": "gm", "role": "gm", "command_id": f"old-{kind}"}, "idempotency_key": None,
        "recorded_at": "2026-01-01T00:00:00.000000Z", "prev_hash": head["head_hash"],
    }
    record["hash"] = chain.link(head["head_hash"], record)
    connection = await asyncpg.connect(database_url)
    try:
        await connection.execute(
            """INSERT INTO events (campaign_id, seq, type, schema_version, data, meta, recorded_at, prev_hash, hash)
               VALUES ($1, $2, $3, 1, $4::jsonb, $5::jsonb, '2026-01-01T00:00:00Z', $6, $7)""",
            campaign.id, record["seq"], kind, json.dumps(data), json.dumps(record["meta"]), record["prev_hash"],
            record["hash"],
        )
        await connection.execute(
            "UPDATE campaigns SET version = $2, head_hash = $3 WHERE campaign_id = $1",
            campaign.id, record["seq"], record["hash"],
        )
    finally:
        await connection.close()


async def test_stored_older_character_events_still_fold(campaign: Any, new_campaign: Any, database_url: str) -> None:
    await _append_raw(campaign, database_url, "d100_character_registered",
                      {"character_id": "nob", "owner": "gm", "name": "Nob", "sheet": SHEET, "comrade": False})
    state = (await campaign.get("/state")).json()
    assert state["characters"]["nob"]["kind"] == "npc" and state["rules"]["characters"]["nob"]["fate"] == 2
    assert (await campaign.get("/verify")).json()["ok"] is True
    assert (await campaign.get("/events")).json()["events"][-1]["type"] == "d100_character_registered"
    tested = await campaign.ok({"type": "d100_test", "test_id": "t1", "character_id": "nob", "characteristic": "WS"})
    assert tested["events"][0]["data"]["base"] == 45

    wng = await new_campaign("wrath_and_glory")
    await _append_raw(wng, database_url, "wng_character_added",
                      {"character_id": "boss", "owner": None, "sheet": BOSS, "wrath": 0, "reloads": 0})
    state = (await wng.get("/state")).json()
    assert state["characters"]["boss"] == {**state["characters"]["boss"], "name": "warboss", "owner": "gm",
                                           "kind": "npc"}
    assert state["rules"]["characters"]["boss"]["wounds"] == 12
    assert (await wng.get("/verify")).json()["ok"] is True
