"""Auditing: export, offline verification of chain and dice, and detection of tampering in both directions.

Every forgery below is checked by the service's verifier (`lexmechanic verify`) and by the small
verifier written from the documents alone (tests/support/docs_verifier.py): both must catch it, and
both must pass the honest export it was made from.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from service import chain
from service.cli import main as cli
from tests.support import docs_verifier

Records = list[dict[str, Any]]


async def export_to(campaign: Any, path: Path) -> Records:
    """The export's lines as records; the last one is the head record."""
    response = await campaign.get("/export")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/jsonl")
    path.write_text(response.text)
    return [json.loads(line) for line in response.text.splitlines()]


def write(path: Path, records: Records) -> str:
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    path.write_text(text)
    return text


def rechain(records: Records) -> Records:
    """What a forger holding the whole file does: renumber, rehash every event, fix the head record."""
    events = [r for r in records if "campaign_id" in r]
    prev = chain.GENESIS
    for seq, record in enumerate(events, start=1):
        record["seq"], record["prev_hash"] = seq, prev
        record["hash"] = prev = chain.link(prev, record)
    head = {"head": {"campaign_id": events[0]["campaign_id"], "version": len(events), "head_hash": prev}}
    return [*events, head]


async def played(campaign: Any) -> None:
    """A small honest session: a note, rolls, a player, entropy, and a reveal."""
    player = await campaign.invite("Ana", "player")
    await campaign.ok({"type": "start_session", "title": "Session 1"})
    await campaign.ok({"type": "create_character", "name": "Brother Kai", "id": "kai"}, player)
    await campaign.ok({"type": "contribute_entropy", "entropy": "Ana's post #12: for the Emperor"}, player)
    await campaign.ok({"type": "roll", "expression": "d100", "reason": "BS test", "character_id": "kai"}, player)
    await campaign.ok({"type": "gm_note", "text": "the warboss has 20 wounds"})
    await campaign.ok({"type": "roll", "expression": "2d10+1d5+4", "reason": "bolter damage", "post": {"id": "p-2"}})
    await campaign.ok({"type": "end_session"})


def seq_of(records: Records, kind: str, nth: int = 0) -> int:
    return [r for r in records if r.get("type") == kind][nth]["seq"]


async def test_new_user_flow_ends_with_every_die_verified_offline(campaign: Any, tmp_path: Path, capsys: Any) -> None:
    await played(campaign)
    records = await export_to(campaign, tmp_path / "log.jsonl")
    assert {"campaign_id", "seq", "global_position", "type", "schema_version", "data", "meta", "idempotency_key",
            "recorded_at", "prev_hash", "hash"} <= set(records[0])
    head = records[-1]["head"]
    assert (head["campaign_id"], head["version"], head["head_hash"]) == (campaign.id, len(records) - 1, records[-2]["hash"])
    assert cli(["verify", str(tmp_path / "log.jsonl")]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"OK campaign {campaign.id}")
    assert "dice: 4 verified, 0 in epochs not yet revealed" in out and "entropy contributions: 1" in out

    online = (await campaign.get("/verify")).json()
    assert online["ok"] is True and online["dice_verified"] == 4
    assert online["head"] == {"version": head["version"], "head_hash": head["head_hash"]}
    documented = docs_verifier.verify_export((tmp_path / "log.jsonl").read_text())[campaign.id]
    assert documented.ok and (documented.dice_verified, documented.dice_pending) == (4, 0)


async def test_unrevealed_dice_are_pending_not_verified(campaign: Any, tmp_path: Path, capsys: Any) -> None:
    await campaign.ok({"type": "roll", "expression": "3d6", "reason": "x"})
    await export_to(campaign, tmp_path / "log.jsonl")
    assert cli(["verify", str(tmp_path / "log.jsonl")]) == 0
    assert "dice: 0 verified, 3 in epochs not yet revealed" in capsys.readouterr().out


def _alter_note(records: Records) -> None:
    note = next(r for r in records if r.get("type") == "gm_noted")
    note["data"]["text"] = "the warboss has 2 wounds"


def _alter_die(records: Records) -> None:
    roll = [r for r in records if r.get("type") == "dice_rolled"][-1]
    roll["data"]["dice"][0]["value"] = roll["data"]["dice"][0]["value"] % 10 + 1


def _forge_die(records: Records) -> Records:
    _alter_die(records)
    return rechain(records)


def _hide_die(records: Records) -> Records:
    roll = [r for r in records if r.get("type") == "dice_rolled"][-1]
    roll["data"]["dice"] = roll["data"]["dice"][1:]
    return rechain(records)


