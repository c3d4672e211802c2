"""The command line client against the real service: uvicorn on a free port, real PostgreSQL, real dice.

Campaigns are set up over HTTP as a GM's tools would; then each test runs `lexmechanic …` (its `main`,
and once as a process) and reads what a person would see, or the JSON a script would parse.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import socket
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import httpx
import pytest

from service.cli import main
from service.client.transport import Answer, refusal
from service.settings import Settings
from tests.support.live_server import live_server

ROOT = Path(__file__).resolve().parents[2]
STATS = {"WS": 40, "BS": 45, "S": 40, "T": 40, "Ag": 41, "Int": 40, "Per": 40, "WP": 40, "Fel": 35}
MARINE = {"characteristics": STATS, "wounds": 20, "fate": 3, "armour": {"body": 10}, "weapons": []}
HORDE = {"characteristics": {**STATS, "Ag": 30}, "wounds": 0, "magnitude": 12, "weapons": []}
HERO = {"kind": "hero", "defence": 3, "resilience": 5, "wounds": 10, "shock": 8, "speed": 6,
        "attributes": {"agility": 5, "initiative": 3}}
GROTS = {"name": "gretchin", "kind": "troop", "defence": 2, "resilience": 3, "wounds": 1, "shock": 1,
         "members": 20, "attributes": {"initiative": 2}}


class Table:
    """A campaign on the live service, driven over HTTP by its GM."""

    def __init__(self, url: str, ruleset: str, name: str) -> None:
        self.url = url
        made = httpx.post(f"{url}/campaigns", json={"name": name, "ruleset": ruleset}).json()
        self.id: str = made["campaign_id"]
        self.gm: str = made["gm_token"]

    def invite(self, name: str, role: str = "player") -> tuple[str, str]:
        answer = self.send("/participants", {"name": name, "role": role})
        return answer["participant_id"], answer["token"]

    def send(self, path: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
        response = httpx.post(f"{self.url}/campaigns/{self.id}{path}", json=body,
                              headers={"Authorization": f"Bearer {token or self.gm}"})
        assert response.status_code == 201, response.text
        answer: dict[str, Any] = response.json()
        return answer

    def command(self, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
        return self.send("/commands", body, token)

    def state(self) -> dict[str, Any]:
        found: dict[str, Any] = httpx.get(f"{self.url}/campaigns/{self.id}/state",
                                          headers={"Authorization": f"Bearer {self.gm}"}).json()
        return found


@pytest.fixture
def service(database_url: str) -> Iterator[str]:
    with live_server(Settings(database_url=database_url, pool_min=1, pool_max=4)) as url:
        yield url


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "config" / "lexmechanic" / "profiles.toml"
    monkeypatch.setenv("LEXMECHANIC_CONFIG", str(path))
    monkeypatch.delenv("LEXMECHANIC_PROFILE", raising=False)
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stopped:  # argparse refuses bad arguments by exiting with 2
        code = int(stopped.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def login(capsys: pytest.CaptureFixture[str], url: str, token: str, *more: str) -> tuple[int, str, str]:
    """`lexmechanic login URL` with the token in $LEXMECHANIC_TOKEN (never on the command line, docs/cli.md)."""
    with mock.patch.dict(os.environ, {"LEXMECHANIC_TOKEN": token}):
        return run(capsys, "login", url, *more)


def rows(out: str) -> list[list[str]]:
    """A printed table's lines, split into cells at runs of two or more spaces."""
    return [re.split(r"\s{2,}", line.strip()) for line in out.splitlines() if line.strip()]


def kill_team(service: str) -> tuple[Table, str]:
    """A Deathwatch campaign: Ana plays Brother Kai; the GM runs a cultist horde and a magus; a fight begins."""
    table = Table(service, "deathwatch", "Kill Team Aurelius")
    ana, token = table.invite("Ana")
    table.command({"type": "create_character", "character_id": "kai", "name": "Brother Kai", "owner": ana,
                   "sheet": MARINE})
    table.command({"type": "create_character", "character_id": "cultists", "name": "Cultist horde", "sheet": HORDE})
    table.command({"type": "create_character", "character_id": "magus", "name": "Cult Magus", "sheet": MARINE})
    table.command({"type": "start_session", "title": "Into the hive"})
    table.command({"type": "roll", "expression": "2d10+3", "reason": "bolter damage", "post": {"id": "1042"}}, token)
    table.command({"type": "d100_start_encounter", "encounter_id": "hive-gate",
                   "participants": ["kai", "cultists", "magus"]})
    table.command({"type": "d100_next_turn"})
    return table, token


