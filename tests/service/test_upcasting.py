"""Old event payloads are upcast on every read path; the stored bytes and the hash chain stay as written."""

from __future__ import annotations

import json
from typing import Any

import asyncpg
import msgspec

from domain.campaign.events import DiceRolled
from domain.dice_expression import Term
from domain.upcasting import upcast
from projections.recorded import DiceProvenance, EventMeta
from service import chain, codec
from service.dice_source import die_value
from service.store import StoredEvent


def test_dice_rolled_v1_gains_its_terms() -> None:
    v1 = {"expression": "2d10+3", "reason": "x", "dice": [], "total": 3}
    v2 = upcast("dice_rolled", 1, 2, v1)
    assert v2["terms"] == [
        {"sign": 1, "count": 2, "sides": 10, "constant": 0},
        {"sign": 1, "count": 0, "sides": 0, "constant": 3},
    ]
    event = codec.decode_event("dice_rolled", 1, json.dumps(v1))
    assert isinstance(event, DiceRolled) and event.terms == (Term(1, 2, 10), Term(1, 0, 0, 3))


def test_d100_action_taken_v1_reads_with_no_distance() -> None:
    from domain.d100.encounter_events import ActionTaken

    v1 = {"character_id": "kai", "action": "move", "cost": "half", "in_encounter": True}
    event = codec.decode_event("d100_action_taken", 1, json.dumps(v1))
    assert isinstance(event, ActionTaken) and event.move_m is None and ActionTaken.schema_version == 2


def test_d100_sheet_edited_v1_reads_with_no_comrade_armour() -> None:
    from domain.d100.events import SheetEdited

    v1 = {"character_id": "kai", "reason": "advance", "sheet": {"characteristics": {"WS": 50}, "wounds": 12}}
    event = codec.decode_event("d100_sheet_edited", 1, json.dumps(v1))
    assert isinstance(event, SheetEdited) and event.sheet.comrade_armour == 0 and SheetEdited.schema_version == 2


def test_wng_next_action_penalty_added_v1_weighs_on_any_test() -> None:
    from domain.wrath_and_glory.events import NextActionPenaltyAdded

    # A version-1 reload penalty was put on the next test of any kind when it was decided: it reads so.
    v1 = {"character_id": "elena", "penalty": {"source": "after reload", "value": 2}}
    event = codec.decode_event("wng_next_action_penalty_added", 1, json.dumps(v1))
    assert isinstance(event, NextActionPenaltyAdded) and event.shooting_only is False
    assert NextActionPenaltyAdded.schema_version == 2


def test_d100_reaction_rolled_v1_reads_unchanged() -> None:
    from domain.d100.events import ReactionRolled

    v1 = {"attack_id": "a1", "character_id": "kai", "reaction": "dodge", "modifiers": None, "target": 30,
          "dice": [], "roll": 20, "success": True, "degrees": 1, "hits_negated": 1, "hits_after": 0}
    event = codec.decode_event("d100_reaction_rolled", 1, json.dumps(v1))
    assert isinstance(event, ReactionRolled) and event.reaction == "dodge" and ReactionRolled.schema_version == 2


