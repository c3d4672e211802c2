"""A Deathwatch forum thread, GM and three players, English and Spanish posts, played only through
POST /campaigns/{id}/posts with the service's own random dice; replies and transcript asserted as text."""

from __future__ import annotations

from typing import Any

from .markup_check import PHPBB_TAGS, bbcode_tags, same_html
from .spanish import leaks
from .test_forum_spanish import FORBIDDEN
from .thread import Thread, _dice, events, md, sheet

ARMOUR = {"head": 8, "right_arm": 8, "left_arm": 8, "body": 10, "right_leg": 8, "left_leg": 8}
BOLTER = {"id": "bolter", "name": "Godwyn bolter", "weapon_class": "basic", "damage": "1d10+9",
          "damage_type": "explosive", "penetration": 4, "semi": 3, "range_m": 100, "clip": 28,
          "qualities": ["never_jams"]}


def marine(name: str) -> dict[str, Any]:
    # BS 100: every shot hits (the dice still decide degrees, locations, damage and Righteous Fury).
    return {"characteristics": {"WS": 45, "BS": 100, "S": 42, "T": 44, "Ag": 41, "Int": 40, "Per": 40, "WP": 45,
                                "Fel": 35},
            "unnatural": {"S": 4, "T": 4}, "traits": ["space_marine"], "wounds": 20, "fate": 3, "armour": ARMOUR,
            "skills": {"Dodge": {"characteristic": "Ag", "kind": "basic"}}, "weapons": [BOLTER]}


HORDE = {"characteristics": {"WS": 30, "BS": 25, "T": 30, "Ag": 30, "WP": 30}, "wounds": 0, "magnitude": 30,
         "armour": {"body": 2}, "weapons": [{"id": "autogun", "name": "Autogun", "weapon_class": "basic",
                                              "damage": "1d10+3", "semi": 3, "range_m": 90, "clip": 30,
                                              "qualities": ["never_jams"]}]}
OWNERS = {"kai": "Ana", "ister": "Boris", "vex": "Carla", "cultists": "GM"}


