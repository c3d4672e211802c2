"""Checking a campaign log as an auditor would: the hash chain, the dice commitments and every revealed die.

Works on exported records (plain dicts, docs/audit-format.md), so the same code serves the
`/verify` endpoint and the offline `lexmechanic verify FILE`, which needs no server.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

import msgspec

from domain.dice import dice_in
from service import chain
from service.dice_source import die_value


class CampaignReport(msgspec.Struct, kw_only=True):
    campaign_id: str
    events: int = 0
    head_hash: str = chain.GENESIS
    dice_verified: int = 0
    dice_unrevealed: int = 0
    epochs_committed: int = 0
    epochs_revealed: int = 0
    problems: list[str] = []

    @property
    def ok(self) -> bool:
        return not self.problems


class _Command(msgspec.Struct):
    first_seq: int
    epoch: int | None
    nonce: int | None
    dice: dict[int, dict[str, int]] = {}


def verify_campaign(campaign_id: str, records: Iterable[dict[str, Any]]) -> CampaignReport:
    """The findings for one campaign's records, in seq order."""
    report = CampaignReport(campaign_id=campaign_id)
    commitments: dict[int, str] = {}
    seeds: dict[int, bytes] = {}
    commands: dict[str, _Command] = {}
    prev = chain.GENESIS
    for record in records:
        seq = record.get("seq")
        report.events += 1
        if seq != report.events:
            report.problems.append(f"event {seq}: expected seq {report.events}; the stream has a gap or a duplicate")
        if record.get("prev_hash") != prev:
            report.problems.append(f"event {seq}: prev_hash does not match the hash of the event before it")
        try:
            expected = chain.link(prev, record)
        except (KeyError, TypeError, ValueError) as error:
            report.problems.append(f"event {seq}: cannot be hashed ({error})")
            expected = str(record.get("hash"))
        if record.get("hash") != expected:
            report.problems.append(f"event {seq}: hash mismatch; the event was altered after it was written")
        prev = str(record.get("hash"))
        _read_dice_facts(report, record, commitments, seeds, commands)
    report.head_hash = prev
    report.epochs_committed = len(commitments)
    report.epochs_revealed = len(seeds)
    _check_dice(campaign_id, report, commitments, seeds, commands)
    return report


def _read_dice_facts(
    report: CampaignReport,
    record: dict[str, Any],
    commitments: dict[int, str],
    seeds: dict[int, bytes],
    commands: dict[str, _Command],
) -> None:
    seq, data, meta = record.get("seq"), record.get("data") or {}, record.get("meta") or {}
    if record.get("type") == "dice_seed_committed":
        commitments[int(data["epoch"])] = str(data["commitment"])
    elif record.get("type") == "dice_seed_revealed":
        epoch, seed = int(data["epoch"]), bytes.fromhex(str(data["seed"]))
        if hashlib.sha256(seed).hexdigest() != commitments.get(epoch):
            report.problems.append(f"event {seq}: the seed revealed for epoch {epoch} does not match its commitment")
        seeds[epoch] = seed
    found = list(dice_in(data))
    provenance = meta.get("dice") or {}
    command_id = str(meta.get("command_id") or f"seq-{seq}")
    # The nonce is the seq of the command's first event (docs/fairness.md), which may roll no die itself
    # (an attack's action_used comes before its attack_rolled): remember every command's first event.
    command = commands.setdefault(
        command_id, _Command(first_seq=int(seq or 0), epoch=provenance.get("epoch"), nonce=provenance.get("nonce"))
    )
    if command.epoch is None and provenance:
        command.epoch, command.nonce = provenance.get("epoch"), provenance.get("nonce")
    if not found:
        return
    for die in found:
        known = command.dice.setdefault(die["k"], die)
        if known != die:
            report.problems.append(f"event {seq}: die k={die['k']} is recorded twice with different faces")


def _check_dice(
    campaign_id: str,
    report: CampaignReport,
    commitments: dict[int, str],
    seeds: dict[int, bytes],
    commands: dict[str, _Command],
) -> None:
    for command in commands.values():
        if not command.dice:
            continue
        where = f"the command at event {command.first_seq}"
        if command.epoch is None or command.nonce is None:
            report.problems.append(f"{where}: dice without an epoch and nonce in meta.dice")
            continue
        if command.epoch not in commitments:
            report.problems.append(f"{where}: dice of epoch {command.epoch}, which was never committed")
            continue
        if command.nonce != command.first_seq:
            report.problems.append(f"{where}: nonce {command.nonce} is not the seq of the command's first event")
        if sorted(command.dice) != list(range(len(command.dice))):
            report.problems.append(f"{where}: dice numbers {sorted(command.dice)} are not 0..n-1; a die is missing")
        seed = seeds.get(command.epoch)
        if seed is None:
            report.dice_unrevealed += len(command.dice)
            continue
        for k, die in sorted(command.dice.items()):
            value = die_value(seed, campaign_id, command.nonce, k, int(die["sides"]))
            if value != die["value"]:
                report.problems.append(
                    f"{where}: die k={k} (d{die['sides']}) shows {die['value']}, the seed gives {value}"
                )
            else:
                report.dice_verified += 1


def verify_export(lines: Iterable[str]) -> list[CampaignReport]:
    """Reports for every campaign in a JSON Lines export (records grouped by campaign, in seq order)."""
    by_campaign: dict[str, list[dict[str, Any]]] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = msgspec.json.decode(line)
        except msgspec.DecodeError as error:
            raise ValueError(f"line {number} is not JSON: {error}") from error
        if not isinstance(record, dict) or "campaign_id" not in record:
            raise ValueError(f"line {number} is not an event record")
        by_campaign.setdefault(str(record["campaign_id"]), []).append(record)
    return [
        verify_campaign(campaign_id, sorted(records, key=lambda r: int(r.get("seq", 0))))
        for campaign_id, records in by_campaign.items()
    ]
