"""`lexmechanic share` against the real service: a GM hands the thread's readers a link, lists it, revokes it.

What is checked is what docs/cli.md and docs/api.md promise: the printed web timeline URL opens the campaign's
page without a token, the listing shows it, a revoked key opens nothing, and a player may not share.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import httpx
import pytest

from service.cli import main
from service.settings import Settings
from tests.support.live_server import live_server


@pytest.fixture
def service(database_url: str) -> Iterator[str]:
    with live_server(Settings(database_url=database_url, pool_min=1, pool_max=4)) as url:
        yield url


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "profiles.toml"
    monkeypatch.setenv("LEXMECHANIC_CONFIG", str(path))
    monkeypatch.delenv("LEXMECHANIC_PROFILE", raising=False)
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stopped:
        code = int(stopped.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def login(capsys: pytest.CaptureFixture[str], url: str, token: str) -> tuple[int, str, str]:
    """`lexmechanic login URL`, the token on standard input (never on the command line, docs/cli.md)."""
    with mock.patch.object(sys, "stdin", io.StringIO(token + "\n")):
        return run(capsys, "login", url, "-")


def campaign(service: str) -> tuple[str, str, str]:
    made = httpx.post(f"{service}/campaigns", json={"name": "Kill Team Aurelius", "ruleset": "deathwatch"}).json()
    invited = httpx.post(f"{service}/campaigns/{made['campaign_id']}/participants",
                         json={"name": "Ana", "role": "player"},
                         headers={"Authorization": f"Bearer {made['gm_token']}"}).json()
    return made["campaign_id"], made["gm_token"], invited["token"]


def test_cli_share_prints_a_timeline_url_readers_open_then_lists_and_revokes_it(
    service: str, config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    campaign_id, gm, _ = campaign(service)
    assert login(capsys, f"{service}/campaigns/{campaign_id}", gm)[0] == 0

    code, out, _ = run(capsys, "share", "--label", "thread 7")
    assert code == 0, out
    page = re.search(r"^Web timeline \(paste it into the thread\): (\S+)$", out, re.M)
    assert page is not None, out
    assert page.group(1).startswith(f"{service}/ui/campaigns/{campaign_id}?share=lxs_")
    key = page.group(1).split("share=")[1]
    assert f"Transcript (BBCode): {service}/campaigns/{campaign_id}/transcript?format=bbcode&share={key}" in out
    opened = httpx.get(page.group(1))  # a forum reader: no token, no cookie
    assert opened.status_code == 200 and "Kill Team Aurelius" in opened.text

    link_id = re.search(r"^Share link (\S+) created \(thread 7\)\.$", out, re.M)
    assert link_id is not None, out
    assert f"until you revoke it: lexmechanic share --revoke {link_id.group(1)}" in out

    code, out, _ = run(capsys, "share", "--lang", "es")
    assert code == 0 and "Cronología web (pégala en el hilo): " in out and "hasta que lo revoques" in out
    spanish = re.search(r"^Enlace para compartir (\S+) creado\.$", out, re.M)
    assert spanish is not None, out
    spanish_id = spanish.group(1)
    assert run(capsys, "share", "--revoke", spanish_id)[0] == 0

    code, out, _ = run(capsys, "share", "--list", "--json")
    listed = json.loads(out)["links"]
    assert code == 0 and [link["label"] for link in listed] == ["thread 7", None]
    assert listed[0]["page_url"] == page.group(1) and listed[0]["revoked_at"] is None
    assert listed[1]["page_url"] is None and listed[1]["revoked_at"] is not None

    code, out, _ = run(capsys, "share", "--revoke", listed[0]["link_id"], "--lang", "es")
    assert code == 0 and "revocado" in out
    assert httpx.get(page.group(1)).status_code in (401, 403)
    code, out, _ = run(capsys, "share", "--list", "--lang", "es")
    assert code == 0 and "revocado" in out and "cronología web" in out


def test_cli_share_is_the_gms_alone(service: str, config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    campaign_id, _, player = campaign(service)
    assert login(capsys, f"{service}/campaigns/{campaign_id}", player)[0] == 0
    code, _, err = run(capsys, "share")
    assert code == 3  # docs/cli.md: 3 = not allowed (403)
    assert "only the GM" in err
