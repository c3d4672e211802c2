"""What players type never drives the GM's terminal: the CLI shows control characters visibly (docs/cli.md,
"Control characters").

Names, reasons, titles and labels carrying terminal escapes (retitle the window, clear the screen, a carriage
return that overwrites the line, a right-to-left override, a newline that forges a line) go through the real
service; then every client subcommand's output is read, as text and as JSON, and as bytes from a process.
The characters a terminal must never receive are listed here from the documentation, not from the code.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.service.test_cli_client import MARINE, ROOT, Table, config, run, service

__all__ = ["config", "service"]  # the live service and a private profiles file, as the other CLI tests use them

# docs/cli.md: C0 and C1 controls (ESC and CSI among them), DEL, format characters (bidi overrides and
# isolates, zero-width characters), the line and paragraph separators, and lone surrogates.
LIVE = ("Cc", "Cf", "Zl", "Zp", "Cs")
ESCAPES = "\x1b]0;pwned\x07\x1b[2J\rSPOOF\u202eevil\x9b31m\x7f\u2028\u2066x\u2069"
NAME = f"Ana{ESCAPES}\nGM: every die verified"  # the newline would forge a line of its own


def live(text: str) -> list[str]:
    """The characters of `text` a terminal would act on; a newline is the output's own line break."""
    return sorted({c for c in text if c != "\n" and unicodedata.category(c) in LIVE})


