"""Secret rules tests (issue 19, item 2): an NPC's Awareness and a Wrath & Glory skill test sealed by the GM, the
outcome bound at the seal, revealed as sealed whatever the GM changed in between, checked by every verifier.

docs/fairness.md, "Secret rules tests", is the contract; tests/support/docs_verifier.py checks it from the
documents alone.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path
from typing import Any

from service.cli import main as cli
from tests.service.test_audit import export_to
from tests.support import docs_verifier

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
