"""A Wrath & Glory forum thread, GM and three players, English and Spanish posts, played only through
POST /campaigns/{id}/posts with the service's own random dice; every number in the replies is checked
against the events (tests/service/forum/thread.py), and the transcript is read as text."""

from __future__ import annotations

from typing import Any

from .markup_check import PHPBB_TAGS, bbcode_tags, same_html
from .spanish import leaks
from .test_forum_spanish import FORBIDDEN
from .thread import Thread, events, sheet

HERO = {"kind": "hero", "defence": 0, "resilience": 5, "wounds": 10, "shock": 10, "soak": 3, "speed": 6,
        "attributes": {"agility": 5, "initiative": 3, "intellect": 4, "strength": 3, "toughness": 3},
        "skills": {"ballistic_skill": 4, "stealth": 3, "weapon_skill": 2},
        "weapons": [{"name": "boltgun", "kind": "ranged", "damage": 10, "ed": 1, "range": 24, "salvo": 2}]}
GROTS = {"name": "Gretchin", "kind": "troop", "defence": 0, "resilience": 3, "wounds": 1, "shock": 1,
         "members": 20, "attributes": {"agility": 2, "initiative": 2}, "skills": {"ballistic_skill": 1}}
BOSS = {"name": "Warboss", "kind": "adversary", "defence": 3, "resilience": 10, "wounds": 12, "shock": 8,
        "attributes": {"initiative": 4}, "skills": {"weapon_skill": 5},
        "weapons": [{"name": "axe", "kind": "melee", "damage": 15, "range": 2}]}
NAMES = {"Sigma 19", "Tomás", "Lucía", "Gretchin", "Warboss", "boltgun", "axe", "The Mine", "Game Master", "GM",
         "Ana", "Boris", "Carla", "mine", "Session 1", "sigma", "tomas", "lucia", "grots", "boss"}


def icons(faces: list[int]) -> int:
    return sum(2 if f == 6 else 1 if f >= 4 else 0 for f in faces)


