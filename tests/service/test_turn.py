"""Whose turn it is, everywhere: GET /campaigns/{id}/turn, `lexmechanic turn`, and the header of every page, in
English and Spanish (docs/api.md, docs/cli.md, docs/web.md)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from tests.service.conftest import Campaign
from tests.service.test_cli_client import (  # noqa: F401 - fixtures
    GROTS,
    HERO,
    Table,
    config,
    kill_team,
    login,
    rows,
    run,
    service,
)

STATS = {"WS": 40, "BS": 40, "S": 40, "T": 40, "Ag": 40, "Int": 40, "Per": 40, "WP": 40, "Fel": 40}
SHEET = {"characteristics": STATS, "wounds": 12, "fate": 2, "armour": {"body": 2}, "weapons": []}
NAMES = {"kai": ("Brother Kai", "Ana"), "ork": ("Ork", "Game Master")}


async def fight(client: AsyncTestClient[Any]) -> tuple[Campaign, str]:
    created = await client.post("/campaigns", json={"name": "Turns", "ruleset": "deathwatch"})
    campaign = Campaign(client, created.json())
    ana = await campaign.invite("Ana", "player")
    ana_id = next(p for p in (await campaign.get("/state")).json()["participants"] if p != "gm")
    await campaign.ok({"type": "d100_register_character", "character_id": "kai", "owner": ana_id,
                       "name": "Brother Kai", "sheet": SHEET})
    await campaign.ok({"type": "d100_register_character", "character_id": "ork", "owner": "gm", "name": "Ork",
                       "sheet": SHEET})
    return campaign, ana


async def test_turn_outside_an_encounter_says_none_runs(client: AsyncTestClient[Any]) -> None:
    campaign, ana = await fight(client)
    found = (await campaign.get("/turn", ana)).json()
    assert found["encounter"] is None and found["acting"] is None and found["order"] == []
    assert found["text"] == "No encounter is running"
    spanish = await client.get(f"/campaigns/{campaign.id}/turn?lang=es", headers=campaign.auth(ana))
    assert spanish.json()["text"] == "No hay ningún combate en curso"


async def test_turn_names_the_acting_character_and_its_player_in_both_languages(client: AsyncTestClient[Any]) -> None:
    campaign, ana = await fight(client)
    await campaign.ok({"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["kai", "ork"]})
    await campaign.ok({"type": "d100_next_turn"})
    await campaign.ok({"type": "d100_next_turn"})
    state = (await campaign.get("/state")).json()["rules"]["encounter"]
    acting = state["order"][1]
    name, player = NAMES[acting]
    found = (await campaign.get("/turn", ana)).json()
    assert (found["encounter"], found["round"], found["turn"]) == ("gate", 1, 2)
    assert found["acting"]["character_id"] == acting
    assert (found["acting"]["name"], found["acting"]["player"]) == (name, player)
    assert [seat["character_id"] for seat in found["order"]] == state["order"]
    assert found["text"] == f"Round 1, turn 2: {name} ({player}) acts"
    spanish = await client.get(f"/campaigns/{campaign.id}/turn", headers={**campaign.auth(ana),
                                                                          "Accept-Language": "es"})
    player_es = "DJ" if player == "Game Master" else player  # the GM nobody named, in Spanish
    assert spanish.json()["text"] == f"Asalto 1, turno 2: actúa {name} ({player_es})"
    assert spanish.headers["content-language"] == "es"


async def test_turn_is_in_the_header_of_every_page_of_a_running_encounter(client: AsyncTestClient[Any]) -> None:
    campaign, ana = await fight(client)
    page = await client.get(f"/ui/campaigns/{campaign.id}", headers=campaign.auth(ana))
    assert page.status_code == 200 and "data-turn" not in page.text
    await campaign.ok({"type": "d100_register_character", "character_id": "x", "owner": "gm",
                       "name": "<b>Sigma 19</b>", "sheet": SHEET})
    await campaign.ok({"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["x"]})
    await campaign.ok({"type": "d100_next_turn"})
    for path, lang, expected in (("", "en", "Round 1, turn 1: <b>Sigma 19</b> (Game Master) acts"),
                                 ("/state", "es", "Asalto 1, turno 1: actúa <b>Sigma 19</b> (DJ)"),
                                 ("/encounters/gate", "en", "Round 1, turn 1: <b>Sigma 19</b> (Game Master) acts")):
        answer = await client.get(f"/ui/campaigns/{campaign.id}{path}?lang={lang}", headers=campaign.auth(ana))
        assert answer.status_code == 200, (path, answer.text[:500])
        header = re.search(r'<p class="turn" data-turn>(.*?)</p>', answer.text)
        assert header is not None, path
        assert "<b>" not in header.group(1), "a name is text, never markup"
        assert html.unescape(header.group(1)) == expected


def test_cli_turn_prints_whose_turn_and_the_order(
    service: str, config: Path, capsys: pytest.CaptureFixture[str]  # noqa: F811 - the fixtures imported above
) -> None:
    table, token = kill_team(service)
    assert login(capsys, f"{service}/campaigns/{table.id}", token)[0] == 0
    order = table.state()["rules"]["encounter"]["order"]
    names = {"kai": ("Brother Kai", "Ana"), "cultists": ("Cultist horde", "Game Master"),
             "magus": ("Cult Magus", "Game Master")}
    name, player = names[order[0]]
    code, out, _ = run(capsys, "turn")
    assert code == 0, out
    heading, *lines = out.splitlines()
    assert heading == f"Round 1, turn 1: {name} ({player}) acts"
    found = rows("\n".join(lines))
    assert found[0] == ["character", "player"]
    assert [r[-2:] for r in found[1:]] == [list(names[c]) for c in order]
    assert found[1][0] == "▶"
    code, out, _ = run(capsys, "turn", "--lang", "es")
    player_es = "DJ" if player == "Game Master" else player  # the GM nobody named, in Spanish
    assert out.splitlines()[0] == f"Asalto 1, turno 1: actúa {name} ({player_es})"
    assert rows(out)[1] == ["personaje", "persona jugadora"]
    code, out, _ = run(capsys, "turn", "--json")
    assert code == 0 and '"acting"' in out


def test_cli_turn_of_wrath_and_glory_marks_who_has_acted_in_spanish(
    service: str, config: Path, capsys: pytest.CaptureFixture[str]  # noqa: F811 - the fixtures imported above
) -> None:
    table = Table(service, "wrath_and_glory", "The Mine")
    lucia, token = table.invite("Lucía")
    table.command({"type": "wng_add_character", "character_id": "sigma", "owner": lucia,
                   "sheet": {**HERO, "name": "Sigma 19"}}, token)
    table.command({"type": "wng_add_character", "character_id": "grots", "sheet": GROTS})
    table.command({"type": "start_session"})
    table.command({"type": "wng_start_encounter", "encounter_id": "mine", "participants": ["sigma", "grots"]})
    table.command({"type": "wng_start_turn", "character_id": "sigma"}, token)
    assert login(capsys, f"{service}/campaigns/{table.id}", token)[0] == 0
    code, out, _ = run(capsys, "turn", "--lang", "es")
    assert code == 0, out
    lines = rows(out)
    assert lines[0] == ["Asalto 1, turno 1: actúa Sigma 19 (Lucía)"]
    assert lines[1] == ["personaje", "persona jugadora", "ha actuado"]
    assert lines[2] == ["▶", "Sigma 19", "Lucía", "sí"]
    assert lines[3] == ["gretchin", "DJ", "no"]  # the GM nobody named, in Spanish
