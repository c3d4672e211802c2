"""`lexmechanic verify` on files people hand you: whatever the bytes, one clear line and exit code 2 when the file
cannot be checked, a report (exit 0 or 1, docs/cli.md) when it can, never a traceback, in bounded memory.

The files are real exports of a played session, then cut short, with bytes flipped, lines nested a hundred
thousand deep, records that are not objects, wrong types in every field, invalid UTF-8 and lines too long.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.audit_file import MAX_DEPTH, MAX_LINE_BYTES
from service.cli import main as cli
from tests.service.test_audit import export_to, played

ROOT = Path(__file__).resolve().parents[2]
FIELDS = ("campaign_id", "seq", "global_position", "type", "schema_version", "data", "meta", "idempotency_key",
          "recorded_at", "prev_hash", "hash")
WRONG = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=2**64, max_value=2**200), st.floats(allow_nan=False),
    st.text(max_size=20), st.just("\x1b]0;pwned\x07\x1b[2J\r\u202e\ud800"), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.sampled_from(["k", "sides", "value", "epoch", "head", "campaign_id"]), st.integers(), max_size=3),
)


def verify(path: Path, *more: str) -> tuple[int, str, str]:
    """`lexmechanic verify` run in this process: its exit code, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli(["verify", str(path), *more])
    return code, out.getvalue(), err.getvalue()


def assert_one_clear_line(code: int, out: str, err: str, why: str = "cannot verify ") -> None:
    assert code == 2, (code, out, err)
    assert out == "" and err.count("\n") == 1 and err.endswith("\n") and why in err, err
    assert "Traceback" not in err and "\x1b" not in err and "\r" not in err.rstrip("\n")


def assert_answered(code: int, out: str, err: str) -> None:
    """A report for a file that could be read, else the one line of a file that could not; never more."""
    if code == 2:
        assert_one_clear_line(code, out, err, why="")
    else:
        assert code in (0, 1) and err == "" and out.startswith(("OK campaign ", "FAILED campaign ")), (code, out, err)
        assert "\x1b" not in out and "\r" not in out


async def real_export(campaign: Any, tmp_path: Path) -> bytes:
    await played(campaign)
    await export_to(campaign, tmp_path / "log.jsonl")
    return (tmp_path / "log.jsonl").read_bytes()


def lines_of(export: bytes) -> list[bytes]:
    return export.splitlines(keepends=True)


