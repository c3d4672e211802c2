"""Secret rolls the GM cannot change (issue 19, item 2): sealed, shown to the GM alone, revealed and checked.

A sealed roll's faces are bound by the commitment in its event (docs/fairness.md, "Secret rolls"); its reveal
is checked by the service's verifier online and offline and by the verifier written from the documents alone
(tests/support/docs_verifier.py); a forged reveal is caught by all of them.
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
from tests.service.test_fairness import independent_die
from tests.support import docs_verifier

FAIRNESS = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"
SEED = bytes(range(32))
CAMPAIGN = "3f2c1b9e-7d4a-4c2b-9e1f-0a5b6c7d8e9f"


async def sealed(campaign: Any, expression: str = "20d1000", reason: str = "Awareness") -> dict[str, Any]:
    answer: dict[str, Any] = await campaign.ok(
        {"type": "roll", "expression": expression, "reason": reason, "secret": True})
    return answer


def seqs_of(records: list[dict[str, Any]], kind: str) -> list[int]:
    return [r["seq"] for r in records if r.get("type") == kind]


async def test_a_secret_roll_shows_its_faces_to_the_gm_alone_and_records_none(campaign: Any) -> None:
    answer = await sealed(campaign)
    event = answer["events"][0]
    assert event["type"] == "secret_roll_sealed"
    assert set(event["data"]) == {"expression", "reason", "terms", "epoch", "commitment", "entropy", "character_id",
                                  "command", "basis", "shape", "outcome", "gm"}
    assert event["data"]["command"] is None and event["data"]["shape"] == []
    assert event["data"]["terms"] == [{"sign": 1, "count": 20, "sides": 1000, "constant": 0}]
    assert "dice" not in event["meta"]
    shown = answer["result"]["secret_rolls"]
    assert [s["seq"] for s in shown] == [event["seq"]]
    assert len(shown[0]["dice"]) == 20 and shown[0]["total"] == sum(d["value"] for d in shown[0]["dice"])
    # What the table reads of it: a sealed roll, what for, its dice; no face, in both languages.
    assert "Sealed roll 20d1000 (Awareness) by the GM" in answer["result"]["rendered"]["en"]
    assert "Tirada secreta 20d1000 (Awareness) del DJ" in answer["result"]["rendered"]["es"]


async def test_only_the_gm_rolls_in_secret_and_reveals(campaign: Any) -> None:
    player = await campaign.invite("Ana", "player")
    refused = await campaign.command(
        {"type": "roll", "expression": "d100", "reason": "peek", "secret": True}, player)
    assert refused.status_code == 403, refused.text
    answer = await sealed(campaign)
    refused = await campaign.command({"type": "reveal_secret_roll", "seq": answer["version"]}, player)
    assert refused.status_code == 403, refused.text
    note = await campaign.ok({"type": "gm_note", "text": "not a roll"})
    wrong = await campaign.command({"type": "reveal_secret_roll", "seq": note["version"]})
    assert wrong.status_code == 422 and wrong.json()["rule"] == "secret_roll", wrong.text


async def test_the_reveal_shows_the_faces_the_gm_was_shown_and_verifies_everywhere(
    campaign: Any, tmp_path: Path, capsys: Any
) -> None:
    player = await campaign.invite("Ana", "player")
    await campaign.ok({"type": "start_session"})
    await campaign.ok({"type": "contribute_entropy", "entropy": "Ana's post: for the Emperor"}, player)
    answer = await sealed(campaign, "3d10+1d5+2")
    roll = answer["version"]
    gm_saw = answer["result"]["secret_rolls"][0]
    online = (await campaign.get("/verify")).json()
    assert online["ok"] and online["sealed_rolls"] == 1 and online["sealed_unrevealed"] == [roll], online

    revealed = await campaign.ok({"type": "reveal_secret_roll", "seq": roll})
    event = revealed["events"][0]
    assert event["type"] == "secret_roll_revealed" and event["data"]["roll"] == roll
    assert event["data"]["dice"] == gm_saw["dice"] and event["data"]["total"] == gm_saw["total"]
    assert f"Sealed roll {roll} revealed: " in revealed["result"]["rendered"]["en"]
    assert f"Tirada secreta {roll} revelada: " in revealed["result"]["rendered"]["es"]
    online = (await campaign.get("/verify?rules=true")).json()
    assert online["ok"] and online["sealed_unrevealed"] == [] and online["dice_verified"] == 4, online
    await campaign.ok({"type": "end_session"})
    records = await export_to(campaign, tmp_path / "log.jsonl")
    assert cli(["verify", "--rules", str(tmp_path / "log.jsonl")]) == 0, capsys.readouterr().out
    documented = docs_verifier.verify_export((tmp_path / "log.jsonl").read_text())[campaign.id]
    assert documented.ok and documented.sealed_unrevealed == [], documented.problems
    # Once the epoch's seed is out, anyone derives the key from it (docs/fairness.md), by hand here.
    epoch = answer["events"][0]["data"]["epoch"]
    seed = bytes.fromhex(next(r["data"]["seed"] for r in records
                              if r.get("type") == "dice_seed_revealed" and r["data"]["epoch"] == epoch))
    key = hmac.new(seed, f"secret:{campaign.id}:{roll}".encode(), hashlib.sha256).digest()
    assert key.hex() == event["data"]["key"]


async def test_ending_the_session_reveals_every_sealed_roll_before_the_seed(campaign: Any, tmp_path: Path) -> None:
    await campaign.ok({"type": "start_session"})
    first = (await sealed(campaign, "4d6", "ambush"))["version"]
    second = (await sealed(campaign, "d100", "Awareness"))["version"]
    ended = await campaign.ok({"type": "end_session"})
    types = [e["type"] for e in ended["events"]]
    assert types == ["session_ended", "secret_roll_revealed", "secret_roll_revealed", "dice_seed_revealed",
                     "dice_seed_committed"], types
    assert [e["data"]["roll"] for e in ended["events"][1:3]] == [first, second]
    online = (await campaign.get("/verify?rules=true")).json()
    assert online["ok"] and online["sealed_rolls"] == 2 and online["sealed_unrevealed"] == [], online
    assert online["rules"]["not_replayable"] == 0


async def test_verify_names_the_sealed_rolls_not_yet_revealed(campaign: Any, tmp_path: Path, capsys: Any) -> None:
    roll = (await sealed(campaign))["version"]
    await export_to(campaign, tmp_path / "log.jsonl")
    assert cli(["verify", str(tmp_path / "log.jsonl")]) == 0
    out = capsys.readouterr().out
    assert f"sealed rolls: 1, not yet revealed: {roll}" in out, out
    assert cli(["verify", "--lang", "es", str(tmp_path / "log.jsonl")]) == 0
    assert f"tiradas secretas: 1, aún sin revelar: {roll}" in capsys.readouterr().out
    documented = docs_verifier.verify_export((tmp_path / "log.jsonl").read_text())[campaign.id]
    assert documented.ok and documented.sealed_unrevealed == [roll]


async def _revealed_export(campaign: Any, tmp_path: Path) -> list[dict[str, Any]]:
    await campaign.ok({"type": "start_session"})
    roll = (await sealed(campaign, "5d10"))["version"]
    await campaign.ok({"type": "reveal_secret_roll", "seq": roll})
    return await export_to(campaign, tmp_path / "log.jsonl")


def _caught(tmp_path: Path, capsys: Any, records: list[dict[str, Any]], problem: str, campaign: Any) -> None:
    text = write(tmp_path / "forged.jsonl", rechain(records[:-1]))
    assert cli(["verify", str(tmp_path / "forged.jsonl")]) == 1
    out = capsys.readouterr().out
    assert "hash chain intact" in out and problem in out, out
    assert not docs_verifier.verify_export(text)[campaign.id].ok


async def test_a_changed_face_in_a_rehashed_reveal_is_caught(campaign: Any, tmp_path: Path, capsys: Any) -> None:
    records = await _revealed_export(campaign, tmp_path)
    reveal = next(r for r in records if r.get("type") == "secret_roll_revealed")
    die = reveal["data"]["dice"][2]
    die["value"] = die["value"] % 10 + 1
    reveal["data"]["total"] = sum(d["value"] for d in reveal["data"]["dice"])  # a careful forger
    _caught(tmp_path, capsys, records, f"die k=2 (d10) shows {die['value']}, the key gives", campaign)


async def test_a_reveal_whose_key_does_not_match_the_commitment_is_caught(
    campaign: Any, tmp_path: Path, capsys: Any
) -> None:
    records = await _revealed_export(campaign, tmp_path)
    reveal = next(r for r in records if r.get("type") == "secret_roll_revealed")
    reveal["data"]["key"] = "00" * 32
    _caught(tmp_path, capsys, records, "its key does not match the roll's commitment", campaign)


async def test_a_reveal_with_a_chosen_key_and_its_own_commitment_is_caught_once_the_seed_is_out(
    campaign: Any, tmp_path: Path, capsys: Any
) -> None:
    """A forger who rewrites the commitment too, with faces of a key of its choice, is caught by the seed."""
    await campaign.ok({"type": "start_session"})
    roll = (await sealed(campaign, "d100"))["version"]
    await campaign.ok({"type": "end_session"})
    records = await export_to(campaign, tmp_path / "log.jsonl")
    sealed_event = next(r for r in records if r.get("seq") == roll)
    reveal = next(r for r in records if r.get("type") == "secret_roll_revealed")
    chosen = bytes(32)
    sealed_event["data"]["commitment"] = hashlib.sha256(chosen).hexdigest()
    entropy = sealed_event["data"]["entropy"]
    value = independent_die(chosen, campaign.id, roll, 0, 100, entropy)
    reveal["data"].update(key=chosen.hex(), dice=[{"k": 0, "sides": 100, "value": value}], total=value)
    _caught(tmp_path, capsys, records, "its key is not the one the seed of epoch", campaign)


async def test_a_sealed_roll_dropped_from_an_epochs_reveal_is_caught(
    campaign: Any, tmp_path: Path, capsys: Any
) -> None:
    await campaign.ok({"type": "start_session"})
    await sealed(campaign, "d100")
    await campaign.ok({"type": "end_session"})
    records = await export_to(campaign, tmp_path / "log.jsonl")
    kept = [r for r in records if r.get("type") != "secret_roll_revealed"]
    _caught(tmp_path, capsys, kept, "a sealed roll never revealed, though the seed of its epoch", campaign)


def _doc_secret_vectors() -> tuple[list[tuple[int, str, str, str, str]], dict[int, tuple[str, int]]]:
    text = FAIRNESS.read_text()
    section = text[text.index("## Secret rolls"):text.index("## How to check")]
    keys = re.findall(r"^\| (\d+) \| `([^`]+)` \| (\d+|algorithm 1) \| `([0-9a-f]{64})` \| `([0-9a-f]{64})` \|$",
                      section, re.M)
    dice = re.findall(r"^\| (\d+) \| `([^`]+)` \| (\d+) \|$", section, re.M)
    return ([(int(n), e, c, k, m) for n, e, c, k, m in keys], {int(n): (d, int(t)) for n, d, t in dice})


def test_the_documented_secret_roll_vectors_recompute_from_the_doc_alone() -> None:
    """The key, commitment, dice and total of each example, from docs/fairness.md's words, not the service's code."""
    keys, dice = _doc_secret_vectors()
    assert len(keys) == 2 and set(dice) == {n for n, *_ in keys}
    after_one = hashlib.sha256(bytes(32) + hashlib.sha256(b"for the Emperor").digest()).hexdigest()
    for nonce, expression, contributions, key_hex, commitment in keys:
        key = hmac.new(SEED, f"secret:{CAMPAIGN}:{nonce}".encode(), hashlib.sha256).digest()
        assert key.hex() == key_hex and hashlib.sha256(key).hexdigest() == commitment
        entropy = after_one if contributions == "1" else None
        terms = docs_verifier_terms(expression)
        got, total = docs_verifier.secret_dice(key, CAMPAIGN, nonce, terms, entropy)
        listed, documented_total = dice[nonce]
        assert " ".join(f"({k}, {s}, {v})" for k, s, v in got) == listed and total == documented_total
        # The service's own implementation agrees with the document.
        from service.dice_source import roll_key
        assert roll_key(SEED, CAMPAIGN, nonce) == key


def docs_verifier_terms(expression: str) -> list[dict[str, int]]:
    """The two documented expressions as terms, by hand (`NdX` and constants joined by +)."""
    terms = []
    for part in expression.split("+"):
        if "d" in part:
            count, sides = part.split("d")
            terms.append({"sign": 1, "count": int(count or 1), "sides": int(sides), "constant": 0})
        else:
            terms.append({"sign": 1, "count": 0, "sides": 0, "constant": int(part)})
    return terms


async def test_a_retried_secret_roll_answers_the_same_faces_to_its_gm(campaign: Any) -> None:
    body = {"type": "roll", "expression": "10d100", "reason": "Awareness", "secret": True}
    first = await campaign.command(body, **{"Idempotency-Key": "secret-1"})
    again = await campaign.command(body, **{"Idempotency-Key": "secret-1"})
    assert first.status_code == 201 and again.status_code == 200, again.text
    assert again.json()["result"]["secret_rolls"] == first.json()["result"]["secret_rolls"]
    assert json.loads(again.text)["replayed"] is True


async def test_a_gms_secret_roll_in_a_forum_post_shows_its_faces_to_the_gm_and_not_in_the_reply(
    campaign: Any,
) -> None:
    response = await campaign.client.post(f"/campaigns/{campaign.id}/posts", headers=campaign.auth(), json={
        "post": {"id": "gm-1", "author": "GM"}, "text": "The servitor listens.\n!tirada secreta 30d1000 Percepción"})
    assert response.status_code == 201, response.text
    answer = response.json()
    line = answer["results"][0]
    faces = [d["value"] for d in line["result"]["secret_rolls"][0]["dice"]]
    assert len(faces) == 30 and line["result"]["secret_rolls"][0]["seq"] == line["result"]["seqs"][0]
    assert "Tirada secreta 30d1000 (Percepción) del DJ" in answer["reply"]["markdown"]
    shown = ", ".join(str(face) for face in faces[:3])
    assert shown not in answer["reply"]["markdown"] and shown not in answer["reply"]["bbcode"]
    assert all("value" not in json.dumps(event["data"]) for event in answer["events"])
