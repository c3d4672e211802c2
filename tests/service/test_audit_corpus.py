"""Play that the other scenario tests leave out, so the audit after each test (tests/support/audit.py)
verifies it too: Wrath & Glory soak rerolls, Glory dice, resistance tests and Ruin-paid rerolls; d100
tests rerolled with Fate; retractions; entropy contributed in the middle of play; and a campaign an
older release wrote, with an algorithm-1 epoch and version-1 reroll events, that keeps verifying.

The service's dice are random: each loop runs until the rule it needs comes up.
"""

from __future__ import annotations

import json
from typing import Any

import asyncpg
import msgspec

from domain.commands import Actor
from domain.wrath_and_glory.commands import RerollFailedDice
from service import chain, codec
from service.dice_source import SeededDice, commitment
from tests.support import docs_verifier

from .conftest import Campaign

HERO = {"kind": "hero", "name": "Brother Kai", "defence": 0, "resilience": 1, "wounds": 500, "shock": 500, "soak": 4,
        "speed": 6, "attributes": {"agility": 3, "initiative": 3, "intellect": 2, "strength": 3, "toughness": 4,
                                   "willpower": 2},
        "skills": {"tech": 1, "weapon_skill": 2}}
BOSS = {"name": "warboss", "kind": "adversary", "defence": 0, "resilience": 10, "wounds": 500, "shock": 500,
        "attributes": {"initiative": 4, "intellect": 1}, "skills": {"weapon_skill": 5, "tech": 1},
        "weapons": [{"name": "axe", "kind": "melee", "damage": 15, "range": 2}]}


def of(answer: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in answer["events"] if e["type"] == kind]


async def test_corpus_wrath_and_glory_soak_rerolls_glory_dice_resistance_and_ruin(new_campaign: Any) -> None:
    campaign: Campaign = await new_campaign("wrath_and_glory", {"tier": 3})
    response = await campaign.client.post(f"/campaigns/{campaign.id}/participants",
                                          json={"name": "Alice", "role": "player"}, headers=campaign.auth())
    alice, alice_token = response.json()["participant_id"], response.json()["token"]
    await campaign.ok({"type": "wng_add_character", "character_id": "kai", "owner": alice, "sheet": HERO}, alice_token)
    await campaign.ok({"type": "wng_add_character", "character_id": "boss", "sheet": BOSS})
    await campaign.ok({"type": "start_session", "title": "The corpus"})
    await campaign.ok({"type": "contribute_entropy", "entropy": "Alice: for the Emperor"}, alice_token)
    seen: set[str] = set()
    for attempt in range(60):
        if {"wng_soak_rerolled", "wng_glory_dice_added", "wng_resistance_test_rolled", "ruin_reroll"} <= seen:
            break
        await campaign.ok({"type": "wng_award_wrath", "character_id": "kai", "cause": "gm_award"})
        # The warboss's axe: Defence 0, always a hit; Kai soaks with a Wrath reroll of the failed dice.
        axe = of(await campaign.ok({"type": "wng_attack", "attacker_id": "boss", "targets": ["kai"],
                                    "weapon": "axe"}), "wng_test_rolled")[0]
        await campaign.ok({"type": "wng_resolve_attack", "test_id": axe["test_id"], "target_id": "kai"})
        soaked = await campaign.ok({"type": "wng_soak", "character_id": "kai", "reroll": "wrath"}, alice_token)
        if of(soaked, "wng_soak_rerolled"):
            seen.add("wng_soak_rerolled")
        # A test no pool passes, with Glory dice after the roll, then the GM's Ruin rerolls the boss's.
        # Wrath 6s add Glory too, so a long run of dice can reach the cap: a refusal there is no matter either.
        gained = await campaign.command({"type": "wng_gain_glory", "amount": 1})
        assert gained.status_code == 201 or gained.json()["rule"] == "glory_cap", gained.text
        test = of(await campaign.ok({"type": "wng_roll_test", "character_id": "kai", "skill": "tech", "dn": 30},
                                    alice_token), "wng_test_rolled")[0]
        added = await campaign.command({"type": "wng_add_glory_dice", "test_id": test["test_id"], "count": 1}, alice_token)
        if added.status_code == 201:
            seen.add("wng_glory_dice_added")
        await campaign.command({"type": "wng_gain_ruin", "amount": 1})  # refused at the cap: no matter
        boss_test = of(await campaign.ok({"type": "wng_roll_test", "character_id": "boss", "skill": "tech",
                                          "dn": 30}), "wng_test_rolled")[0]
        ruin = await campaign.command({"type": "wng_reroll_failed_dice", "test_id": boss_test["test_id"],
                                       "pay_with": "ruin"})
        if ruin.status_code == 201:
            seen.add("ruin_reroll")
        resisted = await campaign.command({"type": "wng_roll_resistance_test", "character_id": "kai",
                                           "kind": "corruption" if attempt % 2 else "fear", "dn": 30,
                                           "reroll": "wrath"}, alice_token)
        if resisted.status_code == 201:
            seen.add("wng_resistance_test_rolled")
    assert {"wng_soak_rerolled", "wng_glory_dice_added", "wng_resistance_test_rolled", "ruin_reroll"} <= seen, seen
    await campaign.ok({"type": "contribute_entropy", "entropy": "a second phrase, mid-session"}, alice_token)
    await campaign.ok({"type": "wng_roll_test", "character_id": "kai", "skill": "tech", "dn": 2}, alice_token)
    # A Wrath die 1 waits for the GM's choice before the session can end (RULES B1).
    rules = (await campaign.get("/state")).json()["rules"]
    for test_id in [t for c in rules["characters"].values() for t in c["complications_pending"]]:
        await campaign.ok({"type": "wng_resolve_complication", "test_id": test_id, "choice": "complication"})
    await campaign.ok({"type": "end_session"})
    report = (await campaign.get("/verify")).json()
    assert report["ok"] and report["dice_verified"] > 0 and report["contributions"] == 2, report["problems"]