def hostile_table(service: str) -> tuple[Table, str]:
    table = Table(service, "deathwatch", f"Kill Team{ESCAPES}")
    ana, token = table.invite(NAME)
    table.command({"type": "create_character", "character_id": "kai", "name": f"Brother Kai{ESCAPES}",
                   "owner": ana, "sheet": MARINE})
    table.command({"type": "create_character", "character_id": "magus", "name": "Cult Magus", "sheet": MARINE})
    table.command({"type": "start_session", "title": f"Into the hive{ESCAPES}"})
    table.command({"type": "roll", "expression": "d10", "reason": f"luck{ESCAPES}", "post": {"id": "7"}}, token)
    table.command({"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["kai", "magus"]})
    table.command({"type": "d100_next_turn"})
    table.command({"type": "d100_gm_ruling", "character_id": "kai", "reason": f"burning{ESCAPES}",
                   "add_conditions": ["stunned"], "condition_rounds": 2})
    httpx.post(f"{service}/campaigns/{table.id}/share-links", json={"label": f"thread{ESCAPES}"},
               headers={"Authorization": f"Bearer {table.gm}"}).raise_for_status()
    return table, token


def login(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, url: str, token: str,
          *more: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(token + "\n"))
    return run(capsys, "login", url, "-", *more)


TEXT = [("login",), ("profiles",), ("log",), ("log", "--lang", "es"), ("state",), ("state", "--at-post", "7"),
        ("encounter",), ("transcript",), ("transcript", "--format", "bbcode"), ("transcript", "--split", "400"),
        ("post", f"!roll d6 {ESCAPES}", "--post-id", "8"), ("post", f"!roll d6 {ESCAPES}", "--post-id", "8", "--bbcode"),
        ("share", "--list", "--profile", "gm"), ("share", "--label", f"more{ESCAPES}", "--profile", "gm")]
REFUSED = [("state", "--at-post", ESCAPES), ("encounter", f"x{ESCAPES}"),
           ("post", f"!roll d8 {ESCAPES}", "--post-id", "8"), ("post", f"!hex{ESCAPES}", "--post-id", "9")]


def test_cli_terminal_shows_players_escapes_visibly_in_every_subcommand(
    service: str, config: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    table, token = hostile_table(service)
    url = f"{service}/campaigns/{table.id}"
    assert login(capsys, monkeypatch, url, table.gm, "--profile", "gm")[0] == 0
    for argv in TEXT:
        code, out, err = (login(capsys, monkeypatch, url, token) if argv == ("login",) else run(capsys, *argv))
        assert code == 0, (argv, out, err)
        assert live(out) == [] and live(err) == [], (argv, live(out), live(err))
        assert "pwned" in out or argv[0] == "profiles" and "Kill Team" in out, (argv, out)
        assert "\\x1b" in out and "\\x07" in out or argv[0] == "profiles", (argv, out)  # shown as escapes
        # The newline inside Ana's name is shown, not obeyed: no line of the output is the forged one. (A
        # transcript or a reply is the service's document, printed line by line as it wrote them: a name's
        # newline in it is the service's Markdown and BBCode to escape, not the terminal's.)
        assert argv[0] in ("transcript", "post") or not any(line.lstrip("> |*[b]").startswith("GM: every die") for line in out.splitlines()), (argv, out)
    for argv in REFUSED:
        code, out, err = run(capsys, *argv)
        assert code != 0 and live(out) == [] and live(err) == [], (argv, out, err)
        assert err.count("\n") == 1 and err.startswith(f"lexmechanic {argv[0]}: "), (argv, err)


def test_cli_terminal_json_stays_exact_and_carries_no_raw_controls(
    service: str, config: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    table, token = hostile_table(service)
    url = f"{service}/campaigns/{table.id}"
    assert login(capsys, monkeypatch, url, table.gm, "--profile", "gm")[0] == 0
    shown: dict[tuple[str, ...], Any] = {}
    for argv in [("login",), *TEXT[1:], *REFUSED]:
        full = ("login", url, "-", "--json") if argv == ("login",) else (*argv, "--json")
        if argv == ("login",):
            monkeypatch.setattr(sys, "stdin", io.StringIO(token + "\n"))
        code, out, err = run(capsys, *full)
        assert live(out) == [] and live(err) == [], (argv, live(out), live(err))
        # Every control is a JSON escape: the document decodes to exactly what the service holds.
        shown[argv] = json.loads(out)
    assert shown[("login",)]["name"] == NAME and shown[("login",)]["campaign_name"] == f"Kill Team{ESCAPES}"
    logged = shown[("log",)]["events"]
    assert next(e for e in logged if e["type"] == "dice_rolled")["actor_name"] == NAME
    assert shown[("state",)]["characters"]["kai"]["name"] == f"Brother Kai{ESCAPES}"
    assert shown[("share", "--list", "--profile", "gm")]["links"][0]["label"] == f"thread{ESCAPES}"
    assert shown[("state", "--at-post", ESCAPES)]["status"] == 404


def test_cli_terminal_bytes_of_a_process_hold_no_escape(service: str, config: Path) -> None:
    table, token = hostile_table(service)
    env = {**os.environ, "LEXMECHANIC_CONFIG": str(config), "PYTHONPATH": str(ROOT)}

    def lexmechanic(*argv: str, given: bytes = b"") -> subprocess.CompletedProcess[bytes]:
        return subprocess.run([sys.executable, "-m", "service.cli", *argv], env=env, cwd=ROOT, capture_output=True,
                              input=given, timeout=120)

    assert lexmechanic("login", f"{service}/campaigns/{table.id}", "-", given=token.encode()).returncode == 0
    for argv in [("log",), ("state",), ("encounter",), ("transcript",), ("log", "--json")]:
        done = lexmechanic(*argv)
        assert done.returncode == 0, done
        for stream in (done.stdout, done.stderr):
            # ESC, CSI (C2 9B), BEL, CR, DEL, RLO (E2 80 AE), LSI/PDI (E2 81 A6/A9), LS (E2 80 A8): none of them.
            for raw in (b"\x1b", b"\x07", b"\r", b"\x7f", b"\xc2\x9b", b"\xe2\x80\xae", b"\xe2\x81\xa6",
                        b"\xe2\x81\xa9", b"\xe2\x80\xa8"):
                assert raw not in stream, (argv, raw, stream[:400])


def test_cli_terminal_visible_writes_each_live_character_as_its_documented_escape() -> None:
    from service.client.terminal import visible

    shown = {"\x1b": "\\x1b", "\x9b": "\\x9b", "\x07": "\\x07", "\x7f": "\\x7f", "\x00": "\\x00", "\r": "\\r",
             "\n": "\\n", "\t": "\\t", "\u202e": "\\u202e", "\u2066": "\\u2066", "\u200b": "\\u200b",
             "\u2028": "\\u2028", "\u2029": "\\u2029", "\ufeff": "\\ufeff", "\U000e0001": "\\U000e0001",
             "\ud800": "\\ud800"}
    for raw, escape in shown.items():
        assert visible(f"a{raw}b") == f"a{escape}b"
    kept = "Brother Kai · d10 é 漢字 🙂 \u00a0 [b]x[/b] \\x1b"
    assert visible(kept) == kept


def test_cli_terminal_keeps_only_the_line_breaks_print_itself_writes() -> None:
    from service.client.terminal import Terminal

    written = io.StringIO()
    terminal = Terminal(written)
    print("Ana\nGM: forged", "\x1b[2J", file=terminal)
    print(*"first\nsecond".split("\n"), sep="\n", file=terminal)
    assert written.getvalue() == "Ana\\nGM: forged \\x1b[2J\nfirst\nsecond\n"


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3)))
def test_cli_terminal_json_decodes_to_the_same_value_with_no_live_character(value: Any) -> None:
    from service.client.terminal import json_text

    text = json_text(value)
    assert json.loads(text) == value and live(text) == []