def test_cli_login_checks_the_token_and_keeps_a_private_profile(
    service: str, config: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(service, "deathwatch", "Kill Team Aurelius")
    ana, token = table.invite("Ana")

    code, out, _ = login(capsys, f"{service}/campaigns/{table.id}", token)
    assert code == 0, out
    assert "Logged in to Kill Team Aurelius (deathwatch) as Ana, player." in out
    assert stat.S_IMODE(config.stat().st_mode) == 0o600
    assert stat.S_IMODE(config.parent.stat().st_mode) == 0o700
    saved = config.read_text()
    assert token in saved and 'default = "default"' in saved and f'participant_id = "{ana}"' in saved

    # A second profile, the GM's, from the base URL and --campaign, the token on standard input.
    monkeypatch.setattr(sys, "stdin", io.StringIO(table.gm + "\n"))
    code, out, _ = run(capsys, "login", service, "-", "--campaign", table.id, "--profile", "gm", "--json")
    assert code == 0
    me = json.loads(out)
    assert (me["role"], me["name"], me["profile"], me["default"]) == ("gm", "Game Master", "gm", False)

    code, out, _ = run(capsys, "profiles")
    listed = {r[1] if r[0] == "*" else r[0]: r for r in rows(out)[2:]}
    assert listed["default"][0] == "*" and listed["gm"][-2:] == ["gm", service]
    code, out, _ = run(capsys, "profiles", "--use", "gm", "--json")
    assert json.loads(out)["default"] == "gm" and json.loads(out)["profiles"]["gm"]["token"] is None
    assert stat.S_IMODE(config.stat().st_mode) == 0o600

    # Refusals, each with its exit code and the service's own words.
    code, _, err = login(capsys, f"{service}/campaigns/{table.id}", "lxm_not-a-token")
    assert (code, err.strip()) == (3, "lexmechanic login: this token does not open this campaign: it was revoked or replaced by the GM, or it belongs to another campaign")
    code, _, err = login(capsys, f"{service}/campaigns/6f1d1c1e-0000-4000-8000-000000000000", token)
    assert code == 4 and "there is no campaign" in err
    code, _, err = login(capsys, service, token)
    assert code == 2 and "which campaign?" in err
    code, _, err = login(capsys, f"http://127.0.0.1:{_closed_port()}/campaigns/{table.id}", token)
    assert code == 6 and "cannot reach" in err
    code, _, err = run(capsys, "state", "--profile", "nobody")
    assert code == 2 and "no profile 'nobody'; known: default, gm" in err


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_cli_encounter_shows_whose_turn_the_order_and_the_health_of_everyone(
    service: str, config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table, token = kill_team(service)
    rulings = [("kai", {"set_damage": 7, "set_fatigue": 1}), ("cultists", {"set_magnitude": 8}),
               ("magus", {"add_conditions": ["stunned"], "condition_rounds": 2})]
    for cid, ruling in rulings:
        table.command({"type": "d100_gm_ruling", "character_id": cid, "reason": "the fight so far", **ruling})
    assert login(capsys, f"{service}/campaigns/{table.id}", token)[0] == 0
    rules = table.state()["rules"]
    order = rules["encounter"]["order"]
    initiative = rules["encounter"]["initiative"]
    names = {"kai": "Brother Kai", "cultists": "Cultist horde", "magus": "Cult Magus"}

    code, out, _ = run(capsys, "encounter")
    assert code == 0, out
    heading, *lines = out.splitlines()
    assert heading == f"Encounter hive-gate — round 1, turn 1 of 3: {names[order[0]]} acts"
    table_rows = rows("\n".join(lines))
    assert table_rows[0] == ["#", "character", "init", "wounds", "magnitude", "fatigue", "conditions"]
    health = {"kai": ["13/20", "—", "1", "—"], "magus": ["20/20", "—", "0", "stunned (2)"],
              "cultists": ["—", "8/12", "0", "—"]}
    for index, (cid, row) in enumerate(zip(order, table_rows[1:], strict=True), start=1):
        marker = [">"] if index == 1 else []
        assert row == [*marker, str(index), names[cid], str(initiative[cid]), *health[cid]]

    code, out, _ = run(capsys, "encounter", "hive-gate", "--json")
    shown = json.loads(out)
    assert shown["encounter"]["position"] == {"encounter": "hive-gate", "round": 1, "turn": 1, "character_id": order[0]}
    assert shown["characters"]["cultists"]["rules"]["magnitude"] == 8

    code, _, err = run(capsys, "encounter", "nowhere")
    assert code == 4 and "no encounter 'nowhere'" in err
    before = str(table.state()["characters"]["magus"]["created_at_seq"])
    code, _, err = run(capsys, "encounter", "--at-seq", before)
    assert code == 4 and f"no encounter is running at seq {before}" in err


def test_cli_encounter_before_its_first_turn_says_which_line_begins_one(
    service: str, config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # docs/cli.md: before the first turn the table is in initiative order; a forum GM begins a turn with the
    # line `!next-turn` (docs/commands.md), which is what the heading must say (not the API's type name).
    table = Table(service, "deathwatch", "Before the fight")
    ana, token = table.invite("Ana")
    table.command({"type": "create_character", "character_id": "kai", "name": "Brother Kai", "owner": ana,
                   "sheet": MARINE})
    table.command({"type": "create_character", "character_id": "magus", "name": "Cult Magus", "sheet": MARINE})
    table.command({"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["kai", "magus"]})
    assert login(capsys, f"{service}/campaigns/{table.id}", token)[0] == 0
    code, out, _ = run(capsys, "encounter")
    assert code == 0, out
    assert out.splitlines()[0] == ("Encounter gate — round 1: initiative rolled, no turn begun yet "
                                   "(the GM posts `!next-turn` to begin one)")


def test_cli_encounter_and_state_in_spanish(service: str, config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Everything a player reads exists in English and Spanish: `--lang es` writes the tables in the handouts'
    # words (asalto, heridas, magnitud, fatiga, Destino; aturdido for stunned, PJ/PNJ).
    table, token = kill_team(service)
    table.command({"type": "d100_gm_ruling", "character_id": "magus", "reason": "a blow to the head",
                   "add_conditions": ["stunned"], "condition_rounds": 2})
    assert login(capsys, f"{service}/campaigns/{table.id}", token)[0] == 0
    order = table.state()["rules"]["encounter"]["order"]
    names = {"kai": "Brother Kai", "cultists": "Cultist horde", "magus": "Cult Magus"}
    code, out, _ = run(capsys, "encounter", "--lang", "es")
    assert code == 0, out
    heading, *lines = out.splitlines()
    assert heading == f"Combate hive-gate — asalto 1, turno 1 de 3: actúa {names[order[0]]}"
    found = rows("\n".join(lines))
    assert found[0] == ["#", "personaje", "inic.", "heridas", "magnitud", "fatiga", "estados"]
    magus = next(r for r in found[1:] if "Cult Magus" in r)
    assert magus[-1] == "aturdido (2)"
    code, out, _ = run(capsys, "state", "--lang", "es")
    head = table.state()["version"]
    assert out.startswith(f"Kill Team Aurelius (deathwatch) en el seq {head}\n"
                          "sesión 1 abierta · 1 sesión celebrada · 1 tirada libre · 3 personajes\n"
                          "combate hive-gate en curso, asalto 1 (lexmechanic encounter)\n")
    kai = next(r for r in rows(out) if r[:2] == ["Brother Kai", "kai"])
    assert kai[2:4] == ["Ana", "PJ"]
    assert next(r for r in rows(out) if r[0] == "personaje") == [
        "personaje", "id", "dueño", "tipo", "heridas", "magnitud", "fatiga", "destino", "estados"]


def test_cli_encounter_of_wrath_and_glory_shows_sides_wounds_shock_and_members(
    service: str, config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = Table(service, "wrath_and_glory", "The Mine")
    alice, token = table.invite("Alice")
    table.command({"type": "wng_add_character", "character_id": "sigma", "owner": alice,
                   "sheet": {**HERO, "name": "Sigma 19"}}, token)
    table.command({"type": "wng_add_character", "character_id": "grots", "sheet": GROTS})
    table.command({"type": "start_session"})
    table.command({"type": "wng_start_encounter", "encounter_id": "mine", "participants": ["sigma", "grots"]})
    table.command({"type": "wng_start_turn", "character_id": "sigma"}, token)
    assert login(capsys, f"{service}/campaigns/{table.id}", token)[0] == 0

    code, out, _ = run(capsys, "encounter")
    assert code == 0
    lines = rows(out)
    assert lines[0] == ["Encounter mine — round 1, turn 1: Sigma 19 acts"]
    assert lines[2] == ["character", "side", "acted", "wounds", "shock", "members", "conditions"]
    assert lines[3] == [">", "Sigma 19", "players", "yes", "10/10", "8/8", "—", "—"]
    assert lines[4] == ["gretchin", "gm", "no", "1/1", "1/1", "20/20", "—"]

    code, out, _ = run(capsys, "state")
    assert "Glory 0 · Ruin 1 · tier 3" in out and "encounter mine running, round 1" in out


def test_cli_log_lists_each_event_with_when_who_type_and_what(
    service: str, config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table, token = kill_team(service)
    assert login(capsys, f"{service}/campaigns/{table.id}", token)[0] == 0
    head = table.state()["version"]

    code, out, _ = run(capsys, "log", "-n", "5")
    assert code == 0
    title, header, *lines = rows(out)
    assert title == [f"Kill Team Aurelius: events {head - 4}–{head} of {head}"]
    assert header == ["seq", "when (UTC)", "who", "type", "what"]
    assert [int(r[0]) for r in lines] == list(range(head - 4, head + 1))
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", r[1]) for r in lines)

    code, out, _ = run(capsys, "log", "--from", "1", "--to", str(head), "--json")
    events = json.loads(out)["events"]
    assert [e["seq"] for e in events] == list(range(1, head + 1))
    roll = next(e for e in events if e["type"] == "dice_rolled")
    assert (roll["actor_name"], roll["post"]["id"]) == ("Ana", "1042")
    assert "2d10+3 (bolter damage)" in roll["summary"] and len(roll["hash"]) == 64
    code, out, _ = run(capsys, "log", "--from", str(roll["seq"]), "--to", str(roll["seq"]))
    assert rows(out)[2][2:4] == ["Ana", "dice_rolled"] and rows(out)[2][4] == roll["summary"]
    code, _, err = run(capsys, "log", "-n", "0")
    assert code == 2 and "0 is not 1 or more" in err


def test_cli_log_in_spanish_has_no_english_around_the_summaries(
    service: str, config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # docs/cli.md: `log --lang es` writes the summaries in Spanish; an undone event is marked, and in Spanish
    # the mark, the title and the headings are Spanish too (everything a player reads exists in both).
    table, token = kill_team(service)
    table.command({"type": "d100_end_turn", "character_id": table.state()["rules"]["encounter"]["order"][0]})
    table.command({"type": "undo_turn", "encounter": "hive-gate"})
    assert login(capsys, f"{service}/campaigns/{table.id}", token)[0] == 0
    head = table.state()["version"]
    code, out, _ = run(capsys, "log", "-n", "4", "--lang", "es")
    assert code == 0, out
    title, header, *lines = rows(out)
    assert title == [f"Kill Team Aurelius: eventos {head - 3}–{head} de {head}"]
    assert header == ["seq", "cuándo (UTC)", "quién", "tipo", "qué"]
    # The end-turn ended turn 1 and began turn 2, an empty one: one undo voids both turns (docs/history.md).
    started = [r[4].split(":")[0] for r in lines if r[3] == "d100_turn_started"]
    assert started == ["(deshecho) Asalto 1, turno 1", "(deshecho) Asalto 1, turno 2"]
    code, out, _ = run(capsys, "log", "-n", "4")
    started = [r[4].split(":")[0] for r in rows(out)[2:] if r[3] == "d100_turn_started"]
    assert started == ["(undone) Round 1, turn 1", "(undone) Round 1, turn 2"]


def test_cli_state_now_and_at_a_post_or_a_seq(
    service: str, config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table, token = kill_team(service)
    assert login(capsys, f"{service}/campaigns/{table.id}", token)[0] == 0
    head = table.state()["version"]

    code, out, _ = run(capsys, "state")
    assert code == 0
    assert out.startswith(f"Kill Team Aurelius (deathwatch) at seq {head}\n"
                          "session 1 open · 1 session held · 1 free roll · 3 characters\n")
    # The initiative the fight rolled is not a free roll (`!roll`): the count says which rolls it counts.
    characters = {r[1]: r for r in rows(out) if len(r) > 5}
    assert characters["kai"] == ["Brother Kai", "kai", "Ana", "pc", "20/20", "—", "0", "3/3", "—"]
    assert characters["cultists"][4:6] == ["—", "12/12"]

    code, out, _ = run(capsys, "state", "--at-post", "1042", "--json")
    at_post = json.loads(out)
    assert at_post["rolls"] == 1 and at_post["rules"]["encounter"] is None
    code, out, _ = run(capsys, "state", "--at-seq", "1", "--json")
    assert json.loads(out)["version"] == 1 and json.loads(out)["characters"] == {}
    code, _, err = run(capsys, "state", "--at-seq", str(head + 5))
    assert code == 4 and f"the campaign has {head} events" in err
    code, _, err = run(capsys, "state", "--at-post", "no-such-post")
    assert code == 4 and "no event of this campaign comes from post 'no-such-post'" in err
    code, _, err = run(capsys, "state", "--at-seq", "1", "--at-post", "1042")
    assert code == 2 and "not allowed with argument" in err


def test_cli_transcript_of_a_session_or_an_encounter_in_markdown_bbcode_or_json(
    service: str, config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table, token = kill_team(service)
    assert login(capsys, f"{service}/campaigns/{table.id}", token)[0] == 0
    code, out, _ = run(capsys, "transcript", "--session", "1")
    assert code == 0 and out.startswith("**Transcript — Kill Team Aurelius — session 1**\n")
    assert "2d10+3 (bolter damage)" in out
    code, out, _ = run(capsys, "transcript", "--encounter", "hive-gate", "--format", "bbcode")
    assert code == 0 and out.startswith("[b]") and "hive-gate" in out
    code, out, _ = run(capsys, "transcript", "--session", "1", "--lang", "es", "--json")
    assert json.loads(out)["lang"] == "es" and json.loads(out)["frames"]
    code, out, _ = run(capsys, "transcript", "--session", "1", "--split", "300")
    messages = re.split(r"^-- 8< -- message \d+ of \d+ --\n", out, flags=re.MULTILINE)
    assert code == 0 and len(messages) > 1 and all(len(m.rstrip("\n")) <= 300 for m in messages)
    assert f"-- 8< -- message {len(messages)} of {len(messages)} --" in out
    code, out, _ = run(capsys, "transcript", "--session", "1", "--split", "300", "--lang", "es")
    spanish = re.split(r"^-- 8< -- mensaje \d+ de \d+ --\n", out, flags=re.MULTILINE)
    assert code == 0 and len(spanish) > 1 and "message" not in out
    code, _, err = run(capsys, "transcript", "--session", "7")
    assert code == 4 and "no event of this campaign belongs to session 7" in err


def test_cli_post_runs_a_forum_post_and_prints_the_reply_to_paste(
    service: str, config: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    table, token = kill_team(service)
    _, watcher = table.invite("Olga", "observer")
    assert login(capsys, f"{service}/campaigns/{table.id}", token)[0] == 0
    assert login(capsys, f"{service}/campaigns/{table.id}", table.gm, "--profile", "gm")[0] == 0
    assert login(capsys, f"{service}/campaigns/{table.id}", watcher, "--profile", "olga")[0] == 0
    url = "https://forum.example/t/7#p1043"

    code, reply, err = run(capsys, "post", "!roll d100 luck", "--post-id", "1043", "--url", url)
    assert code == 0 and "recorded: campaign at version" in err and "post id 1043" in err
    code, out, err = run(capsys, "post", "!roll d100 luck", "--post-id", "1043", "--url", url, "--json")
    answer = json.loads(out)
    assert {"version", "head_hash", "replayed", "results", "reply"} <= set(answer) and answer["replayed"] is True
    assert reply == answer["reply"]["markdown"] and reply.startswith("**Ana**") and url in reply
    (event,) = answer["events"]
    (line,) = answer["results"]
    assert (line["type"], line["line"], line["result"]["total"]) == ("roll", 1, event["data"]["total"])
    assert f"= {event['data']['total']}" in reply and f"proof #{event['seq']}" in reply  # the numbers of the event
    assert f"v{answer['version']} {answer['head_hash']}" in reply  # and the head it witnesses
    assert table.state()["rolls"] == 2  # the kill team's roll and this one, recorded once

    code, again, err = run(capsys, "post", "!roll d100 luck", "--post-id", "1043", "--url", url, "--bbcode")
    assert code == 0 and again == answer["reply"]["bbcode"] and "already recorded" in err
    code, _, err = run(capsys, "post", "!roll d100 other luck", "--post-id", "1043")
    assert code == 5 and "1043" in err

    before = table.state()["version"]
    code, _, err = run(capsys, "post", "!note the hive trembles\n!retract 9999 no such event", "--profile", "gm",
                       "--post-id", "1044")
    assert code == 1 and "line 2 was not run" in err and "nothing of the post was recorded" in err
    assert table.state()["version"] == before
    code, _, err = run(capsys, "post", "!note I was here", "--profile", "olga", "--post-id", "1045")
    assert code == 1 and "line 1 was not run" in err
    code, _, err = run(capsys, "post", "Just roleplay, no commands.", "--post-id", "1046")
    assert code == 1 and "no command lines" in err

    monkeypatch.setattr(sys, "stdin", io.StringIO("[lx]tirada d100 suerte[/lx]\n"))
    code, spanish, err = run(capsys, "post", "--post-id", "1047", "--lang", "es")
    assert code == 0 and "Tirada d100 (suerte)" in spanish
    # The note on standard error speaks the reply's language too.
    assert "[registrado: la campaña va por la versión " in err and "; id del mensaje 1047]" in err
    written = tmp_path / "post.txt"
    written.write_text("!note a horn sounds\n", encoding="utf-8")
    code, _, err = run(capsys, "post", "--file", str(written), "--profile", "gm", "--post-id", "1048")
    assert code == 0 and "recorded: campaign at version" in err
    code, out, _ = run(capsys, "state", "--at-post", "1047", "--json")
    assert json.loads(out)["rolls"] == 3

    code, _, err = run(capsys, "post", "text", "--file", "also.txt")
    assert code == 2 and "not both" in err
    monkeypatch.setattr(sys, "stdin", io.StringIO("   \n"))
    code, _, err = run(capsys, "post")
    assert code == 2 and "the post is empty" in err


def test_cli_runs_as_a_process_with_exit_codes_scripts_can_use(service: str, config: Path) -> None:
    table, token = kill_team(service)
    env = {**os.environ, "LEXMECHANIC_CONFIG": str(config), "PYTHONPATH": str(ROOT)}

    def lexmechanic(*argv: str, given: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "service.cli", *argv], env=env, cwd=ROOT, capture_output=True,
                              text=True, input=given, timeout=120)

    assert lexmechanic("log").returncode == 2  # no profile yet
    assert lexmechanic("login", f"{service}/campaigns/{table.id}", "--token-file", "-", given=token).returncode == 0
    done = lexmechanic("encounter", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["encounter"]["encounter"] == "hive-gate"
    done = lexmechanic("state", "--at-seq", "999")
    assert done.returncode == 4 and done.stderr.startswith("lexmechanic state: the campaign has")
    assert lexmechanic("encounter", "--bogus").returncode == 2


@pytest.mark.parametrize(("status", "code"), [(400, 2), (401, 3), (403, 3), (404, 4), (405, 4), (409, 5), (422, 1),
                                              (500, 6), (502, 6), (503, 6)])
def test_cli_exit_code_follows_the_problem_status(status: int, code: int) -> None:
    problem = {"type": "urn:lexmechanic:problem:x", "title": "T", "status": status, "detail": "what to do"}
    error = refusal(Answer(status, json.dumps(problem).encode(), {"Retry-After": "5"} if status == 503 else None))
    assert (error.code, error.status, error.problem) == (code, status, problem)
    assert error.message == ("what to do (retry after 5 s)" if status == 503 else "what to do")


def test_cli_a_refused_line_of_a_post_is_named_once() -> None:
    named = {"status": 422, "line": 3, "detail": "line 3 was not run: no such weapon; nothing of the post was recorded"}
    assert refusal(Answer(422, json.dumps(named).encode())).message == named["detail"]
    bare = {"status": 422, "line": 2, "detail": "a second reaction this round"}
    assert refusal(Answer(422, json.dumps(bare).encode())).message == "line 2: a second reaction this round"
    assert refusal(Answer(502, b"<html>Bad Gateway</html>")).message == "Bad Gateway"


def test_cli_login_reads_the_token_from_a_hidden_prompt_a_file_or_the_environment_never_the_command_line(
    service: str, config: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import getpass

    table = Table(service, "deathwatch", "Kill Team Aurelius")
    _, token = table.invite("Ana")
    url = f"{service}/campaigns/{table.id}"
    monkeypatch.delenv("LEXMECHANIC_TOKEN", raising=False)

    # On the command line the shell's history and `ps` already show it: refused, nothing sent or saved, and
    # the refusal does not print it again.
    code, out, err = run(capsys, "login", url, token)
    assert code == 2 and not config.exists() and token not in out + err
    assert "history" in err and "`ps`" in err and "--token-file" in err and "LEXMECHANIC_TOKEN" in err

    # At a terminal: a hidden prompt (getpass, which does not echo what is typed).
    class Keyboard(io.StringIO):
        def isatty(self) -> bool:
            return True

    asked: list[str] = []
    monkeypatch.setattr(sys, "stdin", Keyboard())
    monkeypatch.setattr(getpass, "getpass", lambda prompt="Password: ": asked.append(prompt) or f"{token}\n")
    code, out, _ = run(capsys, "login", url, "--profile", "typed")
    assert code == 0 and len(asked) == 1 and "Token" in asked[0] and token not in out

    # From a file, from standard input, from the environment.
    (tmp_path / "token.txt").write_text(f"{token}\n")
    assert run(capsys, "login", url, "--token-file", str(tmp_path / "token.txt"), "--profile", "filed")[0] == 0
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{token}\n"))
    assert run(capsys, "login", url, "--token-file", "-", "--profile", "piped")[0] == 0
    monkeypatch.setenv("LEXMECHANIC_TOKEN", token)
    assert run(capsys, "login", url, "--profile", "env")[0] == 0
    saved = config.read_text()
    assert all(f"[profiles.{name}]" in saved for name in ("typed", "filed", "piped", "env"))
    assert saved.count(f'token = "{token}"') == 4

    # What is not a token is said so (it could not go into a header), and a missing file is named.
    monkeypatch.delenv("LEXMECHANIC_TOKEN")
    (tmp_path / "bad.txt").write_text("lxm_abc def\n")
    code, _, err = run(capsys, "login", url, "--token-file", str(tmp_path / "bad.txt"))
    assert code == 2 and "not a token" in err
    (tmp_path / "empty.txt").write_text("\n")
    assert run(capsys, "login", url, "--token-file", str(tmp_path / "empty.txt"))[2].endswith("the token is empty\n")
    code, _, err = run(capsys, "login", url, "--token-file", str(tmp_path / "missing.txt"))
    assert code == 2 and "cannot read the token from" in err and "No such file" in err


OPTIONS_WITH_VALUES = {"--campaign", "--profile", "--token-file", "--timeout"}


def test_cli_docs_never_put_a_token_on_a_login_command_line() -> None:
    """docs/cli.md and README.md, read as a reader copies them: every `lexmechanic login` has URL and at most '-'."""
    logins = []
    for doc in (ROOT / "docs" / "cli.md", ROOT / "README.md"):
        for line in doc.read_text(encoding="utf-8").splitlines():
            command = line.strip().removeprefix("$ ")
            words = shlex.split(command, comments=True) if "lexmechanic login" in command else []
            while words and re.fullmatch(r"[A-Z_]+=.*", words[0]):
                words.pop(0)  # VAR=value before the command: the environment, not an argument
            if len(words) < 2 or Path(words[0]).name != "lexmechanic" or words[1] != "login":
                continue  # `lexmechanic login` or `.venv/bin/lexmechanic login`
            logins.append(line)
            given, skip = [], False
            for word in words[2:]:
                if skip or word.startswith("-") and word != "-":
                    skip = not skip and word in OPTIONS_WITH_VALUES
                    continue
                given.append(word)
            assert len(given) <= 2 and given[1:] in ([], ["-"]), (doc.name, line)
            assert "lxm_" not in line, (doc.name, line)
    assert len(logins) >= 3, logins  # the docs' first example, the login section, the README


@pytest.mark.parametrize("path", ["/ui/campaigns/{id}", "/ui/campaigns/{id}/state?share=lxs_x&lang=es",
                                  "/ui/campaigns/{id}/rolls/3", "/campaigns/{id}/transcript?format=bbcode"])
def test_cli_login_takes_any_url_of_the_campaign_a_player_copies(
    service: str, config: Path, capsys: pytest.CaptureFixture[str], path: str
) -> None:
    # Issue 21 item 3: the browser's /ui/campaigns/<id> answered "Not Found", exit 4.
    table, token = kill_team(service)
    code, out, err = login(capsys, service + path.format(id=table.id), token)
    assert code == 0, err
    assert "Kill Team Aurelius" in out
    profile = config.read_text()
    assert f'url = "{service}"' in profile and table.id in profile


def test_cli_a_gm_sets_up_a_whole_table_without_curl(
    service: str, config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 21 item 3: create the campaign, invite a player, start the session, and revoke — each printing
    what to paste to whom; the player logs in with exactly what the GM was told to hand over."""
    code, out, err = run(capsys, "campaign", "new", "Kill Team Aurelius", "--ruleset", "deathwatch", "--url", service)
    assert code == 0, err
    assert out.startswith("Campaign “Kill Team Aurelius” (deathwatch) created: ") and "shown only once" in out
    campaign_url = out.split("created: ", 1)[1].split()[0]
    code, out, err = run(capsys, "invite", "Ana", "--profile", "gm")
    assert code == 0, err
    assert "Ana joins as player" in out
    login_line = next(line.strip() for line in out.splitlines() if line.strip().startswith("lexmechanic login "))
    token = next(line.split("token: ", 1)[1].strip() for line in out.splitlines() if "token: " in line)
    assert login_line == f"lexmechanic login {campaign_url}"
    code, out, _ = login(capsys, login_line.split()[-1], token, "--profile", "ana")
    assert code == 0 and "as Ana, player" in out
    code, out, err = run(capsys, "session", "start", "--title", "Into the hive", "--profile", "gm", "--lang", "es")
    assert code == 0, err
    assert "Into the hive" in out and "Session" not in out  # told in Spanish
    code, out, err = run(capsys, "invite", "Olga", "--role", "observer", "--profile", "gm", "--lang", "es")
    assert code == 0 and "Olga se une como persona observadora" in out, out
    code, out, err = run(capsys, "revoke", "ana", "--profile", "gm")  # by name, any case
    assert code == 0 and "revoked" in out, err
    code, _, err = run(capsys, "state", "--profile", "ana")
    assert code == 3, err  # her token stopped working at once
    code, _, err = run(capsys, "revoke", "Nobody", "--profile", "gm")
    assert code == 2 and "Ana" in err and "Olga" in err  # the names that exist


def test_cli_a_busy_service_is_told_when_to_retry_in_the_answers_language() -> None:
    problem = {"type": "urn:lexmechanic:problem:x", "title": "T", "status": 503, "detail": "ocupado", "lang": "es"}
    error = refusal(Answer(503, json.dumps(problem).encode(), {"Retry-After": "7"}))
    assert error.message == "ocupado (reintenta dentro de 7 s)"


def test_cli_login_and_profiles_speak_spanish_when_asked(tmp_path: Path) -> None:
    from service.client import profiles

    path = tmp_path / "profiles.toml"
    profiles.save(path, profiles.Profiles(), "es")
    assert path.read_text().startswith("# Perfiles del cliente de Lexmechanic")
    path.chmod(0o644)
    warned = io.StringIO()
    with contextlib.redirect_stderr(warned):
        profiles.load(path, "es")
    assert warned.getvalue().startswith(f"aviso: {path} guarda tokens")


def test_cli_errors_of_the_client_itself_speak_spanish_when_asked(
        config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What the client says when a command cannot go on (no profile, a wrong URL, no service, an empty post),
    through `lexmechanic …` as a person runs it, in the language of --lang (English without it)."""
    assert run(capsys, "log") == (2, "", "lexmechanic log: no profile yet: run `lexmechanic login URL` first\n")
    assert run(capsys, "log", "--lang", "es") == (
        2, "", "lexmechanic log: todavía no hay ningún perfil: ejecuta primero `lexmechanic login URL`\n")
    assert run(capsys, "profiles", "--use", "nadie", "--lang", "es") == (
        2, "", "lexmechanic profiles: no hay ningún perfil 'nadie'; no se conoce ninguno\n")
    assert run(capsys, "post", "   ", "--lang", "es") == (2, "", "lexmechanic post: el mensaje está vacío\n")
    assert login(capsys, "ftp://example.org/campaigns/c1", "lxm_x", "--lang", "es") == (
        2, "", "lexmechanic login: la URL debe ser http(s)://host[:puerto][/campaigns/ID], no "
               "'ftp://example.org/campaigns/c1'\n")
    assert login(capsys, "http://127.0.0.1:9", "lxm_x", "--lang", "es") == (
        2, "", "lexmechanic login: ¿qué campaña? indica su URL (…/campaigns/ID) o --campaign ID\n")
    assert login(capsys, "http://127.0.0.1:9/campaigns/c1", "lxm x", "--lang", "es") == (
        2, "", "lexmechanic login: eso no es un token: un token es una sola palabra de ASCII imprimible (lxm_…)\n")
    closed = socket.create_server(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()
    code, out, err = login(capsys, f"http://127.0.0.1:{port}/campaigns/c1", "lxm_x", "--lang", "es")
    assert (code, out) == (6, "") and err.startswith(f"lexmechanic login: no se puede conectar con http://127.0.0.1:{port}: ")
    assert not config.exists()  # nothing was saved


def test_cli_a_refused_line_and_the_profiles_table_speak_spanish(
        config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from service.client import profiles

    spanish = {"detail": "ya se usó una reacción este asalto", "line": 2, "lang": "es"}
    assert refusal(Answer(422, json.dumps(spanish).encode())).message == \
        "línea 2: ya se usó una reacción este asalto"
    kept = profiles.Profile(url="http://127.0.0.1:8000", token="lxm_x", campaign_id="c1", campaign_name="Aurelius",
                            ruleset="deathwatch", name="Ana", role="player")
    profiles.save(config, profiles.Profiles(default="ana", profiles={"ana": kept}))
    code, out, _ = run(capsys, "profiles", "--lang", "es")
    assert code == 0 and rows(out)[1] == ["perfil", "campaña", "reglas", "como", "rol", "servicio"]
    assert rows(out)[2] == ["*", "ana", "Aurelius", "deathwatch", "Ana", "player", "http://127.0.0.1:8000"]
