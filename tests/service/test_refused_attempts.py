"""A roll, once made, stays in the log (issue 19, item 1): a post refused after its dice fell keeps them.

The two reproductions of the issue, played through POST /campaigns/{id}/posts exactly as they were found:
the same lines sent again and again, with `!roll` lines in front, until the dice allow them. Every refused
try must be in the export with the dice it showed, and the export must verify (the service's verifier,
offline, and the one written from the docs alone).
"""

from __future__ import annotations

import collections
import json
import re
from pathlib import Path
from typing import Any

from litestar.testing import AsyncTestClient

from service.audit_file import verify_file
from tests.support import docs_verifier

from .forum.thread import Thread, sheet

SIGMA = {"kind": "hero", "name": "Sigma", "defence": 0, "resilience": 5, "wounds": 10, "shock": 10, "soak": 3,
         "speed": 6, "attributes": {"agility": 5, "initiative": 3, "strength": 3, "toughness": 3},
         "skills": {"weapon_skill": 2}}
JEFE = {"name": "Jefe", "kind": "adversary", "defence": 3, "resilience": 10, "wounds": 12, "shock": 8,
        "attributes": {"initiative": 4, "strength": 4}, "skills": {"weapon_skill": 4},
        "weapons": [{"name": "rebanadora", "kind": "melee", "damage": 12, "ed": 1, "range": 2}]}
ARMOUR = {"head": 8, "right_arm": 8, "left_arm": 8, "body": 10, "right_leg": 8, "left_leg": 8}
# A bolter that can jam (no never_jams), with rounds enough for every try.
BOLTER = {"id": "bolter", "name": "Bolter", "weapon_class": "basic", "damage": "1d10+9", "damage_type": "explosive",
          "penetration": 4, "semi": 3, "range_m": 100, "clip": 3000}
KAI = {"characteristics": {"WS": 45, "BS": 45, "S": 42, "T": 44, "Ag": 41, "Int": 40, "Per": 40, "WP": 45, "Fel": 35},
       "unnatural": {"S": 4, "T": 4}, "traits": ["space_marine"], "wounds": 20, "fate": 400, "armour": ARMOUR,
       "weapons": [BOLTER]}
TARGET = {"characteristics": {"WS": 30, "BS": 25, "T": 30, "Ag": 30, "WP": 30}, "wounds": 500, "armour": {"body": 2}}


async def export_of(thread: Thread) -> str:
    response = await thread.get("/export")
    assert response.status_code == 200, response.text
    return str(response.text)


def dice_of_attempt(record: dict[str, Any]) -> list[list[tuple[int, int, int]]]:
    return [[(d["k"], d["sides"], d["value"]) for d in line["dice"]] for line in record["data"]["lines"]]


async def check_every_attempt_kept(thread: Thread, refused: list[dict[str, Any]], tmp_path: Path) -> None:
    """Each refusal's attempt is in the export, with the dice the refusal showed, and the export verifies."""
    revealed = await thread.client.post(f"/campaigns/{thread.id}/commands", json={"type": "reveal_dice_seed"},
                                        headers={"Authorization": f"Bearer {thread.tokens['GM']}"})
    assert revealed.status_code == 201, revealed.text
    text = await export_of(thread)
    records = {r["seq"]: r for r in map(json.loads, text.splitlines()) if "seq" in r}
    for problem in refused:
        attempt = problem["attempt"]
        record = records[attempt["seq"]]
        assert record["type"] == "attempt_refused"
        assert dice_of_attempt(record) == dice_of_attempt({"data": attempt})
        assert any(line["dice"] for line in record["data"]["lines"])
        # The answer told every die it kept.
        for line in attempt["lines"]:
            for die in line["dice"]:
                assert str(die["value"]) in problem["detail"]
    path = tmp_path / "export.jsonl"
    path.write_text(text, encoding="utf-8")
    (offline,) = verify_file(path)
    assert offline.ok, offline.problems
    documented = docs_verifier.verify_export(text)[thread.id]
    assert documented.ok, documented.problems
    kept = sum(len(line["dice"]) for r in records.values() if r["type"] == "attempt_refused"
               for line in r["data"]["lines"])
    online = (await thread.get("/verify")).json()
    assert online["ok"], online["problems"]
    assert documented.dice_pending == 0 and documented.dice_verified >= kept > 0