async def test_forum_wrath_and_glory_thread(client: Any) -> None:
    thread = await Thread.open(client, "The Mine", "wrath_and_glory", ("Ana", "Boris", "Carla"), {"tier": 3})
    await thread.post("GM", f"!register Gretchin #grots npc sheet={sheet(GROTS)}\n"
                            f"!register Warboss #boss npc sheet={sheet(BOSS)}")
    await thread.post("Ana", f'!register "Sigma 19" #sigma sheet={sheet({**HERO, "name": "Sigma 19"})}')
    tomas = await thread.post("Boris", f'!registrar Tomás #tomas ficha={sheet({**HERO, "name": "Tomás"})}')
    assert tomas["lang"] == "es" and "Nuevo personaje: Tomás (PJ)" in tomas["reply"]["markdown"]
    await thread.post("Carla", f'!registrar Lucía #lucia ficha={sheet({**HERO, "name": "Lucía"})}')
    opened = await thread.post("GM", '!start-session "Session 1"\n!encounter mine sigma tomas lucia grots boss')
    assert "Ruin 0 → 3" in opened["reply"]["markdown"]  # Ruin starts at the number of heroes

    # Sigma 19 opens fire on the gretchin: the test's dice, icons and the Wrath die are in the reply.
    shot = await thread.post("Ana", "For the Emperor!\n!turn\n!attack -> grots boltgun")
    test = events(shot, "wng_test_rolled")[0]
    faces = [d["die"]["value"] for d in test["dice"]]
    assert test["icons"] == icons(faces)
    wrath = faces[-1]
    wrath_line = {6: "Wrath die 6", 1: "Wrath die 1: complication!"}.get(wrath)
    if wrath_line:
        assert wrath_line in shot["reply"]["markdown"]
    if wrath == 1:
        await thread.post("GM", "!complication accept")
    hit = await thread.post("Ana", "!resolve -> grots")
    dealt = events(hit, "wng_damage_dealt")[0]
    applied = events(hit, "wng_damage_applied")[0]
    assert dealt["total"] == 10 + icons([d["value"] for d in dealt["ed_dice"]]) + dealt["damage"]["strength"] + (
        dealt["damage"]["shifts"] + dealt["damage"]["glory"] + dealt["damage"]["other"])
    assert f"Gretchin: 20 → {applied['members_left']} members" in hit["reply"]["markdown"]
    assert hit["results"][0]["result"]["damage"] == dealt["total"]

    # The GM's pick: the Warboss axes Tomás (15 against Resilience 5: 10 wounds); Tomás soaks in Spanish.
    axe = await thread.post("GM", "!turn boss\n!attack boss -> tomas axe")
    if events(axe, "wng_test_rolled")[0]["dice"][-1]["die"]["value"] == 1:
        await thread.post("GM", "!complicación ruina")
    pending = await thread.post("GM", "!resolve boss -> tomas")
    assert events(pending, "wng_wounds_pending")[0]["wounds"] == 10
    soaked = await thread.post("Boris", "¡Aguanto!\n!ignorar-heridas")
    soak = events(soaked, "wng_soak_rolled")[0]
    ignored = min(10, icons([d["value"] for d in soak["dice"]]))
    assert (soak["ignored"], soak["remaining"]) == (ignored, 10 - ignored)
    # Spanish agrees with the count: "1 ignorada", "queda 1".
    left = 10 - ignored
    assert (f"{ignored} {'ignorada' if ignored == 1 else 'ignoradas'}, {'queda' if left == 1 else 'quedan'} {left}"
            in soaked["reply"]["markdown"])
    tomas_now = (await thread.state())["rules"]["characters"]["tomas"]
    change = soaked["reply"]["markdown"].split("→ *")[-1]
    assert change.startswith("Tomás: ") and f"10 → {tomas_now['shock']} shock" in change
    if tomas_now["wounds"] != 10:
        assert f"10 → {tomas_now['wounds']} heridas" in change
    if tomas_now["wounds"] == 0:  # nothing soaked: Tomás falls and rolls his death test at once (RULES B3)
        dying = await thread.post("Boris", "!prueba-de-muerte")
        assert events(dying, "wng_death_test_rolled")

    # Lucía sneaks (a skill test, in Spanish): pool, icons against the ND and the Wrath die.
    sneak = await thread.post("Carla", '!turno\n!prueba sigilo nd=2 "oscuridad"+1nd')
    test = events(sneak, "wng_test_rolled")[0]
    assert test["dn"] == 3 and "vs ND 3 (oscuridad +1)" in sneak["reply"]["markdown"]
    assert ("éxito" if test["success"] else "fallo") in sneak["reply"]["markdown"]
    if test["dice"][-1]["die"]["value"] == 1:  # a Wrath die 1 waits for the GM before the session ends
        await thread.post("GM", "!complicación aceptar")

    closed = await thread.post("GM", "!end-encounter\n!end-session")
    assert closed["results"][-1]["type"] == "end_session"
    verified = (await thread.get("/verify")).json()
    assert verified["ok"] is True, verified["problems"]

    spanish = (await thread.get("/transcript?session=1&format=markdown&lang=es")).text
    english = (await thread.get("/transcript?session=1&format=markdown")).text
    bbcode = (await thread.get("/transcript?session=1&format=bbcode")).text
    same_html(spanish), same_html(english)
    assert bbcode_tags(bbcode) <= PHPBB_TAGS
    assert not leaks(spanish, FORBIDDEN, NAMES), [
        line for line in spanish.splitlines() if leaks(line, FORBIDDEN, NAMES)]
    for answer in thread.answers:
        same_html(answer["reply"]["markdown"])
        if answer["lang"] == "es":
            assert not leaks(answer["reply"]["markdown"], FORBIDDEN, NAMES), answer["reply"]["markdown"]
    assert f"Daño a Gretchin: {dealt['total']} (" in spanish and f"Damage to Gretchin: {dealt['total']} (" in english
    assert f"→ {icons(faces)} icon" in english
    for internal in ("False", "True", "{", "rules.", "frozenset"):
        assert internal not in english and internal not in spanish
