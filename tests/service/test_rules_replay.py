"""Every recorded outcome recomputes from its command and its dice (issue 19, item 3).

A forger who holds the whole export rewrites an outcome and rehashes the chain: the die faces still verify, so
the plain check passes — that is the gap. `verify --rules` (offline) and `/verify?rules=true` (online) decide
each command again from the body its first event keeps (`meta.command`, docs/audit-format.md) with the recorded
dice, and must name what was forged. The expectations come from the docs: the problem names the command's
first event and the field.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from service.cli import main as cli
from tests.service.test_audit import Records, export_to, rechain, write

SHEET = {"characteristics": {"WS": 100, "BS": 100, "S": 40, "T": 40, "Ag": 40, "Int": 40, "Per": 40, "WP": 40,
                             "Fel": 40},
         "wounds": 200, "armour": {"body": 2},
         "weapons": [{"id": "bolter", "name": "Bolter", "weapon_class": "basic", "damage": "1d10+9",
                      "damage_type": "explosive", "penetration": 4, "range_m": 100, "clip": 60,
                      "qualities": ["never_jams"]}]}


async def fought(campaign: Any) -> None:
    """An honest session: a free roll, then an attack that hits, a reaction and its damage, revealed."""
    await campaign.ok({"type": "start_session", "title": "Session 1"})
    await campaign.ok({"type": "roll", "expression": "2d10+1d5+4", "reason": "bolter damage"})
    for who in ("kai", "vex"):
        await campaign.ok({"type": "create_character", "name": who.title(), "character_id": who, "kind": "npc",
                           "sheet": SHEET})
    for attempt in range(40):  # BS 100 hits unless the roll is 96–100 (a miss): attack again until one hits
        attack = await campaign.ok({"type": "d100_attack", "attack_id": f"a{attempt}", "attacker_id": "kai",
                                    "target_id": "vex", "weapon_id": "bolter"})
        rolled = next(e for e in attack["events"] if e["type"] == "d100_attack_rolled")["data"]
        if rolled["success"]:
            break
    else:
        pytest.fail("forty attacks at BS 100 missed")
    await campaign.ok({"type": "d100_react", "attack_id": f"a{attempt}", "reaction": "none"})
    await campaign.ok({"type": "d100_damage", "attack_id": f"a{attempt}"})
    await campaign.ok({"type": "end_session"})


def _last(records: Records, kind: str) -> dict[str, Any]:
    return [r for r in records if r.get("type") == kind][-1]


def _total(records: Records) -> str:
    _last(records, "dice_rolled")["data"]["total"] += 1
    return "total"


def _last_die_dropped(records: Records) -> str:
    roll = _last(records, "dice_rolled")["data"]
    roll["dice"] = roll["dice"][:-1]
    return "dice"


def _no_dice(records: Records) -> str:
    _last(records, "dice_rolled")["data"]["dice"] = []
    return "dice"


def _damage(records: Records) -> str:
    hit = _last(records, "d100_damage_applied")["data"]["hits"][0]
    hit["total"] += 5
    return "hits[0].total"


def _success(records: Records) -> str:
    rolled = _last(records, "d100_attack_rolled")["data"]
    rolled["degrees"] += 3
    return "degrees"


def _location(records: Records) -> str:
    rolled = _last(records, "d100_attack_rolled")["data"]
    rolled["locations"] = ["head" if rolled["locations"][0] != "head" else "body"]
    return "locations[0]"


FORGERIES: list[Callable[[Records], str]] = [_total, _last_die_dropped, _no_dice, _damage, _success, _location]


@pytest.mark.parametrize("forge", FORGERIES, ids=lambda f: f.__name__.strip("_"))
async def test_rules_replay_catches_a_forged_outcome_with_a_rehashed_chain(
        campaign: Any, tmp_path: Path, capsys: Any, forge: Callable[[Records], str]) -> None:
    await fought(campaign)
    honest = await export_to(campaign, tmp_path / "honest.jsonl")
    assert cli(["verify", "--rules", str(tmp_path / "honest.jsonl")]) == 0
    assert "rules: " in capsys.readouterr().out
    field = forge(honest)
    forged = rechain(honest)
    write(tmp_path / "forged.jsonl", forged)
    # The chain and every die face still hold: the plain check passes (the gap issue 19 names) …
    assert cli(["verify", str(tmp_path / "forged.jsonl")]) == 0, capsys.readouterr().out
    capsys.readouterr()
    # … and the rules replayed name the command and the field.
    assert cli(["verify", "--rules", str(tmp_path / "forged.jsonl")]) == 1
    out = capsys.readouterr().out
    assert out.startswith("FAILED"), out
    problems = [line for line in out.splitlines() if line.startswith("  - ")]
    assert any("command at event" in p and ("rules" in p) for p in problems), out
    if field not in ("dice",):
        assert any(f"records {field} = " in p for p in problems), out


async def test_rules_replay_online_answers_the_same(campaign: Any) -> None:
    await fought(campaign)
    plain = (await campaign.get("/verify")).json()
    assert plain["ok"] is True and plain["rules"] is None
    replayed = (await campaign.get("/verify?rules=true")).json()
    assert replayed["ok"] is True, replayed["problems"]
    rules = replayed["rules"]
    # Every command of the campaign kept its body: creation, session, roll, two characters, the attacks (and any
    # unjam), the reaction, the damage, the end of the session — all decided again, none "not replayable".
    assert rules["not_replayable"] == 0 and rules["commands_replayed"] >= 9


async def test_rules_replay_counts_older_commands_as_not_replayable(campaign: Any, tmp_path: Path,
                                                                     capsys: Any) -> None:
    # A log written before the command's body was kept: the same events without `meta.command`.
    await fought(campaign)
    records = await export_to(campaign, tmp_path / "log.jsonl")
    commands = 0
    for record in records:
        if "meta" in record and record["meta"].pop("command", None) is not None:
            commands += 1
    write(tmp_path / "older.jsonl", rechain(records))
    assert cli(["verify", "--rules", "--lang", "es", str(tmp_path / "older.jsonl")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK") and f"reglas: 0 órdenes repetidas con sus dados; {commands} sin su orden" in out


async def test_rules_replay_keeps_each_command_body_on_its_first_event(campaign: Any, tmp_path: Path) -> None:
    # docs/audit-format.md: `meta.command` on a command's first event only, its JSON body without `post` and
    # `expected_version`; read back from the export, it is the body that was sent.
    sent = {"type": "roll", "expression": "3d6", "reason": "Awareness", "post": {"id": "p-9"}}
    answer = await campaign.ok(sent)
    records = await export_to(campaign, tmp_path / "log.jsonl")
    first = next(r for r in records if r.get("seq") == answer["events"][0]["seq"])
    body = first["meta"]["command"]
    assert {k: body[k] for k in ("type", "expression", "reason")} == {k: sent[k] for k in ("type", "expression",
                                                                                             "reason")}
    assert "post" not in body and "expected_version" not in body
    assert json.dumps(body)  # plain JSON