def _drop_middle(records: Records) -> Records:
    return [r for r in records if r.get("type") != "gm_noted"]


def _drop_middle_rechained(records: Records) -> Records:
    # Renumbered and rehashed: the rolls after the gap no longer sit at their nonces.
    return rechain([r for r in records if r.get("type") != "gm_noted"])


def _drop_tail(records: Records) -> Records:
    return [*records[:-2], records[-1]]


def _forge_entropy(records: Records) -> Records:
    contribution = next(r for r in records if r.get("type") == "entropy_contributed")
    contribution["data"]["entropy"] = "something else"
    return rechain(records)


def _forge_roll_into_revealed_epoch(records: Records) -> Records:
    # A roll made with a seed everybody already knows: dice of epoch 1 after its reveal.
    roll = next(r for r in records if r.get("type") == "dice_rolled")
    roll["meta"]["dice"]["epoch"] = 1
    return rechain(records)


FORGERIES: dict[str, tuple[Callable[[Records], Records | None], str]] = {
    "altered data": (_alter_note, "hash mismatch; the event was altered after it was written"),
    "altered die": (_alter_die, "the seed gives"),
    "forged die, chain rehashed": (_forge_die, "the seed gives"),
    "hidden die, chain rehashed": (_hide_die, "are not 0..n-1; a die is missing"),
    "dropped middle event": (_drop_middle, "the stream has a gap or a duplicate"),
    "dropped middle event, chain rehashed": (_drop_middle_rechained, "is not the seq of the command's first event"),
    "dropped tail": (_drop_tail, "the last 1 event(s) were removed (a truncated tail)"),
    "forged entropy, chain rehashed": (_forge_entropy, "is not the epoch's digest after this contribution"),
    "dice of a revealed epoch": (_forge_roll_into_revealed_epoch, "but the active secret epoch was"),
}