async def test_a_stored_v1_event_reads_as_v2_everywhere(campaign: Any, database_url: str) -> None:
    # Write a version-1 dice_rolled row the way an older release did, chained properly, with the die
    # drawn from the epoch's seed as that release would have drawn it.
    head = (await campaign.get("")).json()
    owner = await asyncpg.connect(database_url)
    try:
        seed = bytes(await owner.fetchval("SELECT seed FROM dice_epochs WHERE campaign_id = $1 AND epoch = 1", campaign.id))
    finally:
        await owner.close()
    entropy = "0" * 64
    face = die_value(seed, campaign.id, head["version"] + 1, 0, 10, entropy)
    record = {
        "campaign_id": campaign.id,
        "seq": head["version"] + 1,
        "type": "dice_rolled",
        "schema_version": 1,
        "data": {"expression": "1d10+2", "reason": "old release", "dice": [{"k": 0, "sides": 10, "value": face}],
                 "total": face + 2, "character_id": None},
        "meta": {"actor": "gm", "role": "gm", "command_id": "old-1",
                 "dice": {"epoch": 1, "nonce": head["version"] + 1, "entropy": entropy}},
        "idempotency_key": None,
        "recorded_at": "2026-01-01T00:00:00.000000Z",
    }
    record["prev_hash"] = head["head_hash"]
    record["hash"] = chain.link(head["head_hash"], record)
    connection = await asyncpg.connect(database_url)
    try:
        await connection.execute(
            """INSERT INTO events (campaign_id, seq, type, schema_version, data, meta, recorded_at, prev_hash, hash)
               VALUES ($1, $2, 'dice_rolled', 1, $3::jsonb, $4::jsonb, '2026-01-01T00:00:00Z', $5, $6)""",
            campaign.id, record["seq"], json.dumps(record["data"]), json.dumps(record["meta"]),
            record["prev_hash"], record["hash"],
        )
        await connection.execute(
            "UPDATE campaigns SET version = $2, head_hash = $3 WHERE campaign_id = $1",
            campaign.id, record["seq"], record["hash"],
        )
    finally:
        await connection.close()

    state = (await campaign.get("/state")).json()
    assert state["rolls"] == 1  # the fold read the old event through the upcaster
    at = (await campaign.get(f"/state?at_seq={record['seq']}")).json()
    assert at["rolls"] == 1
    # The log and the export keep the stored version-1 payload, so the chain still verifies.
    events = (await campaign.get("/events")).json()["events"]
    assert events[-1]["schema_version"] == 1 and "terms" not in events[-1]["data"]
    assert (await campaign.get("/verify")).json()["ok"] is True
    # A new command decided on top of the upcast state works.
    await campaign.ok({"type": "roll", "expression": "d10", "reason": "new release"})


def test_wng_dice_rerolled_v1_keeps_only_the_faces_it_replaced() -> None:
    v1 = {"rerolls": [{"position": 0, "before": {"k": 0, "sides": 6, "value": 2}, "after": {"k": 1, "sides": 6, "value": 5}}]}
    v2 = upcast("wng_dice_rerolled", 1, 2, v1)
    assert v2["rerolls"] == [{"position": 0, "before_face": 2, "after": {"k": 1, "sides": 6, "value": 5}}]


def test_wng_soak_rerolled_v1_keeps_only_the_faces_it_replaced() -> None:
    v1 = {"roll_id": "t2", "before": [{"k": 0, "sides": 6, "value": 1}, {"k": 2, "sides": 6, "value": 3}], "after": []}
    v2 = upcast("wng_soak_rerolled", 1, 2, v1)
    assert "before" not in v2 and v2["before_faces"] == [1, 3]


def test_stored_meta_of_an_older_shape_reads_typed_and_is_hashed_as_stored() -> None:
    # The first release's envelope: no line, turn_character, command or entropy; and a key no field names
    # (a retired field, or a row someone edited): the typed envelope reads defaults for what is missing and
    # ignores what it does not know, while the record keeps every stored key, so the chain hashes the row.
    meta = {"actor": "gm", "role": "gm", "command_id": "old-1", "command_type": "roll", "session": 2,
            "dice": {"epoch": 1, "nonce": 5}, "retired": "kept as stored"}
    record: dict[str, Any] = {"campaign_id": "c", "seq": 5, "type": "dice_rolled", "schema_version": 1,
                              "data": {}, "meta": meta, "idempotency_key": None,
                              "recorded_at": "2025-06-01T12:00:00.000000Z", "prev_hash": chain.GENESIS}
    record["hash"] = chain.link(chain.GENESIS, record)
    stored = StoredEvent(global_position=5, **record)
    assert stored.envelope == EventMeta(actor="gm", role="gm", command_id="old-1", command_type="roll", session=2,
                                        dice=DiceProvenance(epoch=1, nonce=5))
    assert (stored.envelope.line, stored.envelope.command, stored.envelope.dice) == (None, None,
                                                                                       DiceProvenance(1, 5, None))
    exported = json.loads(msgspec.json.encode(stored))
    assert exported["meta"] == meta and "envelope" not in exported
    assert chain.link(exported["prev_hash"], exported) == exported["hash"] == stored.hash
