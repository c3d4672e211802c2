"""The published dice algorithm: vectors from docs/fairness.md, proofs through the API, uniformity."""

from __future__ import annotations

import hashlib
import hmac
import re
from collections import Counter
from pathlib import Path
from typing import Any

import icepool

from service.dice_source import SeededDice, commitment, die_value

DOC = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"
SEED = bytes(range(32))
CAMPAIGN = "3f2c1b9e-7d4a-4c2b-9e1f-0a5b6c7d8e9f"


def independent_die(seed: bytes, campaign: str, nonce: int, k: int, sides: int, entropy: str | None = None) -> int:
    """The algorithms as docs/fairness.md states them (1 without entropy, 2 with), without the service's code."""
    attempt = 0
    while True:
        text = f"{campaign}:{nonce}:{k}:{attempt}" + ("" if entropy is None else f":{entropy}")
        mac = hmac.new(seed, text.encode(), hashlib.sha256).digest()
        v = int.from_bytes(mac[:8], "big")
        if v < 2**64 - (2**64 % sides):
            return v % sides + 1
        attempt += 1


def documented_vectors() -> list[tuple[int, int, int, int]]:
    """The algorithm 1 table: nonce, k, sides, value."""
    rows = re.findall(r"^\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|$", DOC.read_text(), re.M)
    return [(int(a), int(b), int(c), int(d)) for a, b, c, d in rows]


def documented_v2_vectors() -> list[tuple[int, int, int, int, int]]:
    """The algorithm 2 dice table: nonce, k, sides, contributions, value."""
    cell = r"\s*(\d+)\s*\|"
    rows = re.findall(r"^\|" + cell * 5 + "$", DOC.read_text(), re.M)
    return [tuple(int(x) for x in row) for row in rows]  # type: ignore[misc]


def documented_contributions() -> list[tuple[str, str]]:
    """The contributions of the algorithm 2 example and the digest after each."""
    return re.findall(r"^\| \d+: `([^`]+)` \| `([0-9a-f]{64})` \|$", DOC.read_text(), re.M)


def independent_digest(entropies: list[str]) -> str:
    digest = bytes(32)
    for entropy in entropies:
        digest = hashlib.sha256(digest + hashlib.sha256(entropy.encode()).digest()).digest()
    return digest.hex()


def test_documented_v2_vectors_hold_for_both_implementations() -> None:
    from domain.campaign.entropy import NO_CONTRIBUTIONS, next_digest

    contributions = documented_contributions()
    assert [entropy for entropy, _ in contributions] == ["for the Emperor", "Ave Imperator! Post #4512", "🎲 dados"]
    digests, service_digest = [independent_digest([])], NO_CONTRIBUTIONS
    assert digests[0] == NO_CONTRIBUTIONS == "0" * 64
    for index, (entropy, documented) in enumerate(contributions, start=1):
        digests.append(independent_digest([e for e, _ in contributions[:index]]))
        service_digest = next_digest(service_digest, entropy)
        assert digests[-1] == documented == service_digest
    vectors = documented_v2_vectors()
    assert len(vectors) >= 10
    for nonce, k, sides, count, value in vectors:
        assert independent_die(SEED, CAMPAIGN, nonce, k, sides, digests[count]) == value
        assert die_value(SEED, CAMPAIGN, nonce, k, sides, digests[count]) == value
    # The two algorithms never give the same dice by accident of construction: the message differs.
    assert die_value(SEED, CAMPAIGN, 7, 0, 100) != die_value(SEED, CAMPAIGN, 7, 0, 100, digests[0])