async def _wng_until_recorded(client: AsyncTestClient[Any]) -> tuple[Thread, list[dict[str, Any]]]:
    thread = await Thread.open(client, "La mina", "wrath_and_glory", ("Ana",), {"tier": 3})
    await thread.post("GM", f"!registrar Jefe #jefe pnj ficha={sheet(JEFE)}")
    await thread.post("Ana", f"!registrar Sigma #sigma ficha={sheet(SIGMA)}")
    await thread.post("GM", "!combate mina sigma jefe")
    await thread.post("Ana", "!turno")  # the players pick first; then it is the GM's pick
    # The attack is the campaign's first test, t1, in every try: a refused try changes nothing.
    lines = "!turno jefe\n!ataque jefe -> sigma rebanadora\n!resolver #t1 -> sigma canjes=3"
    refused: list[dict[str, Any]] = []
    for tries in range(300):
        response = await thread.send("GM", "!tirada d6\n" * (tries % 5) + lines)
        if response.status_code == 201:
            return thread, refused
        problem = response.json()
        assert response.status_code == 422 and problem.get("rule") in ("shifts", "missed"), problem
        refused.append(problem)
    raise AssertionError("the dice never allowed three shifts in 300 tries")


async def test_wng_refused_resolve_keeps_every_attack_it_rolled(client: AsyncTestClient[Any], tmp_path: Path) -> None:
    # Wrath & Glory, the GM: the boss's turn, its attack, and a resolve shifting 3 exalted icons, sent again
    # with 0, 1, 2 … `!roll d6` lines in front until the dice allow the shifts.
    # A try the dice allow at once refuses nothing: the scene is played again in a new campaign, as a table
    # would start a new thread, until at least one try was refused before one was recorded.
    for _ in range(8):
        thread, refused = await _wng_until_recorded(client)
        if refused:
            break
    assert refused, "the dice allowed the shifts at the first try eight times"
    for problem in refused:
        # The answer says what was refused and that the dice stay: the attack's dice, at the attack's line.
        attempt = problem["attempt"]
        assert problem["detail"].startswith("el mensaje t")
        assert "sus dados quedan registrados (evento " in problem["detail"]
        attack = next(line for line in attempt["lines"] if line["source"].startswith("ataque"))
        assert attack["dice"] and attempt["refusal"]["line"] == problem["line"]
        assert re.search(r"línea \d+ `ataque jefe -> sigma rebanadora`: d6 \d", problem["detail"])
    await check_every_attempt_kept(thread, refused, tmp_path)


async def test_deathwatch_jammed_reroll_keeps_the_jammed_attack(client: AsyncTestClient[Any], tmp_path: Path
                                                               ) -> None:
    # Deathwatch, a player: a semi-auto burst and a Fate reroll in one post; a jam refuses the reroll ("a jammed
    # weapon stays jammed") and tells the jam; the player puts `!roll d100` first for a new attack roll.
    thread = await Thread.open(client, "Kill Team", "deathwatch", ("Ana",))
    await thread.post("GM", f'!register "Target" #target npc sheet={sheet(TARGET)}')
    await thread.post("Ana", f'!register "Brother Kai" #kai sheet={sheet(KAI)}')
    refused: list[dict[str, Any]] = []
    jammed = recorded_after_jam = False
    for tries in range(400):
        text = "!roll d100\n" * (tries % 3) + "!attack kai -> target bolter semi\n!fate reroll"
        response = await thread.send("Ana", text)
        if response.status_code == 201:
            recorded_after_jam = jammed
            if jammed:
                break
            continue
        problem = response.json()
        assert response.status_code == 422, problem
        if "attempt" not in problem:
            # A recorded reroll jammed the bolter (then unjamming emptied it): the attack line is refused before
            # it rolls, and nothing is kept. The marine clears the jam or reloads, as at the table.
            fix = {"weapon_jammed": "!unjam kai bolter", "out_of_ammunition": "!reload kai bolter"}[problem["rule"]]
            assert (await thread.send("Ana", fix)).status_code in (201, 422)
            continue
        if problem["rule"] == "fate_reroll_jam":
            jammed = True
            assert "a jammed weapon stays jammed" in problem["detail"]
            attack = next(line for line in problem["attempt"]["lines"] if line["source"].startswith("attack"))
            # The jam is in the attack's first die (94 or more on a semi-auto burst), kept in the log.
            assert attack["dice"][0]["value"] >= 94
        refused.append(problem)
    assert jammed and recorded_after_jam, collections.Counter((p.get("rule"), p["detail"][:60]) for p in refused)
    assert all(p["detail"].startswith("post t") and "its dice stay recorded (event " in p["detail"] for p in refused)
    await check_every_attempt_kept(thread, refused, tmp_path)


