"""A Wrath & Glory session played through the API, one forum post per command, with the service's own
random dice: every number asserted is computed from the dice each answer shows.

Heroes have Defence 0 and the warboss's axe deals a flat 15 (no ED, no Strength), so every attack hits
and every wound total is known whatever the dice; the rest (icons, members hit, soak, death tests,
Wrath sixes) is read from the answers and checked against the rules."""

from __future__ import annotations

import itertools
from typing import Any

from .conftest import Campaign

HERO = {"kind": "hero", "defence": 0, "resilience": 5, "wounds": 10, "shock": 10, "soak": 3, "speed": 6,
        "attributes": {"agility": 5, "initiative": 3, "intellect": 4, "strength": 3, "toughness": 3},
        "skills": {"ballistic_skill": 4, "tech": 3, "weapon_skill": 2},
        "weapons": [{"name": "boltgun", "kind": "ranged", "damage": 10, "ed": 1, "range": 24, "salvo": 2}]}
KAI = {**HERO, "name": "Brother Kai", "wounds": 14}
MIRA = {**HERO, "name": "Mira"}
GROTS = {"name": "gretchin", "kind": "troop", "defence": 0, "resilience": 3, "wounds": 1, "shock": 1,
         "members": 20, "attributes": {"agility": 2, "initiative": 2}, "skills": {"ballistic_skill": 1}}
BOSS = {"name": "warboss", "kind": "adversary", "defence": 3, "resilience": 10, "wounds": 12, "shock": 8,
        "attributes": {"initiative": 4}, "skills": {"weapon_skill": 5},
        "weapons": [{"name": "axe", "kind": "melee", "damage": 15, "range": 2}]}
GLORY_CAP = 6  # max(6, 2 heroes + 2)
RUIN_CAP = 2  # the number of heroes


def icons(faces: list[int]) -> int:
    return sum(2 if f == 6 else 1 if f >= 4 else 0 for f in faces)


def faces_of(dice: list[dict[str, Any]]) -> list[int]:
    return [d["die"]["value"] if "die" in d else d["value"] for d in dice]


def death_test(face: int, bonus: int) -> tuple[str, int]:
    total = min(6, face + bonus)
    if total == 6:
        return "wakes", 0
    if total >= 4:
        return "stabilised", 0
    return ("one_failure", 1) if total >= 2 else ("two_failures", 2)


class Table:
    """The campaign, who is who, and the numbers the dice so far imply."""

    def __init__(self, campaign: Campaign) -> None:
        self.campaign = campaign
        self.posts = itertools.count(1)
        self.tokens: dict[str, str | None] = {"gm": None}
        self.glory = 0
        self.answers: list[dict[str, Any]] = []

    async def post(self, who: str, body: dict[str, Any]) -> dict[str, Any]:
        answer = await self.campaign.ok({**body, "post": {"id": f"post-{next(self.posts)}"}}, self.tokens[who])
        self.follow_glory(answer)
        self.answers.append(answer)
        return answer

    async def refused(self, who: str, body: dict[str, Any], status: int, detail: str) -> None:
        response = await self.campaign.command({**body, "post": {"id": f"post-{next(self.posts)}"}}, self.tokens[who])
        assert response.status_code == status, response.text
        assert detail in response.json()["detail"], response.json()["detail"]

    def follow_glory(self, answer: dict[str, Any]) -> None:
        """Every test whose Wrath die shows 6 adds 1 Glory, lost above the cap."""
        for test in events(answer, "wng_test_rolled"):
            if faces_of(test["dice"])[-1] == 6 and not test["trivial"]:
                self.glory = min(GLORY_CAP, self.glory + 1)

    async def state(self) -> dict[str, Any]:
        response = await self.campaign.get("/state")
        assert response.status_code == 200
        rules: dict[str, Any] = response.json()["rules"]
        assert rules["glory"] == self.glory
        return rules

    async def character(self, cid: str) -> dict[str, Any]:
        response = await self.campaign.get(f"/characters/{cid}")
        assert response.status_code == 200
        rules: dict[str, Any] = response.json()["rules"]
        return rules


