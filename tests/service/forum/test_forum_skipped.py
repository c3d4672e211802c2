"""A post's `!damage` after the post's own `!attack` that missed is skipped, not refused: the rest of the post
is recorded and the reply says there was no damage because the attack missed (docs/commands.md). Misses and
hits are forced by the sheets (BS 0 against a target number that cannot be rolled under, BS 100 above it),
never by luck."""

from __future__ import annotations

from typing import Any

from .test_forum_deathwatch import HORDE, marine
from .test_forum_wrath_and_glory import BOSS, HERO
from .thread import Thread, events, sheet

README_POST = "Brother Kai steps out of cover.\n!attack -> cultists bolter aim +10\n!damage\n!end-turn"


def blind_shot(name: str) -> dict[str, Any]:
    """BS 0: with the README's `aim +10` and the −10 of a Fatigue level (the GM's ruling in `_fight`), his
    target number is 0, and no d100 roll, 01 included, is at or under it (a success is roll ≤ target)."""
    data = marine(name)
    data["characteristics"] = {**data["characteristics"], "BS": 0}
    return data


async def _fight(client: Any, bs_zero: bool) -> Thread:
    thread = await Thread.open(client, "Hive gate", "deathwatch", ("Ana",))
    kai = blind_shot("Kai") if bs_zero else marine("Kai")
    await thread.post("GM", f'!register "Cultist horde" #cultists npc sheet={sheet(HORDE)}\n!start-session')
    await thread.post("Ana", f'!register "Brother Kai" #kai sheet={sheet(kai)}')
    if bs_zero:
        await thread.post("GM", '!ruling kai "a night without sleep" fatigue=1')
    await thread.post("GM", "!encounter hive kai cultists\n!next-turn")
    for _ in range(4):  # the cultists may act first: their turn passes
        encounter = (await thread.state())["rules"]["encounter"]
        if encounter["order"][encounter["turn"] - 1] == "kai" and not encounter["turn_over"]:
            return thread
        await thread.post("GM", "!end-turn cultists" if not encounter["turn_over"] else "!next-turn")
    raise AssertionError("Kai never got his turn")


async def test_forum_skipped_damage_after_a_miss_records_the_rest_of_the_post(client: Any) -> None:
    thread = await _fight(client, bs_zero=True)
    before = (await thread.state())["version"]
    answer = await thread.post("Ana", README_POST, post_id="p1201")
    rolled = events(answer, "d100_attack_rolled")[0]
    assert rolled["target"] == 0 and rolled["stage"] == "missed" and not rolled["success"]
    # The attack and the end of the turn are recorded; the damage line wrote nothing.
    assert [r["line"] for r in answer["results"]] == [2, 3, 4]
    attack, damage, end = answer["results"]
    assert (attack["type"], damage["type"], end["type"]) == ("d100_attack", "d100_damage", "d100_end_turn")
    assert damage["source"] == "damage" and damage["result"]["seqs"] == [] and damage["result"]["rolls"] == []
    assert damage["result"]["skipped"] == {
        "reason": "attack_missed", "roll_id": "p1201-2", "rule": "attack_missed",
        "message": "the attack 'p1201-2' missed (or its hits were all avoided): it has no damage to roll",
        "said": {"id": "rule.attack_missed", "params": {"attack": "p1201-2"}}}
    assert "skipped" not in attack["result"] and "skipped" not in end["result"]
    assert not events(answer, "d100_damage_applied") and events(answer, "d100_turn_ended")
    assert {e["meta"]["line"] for e in answer["events"]} == {2, 4}
    assert answer["version"] == before + len(answer["events"])
    state = await thread.state()
    assert state["version"] == answer["version"] and state["rules"]["encounter"]["turn_over"] is False
    assert state["rules"]["characters"]["cultists"]["magnitude"] == 30
    markdown, bbcode = answer["reply"]["markdown"], answer["reply"]["bbcode"]
    assert "- No damage: the attack missed, so there is no damage to roll\n" in markdown
    assert "[*]No damage: the attack missed, so there is no damage to roll\n" in bbcode
    assert markdown.index("miss") < markdown.index("No damage") < markdown.index("ends the turn")
    assert damage["rendered"] == {"en": "No damage: the attack missed, so there is no damage to roll",
                                  "es": "Sin Daño: el ataque falló, así que no se tira el Daño"}
    # docs/api.md: the escaped forms of a skipped line read the same (nothing in it is markup).
    assert damage["rendered_markdown"] == damage["rendered_bbcode"] == damage["rendered"]
    # The same post forwarded again answers the same, skipped line included; nothing more is recorded.
    again = await thread.send("Ana", README_POST, post_id="p1201")
    assert again.status_code == 200 and again.json()["replayed"] is True
    assert {k: v for k, v in again.json().items() if k != "replayed"} == {
        k: v for k, v in answer.items() if k != "replayed"}
    assert (await thread.state())["version"] == answer["version"]
    verified = await thread.get("/verify")
    assert verified.status_code == 200 and verified.json()["ok"] is True, verified.text