async def test_a_refused_post_sent_again_answers_the_same_refusal_and_draws_nothing(
        client: AsyncTestClient[Any], monkeypatch: Any, tmp_path: Path) -> None:
    from .test_refusals_keep_dice import spying

    thread = await Thread.open(client, "Omens", "deathwatch", ("Ana",))
    start = (await thread.state())["version"]
    text = "!roll d100 first omen\n!roll 2d10 second omen\n!retract 9999 no such event"
    first = await thread.send("GM", text, post_id="p1201")
    problem = first.json()
    assert first.status_code == 422 and problem["kind"] == "not-found" and problem["replayed"] is False
    attempt = problem["attempt"]
    # Line 1 drew with the attempt's own seq, line 2 with the next; the attempt holds both seqs.
    assert [line["nonce"] for line in attempt["lines"]] == [start + 1, start + 2] == [attempt["seq"], problem["version"]]
    assert problem["detail"].startswith("post p1201 was refused at line 3 (`retract 9999 no such event`): ")
    d100, (a, b) = attempt["lines"][0]["dice"][0]["value"], [d["value"] for d in attempt["lines"][1]["dice"]]
    assert problem["detail"].endswith(f"its dice stay recorded (event {start + 1}): line 1 `roll d100 first omen`: "
                                      f"d100 {d100} · line 2 `roll 2d10 second omen`: d10 {a}, {b}")
    with spying(monkeypatch) as spy:
        again = await thread.send("GM", text, post_id="p1201")
        assert spy.calls == []  # nothing decided again: no die drawn
    assert again.status_code == 422 and again.json()["replayed"] is True
    assert {k: v for k, v in again.json().items() if k != "replayed"} == {
        k: v for k, v in problem.items() if k != "replayed"}
    spanish = await thread.send("GM", text, post_id="p1201", lang="es")
    assert spanish.status_code == 409  # another text (the forced language is part of it): an edited post
    # The next command starts after the seqs the attempt held: its nonce was never drawn with.
    roll = await thread.post("GM", "!roll d100 after")
    assert roll["events"][0]["seq"] == roll["events"][0]["meta"]["dice"]["nonce"] == start + 3
    export = await export_of(thread)
    kinds = [json.loads(line).get("type") for line in export.splitlines()][start:start + 3]
    assert kinds == ["attempt_refused", "nonce_reserved", "dice_rolled"]
    await check_every_attempt_kept(thread, [problem], tmp_path)


async def test_a_command_refused_after_its_die_keeps_it(client: AsyncTestClient[Any]) -> None:
    # An extended test that does not say how many successes it needs is refused once its d100 is rolled.
    thread = await Thread.open(client, "Extended", "deathwatch", ("Ana",))
    await thread.post("Ana", f'!register "Brother Kai" #kai sheet={sheet(KAI)}')
    body = {"type": "d100_test", "test_id": "x1", "character_id": "kai", "characteristic": "WS", "extended_id": "e1"}
    headers = {"Authorization": f"Bearer {thread.tokens['Ana']}", "Accept-Language": "es"}
    refused = await client.post(f"/campaigns/{thread.id}/commands", json=body, headers=headers)
    problem = refused.json()
    assert refused.status_code == 422 and problem["rule"] == "extended_needs_count"
    (line,) = problem["attempt"]["lines"]
    assert (line["line"], line["command_type"], line["nonce"]) == (None, "d100_test", problem["attempt"]["seq"])
    assert problem["detail"] == (f"la orden d100_test se rechazó: {problem['detail'].split(': ', 1)[1].split(';')[0]}; "
                                 f"sus dados quedan registrados (evento {problem['attempt']['seq']}): "
                                 f"d100 {line['dice'][0]['value']}")
    assert (await thread.state())["version"] == problem["version"] == problem["attempt"]["seq"]