D100_SHEET = {"characteristics": {"WS": 40, "BS": 5, "S": 40, "T": 40, "Ag": 40, "Int": 40, "Per": 40, "WP": 40,
                                  "Fel": 40}, "wounds": 12, "fate": 3}


async def test_corpus_d100_tests_rerolled_with_fate_and_retractions(campaign: Campaign) -> None:
    player = await campaign.invite("Ana", "player")
    participants = (await campaign.get("")).json()["participants"]
    ana = next(p["participant_id"] for p in participants if p["name"] == "Ana")
    await campaign.ok({"type": "d100_register_character", "character_id": "kai", "owner": ana,
                       "name": "Brother Kai", "sheet": D100_SHEET})
    await campaign.ok({"type": "start_session"})
    rerolled = False
    for n in range(10):
        test = await campaign.ok({"type": "d100_test", "test_id": f"t{n}", "character_id": "kai",
                                  "characteristic": "BS"}, player)
        if not of(test, "d100_test_rolled")[0]["success"]:
            fate = await campaign.command({"type": "d100_spend_fate", "character_id": "kai", "use": "reroll",
                                           "test_id": f"t{n}"}, player)
            assert fate.status_code == 201, fate.text
            rerolled = True
            break
    assert rerolled
    roll = await campaign.ok({"type": "roll", "expression": "3d10", "reason": "a roll the GM retracts"})
    await campaign.ok({"type": "contribute_entropy", "entropy": "the GM's own phrase"})
    await campaign.ok({"type": "retract", "seqs": [roll["version"]], "reason": "rolled in the wrong thread"})
    await campaign.ok({"type": "reinstate", "seqs": [roll["version"]], "reason": "it was the right thread"})
    await campaign.ok({"type": "retract", "seqs": [roll["version"]], "reason": "no, it was not"})
    await campaign.ok({"type": "end_session"})
    assert (await campaign.get("/verify")).json()["ok"] is True


async def append_raw(owner: asyncpg.Connection, campaign_id: str, rows: list[tuple[str, int, Any, Any]]) -> list[int]:
    """Append rows as an older release wrote them (type, schema version, data, meta), chained; answer their seqs."""
    head = await owner.fetchrow("SELECT version, head_hash FROM campaigns WHERE campaign_id = $1", campaign_id)
    seq, prev = head["version"], head["head_hash"]
    seqs = []
    for kind, version, data, meta in rows:
        seq += 1
        record = {"campaign_id": campaign_id, "seq": seq, "type": kind, "schema_version": version, "data": data,
                  "meta": meta, "idempotency_key": None, "recorded_at": "2025-06-01T12:00:00.000000Z"}
        digest = chain.link(prev, record)
        await owner.execute(
            """INSERT INTO events (campaign_id, seq, type, schema_version, data, meta, recorded_at, prev_hash, hash)
               VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, '2025-06-01T12:00:00Z', $7, $8)""",
            campaign_id, seq, kind, version, json.dumps(data), json.dumps(meta), prev, digest,
        )
        prev = digest
        seqs.append(seq)
    await owner.execute("UPDATE campaigns SET version = $2, head_hash = $3 WHERE campaign_id = $1", campaign_id, seq, prev)
    return seqs