def events(answer: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in answer["events"] if e["type"] == kind]


def one(answer: dict[str, Any], kind: str) -> dict[str, Any]:
    found = events(answer, kind)
    assert len(found) == 1, [e["type"] for e in answer["events"]]
    return found[0]


async def invite(campaign: Campaign, name: str) -> tuple[str, str]:
    response = await campaign.client.post(
        f"/campaigns/{campaign.id}/participants", json={"name": name, "role": "player"}, headers=campaign.auth()
    )
    assert response.status_code == 201, response.text
    body = response.json()
    return body["participant_id"], body["token"]


async def test_wng_http_session_a_fight_played_post_by_post(new_campaign: Any) -> None:
    table = Table(await new_campaign("wrath_and_glory", {"tier": 3}, name="The Mine"))
    alice, table.tokens["alice"] = await invite(table.campaign, "Alice")
    bob, table.tokens["bob"] = await invite(table.campaign, "Bob")
    await table.post("alice", {"type": "wng_add_character", "character_id": "kai", "owner": alice, "sheet": KAI})
    await table.post("bob", {"type": "wng_add_character", "character_id": "mira", "owner": bob, "sheet": MIRA})
    await table.post("gm", {"type": "wng_add_character", "character_id": "grots", "sheet": GROTS})
    await table.post("gm", {"type": "wng_add_character", "character_id": "boss", "sheet": BOSS})

    # The session starts: Wrath 2 and 3 Reloads per hero, Glory 0, Ruin = 2 heroes.
    started = await table.post("gm", {"type": "start_session", "title": "Session 1"})
    reset = one(started, "wng_session_started")
    assert {(h["character_id"], h["wrath"], h["reloads"]) for h in reset["heroes"]} == {("kai", 2, 3), ("mira", 2, 3)}
    assert (reset["glory"], reset["ruin"], reset["glory_cap"], reset["ruin_cap"]) == (0, 2, 6, 2)
    assert (await table.state())["ruin"] == 2
    gained = one(await table.post("gm", {"type": "wng_gain_glory", "amount": 5, "reason": "a stirring oath"}),
                 "wng_glory_gained")
    table.glory = 5
    assert (gained["after"], gained["lost"]) == (5, 0)

    await table.post("gm", {"type": "wng_start_encounter", "encounter_id": "mine",
                            "participants": ["kai", "mira", "grots", "boss"]})

    # Round 1, the players' pick: Kai shoots the gretchin (12 dice against Defence 0: always a hit).
    await table.refused("gm", {"type": "wng_start_turn", "character_id": "boss"}, 422, "it is the players' pick")
    await table.post("alice", {"type": "wng_start_turn", "character_id": "kai"})
    shot = one(await table.post("alice", {"type": "wng_attack", "attacker_id": "kai", "targets": ["grots"],
                                          "weapon": "boltgun"}), "wng_test_rolled")
    shot_icons = icons(faces_of(shot["dice"]))
    assert (len(shot["dice"]), shot["icons"], shot["dn"], shot["success"]) == (9, shot_icons, 0, True)
    await table.refused("alice", {"type": "wng_attack", "attacker_id": "kai", "targets": ["boss"],
                                  "weapon": "boltgun"}, 422, "one attack per turn")
    resolved = await table.post("alice", {"type": "wng_resolve_attack", "test_id": shot["test_id"],
                                          "target_id": "grots"})
    dealt, applied = one(resolved, "wng_damage_dealt"), one(resolved, "wng_damage_applied")
    hits = min(20, 1 + shot_icons // 2)
    assert dealt["members_hit"] == hits
    assert dealt["total"] == 10 + icons([d["value"] for d in dealt["ed_dice"]])
    assert (applied["members_lost"], applied["members_left"]) == (hits, 20 - hits)
    await table.refused("gm", {"type": "wng_soak", "character_id": "grots"}, 422, "a troop cannot soak")
    assert (await table.character("grots"))["members_left"] == 20 - hits

    # Not Mira's turn yet, and Alice cannot act for Bob's hero.
    await table.refused("alice", {"type": "wng_move", "character_id": "mira", "metres": 3}, 403, "does not control")
    # The players seize the initiative: 1 Glory, Mira acts before the GM.
    seized = await table.post("bob", {"type": "wng_seize_initiative", "character_id": "mira"})
    assert one(seized, "wng_glory_spent")["after"] == table.glory - 1
    table.glory -= 1
    await table.post("bob", {"type": "wng_move", "character_id": "mira", "metres": 6})
    # Glory is capped at 6: the overflow is shown, then a further award is refused.
    glory_before = table.glory
    capped = one(await table.post("gm", {"type": "wng_gain_glory", "amount": 6}), "wng_glory_gained")
    assert (capped["before"], capped["after"], capped["lost"]) == (glory_before, 6, glory_before)
    table.glory = 6
    await table.refused("gm", {"type": "wng_gain_glory", "amount": 1}, 422, "Glory is at its maximum of 6")

    # The GM's pick: the warboss axes Mira for 15 against Resilience 5: 10 wounds, all she has.
    await table.post("gm", {"type": "wng_start_turn", "character_id": "boss"})
    axe = one(await table.post("gm", {"type": "wng_attack", "attacker_id": "boss", "targets": ["mira"],
                                      "weapon": "axe"}), "wng_test_rolled")
    assert axe["success"] and axe["dn"] == 0
    pending = one(await table.post("gm", {"type": "wng_resolve_attack", "test_id": axe["test_id"],
                                          "target_id": "mira"}), "wng_wounds_pending")
    assert pending["wounds"] == 10
    down = one(await table.post("bob", {"type": "wng_take_wounds", "character_id": "mira"}), "wng_damage_applied")
    assert (down["wounds_after"], down["unconscious"], down["dying"], down["dead"]) == (0, True, True, False)
    # Falling unconscious: the death test is due at once; the GM cannot go on before it.
    await table.refused("gm", {"type": "wng_start_turn", "character_id": "grots"}, 422, "Mira must roll the death test")
    first = one(await table.post("bob", {"type": "wng_roll_death_test", "character_id": "mira"}),
                "wng_death_test_rolled")
    result, failures = death_test(first["die"]["value"], 0)
    assert (first["result"], first["failures_after"]) == (result, failures)
    await table.refused("bob", {"type": "wng_reroll_failed_dice", "test_id": first["roll_id"]}, 422,
                        "Wrath cannot reroll a death test")
    await table.post("gm", {"type": "wng_start_turn", "character_id": "grots"})
    await table.refused("gm", {"type": "wng_seize_initiative", "character_id": "boss"}, 422, "already acted")

    # Round 2: the GM interrupts (1 Ruin); the warboss axes Kai, who soaks.
    interrupt = await table.post("gm", {"type": "wng_interrupt", "character_id": "boss"})
    assert one(interrupt, "wng_round_started")["round"] == 2
    assert (one(interrupt, "wng_ruin_spent")["cause"], one(interrupt, "wng_ruin_spent")["after"]) == ("interrupt", 1)
    axe = one(await table.post("gm", {"type": "wng_attack", "attacker_id": "boss", "targets": ["kai"],
                                      "weapon": "axe"}), "wng_test_rolled")
    await table.post("gm", {"type": "wng_resolve_attack", "test_id": axe["test_id"], "target_id": "kai"})
    soaked = await table.post("alice", {"type": "wng_soak", "character_id": "kai"})
    soak = one(soaked, "wng_soak_rolled")
    ignored = min(10, icons([d["value"] for d in soak["dice"]]))
    assert (len(soak["dice"]), soak["ignored"], soak["remaining"], soak["shock_cost"]) == (3, ignored, 10 - ignored,
                                                                                          1 + ignored)
    kai = await table.character("kai")
    assert (kai["wounds"], kai["shock"]) == (14 - (10 - ignored), 10 - (1 + ignored))
    # Ruin is capped at the number of heroes: the overflow is shown, then a further award is refused.
    ruin = one(await table.post("gm", {"type": "wng_gain_ruin", "amount": 3}), "wng_ruin_gained")
    assert (ruin["before"], ruin["after"], ruin["lost"]) == (1, RUIN_CAP, 2)
    await table.refused("gm", {"type": "wng_gain_ruin", "amount": 1}, 422, "Ruin is at its maximum of 2")


    # Kai's turn: a test no roll can pass, rerolled with Wrath when there are failed dice to reroll.
    await table.post("alice", {"type": "wng_start_turn", "character_id": "kai"})
    test = one(await table.post("alice", {"type": "wng_roll_test", "character_id": "kai", "skill": "tech",
                                          "dn": 30}), "wng_test_rolled")
    faces = faces_of(test["dice"])
    failed = [i for i, f in enumerate(faces) if f <= 3 and not (i == len(faces) - 1 and f == 1)]
    reroll = {"type": "wng_reroll_failed_dice", "test_id": test["test_id"]}
    if failed:
        rerolled = await table.post("alice", reroll)
        assert one(rerolled, "wng_wrath_spent")["after"] == 1
        redone = one(rerolled, "wng_dice_rerolled")
        assert [r["position"] for r in redone["rerolls"]] == failed
        after = list(faces)
        for r in redone["rerolls"]:
            after[r["position"]] = r["after"]["value"]
        assert (redone["icons"], redone["success"]) == (icons(after), False)
        if len(faces) - 1 in failed and after[-1] == 6:
            table.glory = min(GLORY_CAP, table.glory + 1)
        assert (await table.character("kai"))["wrath"] == 1
    else:
        await table.refused("alice", reroll, 422, "no failed dice to reroll")

    # The gretchin act; then Mira's turn starts with her death test if she is still dying.
    await table.post("gm", {"type": "wng_start_turn", "character_id": "grots"})
    mira = await table.character("mira")
    if "dead" not in mira["conditions"]:
        await table.refused("gm", {"type": "wng_start_turn", "character_id": "boss"}, 422, "already acted in round 2")
        turn = await table.post("bob", {"type": "wng_start_turn", "character_id": "mira"})
        tests = events(turn, "wng_death_test_rolled")
        if result in ("one_failure", "two_failures"):
            (second,) = tests
            expected, more = death_test(second["die"]["value"], 0)
            assert (second["result"], second["failures_after"]) == (expected, failures + more)
            assert second["dead"] == (failures + more >= 3)
        else:
            assert tests == []  # stabilised or awake: no death test at her turn

    ended = await table.post("gm", {"type": "wng_end_encounter"})
    assert one(ended, "wng_encounter_ended") == {"encounter_id": "mine", "rounds": 2}
    # Every Wrath die 1 of the session awaits the GM's choice, and the session cannot end before it.
    rolled_ones = {c["test_id"] for post in table.answers for c in post["result"].get("complications", [])
                   if c["status"] == "pending"}
    pending = [t for c in (await table.state())["characters"].values() for t in c["complications_pending"]]
    assert set(pending) == rolled_ones
    if pending:
        await table.refused("gm", {"type": "end_session"}, 422, "awaits the GM's choice")
    for test_id in pending:
        await table.post("gm", {"type": "wng_resolve_complication", "test_id": test_id, "choice": "complication"})
    await table.post("gm", {"type": "end_session"})
    state = await table.state()
    assert state["encounter"] is None and state["encounters_held"] == ["mine"]
    assert (state["ruin"], state["characters"]["kai"]["wrath"]) == (RUIN_CAP, 1 if failed else 2)
