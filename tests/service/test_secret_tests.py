"""Secret rules tests (issue 19, item 2): an NPC's Awareness and a Wrath & Glory skill test sealed by the GM, the
outcome bound at the seal, revealed as sealed whatever the GM changed in between, checked by every verifier.

docs/fairness.md, "Secret rules tests", is the contract; tests/support/docs_verifier.py checks it from the
documents alone.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from pathlib import Path
from typing import Any

from service.cli import main as cli
from tests.service.test_audit import export_to, rechain, write
from tests.support import docs_verifier

FAIRNESS = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"
CAMPAIGN = "3f2c1b9e-7d4a-4c2b-9e1f-0a5b6c7d8e9f"
MAGUS = {"characteristics": {"WS": 35, "BS": 30, "S": 35, "T": 35, "Ag": 30, "Int": 30, "Per": 38, "WP": 40,
                             "Fel": 30},
         "skills": {"Awareness": {"characteristic": "Per", "kind": "basic", "training": "trained"}}, "wounds": 12}
AWARENESS = {"type": "d100_test", "test_id": "magus-listens", "character_id": "magus", "skill": "Awareness",
             "difficulty": "difficult", "secret": True}


async def magus(campaign: Any) -> None:
    await campaign.ok({"type": "create_character", "character_id": "magus", "name": "Cult Magus", "kind": "npc",
                       "sheet": MAGUS})
    await campaign.ok({"type": "start_session"})


def outcome(answer: dict[str, Any]) -> dict[str, Any]:
    [shown] = answer["result"]["secret_rolls"]
    [event] = shown["events"]
    return event  # type: ignore[no-any-return]


async def test_a_sealed_awareness_test_shows_its_outcome_to_the_gm_alone(campaign: Any) -> None:
    await magus(campaign)
    answer = await campaign.ok(AWARENESS)
    [seal] = answer["events"]
    assert seal["type"] == "secret_roll_sealed" and "dice" not in seal["meta"]
    data = seal["data"]
    assert data["shape"] == [100] and data["basis"] == seal["seq"] - 1 and data["character_id"] == "magus"
    assert data["command"]["skill"] == "Awareness" and data["command"]["test_id"] == "magus-listens"
    assert len(data["outcome"]) == 64 and data["expression"] == "" and data["terms"] == []
    rolled = outcome(answer)
    assert rolled["type"] == "d100_test_rolled" and rolled["target"] == 28  # Per 38, Difficult −10
    assert "Sealed test (Awareness) for Cult Magus by the GM" in answer["result"]["rendered"]["en"]
    assert "Prueba secreta (Awareness) de Cult Magus del DJ" in answer["result"]["rendered"]["es"]
    assert "d100_test_rolled" not in json.dumps(answer["events"])


async def test_a_sealed_test_revealed_after_the_gm_edits_the_npc_keeps_the_sealed_outcome(
    campaign: Any, tmp_path: Path, capsys: Any
) -> None:
    await magus(campaign)
    answer = await campaign.ok(AWARENESS)
    roll, gm_saw = answer["version"], outcome(answer)
    blind = {**MAGUS, "characteristics": {**MAGUS["characteristics"], "Per": 5}}
    await campaign.ok({"type": "d100_edit_sheet", "character_id": "magus", "sheet": blind, "reason": "blinded"})
    revealed = await campaign.ok({"type": "reveal_secret_roll", "seq": roll})
    reveal, test = revealed["events"]
    assert reveal["type"] == "secret_roll_revealed" and reveal["data"]["events"] == 1
    assert test["type"] == "d100_test_rolled" and test["data"] == gm_saw["data"] if "data" in gm_saw else True
    assert {k: v for k, v in gm_saw.items() if k != "type"} == test["data"]
    assert test["data"]["target"] == 28 and test["data"]["base"] == 38
    assert [d["value"] for d in reveal["data"]["dice"]] == [test["data"]["roll"]]
    assert f"Sealed test {roll} revealed" in revealed["result"]["rendered"]["en"]
    assert f"Prueba secreta {roll} revelada" in revealed["result"]["rendered"]["es"]
    online = (await campaign.get("/verify?rules=true")).json()
    assert online["ok"] and online["sealed_unrevealed"] == [] and online["rules"]["not_replayable"] == 0, online
    await campaign.ok({"type": "end_session"})
    records = await export_to(campaign, tmp_path / "log.jsonl")
    assert cli(["verify", "--rules", str(tmp_path / "log.jsonl")]) == 0, capsys.readouterr().out
    documented = docs_verifier.verify_export((tmp_path / "log.jsonl").read_text())[campaign.id]
    assert documented.ok, documented.problems
    # The key, once the epoch's seed is out, is the seed's HMAC (by hand, as docs/fairness.md says).
    seal = next(r for r in records if r["seq"] == roll)
    seed = bytes.fromhex(next(r["data"]["seed"] for r in records if r.get("type") == "dice_seed_revealed"
                              and r["data"]["epoch"] == seal["data"]["epoch"]))
    key = hmac.new(seed, f"secret:{campaign.id}:{roll}".encode(), hashlib.sha256).digest()
    assert key.hex() == reveal["data"]["key"]


async def _revealed(campaign: Any, tmp_path: Path) -> tuple[int, list[dict[str, Any]]]:
    await magus(campaign)
    roll = (await campaign.ok(AWARENESS))["version"]
    await campaign.ok({"type": "reveal_secret_roll", "seq": roll})
    await campaign.ok({"type": "end_session"})
    return roll, await export_to(campaign, tmp_path / "log.jsonl")


def _verdicts(tmp_path: Path, capsys: Any, records: list[dict[str, Any]], campaign: Any) -> tuple[str, str, Any]:
    text = write(tmp_path / "forged.jsonl", rechain(records[:-1]))
    assert cli(["verify", str(tmp_path / "forged.jsonl")]) in (0, 1)
    plain = capsys.readouterr().out
    assert cli(["verify", "--rules", str(tmp_path / "forged.jsonl")]) == 1
    ruled = capsys.readouterr().out
    return plain, ruled, docs_verifier.verify_export(text)[campaign.id]


async def test_a_forged_sealed_outcome_in_a_rehashed_log_is_caught(campaign: Any, tmp_path: Path, capsys: Any) -> None:
    """The forger flips the revealed test's success and its degrees, and rehashes the whole chain."""
    roll, records = await _revealed(campaign, tmp_path)
    test = next(r for r in records if r.get("type") == "d100_test_rolled")
    test["data"]["success"] = not test["data"]["success"]
    test["data"]["degrees"] += 1
    plain, ruled, documented = _verdicts(tmp_path, capsys, records, campaign)
    said = f"the reveal of sealed test {roll}: the outcome that follows it is not the one its seal committed to"
    assert "hash chain intact" in plain and said in plain, plain
    assert said in ruled and f"event {test['seq']}" in ruled, ruled
    assert not documented.ok and any("is not the one it sealed" in p for p in documented.problems)