def test_documented_vectors_hold_for_both_implementations() -> None:
    vectors = documented_vectors()
    assert len(vectors) >= 9
    assert commitment(SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    for nonce, k, sides, value in vectors:
        assert independent_die(SEED, CAMPAIGN, nonce, k, sides) == value
        assert die_value(SEED, CAMPAIGN, nonce, k, sides) == value


def test_rejected_attempts_move_to_the_next_one() -> None:
    big = 3 * 2**62
    attempts = [
        int.from_bytes(hmac.new(SEED, f"{CAMPAIGN}:99:1:{a}".encode(), hashlib.sha256).digest()[:8], "big")
        for a in range(3)
    ]
    assert attempts[0] >= big and attempts[1] >= big  # attempts 0 and 1 are rejected ...
    assert attempts[2] < big
    assert die_value(SEED, CAMPAIGN, 99, 1, big) == attempts[2] % big + 1  # ... and attempt 2 decides


def test_seeded_dice_number_dice_in_order() -> None:
    dice = SeededDice(SEED, CAMPAIGN, 7)
    rolled = [dice.roll(100), dice.roll(100), dice.roll(10)]
    assert [(d.k, d.sides, d.value) for d in rolled] == [(0, 100, 28), (1, 100, 54), (2, 10, 2)]


def test_seeded_dice_draw_what_the_reference_draws() -> None:
    # The command path's dice (hashed pads, the message's fixed parts) against the algorithm as the docs state it:
    # both algorithms, a key longer than SHA-256's block (hashed first, RFC 2104) and a short one, dice of many
    # sizes, and sides that reject about half the draws (so later attempts decide).
    keys = [SEED, bytes(range(100)), b"k", hashlib.sha256(b"roll key").digest()]
    sides = [2, 5, 10, 20, 100, 1000, 3 * 2**62, 2**63 + 1, 2**64]
    rejected = 0
    for key in keys:
        for entropy in (None, "0" * 64, "7f" * 32):
            for nonce in (1, 99, 12345):
                dice = SeededDice(key, CAMPAIGN, nonce, entropy)
                for k, size in enumerate(sides * 3):
                    die = dice.roll(size)
                    assert (die.k, die.sides) == (k, size)
                    assert die.value == independent_die(key, CAMPAIGN, nonce, k, size, entropy)
                    rejected += _first_rejected(key, nonce, k, size, entropy)
    assert rejected > 20  # the rejection path was taken, many times


def _first_rejected(key: bytes, nonce: int, k: int, sides: int, entropy: str | None) -> bool:
    text = f"{CAMPAIGN}:{nonce}:{k}:0" + ("" if entropy is None else f":{entropy}")
    return int.from_bytes(hmac.new(key, text.encode(), hashlib.sha256).digest()[:8], "big") >= 2**64 - 2**64 % sides


def test_d10_faces_are_uniform_against_the_exact_distribution() -> None:
    # 20,000 dice from a fixed seed; chi-square against icepool's exact d10 with 9 degrees of freedom.
    counts = Counter(die_value(SEED, CAMPAIGN, nonce, 0, 10) for nonce in range(20_000))
    exact = icepool.d10
    chi2 = sum((counts[f] - 20_000 * float(exact.probability(f))) ** 2 / (20_000 * float(exact.probability(f))) for f in range(1, 11))
    assert chi2 < 27.88  # p = 0.001 critical value: a correct generator fails this 1 time in 1000 seeds


async def test_roll_proof_before_and_after_the_reveal(campaign: Any) -> None:
    await campaign.ok({"type": "contribute_entropy", "entropy": "the Emperor protects"})
    rolled = await campaign.ok({"type": "roll", "expression": "3d10+1d5", "reason": "proof"})
    seq = rolled["events"][0]["seq"]
    before = (await campaign.get(f"/rolls/{seq}")).json()
    assert before["revealed"] is False and before["seed"] is None and before["verified"] is None
    assert before["nonce"] == seq and before["epoch"] == 1 and before["algorithm"] == 2
    assert [d["k"] for d in before["dice"]] == [0, 1, 2, 3] and all(d["steps"] == [] for d in before["dice"])
    entropy = independent_digest(["the Emperor protects"])
    assert before["entropy"]["digest"] == entropy and before["entropy"]["matches"] is True
    assert [c["seq"] for c in before["entropy"]["contributions"]] == [seq - 1]

    revealed = await campaign.ok({"type": "reveal_dice_seed"})
    seed = revealed["result"]["revealed_seed"]
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == before["commitment"]
    after = (await campaign.get(f"/rolls/{seq}")).json()
    assert after["verified"] is True and after["seed"] == seed and after["seed_matches_commitment"] is True
    for die in after["dice"]:
        assert independent_die(bytes.fromhex(seed), campaign.id, seq, die["k"], die["sides"], entropy) == die["value"]
        # The step-by-step recomputation: each attempt's message and MAC, the last one accepted.
        last = die["steps"][-1]
        assert last["accepted"] and last["value"] == die["value"]
        assert last["message"] == f"{campaign.id}:{seq}:{die['k']}:{last['attempt']}:{entropy}"
        mac = hmac.new(bytes.fromhex(seed), last["message"].encode(), hashlib.sha256).hexdigest()
        assert last["hmac_sha256"] == mac and int(last["v"]) == int(mac[:16], 16)

    next_roll = await campaign.ok({"type": "roll", "expression": "d100", "reason": "new epoch"})
    assert next_roll["events"][0]["meta"]["dice"]["epoch"] == 2


async def test_every_answer_carries_the_head_after_it(campaign: Any) -> None:
    created = (await campaign.get("")).json()
    invited = await campaign.client.post(f"/campaigns/{campaign.id}/participants", json={"name": "Ana", "role": "player"},
                                         headers=campaign.auth())
    body = invited.json()
    events = (await campaign.get("/events")).json()["events"]
    assert (body["version"], body["head_hash"]) == (created["version"] + 1, events[-1]["hash"])
    answer = await campaign.ok({"type": "gm_note", "text": "x", "post": {"id": "p-1"}})
    assert answer["head_hash"] == answer["events"][-1]["hash"]
    replayed = await campaign.command({"type": "gm_note", "text": "x", "post": {"id": "p-1"}})
    assert replayed.status_code == 200 and replayed.json()["head_hash"] == answer["head_hash"]


async def test_transcripts_show_which_contributions_each_roll_mixed_in(campaign: Any) -> None:
    player = await campaign.invite("Ana", "player")
    early = await campaign.ok({"type": "roll", "expression": "d10", "reason": "before any contribution"})
    first = await campaign.ok({"type": "contribute_entropy", "entropy": "Ana: for the Emperor"}, player)
    second = await campaign.ok({"type": "contribute_entropy", "entropy": "GM: and the Chapter"})
    late = await campaign.ok({"type": "roll", "expression": "d10", "reason": "after both"})
    frames = {f["seq"]: f for f in (await campaign.get("/transcript")).json()["frames"]}
    assert frames[early["version"]]["entropy_from"] == []
    assert frames[late["version"]]["entropy_from"] == [first["version"], second["version"]]
    assert late["events"][0]["meta"]["dice"]["entropy"] == independent_digest(["Ana: for the Emperor", "GM: and the Chapter"])
    markdown = (await campaign.get("/transcript?format=markdown")).text
    assert f"entropy from: #{first['version']}, #{second['version']}" in markdown
    spanish = (await campaign.get("/transcript?format=bbcode&lang=es")).text
    assert "entropía de: #" in spanish and "Entropía «Ana: for the Emperor» aportada a la época 1" in spanish
    observer = await campaign.invite("Olga", "observer")
    refused = await campaign.command({"type": "contribute_entropy", "entropy": "an observer's"}, observer)
    assert refused.status_code == 403
