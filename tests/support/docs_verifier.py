"""A second, small verifier written only from docs/fairness.md and docs/audit-format.md.

It imports nothing of the service, the domain or the projections: if the service's verifier and this
one disagree about a log, one of them does not do what the documents say. It holds the whole file in
memory; it is meant to be simple, not fast.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass, field
from typing import Any

ZERO = "0" * 64
SKIPPED = {("wng_dice_rerolled", 1): "rerolls[].before", ("wng_soak_rerolled", 1): "before"}


@dataclass
class Findings:
    campaign_id: str
    events: int = 0
    dice_verified: int = 0
    dice_pending: int = 0
    sealed_unrevealed: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class Command:
    """A run of consecutive events with one meta.command_id, and what held when it began."""

    first: int
    active: int | None
    command_id: str | None
    entropy: str
    events: list[dict[str, Any]] = field(default_factory=list)


def canonical(record: dict[str, Any]) -> bytes:
    keys = ("campaign_id", "seq", "type", "schema_version", "data", "meta", "idempotency_key", "recorded_at")
    return json.dumps({k: record[k] for k in keys}, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def die(seed: bytes, campaign: str, nonce: int, k: int, sides: int, algorithm: int, entropy: str) -> int:
    attempt = 0
    while True:
        text = f"{campaign}:{nonce}:{k}:{attempt}" + (f":{entropy}" if algorithm == 2 else "")
        v = int.from_bytes(hmac.new(seed, text.encode(), hashlib.sha256).digest()[:8], "big")
        if v < 2**64 - (2**64 % sides):
            return v % sides + 1
        attempt += 1


def fold_entropy(previous: str, entropy: str) -> str:
    return hashlib.sha256(bytes.fromhex(previous) + hashlib.sha256(entropy.encode()).digest()).hexdigest()


def dice_objects(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        if set(value) == {"k", "sides", "value"}:
            return [value]
        return [d for item in value.values() for d in dice_objects(item)]
    if isinstance(value, list):
        return [d for item in value for d in dice_objects(item)]
    return []


def dice_of(record: dict[str, Any]) -> list[dict[str, Any]]:
    if record["type"] == "secret_roll_revealed":
        return []  # the sealed roll's dice, from its own key ("Secret rolls")
    data = record["data"]
    skip = SKIPPED.get((record["type"], record["schema_version"]))
    if skip == "before":
        data = {k: v for k, v in data.items() if k != "before"}
    elif skip == "rerolls[].before":
        data = {**data, "rerolls": [{k: v for k, v in r.items() if k != "before"} for r in data.get("rerolls", [])]}
    return dice_objects(data)


def secret_dice(key: bytes, campaign: str, nonce: int, terms: list[dict[str, Any]], entropy: str | None
                ) -> tuple[list[tuple[int, int, int]], int]:
    """docs/fairness.md, "Secret rolls": the key's dice for the terms in order (a d5 is a d10), and the total."""
    dice: list[tuple[int, int, int]] = []
    total = 0
    for term in terms:
        if term["sides"] == 0:
            total += term["sign"] * term["constant"]
            continue
        sides = 10 if term["sides"] == 5 else term["sides"]
        for _ in range(term["count"]):
            k = len(dice)
            value = die(key, campaign, nonce, k, sides, 1 if entropy is None else 2, entropy or "")
            dice.append((k, sides, value))
            total += term["sign"] * (-(-value // 2) if term["sides"] == 5 else value)
    return dice, total


def shape_dice(key: bytes, campaign: str, nonce: int, shape: list[int], entropy: str | None
               ) -> list[tuple[int, int, int]]:
    """docs/fairness.md, "Secret rules tests": die k a shape[k]-sided die of the key."""
    return [(k, sides, die(key, campaign, nonce, k, sides, 1 if entropy is None else 2, entropy or ""))
            for k, sides in enumerate(shape)]


def outcome_hash(key: bytes, events: list[dict[str, Any]]) -> str:
    """docs/fairness.md, "The outcome's bytes": sha256(key || canonical JSON of [{type, data}, ...])."""
    listed = [{"type": e["type"], "data": e["data"]} for e in events]
    text = json.dumps(listed, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(key + text.encode()).hexdigest()


def check_campaign(campaign: str, records: list[dict[str, Any]], head: dict[str, Any] | None,
                   expect: list[tuple[int, str]]) -> Findings:
    found = Findings(campaign)
    problems = found.problems
    prev = ZERO
    hashes: dict[int, str] = {}
    # Epoch facts, in a first look over the file: commitments, algorithms and (checked) seeds.
    commitments: dict[int, tuple[str, int, int]] = {}
    seeds: dict[int, tuple[bytes, int]] = {}
    for r in records:
        if r["type"] == "dice_seed_committed" and r["data"]["epoch"] not in commitments:
            commitments[r["data"]["epoch"]] = (r["data"]["commitment"], r["data"].get("algorithm", 1), r["seq"])
    for r in records:
        if r["type"] == "dice_seed_revealed":
            epoch = r["data"]["epoch"]
            seed = bytes.fromhex(r["data"]["seed"])
            if epoch not in commitments or hashlib.sha256(seed).hexdigest() != commitments[epoch][0]:
                problems.append(f"seq {r['seq']}: revealed seed does not match the commitment")
            elif epoch not in seeds:
                seeds[epoch] = (seed, r["seq"])
    # The chain.
    for n, r in enumerate(records, start=1):
        if r["seq"] != n:
            problems.append(f"seq {r['seq']} where {n} was due")
        if r["prev_hash"] != prev:
            problems.append(f"seq {r['seq']}: prev_hash broken")
        if hashlib.sha256(bytes.fromhex(prev) + canonical(r)).hexdigest() != r["hash"]:
            problems.append(f"seq {r['seq']}: hash does not recompute")
        prev = r["hash"]
        hashes[r["seq"]] = r["hash"]
    found.events = len(records)
    if head is None:
        problems.append("no head record")
    elif head["version"] != len(records) or head["head_hash"] != prev:
        problems.append("the head record is not the last event")
    for seq, witnessed in expect:
        if not hashes.get(seq, "").startswith(witnessed):
            problems.append(f"witnessed head {seq} is not in the chain")
    # Epochs and contributions as the log unfolds; commands as runs of one command_id.
    active: int | None = None
    digest: dict[int, str] = {}
    groups: list[Command] = []
    sealed: dict[int, dict[str, Any]] = {}
    revealed_rolls: set[int] = set()
    outcomes: set[int] = set()  # the seqs of revealed sealed tests' outcome events
    for index, r in enumerate(records):
        command_id = r["meta"].get("command_id")
        if not groups or command_id is None or groups[-1].command_id != command_id:
            secret = active is not None and (active not in seeds or seeds[active][1] > r["seq"])
            entropy = digest.get(active, ZERO) if active is not None else ZERO
            groups.append(Command(r["seq"], active if secret else None, command_id, entropy))
        groups[-1].events.append(r)
        data = r["data"]
        group = groups[-1]
        if r["type"] == "secret_roll_sealed":
            algorithm = commitments.get(data["epoch"], ("", 0, 0))[1]
            before = group.entropy if algorithm == 2 else None
            if data["epoch"] != group.active or group.first != r["seq"] or data["entropy"] != before:
                problems.append(f"seq {r['seq']}: sealed roll not of the active secret epoch, not its command's "
                                "first event, or with the wrong entropy")
            sealed[r["seq"]] = data
        elif r["type"] == "secret_roll_revealed":
            roll = data["roll"]
            if roll not in sealed or roll in revealed_rolls:
                problems.append(f"seq {r['seq']}: reveal of {roll}, not a sealed roll still secret")
                continue
            revealed_rolls.add(roll)
            key = bytes.fromhex(data["key"])
            if hashlib.sha256(key).hexdigest() != sealed[roll]["commitment"]:
                problems.append(f"seq {r['seq']}: the key of sealed roll {roll} does not match its commitment")
                continue
            epoch = sealed[roll]["epoch"]
            if epoch in seeds and hmac.new(seeds[epoch][0], f"secret:{campaign}:{roll}".encode(),
                                           hashlib.sha256).digest() != key:
                problems.append(f"seq {r['seq']}: the key of sealed roll {roll} is not its epoch seed's")
            shown = [(d["k"], d["sides"], d["value"]) for d in data["dice"]]
            if sealed[roll].get("command") is not None:
                # A sealed test: the dice of its shape, and the n events after the reveal hash to its outcome.
                after = records[index + 1:index + 1 + data.get("events", 0)]
                outcomes.update(e["seq"] for e in after)
                same = all(e["meta"].get("command_id") == r["meta"].get("command_id") for e in after)
                inside = {(d["k"], d["sides"], d["value"]) for e in after for d in dice_objects(e["data"])}
                if shown != shape_dice(key, campaign, roll, sealed[roll]["shape"], sealed[roll]["entropy"]):
                    problems.append(f"seq {r['seq']}: the dice of sealed test {roll} are not what its key gives")
                elif len(after) != data.get("events") or not same or data["total"] != 0:
                    problems.append(f"seq {r['seq']}: the reveal of sealed test {roll} is not followed by its events")
                elif outcome_hash(key, after) != sealed[roll]["outcome"]:
                    problems.append(f"seq {r['seq']}: the outcome of sealed test {roll} is not the one it sealed")
                elif not inside <= set(shown):
                    problems.append(f"seq {r['seq']}: the outcome of sealed test {roll} shows dice it did not roll")
                else:
                    found.dice_verified += len(shown)
                continue
            dice, total = secret_dice(key, campaign, roll, sealed[roll]["terms"], sealed[roll]["entropy"])
            if shown != dice:
                problems.append(f"seq {r['seq']}: the dice of sealed roll {roll} are not what its key gives")
            elif data["total"] != total:
                problems.append(f"seq {r['seq']}: the total of sealed roll {roll} is not its dice's")
            else:
                found.dice_verified += len(dice)
        if r["type"] == "dice_seed_committed":
            active = data["epoch"]
        elif r["type"] == "entropy_contributed":
            epoch = data["epoch"]
            revealed = epoch in seeds and seeds[epoch][1] < r["seq"]
            if epoch != active or commitments.get(epoch, ("", 1, 0))[1] != 2 or revealed:
                problems.append(f"seq {r['seq']}: entropy for an epoch not the active secret one of algorithm 2")
            else:
                digest[epoch] = fold_entropy(digest.get(epoch, ZERO), data["entropy"])
                if data["digest"] != digest[epoch]:
                    problems.append(f"seq {r['seq']}: contribution digest wrong")
    for roll, data in sealed.items():
        if roll in revealed_rolls:
            continue
        if data["epoch"] in seeds:
            problems.append(f"seq {roll}: a sealed roll never revealed, though its epoch's seed was")
        else:
            found.sealed_unrevealed.append(roll)
    for group in groups:
        first, active_epoch, entropy_before, events = group.first, group.active, group.entropy, group.events
        if events[0]["type"] == "attempt_refused":
            check_attempt(found, campaign, group, commitments, seeds)
            continue
        dice: dict[int, tuple[int, int]] = {}
        provenance: list[dict[str, Any] | None] = []
        for r in events:
            if r["seq"] in outcomes:
                continue  # a sealed test's outcome: its dice are the reveal's, checked above
            for d in dice_of(r):
                if dice.setdefault(d["k"], (d["sides"], d["value"])) != (d["sides"], d["value"]):
                    problems.append(f"command {first}: die {d['k']} shows two faces")
            if dice_of(r):
                provenance.append(r["meta"].get("dice"))
        if not dice:
            continue
        meta = provenance[0]
        if meta is None or any(p != meta for p in provenance):
            problems.append(f"command {first}: meta.dice missing or not the same on all its events")
            continue
        epoch, nonce = meta["epoch"], meta["nonce"]
        if epoch != active_epoch:
            problems.append(f"command {first}: epoch {epoch} was not the active secret epoch")
        if nonce != first:
            problems.append(f"command {first}: nonce {nonce} is not its first seq")
        if sorted(dice) != list(range(len(dice))):
            problems.append(f"command {first}: dice k are not 0..n-1")
        algorithm = commitments.get(epoch, ("", 0, 0))[1]
        if algorithm == 2 and meta.get("entropy") != entropy_before:
            problems.append(f"command {first}: meta.dice.entropy is not the digest before it")
        if epoch not in seeds:
            found.dice_pending += len(dice)
            continue
        for k, (sides, value) in dice.items():
            if die(seeds[epoch][0], campaign, nonce, k, sides, algorithm, entropy_before) == value:
                found.dice_verified += 1
            else:
                problems.append(f"command {first}: die {k} is not what the seed gives")
    return found


def check_attempt(found: Findings, campaign: str, group: Command, commitments: dict[int, tuple[str, int, int]],
                  seeds: dict[int, tuple[bytes, int]]) -> None:
    """docs/fairness.md, "Refused attempts": meta.dice as any command's; the lines' nonces increase from the
    attempt's first seq to its last; each line's dice recompute with its own nonce and digest."""
    problems, first, attempt = found.problems, group.first, group.events[0]
    lines = attempt["data"]["lines"]
    nonces = [line["nonce"] for line in lines]
    last = group.events[-1]["seq"]
    if not nonces or nonces[0] != first or nonces[-1] != last or nonces != sorted(set(nonces)):
        problems.append(f"attempt {first}: nonces {nonces} are not its seqs {first}..{last} in order")
        return
    for held in group.events[1:]:
        if held["type"] != "nonce_reserved" or held["data"] != {"attempt": first} or dice_of(held) or (
                held["meta"].get("dice") is not None):
            problems.append(f"attempt {first}: seq {held['seq']} is not a nonce_reserved of it, without dice")
    meta = attempt["meta"].get("dice")
    if not any(line["dice"] for line in lines):
        return
    if meta is None:
        problems.append(f"attempt {first}: dice without meta.dice")
        return
    epoch = meta["epoch"]
    if epoch != group.active:
        problems.append(f"attempt {first}: epoch {epoch} was not the active secret epoch")
    if meta["nonce"] != first:
        problems.append(f"attempt {first}: meta.dice.nonce is not its first seq")
    algorithm = commitments.get(epoch, ("", 0, 0))[1]
    digest = group.entropy if algorithm == 2 else None
    if meta.get("entropy") != digest:
        problems.append(f"attempt {first}: meta.dice.entropy is not the digest before it")
    for line in lines:
        if line["dice"]:
            if line["epoch"] != epoch or line["entropy"] != digest:
                problems.append(f"attempt {first}, nonce {line['nonce']}: epoch or entropy is not the line's")
            faces = {d["k"]: (d["sides"], d["value"]) for d in line["dice"]}
            if sorted(faces) != list(range(len(faces))) or len(faces) != len(line["dice"]):
                problems.append(f"attempt {first}, nonce {line['nonce']}: dice k are not 0..n-1")
            for k, (sides, value) in faces.items():
                if epoch not in seeds:
                    found.dice_pending += 1
                elif die(seeds[epoch][0], campaign, line["nonce"], k, sides, algorithm, digest or ZERO) == value:
                    found.dice_verified += 1
                else:
                    problems.append(f"attempt {first}, nonce {line['nonce']}: die {k} is not what the seed gives")
        if algorithm == 2 and line["contributed"] is not None and digest is not None:
            digest = fold_entropy(digest, line["contributed"])


def verify_export(text: str, expect: tuple[tuple[int, str], ...] = ()) -> dict[str, Findings]:
    """Findings per campaign of a JSON Lines export (event records, then a head record)."""
    records: dict[str, list[dict[str, Any]]] = {}
    heads: dict[str, dict[str, Any]] = {}
    # docs/audit-format.md: every line ends with `\n`; a name may hold U+2028 or U+0085 raw, which
    # str.splitlines() would also split at.
    for line in text.split("\n"):
        if not line.strip():
            continue
        record = json.loads(line)
        if "campaign_id" in record:
            records.setdefault(record["campaign_id"], []).append(record)
        else:
            heads[record["head"]["campaign_id"]] = record["head"]
    return {c: check_campaign(c, rs, heads.get(c), list(expect)) for c, rs in records.items()}