async def test_a_forged_outcome_with_a_recommitted_seal_is_caught_by_the_rules(
    campaign: Any, tmp_path: Path, capsys: Any
) -> None:
    """After the reveal the key is public: a forger may rewrite the seal's `outcome` to fit a forged result. The
    hashes then agree, and only the rules, deciding the sealed command again at its basis, name the forgery."""
    roll, records = await _revealed(campaign, tmp_path)
    test = next(r for r in records if r.get("type") == "d100_test_rolled")
    reveal = next(r for r in records if r.get("type") == "secret_roll_revealed")
    seal = next(r for r in records if r["seq"] == roll)
    test["data"]["success"], test["data"]["degrees"] = True, 3
    outcome = json.dumps([{"type": test["type"], "data": test["data"]}], sort_keys=True, separators=(",", ":"),
                         ensure_ascii=False).encode()
    seal["data"]["outcome"] = hashlib.sha256(bytes.fromhex(reveal["data"]["key"]) + outcome).hexdigest()
    plain, ruled, documented = _verdicts(tmp_path, capsys, records, campaign)
    assert "sealed test" not in plain and documented.ok, plain  # the hashes agree: the forgery is in the rules
    assert f"command at event {roll} (d100_test)" in ruled and "outcome" in ruled, ruled


async def test_the_gm_seals_tests_in_a_post_with_the_line_words_of_free_secret_rolls(campaign: Any) -> None:
    await magus(campaign)
    for post, text, said in (
        ("gm-1", "The Magus listens.\n!test secret magus Awareness difficult", "Sealed test (Awareness) for Cult Magus"),
        ("gm-2", "El Magus escucha.\n!prueba secreta magus Perspicacia complicado",
         "Prueba secreta (Awareness) de Cult Magus"),
    ):
        response = await campaign.client.post(f"/campaigns/{campaign.id}/posts", headers=campaign.auth(), json={
            "post": {"id": post, "author": "GM"}, "text": text})
        assert response.status_code == 201, response.text
        answer = response.json()
        [line] = answer["results"]
        [shown] = line["result"]["secret_rolls"]
        assert shown["events"][0]["type"] == "d100_test_rolled" and shown["events"][0]["target"] == 28
        assert said in answer["reply"]["markdown"] and said in answer["reply"]["bbcode"]
        assert [e["type"] for e in answer["events"]] == ["secret_roll_sealed"]
        assert "d100_test_rolled" not in json.dumps(answer["reply"])
        told = shown["rendered"]["en" if post == "gm-1" else "es"]
        assert "Cult Magus" in told and told not in json.dumps(answer["reply"], ensure_ascii=False)


