"""The scripted campaigns the browser tests read: a Deathwatch fight with an undone turn, a Wrath & Glory scene.

Real dice from the service: the sheets make every attack hit (BS 100, Defence 0), so the script never
depends on a face; every number a test checks is taken from the events' own JSON.
"""

from __future__ import annotations

from itertools import count
from typing import Any

from tests.web.conftest import Campaign

STATS = {"WS": 100, "BS": 100, "S": 42, "T": 44, "Ag": 41, "Int": 40, "Per": 40, "WP": 45, "Fel": 35}
BOLTER = {"id": "bolter", "name": "Bolter", "weapon_class": "basic", "damage": "1d10+9", "damage_type": "explosive",
          "penetration": 4, "semi": 3, "range_m": 100, "clip": 28, "qualities": ["never_jams"]}
KAI = {"characteristics": STATS, "unnatural": {"S": 4, "T": 4}, "traits": ["space_marine"], "wounds": 20,
       "fate": 3, "armour": {"body": 10, "head": 8}, "weapons": [BOLTER]}
CULTISTS = {"characteristics": {**STATS, "WS": 30, "BS": 25, "T": 30, "Ag": 30, "WP": 30}, "wounds": 0,
            "magnitude": 30, "armour": {"body": 2}, "weapons": []}
HERO = {"kind": "hero", "defence": 0, "resilience": 5, "wounds": 10, "shock": 10, "soak": 3, "speed": 6,
        "attributes": {"agility": 5, "initiative": 3, "intellect": 4, "strength": 3, "toughness": 3},
        "skills": {"ballistic_skill": 4, "tech": 3, "weapon_skill": 2},
        "weapons": [{"name": "boltgun", "kind": "ranged", "damage": 10, "ed": 1, "range": 24, "salvo": 2}]}
GROTS = {"name": "gretchin", "kind": "troop", "defence": 0, "resilience": 3, "wounds": 1, "shock": 1,
         "members": 20, "attributes": {"agility": 2, "initiative": 2}, "skills": {"ballistic_skill": 1}}


class Script:
    """Posts, one command each, with a forum post id and url; remembers which post wrote which seqs."""

    def __init__(self, campaign: Campaign, prefix: str) -> None:
        self.campaign = campaign
        self.prefix = prefix
        self.numbers = count(1001)
        self.posts: dict[str, list[int]] = {}

    async def post(self, who: str, body: dict[str, Any], author: str | None = None) -> dict[str, Any]:
        post_id = f"{self.prefix}{next(self.numbers)}"
        url = f"https://forum.example.org/thread/7?post={post_id}"
        answer = await self.campaign.ok({**body, "post": {"id": post_id, "url": url, "author": author or who}}, who)
        self.posts[post_id] = [e["seq"] for e in answer["events"]]
        return answer


def data(answer: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in answer["events"] if e["type"] == kind]


async def deathwatch_fight(campaign: Campaign) -> dict[str, Any]:
    """A session: Kai's player contributes entropy, rolls, attacks a horde; the GM undoes the turn; Kai attacks
    again with a Fate point; the session ends (the seed is revealed). Answers what the tests look for."""
    ana = await campaign.invite("Ana")
    await campaign.invite("Olga", "observer")
    script = Script(campaign, "p")
    await script.post("gm", {"type": "create_character", "character_id": "kai", "owner": ana, "name": "Brother Kai",
                             "kind": "pc", "sheet": KAI})
    await script.post("gm", {"type": "create_character", "character_id": "cultists", "name": "the cultists",
                             "kind": "npc", "sheet": CULTISTS})
    await script.post("gm", {"type": "start_session", "title": "Into the hive"})
    await script.post("gm", {"type": "mission_create", "mission_id": "gate", "title": "Hold the hive gate",
                             "briefing": "Purge the cultists at the gate.", "squad": ["kai"]})
    await script.post("gm", {"type": "mission_add_objective", "mission_id": "gate", "objective_id": "purge",
                             "kind": "primary", "text": "Purge the cultists"})
    await script.post("Ana", {"type": "contribute_entropy", "entropy": "for the Emperor"}, "Ana")
    roll = await script.post("Ana", {"type": "roll", "expression": "2d10+3", "reason": "bolter damage",
                                     "character_id": "kai"}, "Ana")
    await script.post("gm", {"type": "d100_start_encounter", "encounter_id": "gate",
                             "participants": ["kai", "cultists"]})
    await _to_kai(campaign, script)
    undone_attack = await _attack(campaign, script, "a1", fate=False)
    encounter = await campaign.get("/encounters/gate")
    undo = await campaign.ok({"type": "undo_turn", "encounter": "gate",
                              "expected_encounter_version": encounter["encounter_version"],
                              "post": {"id": "p-undo", "author": "gm"}})
    await _to_kai(campaign, script)
    second = await _attack(campaign, script, "a2", fate=True)
    await script.post("gm", {"type": "end_session"})
    return {"script": script, "roll": roll, "undone": undone_attack, "undo": undo, "second": second}