async def test_forum_deathwatch_thread(client: Any) -> None:
    thread = await Thread.open(client, "Kill Team Aurelius", "deathwatch", ("Ana", "Boris", "Carla"))
    opened = await thread.post("GM", f'The hive gate groans open.\n!register "Cultist horde" #cultists npc '
                                     f'sheet={sheet(HORDE)}\n!start-session "The hive, night one"')
    print(opened["reply"]["markdown"])
    # The reply names the participant who sent it; the forum name the client gave is shown as such.
    assert opened["reply"]["markdown"].startswith("**Game Master** *(posted as GM)* · [post t")
    assert "- New character: Cultist horde (NPC)\n" in opened["reply"]["markdown"]
    assert [r["type"] for r in opened["results"]] == ["create_character", "start_session"]

    kai = await thread.post("Ana", f'Brother Kai reports in.\n!register "Brother Kai" #kai '
                                   f'sheet={sheet(marine("Kai"))}')
    assert kai["lang"] == "en" and kai["results"][0]["rendered"]["es"] == "Nuevo personaje: Brother Kai (PJ)"
    ister = await thread.post("Boris", f'[lx]registrar "Hermano Ister" #ister ficha={sheet(marine("Ister"))}[/lx]')
    assert ister["lang"] == "es" and "- Nuevo personaje: Hermano Ister (PJ)\n" in ister["reply"]["markdown"]
    await thread.post("Carla", f'!registrar "Hermana Vex" #vex ficha={sheet(marine("Vex"))}')

    fight = await thread.post("GM", "!encounter hive kai ister vex cultists\n!next-turn")
    initiative = events(fight, "d100_initiative_rolled")[0]["rolls"]
    names = {"kai": "Brother Kai", "ister": "Hermano Ister", "vex": "Hermana Vex", "cultists": "Cultist horde"}
    ranked = ", ".join(f"{names[r['character_id']]} {r['total']} (\\[{r['die']['value']}\\]+{r['agility_bonus']})"
                       for r in sorted(initiative, key=lambda r: -r["total"]))
    assert f"Initiative: {ranked}" in fight["reply"]["markdown"]
    order = events(fight, "d100_initiative_order_fixed")[0]["order"]
    assert f"Turn order: {', '.join(names[c] for c in order)}" in fight["reply"]["markdown"]

    magnitude = 30
    refused_once = replayed_once = False
    for _ in range(12):
        encounter = (await thread.state())["rules"]["encounter"]
        if encounter["turn"] == 0 or encounter["turn_over"]:
            await thread.post("GM", "!next-turn")
            continue
        acting = encounter["order"][encounter["turn"] - 1]
        if acting == "cultists":
            shot = await thread.post("GM", "!attack cultists -> kai autogun")
            rolled = events(shot, "d100_attack_rolled")[0]
            if rolled["stage"] == "awaiting_reaction":
                dodged = await thread.post("Ana", "¡Al suelo!\n!esquivar")
                assert dodged["lang"] == "es"
                if events(dodged, "d100_reaction_rolled")[0]["hits_after"]:
                    # Wounds left before this hit: an earlier hit may have hurt him already.
                    before = 20 - (await thread.state())["rules"]["characters"]["kai"]["damage"]
                    hurt = await thread.post("GM", "!daño cultists")
                    wounds = 20 - events(hurt, "d100_damage_applied")[0]["damage_after"]
                    assert f"Brother Kai: {before} → {wounds} heridas" in hurt["reply"]["markdown"] or wounds == before
            await thread.post("GM", "!end-turn cultists")
            continue
        author = OWNERS[acting]
        spanish = author != "Ana"
        if not refused_once:
            # Two attacks in one turn: the second line is refused, so nothing of the post counts; the first
            # attack's dice were drawn, so they stay in the log, and the answer tells them (docs/fairness.md).
            before = await thread.state()
            twice = await thread.send(author, "!ataque -> cultists bolter\n!ataque -> cultists bolter" if spanish
                                      else "!attack -> cultists bolter\n!attack -> cultists bolter")
            problem = twice.json()
            assert twice.status_code == 422 and problem["line"] == 2 and problem["type"].endswith("line-refused")
            first = problem["attempt"]["lines"][0]
            rolled = ", ".join(str(d["value"]) for d in first["dice"])
            assert problem["detail"].startswith("el mensaje t" if spanish else "post t")
            assert problem["detail"].endswith(
                f"(evento {problem['attempt']['seq']}): línea 1 `ataque -> cultists bolter`: d100 {rolled}" if spanish
                else f"(event {problem['attempt']['seq']}): line 1 `attack -> cultists bolter`: d100 {rolled}")
            after = await thread.state()
            assert after["version"] == first["nonce"] == before["version"] + 1
            assert after["rules"] == before["rules"]
            refused_once = True
        text = ("Purgad al hereje.\n!ataque -> cultists bolter +10\n!daño\n!fin de turno" if spanish
                else "For the Emperor!\n!attack -> cultists bolter +10\n!damage\n!end-turn")
        post_id = f"volley-{acting}-{encounter['round']}"
        volley = await thread.post(author, text, post_id=post_id)
        assert [r["line"] for r in volley["results"]] == [2, 3, 4]
        attack, damage, _ = volley["results"]
        rolled = events(volley, "d100_attack_rolled")[0]
        applied = events(volley, "d100_damage_applied")[0]
        assert attack["result"]["hits"] == rolled["hits"] == len(applied["hits"])
        assert damage["result"]["damage"] == sum(h["wounding"] for h in applied["hits"])
        lost = magnitude - applied["magnitude_after"]
        assert damage["result"]["magnitude_lost"] == lost or lost == 0
        word = "magnitud" if spanish else "magnitude"
        if lost:
            assert f"Cultist horde: {magnitude} → {applied['magnitude_after']} {word}" in volley["reply"]["markdown"]
            assert damage["result"]["changed"][0]["after"]["magnitude"] == applied["magnitude_after"]
        magnitude = applied["magnitude_after"]
        # Each command has its own id and dice nonce: the seq of its first event.
        by_command: dict[str, list[dict[str, Any]]] = {}
        for event in volley["events"]:
            by_command.setdefault(event["meta"]["command_id"], []).append(event)
        assert len(by_command) == 3
        for command_events in by_command.values():
            dice = command_events[0]["meta"].get("dice")
            if dice:
                assert dice["nonce"] == command_events[0]["seq"]
        if not replayed_once:
            again = await thread.send(author, text, post_id=post_id)
            assert again.status_code == 200 and again.json()["replayed"] is True
            assert {k: v for k, v in again.json().items() if k != "replayed"} == {
                k: v for k, v in volley.items() if k != "replayed"}
            edited = await thread.send(author, text + " +10", post_id=post_id)
            said = "ya se registró con otro texto" if spanish else "already recorded with other text"
            assert edited.status_code == 409 and said in edited.json()["detail"]
            replayed_once = True
    assert refused_once and replayed_once

    unread = await thread.send("Carla", "Me lanzo.\n!esquivr")
    problem = unread.json()
    assert unread.status_code == 422 and (problem["line"], problem["suggestions"]) == (2, ["esquivar"])
    assert problem["detail"] == ("la línea 2 no se ha ejecutado: `esquivr` no es una orden; ¿quisiste decir "
                                 "`esquivar`?; no se ha registrado nada del mensaje")

    fear = await thread.post("Carla", "!tirada yo d100 miedo")
    await thread.post("GM", f"!retract {fear['version']} tirada repetida")
    ended = await thread.post("GM", "!end-encounter\n!end-session")
    assert ended["results"][-1]["type"] == "end_session"
    verified = (await thread.get("/verify")).json()
    assert verified["ok"] is True, verified["problems"]

    await check_transcripts(thread, verified["head_hash"], fear["version"])