async def test_only_the_gm_seals_a_test(campaign: Any) -> None:
    player = await campaign.invite("Ana", "player")
    await magus(campaign)
    before = (await campaign.get("")).json()["version"]
    refused = await campaign.command({**AWARENESS, "character_id": "magus"}, player)
    assert refused.status_code == 403, refused.text
    spending = await campaign.command({**AWARENESS, "fate_bonus": True})
    assert spending.status_code == 422 and spending.json()["rule"] == "secret_test", spending.text
    assert (await campaign.get("")).json()["version"] == before  # nothing recorded for either


SENTRY = {"name": "Ork sentry", "kind": "adversary", "defence": 2, "resilience": 8, "wounds": 10, "shock": 5,
          "attributes": {"initiative": 2, "intellect": 3}, "skills": {"awareness": 2}}


async def test_a_sealed_wrath_and_glory_awareness_test_reveals_its_pool_as_sealed(
    new_campaign: Any, tmp_path: Path, capsys: Any
) -> None:
    campaign = await new_campaign("wrath_and_glory", {"tier": 2})
    await campaign.ok({"type": "wng_add_character", "character_id": "sentry", "sheet": SENTRY})
    await campaign.ok({"type": "start_session"})
    answer = await campaign.ok({"type": "wng_roll_test", "character_id": "sentry", "skill": "awareness", "dn": 3,
                                "secret": True})
    [seal] = answer["events"]
    # Intellect 3 + Awareness 2: a pool of 5 d6, the last one the Wrath die (RULES B1); no face in the seal.
    assert seal["type"] == "secret_roll_sealed" and seal["data"]["shape"] == [6, 6, 6, 6, 6]
    # The outcome: the test, and the Glory a Wrath 6 gains the group (RULES B1), which the dice decide.
    gm_saw, *consequences = answer["result"]["secret_rolls"][0]["events"]
    assert gm_saw["type"] == "wng_test_rolled" and len(gm_saw["dice"]) == 5
    assert [c["type"] for c in consequences] == (["wng_glory_gained"] if gm_saw["wrath"] == "glory" else [])
    await campaign.ok({"type": "wng_roll_test", "character_id": "sentry", "skill": "awareness", "dn": 3})
    revealed = await campaign.ok({"type": "reveal_secret_roll", "seq": seal["seq"]})
    reveal, test, *gained = revealed["events"]
    assert {k: v for k, v in gm_saw.items() if k != "type"} == test["data"]
    assert reveal["data"]["events"] == 1 + len(consequences) and len(gained) == len(consequences)
    inside = sorted({(d["k"], d["sides"], d["value"]) for d in docs_verifier.dice_objects(test["data"])})
    assert [(d["k"], d["sides"], d["value"]) for d in reveal["data"]["dice"]] == inside
    online = (await campaign.get("/verify?rules=true")).json()
    assert online["ok"] and online["rules"]["not_replayable"] == 0, online