async def test_forum_skipped_damage_in_spanish_says_no_damage_is_rolled(client: Any) -> None:
    thread = await _fight(client, bs_zero=True)
    text = "El hermano Kai sale de la cobertura.\n!ataque -> cultists bolter apuntar +10\n!daño\n!fin de turno"
    answer = await thread.post("Ana", text, post_id="p1202")
    assert answer["lang"] == "es" and answer["results"][1]["result"]["skipped"]["reason"] == "attack_missed"
    assert "- Sin Daño: el ataque falló, así que no se tira el Daño\n" in answer["reply"]["markdown"]
    assert "[*]Sin Daño: el ataque falló, así que no se tira el Daño\n" in answer["reply"]["bbcode"]
    assert "falla" in answer["reply"]["markdown"] and "termina su turno" in answer["reply"]["markdown"]


async def test_forum_skipped_nothing_when_the_attack_hits(client: Any) -> None:
    thread = await _fight(client, bs_zero=False)
    answer = await thread.post("Ana", README_POST, post_id="p1203")
    rolled = events(answer, "d100_attack_rolled")[0]
    assert rolled["success"] and rolled["stage"] == "awaiting_damage"  # BS 100 + 10 against a d100
    applied = events(answer, "d100_damage_applied")
    assert len(applied) == 1 and len(applied[0]["hits"]) == rolled["hits"]
    assert [r["type"] for r in answer["results"]] == ["d100_attack", "d100_damage", "d100_end_turn"]
    assert all("skipped" not in r["result"] for r in answer["results"])
    assert answer["results"][1]["result"]["seqs"] and "No damage" not in answer["reply"]["markdown"]


async def test_forum_skipped_not_for_an_attack_of_an_earlier_post(client: Any) -> None:
    # The player saw the attack miss before writing the damage line: that line is refused as always.
    thread = await _fight(client, bs_zero=True)
    shot = await thread.post("Ana", "!attack -> cultists bolter aim +10", post_id="p1204")
    assert events(shot, "d100_attack_rolled")[0]["stage"] == "missed"
    before = (await thread.state())["version"]
    refused = await thread.send("Ana", "!damage #p1204-1\n!end-turn", post_id="p1205")
    problem = refused.json()
    assert refused.status_code == 422 and problem["type"].endswith("line-refused"), refused.text
    assert problem["rule"] == "attack_missed" and problem["line"] == 1
    assert problem["detail"].endswith("nothing of the post was recorded")
    assert (await thread.state())["version"] == before
    # Without an attack to name, `!damage` is unreadable as before: a missed attack is never what it means.
    unread = await thread.send("Ana", "!damage\n!end-turn", post_id="p1206")
    assert unread.status_code == 422 and unread.json()["type"].endswith("unreadable-line"), unread.text
    assert (await thread.get("/verify")).json()["ok"] is True


# Wrath & Glory: Defence 30 is DN 30, more icons than nine dice can show (two at most each).
WALL = {**BOSS, "name": "Bastion", "defence": 30}


async def test_forum_skipped_wrath_and_glory_resolve_after_a_miss(client: Any) -> None:
    thread = await Thread.open(client, "The Mine", "wrath_and_glory", ("Ana",), {"tier": 3})
    await thread.post("GM", f"!register Bastion #wall npc sheet={sheet(WALL)}")
    await thread.post("Ana", f'!register "Sigma 19" #sigma sheet={sheet({**HERO, "name": "Sigma 19"})}')
    await thread.post("GM", '!start-session "Session 1"\n!encounter mine sigma wall')
    # W&G numbers its tests (t1, t2 …) as they are rolled, and a line does not learn the test an earlier line
    # of its post will roll: the post names the attack's test by the id it will get.
    text = f"For the Emperor!\n!turn\n!attack -> wall boltgun\n!resolve {await _next_test(thread)} -> wall"
    answer = await thread.post("Ana", text, post_id="w1")
    test = events(answer, "wng_test_rolled")[0]
    assert test["dn"] >= 30 and test["icons"] < test["dn"]
    assert [r["line"] for r in answer["results"]] == [2, 3, 4]
    resolved = answer["results"][2]
    assert resolved["type"] == "wng_resolve_attack" and resolved["result"]["seqs"] == []
    assert resolved["result"]["skipped"]["reason"] == "attack_missed" and resolved["result"]["skipped"]["rule"] == "missed"
    assert not events(answer, "wng_damage_dealt")
    assert "- No damage: the attack missed, so there is no damage to roll\n" in answer["reply"]["markdown"]
    again = await thread.send("Ana", text, post_id="w1")
    assert again.status_code == 200 and again.json()["results"] == answer["results"]
    # Resolving that attack in a later post is refused, as the rules always did.
    late = await thread.send("Ana", f"!resolve #{test['test_id']} -> wall", post_id="w2")
    assert late.status_code == 422 and late.json()["rule"] == "missed", late.text
    assert (await thread.get("/verify")).json()["ok"] is True


