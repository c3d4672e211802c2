"""A roll's proof: the commitment, the seed once revealed, the entropy mixed in, every die step by step.

Everything here is read from the log (never from the secret seeds table), so the proof shows only
what any reader of the export could check, and says how (docs/fairness.md).
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from domain.campaign.entropy import CONTRIBUTIONS_LISTED, NO_CONTRIBUTIONS, next_digest
from service.dice_source import die_message
from service.store import EventStore, StoredEvent, epoch_fact
from service.verification import ATTEMPT, recorded_dice

# At most this many contributions are listed in a proof (JSON and page): the ones closest before the roll,
# those a table that cares contributes last (docs/fairness.md). A new epoch holds at most 5 per participant.
LISTED = CONTRIBUTIONS_LISTED
ALGORITHM_TEXT = {
    1: "die k = first 8 bytes (big-endian) of HMAC-SHA256(seed, f'{campaign_id}:{nonce}:{k}:{attempt}'), "
    "rejected while >= 2**64 - 2**64 % sides, else value mod sides + 1; see docs/fairness.md",
    2: "die k = first 8 bytes (big-endian) of HMAC-SHA256(seed, f'{campaign_id}:{nonce}:{k}:{attempt}:{entropy}'), "
    "rejected while >= 2**64 - 2**64 % sides, else value mod sides + 1; entropy = the digest of the epoch's "
    "contributions before the roll; see docs/fairness.md",
}


async def entropy_view(
    store: EventStore, campaign_id: str, epoch: int, nonce: int, seq: int, digest: str | None
) -> dict[str, Any]:
    """The contributions a roll's dice mixed in, bounded: the last LISTED of them, recomputed from the digest
    recorded by the one before them, with how many there were and where to read them all.

    An epoch recorded before the quota may hold hundreds (issue 18: 600), and every proof of the epoch used to
    list them all; this costs one short index read whatever the epoch holds. The omitted ones are checked
    whole by `GET .../contributions` (every record, a page at a time), `GET /verify` and the export.
    """
    latest = await store.latest_contributions(campaign_id, epoch, nonce, LISTED + 1)
    omitted_before = latest[0] if len(latest) > LISTED else None
    listed = latest[-LISTED:] if omitted_before is not None else latest
    count = await store.count_contributions(campaign_id, epoch, nonce) if omitted_before is not None else len(listed)
    start = str(omitted_before.data.get("digest")) if omitted_before is not None else NO_CONTRIBUTIONS
    recomputed = start
    contributions: list[dict[str, Any]] = []
    for stored in listed:
        recomputed = next_digest(recomputed, str(stored.data.get("entropy")))
        contributions.append({"seq": stored.seq, "actor": stored.envelope.actor, **stored.data,
                              "digest_recomputed": recomputed})
    return {
        "digest": digest, "digest_recomputed": recomputed, "matches": recomputed == digest,
        "count": count, "omitted": count - len(listed),
        "start_seq": omitted_before.seq if omitted_before is not None else None, "start_digest": start,
        "contributions": contributions,
        "contributions_url": f"/campaigns/{campaign_id}/rolls/{seq}/contributions",
    }


def die_steps(
    seed: bytes, campaign_id: str, nonce: int, k: int, sides: int, entropy: str | None
) -> list[dict[str, Any]]:
    """Every attempt of die k as a reader recomputes it: message, MAC, v, the bound, accepted or not."""
    limit = 2**64 - (2**64 % sides)
    steps: list[dict[str, Any]] = []
    attempt = 0
    while True:
        message = die_message(campaign_id, nonce, k, attempt, entropy)
        mac = hmac.new(seed, message, hashlib.sha256).digest()
        v = int.from_bytes(mac[:8], "big")
        accepted = v < limit
        steps.append({
            "attempt": attempt, "message": message.decode(), "hmac_sha256": mac.hex(), "v": str(v),
            "limit": str(limit), "accepted": accepted, "value": v % sides + 1 if accepted else None,
        })
        if accepted:
            return steps
        attempt += 1


def _recompute(die: dict[str, Any], seed: bytes | None, campaign_id: str, nonce: int, k: int,
               entropy: str | None) -> None:
    steps = die_steps(seed, campaign_id, nonce, k, int(die["sides"]), entropy) if seed else []
    die["recomputed"] = steps[-1]["value"] if steps else None
    die["matches"] = None if seed is None else die["recomputed"] == die["value"]
    die["steps"] = steps


def _attempt_dice(stored: StoredEvent, seed: bytes | None, campaign_id: str, entropy: str | None
                  ) -> list[dict[str, Any]]:
    """A refused attempt's dice, line by line: each with its line's nonce and the digest its line mixed in (the
    attempt's, folded with the strings its earlier lines contributed: docs/fairness.md, "Refused attempts")."""
    listed: list[dict[str, Any]] = []
    running = entropy
    for line in stored.data.get("lines", []):
        nonce = int(line["nonce"])
        for die in line.get("dice", []):
            entry = {**die, "seq": stored.seq, "nonce": nonce, "line": line.get("line")}
            _recompute(entry, seed, campaign_id, nonce, int(die["k"]), running)
            listed.append(entry)
        if isinstance(line.get("contributed"), str) and running is not None:
            running = next_digest(running, line["contributed"])
    return listed


async def roll_proof(store: EventStore, campaign_id: str, stored: StoredEvent) -> dict[str, Any] | None:
    """The proof of the command that wrote `stored`, or None when that command rolled no dice."""
    provenance = stored.envelope.dice
    if provenance is None:
        return None
    epoch, nonce, entropy = provenance.epoch, provenance.nonce, provenance.entropy
    command = await store.command_of(campaign_id, stored.seq)
    committed = await epoch_fact(store, campaign_id, "dice_seed_committed", epoch)
    revealed = await epoch_fact(store, campaign_id, "dice_seed_revealed", epoch)
    algorithm = int(committed.get("algorithm", 1)) if committed else None
    seed = bytes.fromhex(str(revealed["seed"])) if revealed else None
    attempt = bool(command) and command[0].type == ATTEMPT
    if attempt:
        listed = _attempt_dice(command[0], seed, campaign_id, entropy)
    else:
        dice: dict[int, dict[str, Any]] = {}
        for event in command:
            for die in recorded_dice(event.type, event.schema_version, event.data):
                dice.setdefault(int(die["k"]), {**die, "seq": event.seq})
        for k, die in dice.items():
            _recompute(die, seed, campaign_id, nonce, k, entropy)
        listed = [dice[k] for k in sorted(dice)]
    commitment = committed["commitment"] if committed else None
    return {
        "campaign_id": campaign_id,
        "seq": stored.seq,
        "command_seqs": [e.seq for e in command],
        "command_type": stored.envelope.command_type,
        "epoch": epoch,
        "nonce": nonce,
        "nonce_is_first_seq": bool(command) and command[0].seq == nonce,
        "algorithm": algorithm,
        "commitment": commitment,
        "revealed": seed is not None,
        "seed": seed.hex() if seed else None,
        "seed_matches_commitment": None if seed is None else hashlib.sha256(seed).hexdigest() == commitment,
        "entropy": await entropy_view(store, campaign_id, epoch, nonce, stored.seq, entropy)
        if algorithm == 2 else None,
        "algorithm_text": ALGORITHM_TEXT.get(algorithm or 1),
        "dice": listed,
        "attempt": attempt,
        "verified": None if seed is None else all(d["matches"] for d in listed),
    }