async def test_a_refused_attempt_keeps_its_message_and_is_told_in_spanish_from_it(client: AsyncTestClient[Any]) -> None:
    # The extended test of the test above, refused once its d100 fell: the log keeps the refusal's message, and
    # the Spanish transcript tells that very reason (not the generic "las reglas no lo permiten ahora").
    thread = await Thread.open(client, "Extended", "deathwatch", ("Ana",))
    await thread.post("Ana", f'!register "Brother Kai" #kai sheet={sheet(KAI)}')
    body = {"type": "d100_test", "test_id": "x1", "character_id": "kai", "characteristic": "WS", "extended_id": "e1"}
    headers = {"Authorization": f"Bearer {thread.tokens['Ana']}"}
    refused = await client.post(f"/campaigns/{thread.id}/commands", json=body, headers=headers)
    assert refused.status_code == 422 and refused.json()["rule"] == "extended_needs_count"
    records = [json.loads(line) for line in (await export_of(thread)).splitlines()]
    (attempt,) = [r["data"]["refusal"] for r in records if r.get("type") == "attempt_refused"]
    assert attempt["said"] == {"id": "rule.extended_needs_count.test"}
    assert attempt["reason"] == "a new extended test says how many successes it needs"
    spanish = (await thread.get("/transcript?format=markdown&lang=es")).text
    assert "Intento rechazado (\\`!prueba\\`): una prueba extendida nueva dice cuántos éxitos necesita;" in spanish


async def test_transcripts_show_a_refused_attempt_marked_with_its_dice(client: AsyncTestClient[Any]) -> None:
    thread = await Thread.open(client, "Omens", "deathwatch", ("Ana",))
    # A player's roll, then a line only the GM may send: refused after the roll fell, so the roll stays.
    refused = await thread.send("Ana", "!tirada d100 augurio\n!tirada d10 otro\n!retirar 9999 nada", post_id="p7")
    assert refused.json()["kind"] == "forbidden"
    attempt = refused.json()["attempt"]
    face, other = (line["dice"][0]["value"] for line in attempt["lines"])
    await thread.post("Ana", "!roll d100 after")
    english = (await thread.get("/transcript?format=markdown")).text
    spanish = (await thread.get("/transcript?format=markdown&lang=es")).text
    bbcode = (await thread.get("/transcript?format=bbcode&lang=es")).text
    frames = (await thread.get("/transcript?format=json")).json()["frames"]
    seq = attempt["seq"]
    # Markdown has no strikethrough both parsers read: the mark says it; BBCode greys it as an undone event.
    assert (f"- *refused, not counted:* **#{seq}** · Ana: Attempt refused at line 3 (\\`!retract\\`): "
            f"only the GM may send retract; its dice stay recorded: line 1 \\`!roll\\`: d100 {face} · "
            f"line 2 \\`!roll\\`: d10 {other}") in english
    assert (f"- *rechazado, no cuenta:* **#{seq}** · Ana: Intento rechazado en la línea 3 (\\`!retirar\\`): ") in spanish
    assert (f"sus dados quedan registrados: línea 1 \\`!tirada\\`: d100 {face} · línea 2 \\`!tirada\\`: "
            f"d10 {other}") in spanish
    assert f"[*][color=gray][i]rechazado, no cuenta:[/i] [b]#{seq}[/b]" in bbcode
    attempt_frame = next(f for f in frames if f["seq"] == seq)
    assert attempt_frame["refused"] is True
    assert attempt_frame["dice"] == attempt["lines"][0]["dice"] + attempt["lines"][1]["dice"]
    assert attempt_frame["proof"] is not None
    # The seqs the attempt held are told with it: no line of their own in the forum transcripts.
    assert [f["type"] for f in frames if f["seq"] == seq + 1] == ["nonce_reserved"]
    assert "nonce" not in english and f"**#{seq + 1}**" not in english and f"**#{seq + 2}**" in english
    # The reply to paste under the refused post says the same, marked, in the post's language.
    reply = refused.json()["reply"]
    assert reply["markdown"].startswith("*rechazado, no cuenta:* el mensaje p7 se rechazó en la línea 3 (\\`retirar")
    assert reply["bbcode"].startswith("[color=gray][i]rechazado, no cuenta:[/i] el mensaje p7 se rechazó")


