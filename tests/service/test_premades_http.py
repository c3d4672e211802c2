"""The premades over HTTP: the public listing in both languages (docs/api.md "Premades"), and a fight in each
ruleset played only through forum posts whose characters all come from premades (`from=` / `de=`), replies
read in English and in Spanish. The dice are the service's own: each assertion holds whatever they show."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .forum.thread import Thread, events

API = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text()

DEATHWATCH_IDS = ["tactical", "assault", "devastator", "librarian", "apothecary", "techmarine", "cultist_horde",
                  "cult_champion"]


async def test_premades_listing_is_public_and_in_the_readers_language(client: Any) -> None:
    english = await client.get("/rulesets/deathwatch/premades")
    assert english.status_code == 200 and english.headers["content-language"] == "en"
    body = english.json()
    assert (body["ruleset"], body["lang"]) == ("deathwatch", "en")
    assert [p["id"] for p in body["premades"]] == DEATHWATCH_IDS
    tactical = body["premades"][0]
    assert (tactical["name"], tactical["kind"], tactical["ids"]) == (
        "Tactical Marine", "pc", {"en": "tactical", "es": "tactico"})
    assert tactical["summary"].startswith("Deathwatch Battle-Brother with bolter and combat knife")
    assert tactical["source"]["seed"] == 2 and tactical["source"]["lines"] == "231-263"
    assert tactical["source"]["note"].startswith("Seed 002, Oath-Taking (Toma de Juramentos), lines 231–263.")
    assert "sheet" not in tactical
    # The keys docs/api.md promises for the listing, read from its endpoint row, and no others.
    promised = re.search(r"`\{ruleset, lang, premades: \[\{([a-z, ]+)\}\]\}`", API)
    assert promised is not None and set(body) == {"ruleset", "lang", "premades"}
    assert all(set(p) == set(promised[1].split(", ")) for p in body["premades"])

    spanish = (await client.get("/rulesets/deathwatch/premades", headers={"Accept-Language": "es-ES,es;q=0.9"}))
    assert spanish.headers["content-language"] == "es"
    listed = {p["id"]: p for p in spanish.json()["premades"]}
    assert listed["tactical"]["name"] == "Marine Táctico"
    assert listed["cultist_horde"]["name"] == "Horda de sectarios" and listed["cultist_horde"]["kind"] == "horde"
    assert listed["tactical"]["source"]["note"].startswith("Documento 002, Toma de Juramentos, líneas 231–263.")

    full = (await client.get("/rulesets/only_war/premades?full=true&lang=es")).json()
    comrade = next(p for p in full["premades"] if p["id"] == "comrade")
    assert comrade["comrade"] is True and comrade["name"] == "Camarada" and comrade["sheet"]["wounds"] == 8

    one = await client.get("/rulesets/wrath_and_glory/premades/orkos")
    orks = one.json()
    assert one.status_code == 200 and orks["id"] == "ork_boyz" and orks["name"] == "Ork boyz"
    assert (orks["sheet"]["defence"], orks["sheet"]["members"]) == (3, 10)


async def test_premades_unknown_ids_are_refused_naming_what_exists(client: Any) -> None:
    missing = await client.get("/rulesets/deathwatch/premades/tactica")
    assert missing.status_code == 404 and missing.headers["content-type"].startswith("application/problem+json")
    assert missing.json()["detail"] == f"no premade `tactica`: {', '.join(DEATHWATCH_IDS)}"
    spanish = (await client.get("/rulesets/deathwatch/premades/tactica?lang=es")).json()["detail"]
    assert spanish.startswith("no hay ningún personaje predefinido «tactica»: tactico, asalto, devastador, "
                              "bibliotecario, apotecario, tecnomarine, horda_sectaria, campeon_sectario")
    ruleset = await client.get("/rulesets/warhammer/premades")
    assert ruleset.status_code == 404
    assert ruleset.json()["detail"] == "no ruleset `warhammer`: deathwatch, dark_heresy, only_war, wrath_and_glory"
    # A premade of another ruleset is not one of this ruleset's.
    assert (await client.get("/rulesets/deathwatch/premades/elena")).status_code == 404
    bad = await client.get("/rulesets/deathwatch/premades?full=maybe")
    assert bad.status_code == 400 and bad.json()["type"].endswith("invalid-request")


async def test_premades_play_a_deathwatch_fight_from_posts(client: Any) -> None:
    thread = await Thread.open(client, "Kill Team Vigil", "deathwatch", ("Ana", "Boris"))
    horde = await thread.post("GM", '!register "The Red Hand" #horde from=cultist_horde')
    assert "- New character: The Red Hand (NPC)" in horde["reply"]["markdown"]
    # Overrides: a partial sheet over the premade's (a sure shot, whatever the dice, but for a jam).
    kai = await thread.post("Ana", '!register "Brother Kai" #kai from=tactical sheet={"characteristics": {"BS": 90}}')
    assert "- New character: Brother Kai (PC)" in kai["reply"]["markdown"]
    ister = await thread.post("Boris", '!registrar "Hermano Ister" #ister de=apotecario ficha={"wounds": 21}')
    assert ister["lang"] == "es" and "- Nuevo personaje: Hermano Ister (PJ)" in ister["reply"]["markdown"]

    typo = await thread.send("Ana", '!register "Brother Tor" #tor from=tactica')
    assert typo.status_code == 422
    assert f"no premade `tactica`: {', '.join(DEATHWATCH_IDS)}" in typo.json()["detail"]
    typo_es = await thread.send("Boris", '!registrar "Hermano Tor" #tor de=tactica')
    assert typo_es.status_code == 422 and typo_es.json()["lang"] == "es"
    assert ("no hay ningún personaje predefinido «tactica»: tactico, asalto, devastador, bibliotecario, "
            "apotecario, tecnomarine, horda_sectaria, campeon_sectario") in typo_es.json()["detail"]

    state = (await thread.state())["rules"]["characters"]
    assert state["kai"]["sheet"]["characteristics"]["BS"] == 90 and state["kai"]["sheet"]["characteristics"]["WS"] == 42
    assert state["ister"]["sheet"]["wounds"] == 21 and state["ister"]["sheet"]["speciality"] == "Apothecary"
    assert state["horde"]["sheet"]["magnitude"] == 30

    await thread.post("GM", "!encounter gate kai ister horde\n!next-turn")
    magnitude, acted = 30, set()
    for _ in range(16):
        encounter = (await thread.state())["rules"]["encounter"]
        if encounter["turn"] == 0 or encounter["turn_over"]:
            await thread.post("GM", "!next-turn")
            continue
        acting = encounter["order"][encounter["turn"] - 1]
        if acting == "horde" or acting in acted:
            await thread.post("GM", f"!end-turn {acting}")
            continue
        spanish = acting == "ister"
        volley = await thread.post("Boris" if spanish else "Ana",
                                   "!ataque -> horde bolter\n!daño\n!fin de turno" if spanish
                                   else "!attack -> horde bolter\n!damage\n!end-turn")
        acted.add(acting)
        rolled = events(volley, "d100_attack_rolled")[0]
        applied = events(volley, "d100_damage_applied")
        if rolled["hits"]:
            after = applied[0]["magnitude_after"]
            word = "magnitud" if spanish else "magnitude"
            if after != magnitude:
                assert f"The Red Hand: {magnitude} → {after} {word}" in volley["reply"]["markdown"]
            magnitude = after
        else:
            assert not applied
        if acted == {"kai", "ister"}:
            break
    assert acted == {"kai", "ister"}
    assert (await thread.state())["rules"]["characters"]["horde"]["magnitude"] == magnitude
    closed = await thread.post("GM", "!end-encounter")
    assert closed["results"][-1]["type"] == "d100_end_encounter"


async def test_premades_play_a_wrath_and_glory_fight_from_posts(client: Any) -> None:
    thread = await Thread.open(client, "The Mine", "wrath_and_glory", ("Ana", "Boris"), {"tier": 1})
    enemies = await thread.post("GM", '!register "Ork boyz" #orks from=ork_boyz\n!register Gorgutz #boss from=ork_warboss')
    assert "- New character: Ork boyz (NPC)" in enemies["reply"]["markdown"]
    sigma = await thread.post("Ana", '!register "Sigma 19" #sigma from=sigma_19')
    assert "- New character: Sigma 19 (PC)" in sigma["reply"]["markdown"]
    elena = await thread.post("Boris", '!registrar "Hermana Elena" #elena de=elena')
    assert elena["lang"] == "es" and "- Nuevo personaje: Hermana Elena (PJ)" in elena["reply"]["markdown"]
    typo = await thread.send("Boris", "!registrar James #james de=jaime")
    assert typo.status_code == 422 and ("no hay ningún personaje predefinido «jaime»: elena, daniel, james, "
                                        "sigma_19, orkos, kaudillo") in typo.json()["detail"]

    characters = (await thread.state())["rules"]["characters"]
    assert characters["elena"]["sheet"]["name"] == "Hermana Elena"
    assert characters["sigma"]["sheet"]["attributes"]["agility"] == 6
    assert characters["orks"]["sheet"]["members"] == 10

    opened = await thread.post("GM", '!start-session "The mine"\n!encounter mine sigma elena orks boss')
    assert "Ruin 0 → 2" in opened["reply"]["markdown"]
    members = 10
    for author, lines, resolve, spanish in (
            ("Ana", "!turn\n!attack -> orks boltgun", "!resolve -> orks", False),
            ("Boris", "!turno\n!ataque -> orks laspistol", "!resolver -> orks", True)):
        shot = await thread.post(author, lines)
        test = events(shot, "wng_test_rolled")[0]
        if test["dice"][-1]["die"]["value"] == 1:  # a Wrath die 1: the GM settles the complication first
            await thread.post("GM", "!complication accept")
        if test["success"]:
            hit = await thread.post(author, resolve)
            applied = events(hit, "wng_damage_applied")[0]
            word = "miembros" if spanish else "members"
            if applied["members_left"] != members:
                assert f"Ork boyz: {members} → {applied['members_left']} {word}" in hit["reply"]["markdown"]
            members = applied["members_left"]
        if author == "Ana":
            await thread.post("GM", "!turn orks")  # the GM's pick, between the players' turns
    assert (await thread.state())["rules"]["characters"]["orks"]["members_left"] == members
    closed = await thread.post("GM", "!end-encounter\n!end-session")
    assert closed["results"][-1]["type"] == "end_session"


async def test_premades_a_typed_id_comes_out_of_a_refusal_as_plain_text(client: Any) -> None:
    # The refused id is a participant's text: pasted back in the attempt's reply, it is never live markup.
    from .forum.pasted import assert_bbcode_safe, assert_markdown_safe

    attack = "[url=https://evil.example]x[/url]![p](https://t.example/p.png)"
    harmless = "tactica"
    replies = []
    for typed in (attack, harmless):
        thread = await Thread.open(client, "Vigil", "deathwatch", ())
        refused = await thread.send("GM", f'!roll 1d10 look\n!register X #x from="{typed}"')
        problem = refused.json()
        assert refused.status_code == 422 and problem["line"] == 2, refused.text
        assert f"no premade `{typed}`: tactical, assault" in problem["detail"]
        replies.append(problem["reply"])
    assert_markdown_safe(replies[0]["markdown"], replies[1]["markdown"])
    assert_bbcode_safe(replies[0]["bbcode"], replies[1]["bbcode"])
