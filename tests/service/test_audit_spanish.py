"""A Spanish-speaking auditor reads every problem in Spanish: `lexmechanic verify --lang es` and `/verify?lang=es`.

The forgeries are test_audit.py's; each problem the verifier finds must come out in Spanish with no
English sentence left, while the English answers stay as they were (test_audit.py checks those).
"""

from __future__ import annotations

import copy
import hashlib
import re
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from service import chain
from service.audit_file import verify_file
from service.cli import main as cli
from service.verification import CampaignVerifier, seeds_from
from service.verification_said import Said
from tests.service.test_audit import FORGERIES, export_to, played, rechain, seq_of, write

# Words of the English sentences that no Spanish sentence uses; the field names the Spanish keeps as written
# (seq, prev_hash, meta.dice.entropy, k, sides, value, nonce, hash, --expect) are not among them.
ENGLISH = re.compile(
    r"\b(the|is|are|was|were|not|of|but|which|has|with|without|event|events|epoch|die|command|seed|removed|does|"
    r"cannot|mismatch|shows|gives|never|before|after|head|record|line|log|missing|rewritten|witnessed|expected)\b"
)


def problem_lines(out: str) -> list[str]:
    return [line[4:] for line in out.splitlines() if line.startswith("  - ")]


def assert_spanish(lines: list[str]) -> None:
    assert lines
    for line in lines:
        assert not ENGLISH.search(line), line


@pytest.mark.parametrize("forgery", sorted(FORGERIES))
async def test_every_forgery_is_reported_in_spanish_with_no_english_left(
    campaign: Any, tmp_path: Path, capsys: Any, forgery: str
) -> None:
    await played(campaign)
    records = await export_to(campaign, tmp_path / "log.jsonl")
    change, _ = FORGERIES[forgery]
    forged = change(records) or records
    write(tmp_path / "forged.jsonl", forged)
    assert cli(["verify", str(tmp_path / "forged.jsonl"), "--lang", "es"]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"FALLIDA campaña {campaign.id}: ") and "cadena de hashes" in out, out
    assert "FAILED" not in out and "hash chain" not in out
    spanish = problem_lines(out)
    assert_spanish(spanish)
    # The same problems as the English report, one for one, each said in both languages at the place found.
    (report,) = verify_file(tmp_path / "forged.jsonl")
    assert spanish == [p.es for p in report.problems]
    assert all(p.en != p.es and p.en not in out for p in report.problems)
    assert cli(["verify", str(tmp_path / "forged.jsonl")]) == 1
    assert problem_lines(capsys.readouterr().out) == [p.en for p in report.problems]


async def test_spanish_problems_read_as_a_person_writes_them(campaign: Any, tmp_path: Path, capsys: Any) -> None:
    await played(campaign)
    records = await export_to(campaign, tmp_path / "log.jsonl")
    assert seq_of(records, "gm_noted") == 11 and seq_of(records, "dice_rolled", 1) == 12 and len(records) == 16

    altered = copy.deepcopy(records)
    next(r for r in altered if r.get("type") == "gm_noted")["data"]["text"] = "the warboss has 2 wounds"
    write(tmp_path / "altered.jsonl", altered)
    assert cli(["verify", str(tmp_path / "altered.jsonl"), "--lang", "es"]) == 1
    out = capsys.readouterr().out
    assert "cadena de hashes ROTA" in out
    # One problem only: event 12 still names the hash event 11 was written with.
    assert problem_lines(out) == ["evento 11: el hash no coincide; el evento se alteró después de escribirse"]

    hidden = copy.deepcopy(records)
    roll = [r for r in hidden if r.get("type") == "dice_rolled"][-1]
    roll["data"]["dice"] = roll["data"]["dice"][1:]
    write(tmp_path / "hidden.jsonl", rechain(hidden))
    assert cli(["verify", str(tmp_path / "hidden.jsonl"), "--lang", "es"]) == 1
    out = capsys.readouterr().out
    assert "cadena de hashes intacta" in out
    assert "  - la orden del evento 12: los números de dado [1, 2] no son 0..n-1; falta un dado\n" in out

    write(tmp_path / "cut.jsonl", [*records[:-2], records[-1]])
    assert cli(["verify", str(tmp_path / "cut.jsonl"), "--lang", "es"]) == 1
    assert ("  - la línea de cabeza de la exportación (línea 15) está en la versión 15, pero el registro termina en "
            "el seq 14: se eliminó el último evento (una cola truncada)\n") in capsys.readouterr().out