async def test_verifiers_refuse_an_attempt_whose_nonces_are_not_its_own_seqs(client: AsyncTestClient[Any]) -> None:
    """An attempt rewritten (and its chain recomputed, as whoever controls the database could) so that a line's
    dice claim a nonce the attempt does not hold: the service's verifier and the docs' one both say so."""
    from service import chain
    from service.verification import CampaignReport, CampaignVerifier, seeds_from

    def verify_campaign(campaign_id: str, records: list[dict[str, Any]]) -> CampaignReport:
        # What GET /verify does page by page, here on records already in memory.
        verifier = CampaignVerifier(campaign_id, seeds_from(records))
        for record in records:
            verifier.add(record)
        return verifier.finish()

    thread = await Thread.open(client, "Forged", "deathwatch", ("Ana",))
    refused = (await thread.send("GM", "!roll d100 a\n!roll d100 b\n!retract 9999 x", post_id="f1")).json()
    await thread.post("GM", "!roll d100 after")
    await thread.client.post(f"/campaigns/{thread.id}/commands", json={"type": "reveal_dice_seed"},
                             headers={"Authorization": f"Bearer {thread.tokens['GM']}"})
    records = [json.loads(line) for line in (await export_of(thread)).splitlines()]
    events = [r for r in records if "seq" in r]
    honest = verify_campaign(thread.id, events)
    assert honest.ok, honest.problems
    seq = refused["attempt"]["seq"]

    def forged(change: Any) -> tuple[list[Any], list[str]]:
        copied = json.loads(json.dumps(events))
        change(copied[seq - 1]["data"]["lines"])
        prev = chain.GENESIS
        for record in copied:
            record["prev_hash"] = prev
            record["hash"] = prev = chain.link(prev, record)
        head = {"head": {"campaign_id": thread.id, "version": len(copied), "head_hash": prev}}
        text = "\n".join(json.dumps(r, ensure_ascii=False) for r in [*copied, head])
        service = [p.en for p in verify_campaign(thread.id, copied).problems]
        return service, docs_verifier.verify_export(text)[thread.id].problems

    # The second line claims the next command's seq: its nonce would be drawn twice.
    service, documented = forged(lambda lines: lines[1].update(nonce=seq + 2))
    assert any("are not its own seqs" in p for p in service) and documented
    # Both lines claim the attempt's own seq.
    service, documented = forged(lambda lines: lines[1].update(nonce=seq))
    assert any("are not its own seqs" in p for p in service) and documented


async def test_a_refused_attempt_keeps_its_message_and_each_reader_tells_it_in_its_language(
    client: AsyncTestClient[Any],
) -> None:
    # Issue 20: the log kept only the English sentence, so a Spanish transcript fell back to the vague
    # "solo el DJ puede hacerlo"; the refusal's message now travels with it (docs/fairness.md, `said`).
    thread = await Thread.open(client, "Said", "deathwatch", ("Ana",))
    refused = await thread.send("Ana", "!roll d100 omen\n!retract 9999 nothing", post_id="p1")
    assert refused.json()["kind"] == "forbidden"
    seq = refused.json()["attempt"]["seq"]
    stored = next(e for e in (await thread.get(f"/events?after={seq - 1}")).json()["events"] if e["seq"] == seq)
    assert stored["data"]["refusal"]["reason"] == "only the GM may send retract"
    assert stored["data"]["refusal"]["said"] == {"id": "forbidden.gm_only", "params": {"command": "retract"}}
    english = (await thread.get("/transcript?format=markdown")).text
    spanish = (await thread.get("/transcript?format=markdown&lang=es")).text
    assert "(\\`!retract\\`): only the GM may send retract; its dice stay recorded" in english
    assert "(\\`!retirar\\`): solo el DJ puede enviar \\`!retirar\\`; sus dados quedan registrados" in spanish


def test_an_attempt_recorded_before_messages_reads_its_english_words() -> None:
    # An `attempt_refused` written before `said` existed decodes as it was, and a reader in Spanish reads the
    # English sentence it recorded after the lead of its kind (no Spanish is derived from the English words):
    # never a vague or an empty one.
    import msgspec

    from domain.campaign.events import AttemptRefused
    from projections.rendering.attempts import reason_text

    old = {"type": "attempt_refused", "lines": [], "refusal": {
        "line": 2, "source": "retract 3 x", "command_type": "retract", "kind": "rule-violation",
        "rule": "retraction", "reason": "event 3 is already retracted"}}
    event = msgspec.json.decode(msgspec.json.encode(old), type=AttemptRefused)
    assert event.refusal.said is None
    assert reason_text(event, "en") == "event 3 is already retracted"
    assert reason_text(event, "es") == "las reglas no lo permiten ahora (event 3 is already retracted)"
    assert b'"said"' not in msgspec.json.encode(event)  # it reads and hashes as it was written
