"""Auditing: export, offline verification of chain and dice, and detection of tampering."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import asyncpg

from service.cli import main as cli


async def export_to(campaign: Any, path: Path) -> list[dict[str, Any]]:
    response = await campaign.get("/export")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/jsonl")
    path.write_text(response.text)
    return [json.loads(line) for line in response.text.splitlines()]


async def test_new_user_flow_ends_with_every_die_verified_offline(
    campaign: Any, tmp_path: Path, capsys: Any
) -> None:
    player = await campaign.invite("Ana", "player")
    await campaign.ok({"type": "start_session", "title": "Session 1"})
    await campaign.ok({"type": "create_character", "name": "Brother Kai", "id": "kai"}, player)
    await campaign.ok({"type": "roll", "expression": "d100", "reason": "BS test", "character_id": "kai"}, player)
    await campaign.ok({"type": "roll", "expression": "2d10+1d5+4", "reason": "bolter damage", "post": {"id": "p-2"}}, player)
    events = (await campaign.get("/events")).json()["events"]
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    await campaign.ok({"type": "end_session"})

    records = await export_to(campaign, tmp_path / "log.jsonl")
    assert {"campaign_id", "seq", "global_position", "type", "schema_version", "data", "meta", "idempotency_key",
            "recorded_at", "prev_hash", "hash"} <= set(records[0])
    assert cli(["verify", str(tmp_path / "log.jsonl")]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"OK campaign {campaign.id}")
    assert "dice: 4 verified, 0 in epochs not yet revealed" in out

    online = (await campaign.get("/verify")).json()
    assert online["ok"] is True and online["dice_verified"] == 4


async def test_unrevealed_dice_are_pending_not_verified(campaign: Any, tmp_path: Path, capsys: Any) -> None:
    await campaign.ok({"type": "roll", "expression": "3d6", "reason": "x"})
    await export_to(campaign, tmp_path / "log.jsonl")
    assert cli(["verify", str(tmp_path / "log.jsonl")]) == 0
    assert "dice: 0 verified, 3 in epochs not yet revealed" in capsys.readouterr().out


async def test_edited_export_fails_offline_verification(campaign: Any, tmp_path: Path, capsys: Any) -> None:
    await campaign.ok({"type": "roll", "expression": "d100", "reason": "x"})
    await campaign.ok({"type": "reveal_dice_seed"})
    records = await export_to(campaign, tmp_path / "log.jsonl")
    records[3]["data"]["dice"][0]["value"] = records[3]["data"]["dice"][0]["value"] % 100 + 1
    (tmp_path / "bad.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    assert cli(["verify", str(tmp_path / "bad.jsonl")]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "event 4: hash mismatch" in out and "the seed gives" in out


async def test_hidden_die_is_reported(campaign: Any, tmp_path: Path, capsys: Any) -> None:
    await campaign.ok({"type": "roll", "expression": "2d10", "reason": "x"})
    await campaign.ok({"type": "reveal_dice_seed"})
    records = await export_to(campaign, tmp_path / "log.jsonl")
    # Re-chain after dropping die k=0, as a forger with the whole file would: the gap still shows.
    from service import chain

    records[3]["data"]["dice"] = records[3]["data"]["dice"][1:]
    prev = chain.GENESIS
    for record in records:
        record["prev_hash"] = prev
        record["hash"] = prev = chain.link(prev, record)
    (tmp_path / "forged.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    assert cli(["verify", str(tmp_path / "forged.jsonl")]) == 1
    assert "a die is missing" in capsys.readouterr().out


async def test_verify_detects_an_event_altered_behind_the_services_back(campaign: Any, database_url: str) -> None:
    await campaign.ok({"type": "gm_note", "text": "the warboss has 20 wounds"})
    assert (await campaign.get("/verify")).json()["ok"] is True
    owner = await asyncpg.connect(database_url)
    try:
        await owner.execute("ALTER TABLE events DISABLE TRIGGER events_no_update_or_delete")
        await owner.execute("""UPDATE events SET data = '{"text": "the warboss has 2 wounds"}' WHERE seq = 4""")
        await owner.execute("ALTER TABLE events ENABLE TRIGGER events_no_update_or_delete")
    finally:
        await owner.close()
    report = (await campaign.get("/verify")).json()
    assert report["ok"] is False
    assert "event 4: hash mismatch; the event was altered after it was written" in report["problems"]


async def test_verify_cli_refuses_a_file_that_is_not_an_export(tmp_path: Path, capsys: Any) -> None:
    (tmp_path / "x.jsonl").write_text("not json\n")
    assert cli(["verify", str(tmp_path / "x.jsonl")]) == 2
    assert "line 1 is not JSON" in capsys.readouterr().err


async def test_cli_export_writes_the_same_lines_as_the_api(
    campaign: Any, tmp_path: Path, database_url: str, monkeypatch: Any
) -> None:
    await campaign.ok({"type": "roll", "expression": "d100", "reason": "x"})
    api_lines = (await campaign.get("/export")).text
    monkeypatch.setenv("DATABASE_URL", database_url)
    import asyncio

    code = await asyncio.to_thread(cli, ["export", campaign.id, "-o", str(tmp_path / "cli.jsonl")])
    assert code == 0
    assert (tmp_path / "cli.jsonl").read_text() == api_lines