async def test_verify_malformed_lines_are_one_clear_line_and_exit_code_2(campaign: Any, tmp_path: Path) -> None:
    export = await real_export(campaign, tmp_path)
    lines = lines_of(export)
    record = json.loads(lines[3])
    cases = {
        "nested a hundred thousand deep": b"[" * 100_000 + b"\n",
        "closed a hundred thousand deep": b"[" * 100_000 + b"]" * 100_000 + b"\n",
        "a record's data nested deep": json.dumps({**record, "data": {"x": [[[[[]]]]]}}).encode().replace(
            b"[[[[[]]]]]", b"[" * (MAX_DEPTH + 5) + b"]" * (MAX_DEPTH + 5)) + b"\n",
        "a head record that is a number": b'{"head": 5}\n',
        "a head record that is a list": b'{"head": [1, 2]}\n',
        "a head record naming a list": b'{"head": {"campaign_id": [], "version": 1, "head_hash": "00"}}\n',
        "a record that is a number": b"7\n",
        "a record that is a string": b'"\\u001b]0;pwned\\u0007"\n',
        "a record that is null": b"null\n",
        "a campaign id that is a list": json.dumps({**record, "campaign_id": ["x"]}).encode() + b"\n",
        "invalid UTF-8": lines[2].replace(b'"', b'"\xff\xfe', 1),
        "cut in the middle of a line": lines[4][: len(lines[4]) // 2],
    }
    for name, bad in cases.items():
        (tmp_path / "bad.jsonl").write_bytes(b"".join(lines[:4]) + bad + b"".join(lines[4:]))
        code, out, err = verify(tmp_path / "bad.jsonl")
        assert_one_clear_line(code, out, err), name


async def test_verify_a_file_of_one_huge_line_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    """A line longer than MAX_LINE_BYTES is not read whole: the verifier holds about one bound, not the line."""
    path = tmp_path / "huge.jsonl"
    with path.open("wb") as file:
        file.write(b'{"campaign_id": "x", "data": "')
        chunk = b"x" * 1_000_000
        for _ in range(6 * MAX_LINE_BYTES // len(chunk)):
            file.write(chunk)
        file.write(b'"}\n')
    tracemalloc.start()
    code, out, err = verify(path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert_one_clear_line(code, out, err)
    assert "line 1" in err and f"{MAX_LINE_BYTES:,}" in err
    assert peak < 2.5 * MAX_LINE_BYTES < path.stat().st_size / 2, peak  # readline copies its buffer once


async def test_verify_a_die_of_more_sides_than_the_dice_space_is_reported_not_looped_on(
    campaign: Any, tmp_path: Path
) -> None:
    """sides > 2**64: the rejection rule accepts no draw, so computing the face would never end."""
    from tests.service.test_audit import rechain

    export = await real_export(campaign, tmp_path)
    records = [json.loads(line) for line in lines_of(export)]
    roll = [r for r in records if r.get("type") == "dice_rolled"][0]
    roll["data"]["dice"][0]["sides"] = 2**64 + 1
    (tmp_path / "forged.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rechain(records)))
    code, out, err = verify(tmp_path / "forged.jsonl")
    assert (code, err) == (1, "") and "an impossible face" in out


async def test_verify_any_mutation_of_a_real_export_answers_without_a_traceback(campaign: Any, tmp_path: Path) -> None:
    export = await real_export(campaign, tmp_path)
    lines = lines_of(export)
    records = [json.loads(line) for line in lines]
    path = tmp_path / "mutated.jsonl"

    def cut(data: st.DataObject) -> bytes:
        return export[: data.draw(st.integers(0, len(export)))]

    def flipped(data: st.DataObject) -> bytes:
        out = bytearray(export)
        for _ in range(data.draw(st.integers(1, 5))):
            at = data.draw(st.integers(0, len(out) - 1))
            out[at] ^= data.draw(st.integers(1, 255))
        return bytes(out)

    def wrong_type(data: st.DataObject) -> bytes:
        changed = json.loads(json.dumps(records))
        index = data.draw(st.integers(0, len(changed) - 1))
        target = changed[index]
        if "head" in target:
            target = target["head"] if data.draw(st.booleans()) else target
            field = data.draw(st.sampled_from([*target]))
        else:
            where = data.draw(st.sampled_from(["record", "data", "meta", "die"]))
            dice = [d for d in _dice(target.get("data"))]
            if where == "die" and dice:
                target = data.draw(st.sampled_from(dice))
            elif where in ("data", "meta") and isinstance(target.get(where), dict) and target[where]:
                target = target[where]
            field = data.draw(st.sampled_from([*target]))
        target[field] = data.draw(WRONG)
        return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in changed).encode("utf-8", "surrogatepass")

    def inserted(data: st.DataObject) -> bytes:
        line = data.draw(st.sampled_from([
            b"[" * 100_000, b"{" * 50_000, b'{"head": 5}', b'{"head": null}', b"[]", b'"x"', b"\xff\xfe\xfd",
            b'{"campaign_id": "' + b"\xc3" + b'"}', b'{"head": {"campaign_id": {}}}', b"1e999999", b"-",
        ]))
        at = data.draw(st.integers(0, len(lines)))
        return b"".join(lines[:at]) + line + b"\n" + b"".join(lines[at:])

    @settings(max_examples=int(os.environ.get("LEXMECHANIC_FUZZ_EXAMPLES", "250")), deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def answers(data: st.DataObject) -> None:
        mutate = data.draw(st.sampled_from([cut, flipped, wrong_type, inserted]))
        path.write_bytes(mutate(data))
        assert_answered(*verify(path))

    answers()


def _dice(value: object) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        if set(value) == {"k", "sides", "value"}:
            return [value]
        return [d for v in value.values() for d in _dice(v)]
    if isinstance(value, list):
        return [d for v in value for d in _dice(v)]
    return []


def test_verify_as_a_process_prints_no_traceback_for_a_deep_line_or_a_bare_head(tmp_path: Path) -> None:
    for name, text in {"deep": b"[" * 100_000 + b"\n", "head": b'{"head": 5}\n'}.items():
        (tmp_path / f"{name}.jsonl").write_bytes(text)
        done = subprocess.run([sys.executable, "-m", "service.cli", "verify", str(tmp_path / f"{name}.jsonl")],
                              cwd=ROOT, capture_output=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 2 and done.stdout == b"", (name, done)
        assert done.stderr.count(b"\n") == 1 and b"Traceback" not in done.stderr, (name, done.stderr)


async def test_verify_shows_a_files_escapes_visibly_in_its_report(campaign: Any, tmp_path: Path) -> None:
    """A file handed over is someone else's text: the hash its head record claims is quoted, not obeyed."""
    export = await real_export(campaign, tmp_path)
    records = [json.loads(line) for line in lines_of(export)]
    records[-1]["head"]["head_hash"] = "\x1b]0;pwned\x07\x1b[2J\r\u202e"
    (tmp_path / "forged.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    code, out, err = verify(tmp_path / "forged.jsonl")
    assert (code, err) == (1, "")
    assert "head hash \\x1b]0;pwned\\x07\\x1b[2J\\r\\u202e is not the hash of the last event" in out
    assert not {"\x1b", "\x07", "\r", "\u202e"} & set(out)