async def _to_kai(campaign: Campaign, script: Script) -> None:
    """Next turns (ending the cultists' own) until it is Kai's turn."""
    for _ in range(8):
        encounter = (await campaign.get("/state"))["rules"]["encounter"]
        turn = encounter["turn"]
        acting = encounter["order"][turn - 1] if turn and not encounter["turn_over"] else None
        if acting == "kai":
            return
        if acting is not None:
            await script.post("gm", {"type": "d100_end_turn", "character_id": acting})
        else:
            await script.post("gm", {"type": "d100_next_turn"})
    raise AssertionError(f"Kai never acts: {encounter}")


async def _attack(campaign: Campaign, script: Script, attack_id: str, fate: bool) -> dict[str, Any]:
    rolled = await script.post("Ana", {"type": "d100_attack", "attack_id": attack_id, "attacker_id": "kai",
                                       "target_id": "cultists", "weapon_id": "bolter", "fate_bonus": fate}, "Ana")
    answers = [rolled]
    if data(rolled, "d100_attack_rolled")[0]["stage"] == "awaiting_reaction":
        answers.append(await script.post("gm", {"type": "d100_react", "attack_id": attack_id, "reaction": "none"}))
    answers.append(await script.post("Ana", {"type": "d100_damage", "attack_id": attack_id}, "Ana"))
    return {"answers": answers, "seqs": [e["seq"] for a in answers for e in a["events"]]}


async def wrath_and_glory_scene(campaign: Campaign) -> dict[str, Any]:
    """A session of Wrath & Glory: Glory gained, Kai shoots a troop of gretchin and resolves the hits."""
    alice = await campaign.invite("Alice")
    script = Script(campaign, "w")
    await script.post("Alice", {"type": "create_character", "character_id": "kai", "owner": alice,
                                "name": "Brother Kai", "kind": "pc", "sheet": {**HERO, "name": "Brother Kai"}}, "Alice")
    await script.post("gm", {"type": "create_character", "character_id": "grots", "name": "gretchin",
                             "kind": "npc", "sheet": GROTS})
    await script.post("gm", {"type": "start_session", "title": "The Mine"})
    await script.post("gm", {"type": "wng_gain_glory", "amount": 2, "reason": "a stirring oath"})
    await script.post("gm", {"type": "wng_start_encounter", "encounter_id": "mine", "participants": ["kai", "grots"]})
    await script.post("Alice", {"type": "wng_start_turn", "character_id": "kai"}, "Alice")
    shot = await script.post("Alice", {"type": "wng_attack", "attacker_id": "kai", "targets": ["grots"],
                                       "weapon": "boltgun"}, "Alice")
    test = data(shot, "wng_test_rolled")[0]
    resolved = await script.post("Alice", {"type": "wng_resolve_attack", "test_id": test["test_id"],
                                           "target_id": "grots"}, "Alice")
    return {"script": script, "shot": shot, "resolved": resolved}