@pytest.mark.parametrize("forgery", sorted(FORGERIES))
async def test_every_forgery_fails_both_verifiers(campaign: Any, tmp_path: Path, capsys: Any, forgery: str) -> None:
    await played(campaign)
    records = await export_to(campaign, tmp_path / "log.jsonl")
    change, problem = FORGERIES[forgery]
    forged = change(records) or records
    text = write(tmp_path / "forged.jsonl", forged)
    assert cli(["verify", str(tmp_path / "forged.jsonl")]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and problem in out, out
    # Edits without rehashing break the chain; a forger who rehashes keeps it intact, and is caught anyway.
    broken = forgery in ("altered data", "altered die", "dropped middle event")
    assert ("hash chain BROKEN" if broken else "hash chain intact") in out, out
    assert not docs_verifier.verify_export(text)[campaign.id].ok


async def test_a_truncated_tail_with_a_fixed_head_record_is_caught_by_a_witnessed_head(
    campaign: Any, tmp_path: Path, capsys: Any
) -> None:
    await played(campaign)
    answer = await campaign.ok({"type": "gm_note", "text": "witnessed in the forum"})
    witnessed = f"{answer['version']}:{answer['head_hash']}"
    records = await export_to(campaign, tmp_path / "log.jsonl")
    assert cli(["verify", str(tmp_path / "log.jsonl"), "--expect", witnessed, "--expect", f"3:{records[2]['hash'][:16]}"]) == 0
    assert "witnessed heads: 2 found" in capsys.readouterr().out

    cut = rechain(records[:-2])  # the newest event dropped and the head record made to agree
    text = write(tmp_path / "cut.jsonl", cut)
    assert cli(["verify", str(tmp_path / "cut.jsonl")]) == 0  # alone, the file looks whole ...
    capsys.readouterr()
    assert cli(["verify", str(tmp_path / "cut.jsonl"), "--expect", witnessed]) == 1  # ... the forum post says not
    assert f"the head witnessed at seq {answer['version']} (--expect) is missing" in capsys.readouterr().out
    assert not docs_verifier.verify_export(text, ((answer["version"], answer["head_hash"]),))[campaign.id].ok

    rewritten = rechain([*records[:-2], {**records[-2], "data": {"text": "never said"}}])
    write(tmp_path / "rewritten.jsonl", rewritten)
    assert cli(["verify", str(tmp_path / "rewritten.jsonl"), "--expect", witnessed]) == 1
    assert "the log was rewritten" in capsys.readouterr().out


async def test_verify_refuses_a_malformed_expectation(campaign: Any, tmp_path: Path, capsys: Any) -> None:
    await export_to(campaign, tmp_path / "log.jsonl")
    assert cli(["verify", str(tmp_path / "log.jsonl"), "--expect", "3:abc"]) == 2
    assert "--expect takes SEQ:HASH" in capsys.readouterr().err


async def test_an_export_without_its_head_record_is_reported(campaign: Any, tmp_path: Path, capsys: Any) -> None:
    records = await export_to(campaign, tmp_path / "log.jsonl")
    write(tmp_path / "headless.jsonl", records[:-1])
    assert cli(["verify", str(tmp_path / "headless.jsonl")]) == 1
    assert "the export has no head record for this campaign" in capsys.readouterr().out


@pytest.mark.tampered
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


@pytest.mark.tampered
async def test_verify_reports_a_tail_deleted_by_the_superuser(campaign: Any, database_url: str, tmp_path: Path,
                                                              capsys: Any) -> None:
    await campaign.ok({"type": "roll", "expression": "d100", "reason": "the last word"})
    owner = await asyncpg.connect(database_url)
    try:
        await owner.execute("SET session_replication_role = replica")  # what only a superuser can do
        await owner.execute("DELETE FROM events WHERE campaign_id = $1 AND seq = 4", campaign.id)
    finally:
        await owner.close()
    response = await campaign.get("/verify")
    assert response.status_code == 200
    report = response.json()
    assert report["ok"] is False and report["events"] == 3 and report["head"]["version"] == 4
    assert any("the log ends at seq 3" in p and "truncated tail" in p for p in report["problems"])
    # The export still ends with the head the database claims, so the file shows it too.
    await export_to(campaign, tmp_path / "log.jsonl")
    assert cli(["verify", str(tmp_path / "log.jsonl")]) == 1
    assert "the last 1 event(s) were removed (a truncated tail)" in capsys.readouterr().out


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


def test_offline_verification_holds_one_line_at_a_time(tmp_path: Path) -> None:
    """20,000 events (a 10 MB file) are checked with a peak far below the file's size: it streams."""
    import tracemalloc

    from service.audit_file import verify_file

    campaign_id = "3f2c1b9e-7d4a-4c2b-9e1f-0a5b6c7d8e9f"
    prev = chain.GENESIS
    with (tmp_path / "big.jsonl").open("w") as file:
        for seq in range(1, 20_001):
            record = {"campaign_id": campaign_id, "seq": seq, "global_position": seq, "type": "gm_noted",
                      "schema_version": 1, "data": {"text": f"note {seq} " + "x" * 300},
                      "meta": {"actor": "gm", "command_id": f"c{seq}"}, "idempotency_key": None,
                      "recorded_at": "2026-01-01T00:00:00.000000Z"}
            record["prev_hash"], record["hash"] = prev, chain.link(prev, record)
            prev = record["hash"]
            file.write(json.dumps(record) + "\n")
        file.write(json.dumps({"head": {"campaign_id": campaign_id, "version": 20_000, "head_hash": prev}}) + "\n")
    size = (tmp_path / "big.jsonl").stat().st_size
    tracemalloc.start()
    (report,) = verify_file(tmp_path / "big.jsonl")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert report.ok and report.events == 20_000
    assert peak < size / 20, (peak, size)


async def test_a_witnessed_head_inside_a_broken_chain_is_found_but_not_confirmed(
    campaign: Any, tmp_path: Path, capsys: Any
) -> None:
    """Issue 21 item 10: `verify` said "witnessed heads: 1 found" for a head after an altered event."""
    await played(campaign)
    answer = await campaign.ok({"type": "gm_note", "text": "witnessed in the forum"})
    records = await export_to(campaign, tmp_path / "log.jsonl")
    records[2]["data"]["altered"] = True  # an early event edited, not rehashed: the chain breaks there
    write(tmp_path / "altered.jsonl", records)
    assert cli(["verify", str(tmp_path / "altered.jsonl"), "--expect", f"{answer['version']}:{answer['head_hash']}"]) == 1
    out = capsys.readouterr().out
    assert "hash chain BROKEN" in out
    assert "witnessed heads: 0 found, 1 not confirmed (inside the broken chain)" in out
    assert cli(["verify", str(tmp_path / "altered.jsonl"), "--lang", "es", "--expect",
                f"{answer['version']}:{answer['head_hash']}"]) == 1
    assert "cabezas atestiguadas: 0 encontradas, 1 sin confirmar (dentro de la cadena rota)" in capsys.readouterr().out
