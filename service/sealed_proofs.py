"""A sealed roll's proof: its seal, and once revealed its key, every die from that key and (for a sealed test)
its outcome against the seal's commitment (docs/fairness.md, "Secret rolls", "Secret rules tests").

Read from the log alone, like every proof (service/proofs.py): before the reveal it shows the seal — what
was rolled, with which dice, and the commitments — and says that the roll is not yet revealed; the faces
are nowhere in the log before the reveal, so nowhere in the proof either.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from service.proofs import die_steps
from service.store import EventStore, StoredEvent, epoch_fact

SEALED, REVEALED = "secret_roll_sealed", "secret_roll_revealed"


async def sealed_roll_of(store: EventStore, campaign_id: str, stored: StoredEvent) -> int | None:
    """The seq of the sealed roll `stored` belongs to: its seal, its reveal, or one of a sealed test's outcome
    events (which follow the reveal in its command); None for any other event."""
    if stored.type == SEALED:
        return stored.seq
    if stored.type == REVEALED:
        roll = stored.data.get("roll")
        return roll if isinstance(roll, int) else None
    if (stored.meta.get("dice") is not None) or not isinstance(stored.meta.get("command_id"), str):
        return None
    for event in reversed(await store.command_of(campaign_id, stored.seq)):
        if event.seq < stored.seq and event.type == REVEALED:
            count = event.data.get("events", 0)
            roll = event.data.get("roll")
            if isinstance(count, int) and stored.seq <= event.seq + count and isinstance(roll, int):
                return roll
            return None
    return None


def _shape(data: dict[str, Any]) -> list[int]:
    """The sides of each die of the sealed roll, in k order: its `shape`, or its `terms` (a d5 is a d10)."""
    shape = data.get("shape")
    if isinstance(shape, list) and shape:
        return [int(s) for s in shape]
    sides: list[int] = []
    for term in data.get("terms") or []:
        if isinstance(term, dict) and term.get("sides"):
            sides.extend([10 if term["sides"] == 5 else int(term["sides"])] * int(term.get("count", 0)))
    return sides


async def sealed_proof(store: EventStore, campaign_id: str, roll: int, asked: int) -> dict[str, Any] | None:
    """The proof of the sealed roll at seq `roll` (asked for at seq `asked`), or None if `roll` is no seal."""
    seal = await store.stored_one(campaign_id, roll)
    if seal is None or seal.type != SEALED:
        return None
    data = seal.data
    epoch = int(data["epoch"])
    revealed_epoch = await epoch_fact(store, campaign_id, "dice_seed_revealed", epoch)
    seed = bytes.fromhex(str(revealed_epoch["seed"])) if revealed_epoch else None
    reveal_seq = await store.reveal_of(campaign_id, roll)
    command = await store.command_of(campaign_id, reveal_seq) if reveal_seq is not None else []
    reveal = next((e for e in command if e.seq == reveal_seq), None)
    shape = _shape(data)
    proof: dict[str, Any] = {
        "campaign_id": campaign_id, "seq": asked, "sealed": True, "sealed_seq": roll,
        "command_type": seal.meta.get("command_type"), "test": data.get("command") is not None,
        "expression": data.get("expression"), "reason": data.get("reason"), "command": data.get("command"),
        "character_id": data.get("character_id"), "epoch": epoch, "nonce": roll, "entropy": data.get("entropy"),
        "shape": shape, "commitment": data.get("commitment"), "outcome": data.get("outcome"),
        "revealed": reveal is not None, "reveal_seq": reveal_seq, "seed": seed.hex() if seed else None,
        "key": None, "key_matches_commitment": None, "key_from_seed": None, "dice": [], "outcome_events": [],
        "outcome_matches": None, "verified": None,
    }
    if reveal is None:
        return proof
    key = bytes.fromhex(str(reveal.data.get("key")))
    entropy = data.get("entropy") if isinstance(data.get("entropy"), str) else None
    dice: list[dict[str, Any]] = []
    recorded = {(d.get("k"), d.get("sides")): d.get("value")
                for d in reveal.data.get("dice", []) if isinstance(d, dict)}
    for k, sides in enumerate(shape):
        steps = die_steps(key, campaign_id, roll, k, sides, entropy)
        value = recorded.get((k, sides))
        dice.append({"k": k, "sides": sides, "value": value, "seq": reveal.seq, "recomputed": steps[-1]["value"],
                     "matches": steps[-1]["value"] == value, "steps": steps})
    count = int(reveal.data.get("events", 0) or 0)
    outcome_events = [e for e in command if reveal.seq < e.seq <= reveal.seq + count]
    proof.update(
        key=key.hex(), key_matches_commitment=hashlib.sha256(key).hexdigest() == data.get("commitment"),
        key_from_seed=None if seed is None else hmac.new(
            seed, f"secret:{campaign_id}:{roll}".encode(), hashlib.sha256).digest() == key,
        dice=dice, outcome_events=[e.seq for e in outcome_events],
    )
    if proof["test"]:
        listed = [{"type": e.type, "data": e.data} for e in outcome_events]
        text = json.dumps(listed, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
        proof["outcome_matches"] = hashlib.sha256(key + text).hexdigest() == data.get("outcome")
    checks = [proof["key_matches_commitment"], all(d["matches"] for d in dice), proof["outcome_matches"] is not False,
              proof["key_from_seed"] is not False]
    proof["verified"] = all(checks)
    return proof


async def proof_of(store: EventStore, campaign_id: str, stored: StoredEvent) -> dict[str, Any] | None:
    """The sealed roll's proof for any of its events (seal, reveal, a sealed test's outcome), else None."""
    roll = await sealed_roll_of(store, campaign_id, stored)
    return await sealed_proof(store, campaign_id, roll, stored.seq) if roll is not None else None