async def test_corpus_an_older_release_campaign_keeps_verifying_as_algorithm_1(
    new_campaign: Any, database_url: str, tmp_path: Any
) -> None:
    """Epoch 2 is committed the way releases before player entropy did (no `algorithm`), and a reroll is
    stored as wng_dice_rerolled v1, repeating the replaced dice as die objects: both verify, untouched."""
    campaign: Campaign = await new_campaign("wrath_and_glory", {"tier": 3})
    await campaign.invite("Alice", "player")
    alice = next(p["participant_id"] for p in (await campaign.get("")).json()["participants"] if p["name"] == "Alice")
    await campaign.ok({"type": "wng_add_character", "character_id": "kai", "owner": alice, "sheet": HERO})
    owner = await asyncpg.connect(database_url)
    try:
        seed_1 = bytes(await owner.fetchval("SELECT seed FROM dice_epochs WHERE campaign_id = $1 AND epoch = 1",
                                            campaign.id))
        seed_2 = bytes(range(32, 64))
        old = {"actor": "gm", "role": "gm", "command_id": "old-release-rotate", "command_type": "reveal_dice_seed"}
        await owner.execute("INSERT INTO dice_epochs (campaign_id, epoch, seed, commitment) VALUES ($1, 2, $2, $3)",
                            campaign.id, seed_2, commitment(seed_2))
        await append_raw(owner, campaign.id, [
            ("dice_seed_revealed", 1, {"epoch": 1, "seed": seed_1.hex()}, old),
            ("dice_seed_committed", 1, {"epoch": 2, "commitment": commitment(seed_2)}, old),
        ])
        refused = await campaign.command({"type": "contribute_entropy", "entropy": "too early"})
        assert refused.status_code == 422 and "algorithm 1" in refused.json()["detail"]

        # A test in the old epoch, through the service: its dice are drawn by algorithm 1.
        for _ in range(40):  # until the pool has a failed die a reroll may touch (not a Wrath 1)
            rolled = await campaign.ok({"type": "wng_roll_test", "character_id": "kai", "skill": "tech", "dn": 30})
            test = of(rolled, "wng_test_rolled")[0]
            faces = [(d["die"]["value"], d["role"]) for d in test["dice"]]
            if any(f <= 3 and not (role == "wrath" and f == 1) for f, role in faces):
                break
        assert rolled["events"][0]["meta"]["dice"] == {"epoch": 2, "nonce": rolled["events"][0]["seq"]}
        # The reroll as the older release wrote it: decided by the same rules, stored as version 1.
        rows = await owner.fetch("SELECT seq, type, schema_version, data::text, meta::text FROM events "
                                 "WHERE campaign_id = $1 ORDER BY seq", campaign.id)
        from projections.replay import campaign_state

        state = campaign_state([codec.recorded(r[0], r[1], r[2], r[3], r[4]) for r in rows])
        nonce = rows[-1][0] + 1
        from domain.campaign.decide import CommandContext
        from domain.dispatch import decide

        dice = SeededDice(seed_2, campaign.id, nonce)
        context = CommandContext(next_seq=nonce, fresh_id="x", fresh_commitment="0" * 64)
        decided = decide(state, RerollFailedDice(test_id=test["test_id"]), dice, Actor("gm", "gm"), context)
        meta = {"actor": "gm", "role": "gm", "command_id": "old-release-reroll",
                "command_type": "wng_reroll_failed_dice", "dice": {"epoch": 2, "nonce": nonce}}
        pool = {position: d["die"] for position, d in enumerate(test["dice"])}
        raw = []
        for event in decided:
            data = codec.payload(event)
            version = 1
            if codec.type_of(event) == "wng_dice_rerolled":
                data["rerolls"] = [{"position": r["position"], "before": pool[r["position"]], "after": r["after"]}
                                   for r in data["rerolls"]]
            raw.append((codec.type_of(event), version, data, meta))
        seqs = await append_raw(owner, campaign.id, raw)
    finally:
        await owner.close()
    stored = (await campaign.get(f"/events?after_seq={seqs[0] - 1}")).json()["events"]
    legacy = next(e for e in stored if e["type"] == "wng_dice_rerolled")
    assert legacy["schema_version"] == 1 and "before" in legacy["data"]["rerolls"][0]
    # The fold reads it through the upcaster: the test now shows the rerolled faces.
    kai_test = (await campaign.get("/state")).json()["rules"]["tests"][test["test_id"]]
    after = {r["position"]: r["after"]["value"] for r in legacy["data"]["rerolls"]}
    assert [d["die"]["value"] for d in kai_test["dice"]] == [
        after.get(i, d["die"]["value"]) for i, d in enumerate(test["dice"])
    ]
    # New play moves on to an algorithm-2 epoch; everything verifies, each epoch by its own algorithm.
    rotated = await campaign.ok({"type": "reveal_dice_seed"})
    assert of(rotated, "dice_seed_committed")[0]["algorithm"] == 2
    await campaign.ok({"type": "contribute_entropy", "entropy": "now it counts"})
    await campaign.ok({"type": "roll", "expression": "2d6", "reason": "algorithm 2"})
    await campaign.ok({"type": "reveal_dice_seed"})
    report = (await campaign.get("/verify")).json()
    assert report["ok"] is True, report["problems"]
    assert report["dice_verified"] >= len(test["dice"]) + len(legacy["data"]["rerolls"]) + 2
    export = (await campaign.get("/export")).text
    documented = docs_verifier.verify_export(export)[campaign.id]
    assert documented.ok and documented.dice_verified == report["dice_verified"], documented.problems
    # Read as dice of the command, the copies would be false problems: the skip is what makes it honest.
    copies = [d for r in legacy["data"]["rerolls"] for d in docs_verifier.dice_objects(r["before"])]
    assert copies and all(d["k"] < len(test["dice"]) for d in copies)
    assert msgspec.json.decode(export.splitlines()[-1])["head"]["version"] == report["version"]
