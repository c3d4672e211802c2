"""The rules replay decides a refused attempt again (issue 19, item 3 of the remaining work): its lines with their
recorded dice, then the refused command, which must be refused by the same rule with exactly the recorded dice.

The attack: a forger holding the export changes what an `attempt_refused` says — the rule that refused it, or
the dice its refused line drew — and rehashes the chain. The dice check alone cannot see a changed refusal
(its dice still recompute); `verify --rules` names it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from litestar.testing import AsyncTestClient

from service.cli import main as cli
from tests.service.test_audit import rechain, write

from .forum.thread import Thread, sheet
from .test_refused_attempts import KAI


async def refused_twice(client: AsyncTestClient[Any]) -> tuple[Thread, list[dict[str, Any]]]:
    """A command and a post refused after their dice fell: an extended test that does not say how many
    successes it needs is refused once its d100 is rolled (a rule the dice do not decide, so it is certain)."""
    thread = await Thread.open(client, "Extended", "deathwatch", ("Ana",))
    await thread.post("Ana", f'!register "Brother Kai" #kai sheet={sheet(KAI)}')
    body = {"type": "d100_test", "test_id": "x1", "character_id": "kai", "characteristic": "WS", "extended_id": "e1"}
    headers = {"Authorization": f"Bearer {thread.tokens['Ana']}"}
    alone = await client.post(f"/campaigns/{thread.id}/commands", json=body, headers=headers)
    assert alone.status_code == 422 and alone.json()["rule"] == "extended_needs_count", alone.text
    post = await thread.send("Ana", "!roll d100 a warm-up\n!roll 2d10 another\n!test kai WS extended=e2")
    assert post.status_code == 422 and post.json()["rule"] == "extended_needs_count", post.text
    gm = {"Authorization": f"Bearer {thread.tokens['GM']}"}
    assert (await client.post(f"/campaigns/{thread.id}/commands", json={"type": "reveal_dice_seed"},
                              headers=gm)).status_code == 201
    return thread, [alone.json()["attempt"], post.json()["attempt"]]


async def export(thread: Thread, tmp_path: Path) -> list[dict[str, Any]]:
    response = await thread.get("/export")
    (tmp_path / "log.jsonl").write_text(response.text)
    return [json.loads(line) for line in response.text.splitlines()]


async def test_refused_attempts_are_decided_again_by_the_rules(client: AsyncTestClient[Any], tmp_path: Path,
                                                              capsys: Any) -> None:
    thread, attempts = await refused_twice(client)
    assert [len(a["lines"]) for a in attempts] == [1, 3]
    assert attempts[1]["lines"][0]["command"]["expression"] == "d100"
    assert attempts[1]["refusal"]["command"]["extended_id"] == "e2"
    online = (await thread.get("/verify?rules=true")).json()
    assert online["ok"] and online["rules"]["not_replayable"] == 0, online
    await export(thread, tmp_path)
    assert cli(["verify", "--rules", str(tmp_path / "log.jsonl")]) == 0, capsys.readouterr().out
    assert "0 without their command" in capsys.readouterr().out


async def test_a_forged_refusal_rule_is_caught_and_named(client: AsyncTestClient[Any], tmp_path: Path,
                                                         capsys: Any) -> None:
    thread, attempts = await refused_twice(client)
    records = await export(thread, tmp_path)
    forged = next(r for r in records if r.get("seq") == attempts[1]["seq"])
    forged["data"]["refusal"]["rule"] = "jammed"  # "the weapon jammed", a refusal the dice would decide
    write(tmp_path / "forged.jsonl", rechain(records[:-1]))
    assert cli(["verify", str(tmp_path / "forged.jsonl")]) == 0  # every die still recomputes ...
    capsys.readouterr()
    assert cli(["verify", "--rules", str(tmp_path / "forged.jsonl")]) == 1  # ... the rules do not agree
    out = capsys.readouterr().out
    assert (f"command at event {forged['seq']} (attempt_refused): it records the refusal rule-violation jammed, but "
            "the rules give rule-violation extended_needs_count") in out, out


async def test_a_forged_die_of_a_refused_line_is_caught_and_named(client: AsyncTestClient[Any], tmp_path: Path,
                                                                  capsys: Any) -> None:
    thread, attempts = await refused_twice(client)
    records = await export(thread, tmp_path)
    forged = next(r for r in records if r.get("seq") == attempts[1]["seq"])
    forged["data"]["lines"][1]["dice"].append({"k": 2, "sides": 10, "value": 7})  # a third d10 for `2d10`
    write(tmp_path / "forged.jsonl", rechain(records[:-1]))
    assert cli(["verify", "--rules", "--lang", "es", str(tmp_path / "forged.jsonl")]) == 1
    out = capsys.readouterr().out
    assert (f"la orden del evento {forged['seq']} (attempt_refused): lines[1].dice registra los dados") in out, out