async def test_witnessed_heads_and_a_missing_head_record_are_reported_in_spanish(
    campaign: Any, tmp_path: Path, capsys: Any
) -> None:
    await played(campaign)
    answer = await campaign.ok({"type": "gm_note", "text": "witnessed in the forum"})
    witnessed = f"{answer['version']}:{answer['head_hash']}"
    records = await export_to(campaign, tmp_path / "log.jsonl")
    assert cli(["verify", str(tmp_path / "log.jsonl"), "--expect", witnessed, "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"OK campaña {campaign.id}: 16 eventos, cadena de hashes intacta, ")
    assert "cabezas atestiguadas: 1 encontradas" in out and "dados: 4 verificados, 0 en épocas aún sin revelar" in out

    write(tmp_path / "cut.jsonl", rechain(records[:-2]))
    assert cli(["verify", str(tmp_path / "cut.jsonl"), "--expect", witnessed, "--lang", "es"]) == 1
    out = capsys.readouterr().out
    assert ("  - falta la cabeza atestiguada en el seq 16 (--expect): el registro termina en el seq 15, así que "
            "se eliminaron eventos\n") in out
    assert_spanish(problem_lines(out))

    write(tmp_path / "rewritten.jsonl", rechain([*records[:-2], {**records[-2], "data": {"text": "never said"}}]))
    assert cli(["verify", str(tmp_path / "rewritten.jsonl"), "--expect", witnessed, "--lang", "es"]) == 1
    out = capsys.readouterr().out
    assert "atestiguada en el seq 16 (--expect): el registro se reescribió" in out
    assert_spanish(problem_lines(out))

    write(tmp_path / "headless.jsonl", records[:-1])
    assert cli(["verify", str(tmp_path / "headless.jsonl"), "--lang", "es"]) == 1
    assert ("  - la exportación no tiene línea de cabeza de esta campaña: el archivo se cortó, o no es una "
            "exportación\n") in capsys.readouterr().out


async def test_a_file_that_cannot_be_verified_is_refused_in_spanish(tmp_path: Path, capsys: Any) -> None:
    (tmp_path / "x.jsonl").write_text("not json\n")
    assert cli(["verify", str(tmp_path / "x.jsonl"), "--lang", "es"]) == 2
    assert capsys.readouterr().err.startswith(f"no se puede verificar {tmp_path / 'x.jsonl'}: la línea 1 no es JSON: ")
    (tmp_path / "head.jsonl").write_text('{"nothing": 1}\n')
    assert cli(["verify", str(tmp_path / "head.jsonl"), "--lang", "es"]) == 2
    assert "la línea 1 no es ni un evento exportado ni una línea de cabeza" in capsys.readouterr().err
    assert cli(["verify", str(tmp_path / "x.jsonl"), "--expect", "3:abc", "--lang", "es"]) == 2
    assert "--expect admite SEQ:HASH o CAMPAÑA:SEQ:HASH" in capsys.readouterr().err
    (tmp_path / "empty.jsonl").write_text("")
    assert cli(["verify", str(tmp_path / "empty.jsonl"), "--lang", "es"]) == 2
    assert capsys.readouterr().err == f"{tmp_path / 'empty.jsonl'} no contiene eventos\n"


async def _alter_note_in_the_database(database_url: str, campaign_id: str, seq: int) -> None:
    owner = await asyncpg.connect(database_url)
    try:
        await owner.execute("ALTER TABLE events DISABLE TRIGGER events_no_update_or_delete")
        await owner.execute("""UPDATE events SET data = '{"text": "the warboss has 2 wounds"}'
                               WHERE campaign_id = $1 AND seq = $2""", campaign_id, seq)
        await owner.execute("ALTER TABLE events ENABLE TRIGGER events_no_update_or_delete")
    finally:
        await owner.close()


@pytest.mark.tampered
async def test_verify_answers_its_problems_in_the_language_asked_for(campaign: Any, database_url: str) -> None:
    await campaign.ok({"type": "gm_note", "text": "the warboss has 20 wounds"})
    await _alter_note_in_the_database(database_url, campaign.id, 4)
    english = await campaign.get("/verify")
    assert english.headers["content-language"] == "en" and "Accept-Language" in english.headers["vary"]
    expected_en = "event 4: hash mismatch; the event was altered after it was written"
    assert english.json()["problems"] == [expected_en]
    auth = campaign.auth()
    asked = await campaign.client.get(f"/campaigns/{campaign.id}/verify?lang=es", headers=auth)
    browser = await campaign.client.get(f"/campaigns/{campaign.id}/verify",
                                        headers={**auth, "Accept-Language": "es-ES,es;q=0.9,en;q=0.5"})
    for spanish in (asked, browser):
        assert spanish.status_code == 200 and spanish.headers["content-language"] == "es"
        body = spanish.json()
        # The same public keys and numbers as the English answer: only the sentences change.
        assert body == {**english.json(), "problems": ["evento 4: el hash no coincide; el evento se alteró después de "
                                                       "escribirse"]}
    # English on a tie, and `?lang=en` over the header, as for every problem document.
    tie = await campaign.client.get(f"/campaigns/{campaign.id}/verify", headers={**auth, "Accept-Language": "es, en"})
    over = await campaign.client.get(f"/campaigns/{campaign.id}/verify?lang=en",
                                     headers={**auth, "Accept-Language": "es"})
    for answer in (tie, over):
        assert answer.headers["content-language"] == "en" and answer.json()["problems"] == [expected_en]


@pytest.mark.tampered
async def test_verify_of_a_truncated_tail_is_spanish_from_the_head_row(campaign: Any, database_url: str) -> None:
    await campaign.ok({"type": "roll", "expression": "d100", "reason": "the last word"})
    owner = await asyncpg.connect(database_url)
    try:
        await owner.execute("SET session_replication_role = replica")
        await owner.execute("DELETE FROM events WHERE campaign_id = $1 AND seq = 4", campaign.id)
    finally:
        await owner.close()
    body = (await campaign.get("/verify?lang=es")).json()
    assert body["ok"] is False and body["events"] == 3
    assert body["problems"] == ["la fila de cabeza de la campaña está en la versión 4, pero el registro termina en el "
                                "seq 3: se eliminó el último evento (una cola truncada)"]


# --- Problems no export of the service can show, from records written by hand ------------------------------

CAMPAIGN = "3f2c1b9e-7d4a-4c2b-9e1f-0a5b6c7d8e9f"
SEED = "11" * 32


def hand_written(*events: tuple[str, dict[str, Any], dict[str, Any]]) -> list[dict[str, Any]]:
    """Chained records of these (type, data, meta), as an export would hold them."""
    records, prev = [], chain.GENESIS
    for seq, (kind, data, meta) in enumerate(events, start=1):
        record = {"campaign_id": CAMPAIGN, "seq": seq, "type": kind, "schema_version": 1, "data": data, "meta": meta,
                  "idempotency_key": None, "recorded_at": "2026-01-01T00:00:00.000000Z", "prev_hash": prev}
        record["hash"] = prev = chain.link(prev, record)
        records.append(record)
    return records


def commit(epoch: Any, algorithm: Any = 1, seed: str = SEED) -> tuple[str, dict[str, Any], dict[str, Any]]:
    commitment = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    return "dice_seed_committed", {"epoch": epoch, "commitment": commitment, "algorithm": algorithm}, {}


def rolled(dice: list[dict[str, Any]], command: str, provenance: dict[str, Any] | None) -> tuple[str, dict[str, Any],
                                                                                                  dict[str, Any]]:
    meta: dict[str, Any] = {"command_id": command, **({"dice": provenance} if provenance is not None else {})}
    return "dice_rolled", {"dice": dice}, meta


HAND_WRITTEN: dict[str, tuple[list[dict[str, Any]], str]] = {
    "epoch committed twice": (hand_written(commit(1), commit(1)),
                              "evento 2: la época de dados 1 se compromete dos veces o no es un número"),
    "unknown algorithm": (hand_written(commit(1, 9)),
                          "evento 1: la época 1 nombra el algoritmo de dados 9, desconocido"),
    "reveal never committed": (hand_written(("dice_seed_revealed", {"epoch": 5, "seed": SEED}, {})),
                               "evento 1: se revela una semilla de la época 5, que nunca se comprometió"),
    "reveal against its commitment": (
        hand_written(commit(1), ("dice_seed_revealed", {"epoch": 1, "seed": "22" * 32}, {})),
        "evento 2: la semilla revelada de la época 1 no coincide con su compromiso"),
    "entropy to algorithm 1": (
        hand_written(commit(1), ("entropy_contributed", {"epoch": 1, "entropy": "x", "digest": "0"}, {})),
        "evento 2: entropía aportada a la época 1, que no es la época activa y secreta del algoritmo de dados 2"),
    "entropy not a string": (
        hand_written(commit(1, 2), ("entropy_contributed", {"epoch": 1, "entropy": 5, "digest": "0"}, {})),
        "evento 2: la entropía aportada no es una cadena de texto"),
    "faces": (
        hand_written(commit(1), rolled([{"k": 0, "sides": 6, "value": 9}], "c", {"epoch": 1, "nonce": 2}),
                     rolled([{"k": 0, "sides": 6, "value": 2}, {"k": 1, "sides": 6, "value": "3"}], "c",
                            {"epoch": 1, "nonce": 3})),
        "evento 3: el dado k=0 está registrado dos veces con caras distintas"),
    "dice without provenance": (hand_written(rolled([{"k": 0, "sides": 6, "value": 2}], "c", None)),
                                "la orden del evento 1: dados sin época ni nonce en meta.dice"),
    "dice of no epoch": (hand_written(rolled([{"k": 0, "sides": 6, "value": 2}], "c", {"epoch": 7, "nonce": 1})),
                         "la orden del evento 1: dados de la época 7, que no se comprometió antes de ella"),
}


@pytest.mark.parametrize("case", sorted(HAND_WRITTEN))
def test_problems_of_hand_written_logs_are_spanish_too(case: str) -> None:
    records, expected = HAND_WRITTEN[case]
    verifier = CampaignVerifier(CAMPAIGN, seeds_from(records))
    for record in records:
        verifier.add(record)
    verifier.head(-1, "0", Said("the export's head record (line 9)", "la línea de cabeza de la exportación (línea 9)"))
    report = verifier.finish()
    spanish = [p.es for p in report.problems]
    assert expected in spanish, spanish
    assert "la línea de cabeza de la exportación (línea 9): la versión -1 no es una versión" in spanish
    assert_spanish(spanish)
    assert all(ENGLISH.search(p.en) for p in report.problems)  # and the English is still English


def test_a_record_that_cannot_be_hashed_and_a_log_longer_than_its_head_are_spanish() -> None:
    records = hand_written(("gm_noted", {"text": "a"}, {}), ("gm_noted", {"text": "b"}, {}))
    del records[1]["recorded_at"]
    verifier = CampaignVerifier(CAMPAIGN, {})
    for record in records:
        verifier.add(record)
    verifier.head(1, records[0]["hash"], Said("the campaign's head row", "la fila de cabeza de la campaña"))
    spanish = [p.es for p in verifier.finish().problems]
    assert spanish == ["evento 2: no se puede calcular su hash ('recorded_at')",
                       "la fila de cabeza de la campaña está en la versión 1, pero el registro sigue hasta el seq 2"]