async def check_transcripts(thread: Thread, head_hash: str, retracted: int) -> None:
    """The session's transcript as a forum shows it, in both languages and markups, and split for Discord."""
    english = (await thread.get("/transcript?session=1&format=markdown")).text
    spanish = (await thread.get("/transcript?session=1&format=markdown&lang=es")).text
    bbcode = (await thread.get("/transcript?session=1&format=bbcode&lang=es")).text
    assert english.startswith("**Transcript — Kill Team Aurelius — session 1**\n\n- **#")
    version = (await thread.state())["version"]
    assert english.endswith(f"\n\n*chain head: v{version} {head_hash}*\n")
    assert bbcode.endswith(f"[size=85][color=gray]cabeza de la cadena: v{version} {head_hash}[/color][/size]\n")
    same_html(english), same_html(spanish)
    assert bbcode_tags(bbcode) <= PHPBB_TAGS and "[s]" not in bbcode
    # Human phrases, no internal diffs or reprs, each die once (in its sentence), names for ids.
    for text in (english, spanish):
        for internal in ("False", "True", "{", "rules.", "turn_over", "cultists ", "dice: d"):
            assert internal not in text, internal
    assert f"- *retracted by Game Master (event {retracted + 1}):* **#{retracted}**" in english
    assert f"[*][color=gray][i]anulado por DJ (evento {retracted + 1}):[/i] [b]#{retracted}[/b]" in bbcode
    # Every number of every roll is there, with its proof and the post it came from.
    for answer in thread.answers:
        for event in answer["events"]:
            data, seq = event["data"], event["seq"]
            if event["type"] == "d100_attack_rolled":
                assert f"**#{seq}**" in english and f"{data['roll']} vs {data['target']}" in english
            if event["type"] == "d100_damage_applied":
                for hit in data["hits"]:
                    assert f"= {hit['total']} − " in english and f"→ {hit['wounding']}" in english
                if data["magnitude_after"] is not None:
                    assert f"→ {data['magnitude_after']} magnitude" in english
                    assert f"→ {data['magnitude_after']} magnitud[/i]" in bbcode
            if next(_dice(data), None) is not None:
                link = f"(http://testserver.local/ui/campaigns/{thread.id}/rolls/{seq})"
                assert link in english and link in spanish
            post = event["meta"].get("post") or {}
            if post.get("id"):
                assert f"[post {md(post['id'])}]({post['url']})" in english
    names = {"Brother Kai", "Hermano Ister", "Hermana Vex", "Cultist horde", "Godwyn bolter", "Autogun",
             "Kill Team Aurelius", "Game Master", "GM", "Ana", "Boris", "Carla", "tirada repetida", "volley", "kai",
             "ister", "vex", "hive", "night one", "The hive, night one", "Purgad al hereje"}
    assert not leaks(spanish, FORBIDDEN, names), sorted(leaks(spanish, FORBIDDEN, names))
    assert not leaks(bbcode, FORBIDDEN, names | {"url", "color", "gray", "size", "list"}), sorted(
        leaks(bbcode, FORBIDDEN, names | {"url", "color", "gray", "size", "list"}))
    for answer in thread.answers:
        if answer["lang"] == "es":
            assert not leaks(answer["reply"]["markdown"], FORBIDDEN, names), answer["reply"]["markdown"]
            for line in answer["results"]:
                assert not leaks(line["rendered"]["es"], FORBIDDEN, names), line["rendered"]["es"]
        same_html(answer["reply"]["markdown"])
        assert bbcode_tags(answer["reply"]["bbcode"]) <= PHPBB_TAGS
    # Cut for Discord: whole messages of at most 2,000 characters, on frame boundaries, nothing lost.
    split = (await thread.get("/transcript?session=1&format=markdown&split=2000")).json()
    messages = split["messages"]
    assert len(messages) > 1 and all(len(m) <= 2000 for m in messages)
    assert messages[0].startswith("**Transcript") and messages[-1].endswith(f"v{version} {head_hash}*\n")
    items = [line for m in messages for line in m.splitlines() if line.startswith("- ")]
    assert items == [line for line in english.splitlines() if line.startswith("- ")]
    for message in messages:
        same_html(message)
    bb_split = (await thread.get("/transcript?session=1&format=bbcode&split=2000")).json()["messages"]
    assert all(len(m) <= 2000 and m.count("[list]") == m.count("[/list]") == 1 for m in bb_split)