def _doc_outcome_vector() -> tuple[int, list[int], list[tuple[int, int, int]], int, str, bytes]:
    text = FAIRNESS.read_text()
    section = text[text.index("## Secret rules tests"):text.index("## How to check")]
    row = re.search(r"^\| (\d+) \| ([\d, ]+) \| `([^`]+)` \| (\d+) \| `([0-9a-f]{64})` \|$", section, re.M)
    assert row is not None
    dice = [tuple(int(x) for x in d.split(", ")) for d in re.findall(r"\((\d+, \d+, \d+)\)", row.group(3))]
    block = re.search(r"^```\n(\[\{.*\}\])\n```$", section, re.M)
    assert block is not None
    return (int(row.group(1)), [int(x) for x in row.group(2).split(", ")], dice,  # type: ignore[return-value]
            int(row.group(4)), row.group(5), block.group(1).encode())


def test_the_documented_sealed_test_vector_recomputes_from_the_doc_alone() -> None:
    """The key, the dice of the shape and the outcome's hash of docs/fairness.md, by its words alone."""
    nonce, shape, dice, length, outcome, written = _doc_outcome_vector()
    key = hmac.new(bytes(range(32)), f"secret:{CAMPAIGN}:{nonce}".encode(), hashlib.sha256).digest()
    after_one = hashlib.sha256(bytes(32) + hashlib.sha256(b"for the Emperor").digest()).hexdigest()
    assert docs_verifier.shape_dice(key, CAMPAIGN, nonce, shape, after_one) == dice
    # The documented bytes are canonical JSON (re-encoding them gives them back) of the stated length.
    events = json.loads(written)
    assert json.dumps(events, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode() == written
    assert len(written) == length and hashlib.sha256(key + written).hexdigest() == outcome
    assert docs_verifier.outcome_hash(key, events) == outcome
    # The service's own encoding of those events agrees with the document, byte for byte.
    from domain.campaign.sealed_tests import outcome_commitment
    from service.codec import decode_event
    decoded = [decode_event(e["type"], 1, json.dumps(e["data"]).encode()) for e in events]
    assert outcome_commitment(key.hex(), decoded) == outcome


async def test_the_proof_of_a_sealed_roll_says_sealed_then_checks_its_reveal(campaign: Any) -> None:
    await campaign.ok({"type": "start_session"})
    roll = (await campaign.ok({"type": "roll", "expression": "3d10+1d5+2", "reason": "ambush", "secret": True}))[
        "version"]
    before = (await campaign.get(f"/rolls/{roll}")).json()
    assert before["sealed"] and not before["revealed"] and before["dice"] == [] and before["key"] is None
    assert before["shape"] == [10, 10, 10, 10] and before["verified"] is None
    revealed = await campaign.ok({"type": "reveal_secret_roll", "seq": roll})
    await campaign.ok({"type": "end_session"})
    for seq in (roll, revealed["version"]):
        after = (await campaign.get(f"/rolls/{seq}")).json()
        assert after["revealed"] and after["key_matches_commitment"] and after["key_from_seed"], after
        assert [d["value"] for d in after["dice"]] == [d["value"] for d in revealed["events"][0]["data"]["dice"]]
        assert after["verified"] is True and after["sealed_seq"] == roll


async def test_undoing_the_turn_a_sealed_test_was_made_in_does_not_unmake_the_seal(campaign: Any) -> None:
    """The attack: the GM seals the Magus's Awareness inside an encounter turn, dislikes what the answer shows,
    and undoes the turn. The seal (and later its reveal) belongs to no turn: the undo cannot void it."""
    await magus(campaign)
    ork = {**MAGUS, "characteristics": {**MAGUS["characteristics"], "Ag": 20}}
    await campaign.ok({"type": "create_character", "character_id": "ork", "name": "Ork", "kind": "npc",
                       "sheet": ork})
    await campaign.ok({"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["magus", "ork"]})
    await campaign.ok({"type": "d100_next_turn"})
    answer = await campaign.ok(AWARENESS)
    roll = answer["version"]
    assert "encounter" not in answer["events"][0]["meta"]
    await campaign.command({"type": "undo_turn", "encounter": "gate"})  # whatever it undoes, not the seal
    assert str(roll) in json.dumps((await campaign.get("/state")).json()["sealed"])
    revealed = await campaign.ok({"type": "reveal_secret_roll", "seq": roll})
    assert "encounter" not in revealed["events"][0]["meta"]
    assert {k: v for k, v in outcome(answer).items() if k != "type"} == revealed["events"][1]["data"]


async def test_the_end_of_the_session_reveals_every_sealed_test_each_at_its_own_basis(campaign: Any) -> None:
    """Three sealed tests with a sheet edit and a retraction between them: the epoch's reveal decides each
    against the campaign as it was when it was sealed."""
    await magus(campaign)
    first = await campaign.ok(AWARENESS)
    keen = {**MAGUS, "characteristics": {**MAGUS["characteristics"], "Per": 58}}
    await campaign.ok({"type": "d100_edit_sheet", "character_id": "magus", "sheet": keen, "reason": "augmetic"})
    second = await campaign.ok({**AWARENESS, "test_id": "magus-listens-2"})
    rolled = await campaign.ok({"type": "roll", "expression": "d6", "reason": "a stray roll"})
    await campaign.ok({"type": "retract", "seqs": [rolled["version"]], "reason": "wrong thread"})
    third = await campaign.ok({**AWARENESS, "test_id": "magus-listens-3", "difficulty": "easy"})
    ended = await campaign.ok({"type": "end_session"})
    tests = [e["data"] for e in ended["events"] if e["type"] == "d100_test_rolled"]
    assert [t["target"] for t in tests] == [28, 48, 88]  # Per 38 − 10; Per 58 − 10; Per 58 + 30
    assert tests == [{k: v for k, v in outcome(a).items() if k != "type"} for a in (first, second, third)]
    online = (await campaign.get("/verify?rules=true")).json()
    assert online["ok"] and online["rules"]["not_replayable"] == 0, online


async def test_a_sealed_test_the_rules_no_longer_reproduce_is_refused_clearly_never_shown_otherwise(
    campaign: Any, monkeypatch: Any
) -> None:
    # A new version of the rules decides the sealed command differently: the reveal must not show another
    # outcome, and must say why in a problem document a person can act on (not a 500).
    from service import sealed

    await magus(campaign)
    answer = await campaign.ok(AWARENESS)
    seq = answer["events"][0]["seq"]
    monkeypatch.setattr(sealed, "decide_again", lambda *args: ([], ()))
    for lang, words in (("en", f"sealed test {seq} cannot be revealed"), ("es", f"la prueba sellada {seq} no se")):
        refused = await campaign.command({"type": "reveal_secret_roll", "seq": seq}, **{"Accept-Language": lang})
        assert refused.status_code == 422, refused.text
        assert refused.json()["rule"] == "secret_test" and words in refused.json()["detail"]
    assert str(seq) in (await campaign.get("/state")).json()["sealed"]  # still sealed, nothing shown