async def _next_test(thread: Thread) -> str:
    return f"#t{(await thread.state())['rules']['tests_rolled'] + 1}"


async def test_forum_skipped_fate_reroll_after_a_hit_spends_no_fate(client: Any) -> None:
    # "Reroll it with Fate if it misses": the attack hit, so the reroll is skipped and the damage rolled.
    thread = await _fight(client, bs_zero=False)
    text = "!attack -> cultists bolter aim +10\n!fate reroll\n!damage\n!end-turn"
    answer = await thread.post("Ana", text, post_id="p1207")
    assert [r["type"] for r in answer["results"]] == ["d100_attack", "d100_spend_fate", "d100_damage",
                                                      "d100_end_turn"]
    skipped = answer["results"][1]["result"]["skipped"]
    assert skipped["reason"] == "roll_succeeded" and skipped["rule"] == "fate_reroll_success"
    assert not events(answer, "d100_fate_spent") and events(answer, "d100_damage_applied")
    assert (await thread.state())["rules"]["characters"]["kai"]["fate"] == 3
    assert "- No Fate reroll: the roll succeeded, so no Fate point was spent\n" in answer["reply"]["markdown"]
    assert answer["results"][1]["rendered"]["es"] == (
        "Sin repetir con Destino: la tirada tuvo éxito, así que no se gasta el punto de Destino")


def _npc(bs: int, ag: int) -> dict[str, Any]:
    return {"characteristics": {"WS": 30, "BS": bs, "S": 30, "T": 30, "Ag": ag, "Int": 30, "Per": 30, "WP": 30,
                                "Fel": 30},
            "wounds": 10, "armour": {"body": 2},
            "skills": {"Dodge": {"characteristic": "Ag", "kind": "basic"}},
            "weapons": [{"id": "autogun", "name": "Autogun", "weapon_class": "basic", "damage": "1d10+3",
                         "semi": 3, "range_m": 90, "clip": 30, "qualities": ["never_jams"]}]}


async def test_forum_skipped_damage_after_the_posts_own_dodge_negated_every_hit(client: Any) -> None:
    # The GM plays both sides: BS 100 always hits (one single shot, one hit), Ag 100 always dodges it.
    thread = await Thread.open(client, "Underhive", "deathwatch", ())
    await thread.post("GM", f'!register Ganger #ganger npc sheet={sheet(_npc(100, 30))}\n'
                            f'!register Sentry #sentry npc sheet={sheet(_npc(30, 100))}\n!start-session')
    answer = await thread.post("GM", "!attack ganger -> sentry autogun\n!dodge sentry\n!damage ganger",
                               post_id="g1")
    shot, dodge = events(answer, "d100_attack_rolled")[0], events(answer, "d100_reaction_rolled")[0]
    assert shot["target"] >= 100 and shot["hits"] == 1  # a d100 never rolls over 100
    assert dodge["target"] >= 100 and dodge["hits_after"] == 0
    assert [r["type"] for r in answer["results"]] == ["d100_attack", "d100_react", "d100_damage"]
    skipped = answer["results"][2]["result"]["skipped"]
    assert skipped["reason"] == "hits_avoided" and skipped["rule"] == "no_pending_attack"
    assert "- No damage: every hit of the attack was avoided, so there is no damage to roll\n" in (
        answer["reply"]["markdown"])
    assert answer["results"][2]["rendered"]["es"] == (
        "Sin Daño: se evitaron todos los impactos del ataque, así que no se tira el Daño")
    assert (await thread.get("/verify")).json()["ok"] is True
