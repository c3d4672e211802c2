"""A Spanish-speaking auditor reads every problem in Spanish: `lexmechanic verify --lang es` and `/verify?lang=es`.

The forgeries are test_audit.py's; each problem the verifier finds must come out in Spanish with no
English sentence left, while the English answers stay as they were (test_audit.py checks those).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from service.audit_file import verify_file
from service.cli import main as cli
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
