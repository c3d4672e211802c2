"""Checking a campaign log as an auditor would: the hash chain, the dice commitments and every revealed die.

It reads exported records (plain dicts, docs/audit-format.md) one at a time and keeps only what one
command and the campaign's epochs need, so a log of any length is checked in constant memory. The
same code serves `GET /campaigns/{id}/verify` (page by page from the database) and the offline
`lexmechanic verify FILE` (line by line from the file). Every rule it applies is one that
docs/fairness.md and docs/audit-format.md state; it reads only the fields those pages name.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from domain.campaign.entropy import NO_CONTRIBUTIONS, next_digest
from domain.dice import dice_in
from domain.rulesets import legacy_die_copies
from projections.recorded import EventMeta, Recorded
from projections.rules_replay import RulesReplay
from service import chain
from service.codec import UnknownEventType, decode_event
from service.dice_source import DICE_SPACE, die_value, roll_key
from service.verification_said import Said, said, said_divergence

ALGORITHMS = (1, 2)
SECRET_SEALED, SECRET_REVEALED = "secret_roll_sealed", "secret_roll_revealed"
# A refused attempt: its dice are per line, each line with its own nonce (docs/fairness.md).
ATTEMPT = "attempt_refused"
RESERVED = "nonce_reserved"
EPOCH_EVENTS = ("dice_seed_committed", "dice_seed_revealed", "entropy_contributed")
# Fields of older event versions that repeat, as die objects, dice recorded elsewhere: they are not
# dice of the command (docs/fairness.md, "Where the dice are in the log"); each engine declares its own.
LEGACY_COPIES: Mapping[tuple[str, int], str] = legacy_die_copies()


def recorded_dice(event_type: Any, schema_version: Any, data: Any) -> list[dict[str, Any]]:
    """The die objects of one record's data that are dice of its command, in document order."""
    if not isinstance(data, dict) or event_type == SECRET_REVEALED:
        return []  # a revealed sealed roll's dice come from its own key (docs/fairness.md, "Secret rolls")
    # A record's type and version are whatever the file says: only a string and a whole number can name a copy.
    known = isinstance(event_type, str) and isinstance(schema_version, int)
    legacy = LEGACY_COPIES.get((event_type, schema_version)) if known else None
    return list(dice_in(_without(data, legacy) if legacy is not None else data))


def _without(data: dict[str, Any], path: str) -> dict[str, Any]:
    """The data without the field `path` names: `before`, or `rerolls[].before` (`before` of each item of
    the list `rerolls`); anything else in the data stays as it is."""
    head, _, rest = path.partition("[].")
    if not rest:
        return {key: value for key, value in data.items() if key != head}
    items = data.get(head)
    if not isinstance(items, list):
        return data
    return {**data, head: [_without(item, rest) if isinstance(item, dict) else item for item in items]}


class RulesChecked(msgspec.Struct, kw_only=True):
    commands_replayed: int = 0
    not_replayable: int = 0


class CampaignReport(msgspec.Struct, kw_only=True):
    campaign_id: str
    events: int = 0
    head_hash: str = chain.GENESIS
    dice_verified: int = 0
    dice_unrevealed: int = 0
    epochs_committed: int = 0
    epochs_revealed: int = 0
    contributions: int = 0
    # Secret rolls (docs/fairness.md): how many were sealed, and the seqs of those not revealed yet.
    sealed_rolls: int = 0
    sealed_unrevealed: list[int] = []
    heads_witnessed: int = 0
    # Witnessed heads found after the chain had broken: the hash matches, but the events before it cannot be
    # trusted, so the head is not confirmed (counted apart, never in `heads_witnessed`).
    heads_unconfirmed: int = 0
    # False once a seq, a prev_hash or a hash does not hold (the other problems leave the chain intact).
    chain_intact: bool = True
    # Each in English and Spanish (service/verification_said.py); the reader's language picks one.
    problems: list[Said] = []
    # With the rules replayed (`verify --rules`, `/verify?rules=true`): the commands decided again, and those
    # written before their body was kept in the log (docs/audit-format.md, "Replaying the rules").
    rules: RulesChecked | None = None

    @property
    def ok(self) -> bool:
        return not self.problems


class _Epoch(msgspec.Struct):
    commitment: str
    algorithm: int
    committed_at: int
    revealed_at: int | None = None
    entropy: str = NO_CONTRIBUTIONS


class _Sealed(msgspec.Struct):
    commitment: str
    epoch: Any
    entropy: Any
    terms: Any
    revealed: bool = False
    # A sealed rules test (docs/fairness.md, "Secret rules tests"): the sides of its dice and its outcome's hash.
    shape: Any = None
    outcome: Any = None


class _Outcome(msgspec.Struct):
    """The events a sealed test's reveal announced, collected as they come, then hashed with its key."""

    roll: int
    reveal: int
    command_id: Any
    key: bytes
    expected: str
    left: int
    dice: set[tuple[Any, Any, Any]]
    events: list[dict[str, Any]] = []


class _Command(msgspec.Struct):
    """The dice facts of one command: a run of consecutive events with the same meta.command_id."""

    command_id: str | None
    first_seq: int
    active_epoch: int | None
    entropy: str | None
    provenance: tuple[Any, Any, Any] | None = None
    dice: dict[int, tuple[int, int]] = {}
    without_provenance: bool = False
    last_seq: int = 0
    # The `lines` of an attempt_refused (docs/fairness.md, "Refused attempts"): each with its own nonce.
    attempt: list[Any] | None = None


def seeds_from(records: Iterable[dict[str, Any]]) -> dict[int, bytes]:
    """The revealed seed of each epoch whose reveal matches its commitment: the first pass of a check."""
    commitments: dict[int, str] = {}
    seeds: dict[int, bytes] = {}
    for record in records:
        data = record.get("data")
        if not isinstance(data, dict):
            continue
        if record.get("type") == "dice_seed_committed":
            epoch = data.get("epoch")
            if isinstance(epoch, int):
                commitments.setdefault(epoch, str(data.get("commitment")))
        elif record.get("type") == "dice_seed_revealed":
            seed = _seed_bytes(data.get("seed"))
            epoch = data.get("epoch")
            matches = seed is not None and isinstance(epoch, int) and sha256_hex(seed) == commitments.get(epoch)
            if matches and seed is not None and isinstance(epoch, int):
                seeds.setdefault(epoch, seed)
    return seeds


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _seed_bytes(text: Any) -> bytes | None:
    if not isinstance(text, str) or len(text) != 64:
        return None
    try:
        return bytes.fromhex(text)
    except ValueError:
        return None


class CampaignVerifier:
    """Feed a campaign's records in seq order to `add`, then read `finish()`.

    `seeds` are the epochs' revealed seeds, known before the dice are met (see `seeds_from`): dice come
    before the reveal in the log, and holding them until then would cost memory that grows with it.
    """

    def __init__(self, campaign_id: str, seeds: Mapping[int, bytes], rules: bool = False) -> None:
        self.report = CampaignReport(campaign_id=campaign_id)
        # The rules replayed (projections/rules_replay.py): it keeps the log's records to fold, so its memory
        # grows with the log, unlike the checks of the chain and the dice.
        self._rules = RulesReplay(campaign_id) if rules else None
        self._seeds = seeds
        self._epochs: dict[int, _Epoch] = {}
        self._sealed: dict[int, _Sealed] = {}
        self._outcome: _Outcome | None = None
        self._active: int | None = None
        self._command: _Command | None = None
        self._prev = chain.GENESIS
        self._expected: dict[int, str] = {}
        self._witness_source = said("verify.witnessed_outside_log")
        self._finished = False

    def expect(self, seq: int, hash_prefix: str, source: Said) -> None:
        """A head witnessed outside the log (a forum post): event `seq` must have this hash."""
        self._expected[seq] = hash_prefix.lower()
        self._witness_source = source

    def add(self, record: dict[str, Any]) -> None:
        report = self.report
        seq = record.get("seq")
        report.events += 1
        broken = len(report.problems)
        if seq != report.events:
            report.problems.append(said("verify.event_expected_seq_stream", seq=seq, events=report.events))
        if record.get("prev_hash") != self._prev:
            report.problems.append(said("verify.event_prev_hash_match", seq=seq))
        try:
            expected = chain.link(self._prev, record)
        except (KeyError, TypeError, ValueError) as error:
            # The error names the field or value that cannot be hashed: quoted as Python says it.
            report.problems.append(said("verify.event_cannot_hashed", seq=seq, error=error))
            expected = str(record.get("hash"))
        if record.get("hash") != expected:
            report.problems.append(said("verify.event_hash_mismatch_event", seq=seq))
        if len(report.problems) > broken:
            report.chain_intact = False
        self._prev = str(record.get("hash"))
        witnessed = self._expected.pop(report.events, None)
        if witnessed is not None:
            self._witness(report.events, witnessed)
        meta = record.get("meta") if isinstance(record.get("meta"), dict) else {}
        assert isinstance(meta, dict)
        position = report.events
        command_id = meta.get("command_id")
        current = self._command
        if current is None or command_id is None or command_id != current.command_id:
            self._close_command()
            epoch = self._epochs.get(self._active) if self._active is not None else None
            self._command = _Command(
                command_id=command_id if isinstance(command_id, str) else None,
                first_seq=position,
                active_epoch=self._active if epoch is not None and epoch.revealed_at is None else None,
                entropy=epoch.entropy if epoch is not None else None,
            )
        assert self._command is not None
        self._command.last_seq = position
        self._epoch_facts(record, position)
        if self._outcome is not None:
            self._outcome_event(record, meta, position)  # a sealed test's outcome: its dice are the reveal's
        elif record.get("type") == ATTEMPT and self._command.first_seq == position:
            self._collect_attempt(record, meta, position)
        else:
            if self._command.attempt is not None and (record.get("type") != RESERVED or meta.get("dice") is not None):
                self.report.problems.append(said(
                    "verify.event_inside_attempt_event", position=position, first_seq=self._command.first_seq))
            self._secret_facts(record, position)
            self._collect_dice(record, meta, position)
        if self._rules is not None:
            self._replay(record, position)

    def _replay(self, record: dict[str, Any], position: int) -> None:
        assert self._rules is not None
        try:
            recorded = Recorded(position, decode_event(str(record.get("type")), int(record.get("schema_version", 0)),
                                                       msgspec.json.encode(record.get("data"))),
                                msgspec.convert(record.get("meta") or {}, EventMeta))
        except (UnknownEventType, msgspec.ValidationError, msgspec.DecodeError, TypeError, ValueError) as error:
            self.report.problems.append(said("verify.event_cannot_read_event", position=position, error=error))
            self._rules = None
            return
        self._rules.add(recorded)

    def head(self, version: int, head_hash: str, where: Said) -> None:
        """Compare the head that `where` states (the head row, an export's head record) with the chain."""
        report, en, es, events = self.report, where.en, where.es, self.report.events
        if version < 0:
            report.problems.append(said("verify.version_version", where=Said(en, es), version=version))
        elif events < version:
            removed = version - events
            # The English "event(s)" is matched as it is; the Spanish says one or many properly.
            gone = said("verify.truncated.one" if removed == 1 else "verify.truncated.many", removed=removed)
            report.problems.append(said(
                "verify.version_but_log_ends", where=Said(en, es), version=version, events=events, gone=gone))
        elif events > version:
            report.problems.append(said(
                "verify.version_but_log_goes", where=Said(en, es), version=version, events=events))
        elif head_hash != self._prev:
            report.problems.append(said(
                "verify.head_hash_hash_last", where=Said(en, es), head_hash=head_hash, prev=self._prev))

    def _outcome_event(self, record: dict[str, Any], meta: dict[str, Any], seq: int) -> None:
        """One of the events a sealed test's reveal announced; the last one checks the outcome's hash."""
        outcome = self._outcome
        assert outcome is not None
        place = said("verify.where.sealed_test_reveal", reveal=outcome.reveal, roll=outcome.roll)
        en, es = place.en, place.es
        if meta.get("command_id") != outcome.command_id:
            self._outcome = None
            self.report.problems.append(said(
                "verify.followed_more_events_announced", where=Said(en, es), left=outcome.left))
            self._secret_facts(record, seq)
            self._collect_dice(record, meta, seq)
            return
        outcome.events.append({"type": record.get("type"), "data": record.get("data")})
        for die in dice_in(record.get("data")):
            if (die["k"], die["sides"], die["value"]) not in outcome.dice:
                self.report.problems.append(said(
                    "verify.event_die_k_sealed", seq=seq, die_k=die['k'], roll=outcome.roll))
        outcome.left -= 1
        if outcome.left > 0:
            return
        self._outcome = None
        try:
            text = json.dumps(outcome.events, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                              allow_nan=False).encode()
        except (TypeError, ValueError):
            text = b""
        if sha256_hex(outcome.key + text) != outcome.expected:
            self.report.problems.append(said("verify.outcome_follows_one_seal", where=Said(en, es)))

    def finish(self) -> CampaignReport:
        if not self._finished:
            self._finished = True
            if self._outcome is not None:
                outcome, self._outcome = self._outcome, None
                self.report.problems.append(said(
                    "verify.event_log_ends_before", reveal=outcome.reveal, left=outcome.left, roll=outcome.roll))
            self._close_command()
            if self._rules is not None:
                self.report.problems.extend(said_divergence(d) for d in self._rules.finish())
                self.report.rules = RulesChecked(commands_replayed=self._rules.replayed,
                                                 not_replayable=self._rules.not_replayable)
            source, events = self._witness_source, self.report.events
            for seq in sorted(self._expected):
                self.report.problems.append(said(
                    "verify.head_witnessed_seq_missing", seq=seq, where=Said(source.en, source.es), events=events))
            self._expected.clear()
            self.report.head_hash = self._prev
            self.report.epochs_committed = len(self._epochs)
            self.report.epochs_revealed = sum(1 for e in self._epochs.values() if e.revealed_at is not None)
            for roll, sealed in self._sealed.items():
                if sealed.revealed:
                    continue
                epoch = self._epochs.get(sealed.epoch) if isinstance(sealed.epoch, int) else None
                if epoch is not None and epoch.revealed_at is not None:
                    self.report.problems.append(said(
                        "verify.event_sealed_roll_never", roll=roll, epoch=sealed.epoch, revealed_at=epoch.revealed_at))
                else:
                    self.report.sealed_unrevealed.append(roll)
        return self.report

    def _witness(self, seq: int, witnessed: str) -> None:
        if self._prev.startswith(witnessed) and not self.report.chain_intact:
            self.report.heads_unconfirmed += 1
        elif self._prev.startswith(witnessed):
            self.report.heads_witnessed += 1
        else:
            source = self._witness_source
            self.report.problems.append(said(
                "verify.event_hash_head_witnessed", seq=seq, prev=self._prev, witnessed=witnessed,
                where=Said(source.en, source.es)))

    def _epoch_facts(self, record: dict[str, Any], seq: int) -> None:
        kind, data, report = record.get("type"), record.get("data"), self.report
        if kind not in EPOCH_EVENTS or not isinstance(data, dict):
            return
        epoch_number = data.get("epoch")
        epoch = self._epochs.get(epoch_number) if isinstance(epoch_number, int) else None
        if kind == "dice_seed_committed":
            algorithm = data.get("algorithm", 1)
            if not isinstance(epoch_number, int) or epoch is not None:
                report.problems.append(said(
                    "verify.event_dice_epoch_committed", seq=seq, repr_epoch_number=repr(epoch_number)))
                return
            if algorithm not in ALGORITHMS:
                report.problems.append(said(
                    "verify.event_epoch_names_dice", seq=seq, epoch_number=epoch_number,
                    repr_algorithm=repr(algorithm)))
            known = int(algorithm) if algorithm in ALGORITHMS else 0
            self._epochs[epoch_number] = _Epoch(str(data.get("commitment")), known, seq)
            self._active = epoch_number
        elif kind == "dice_seed_revealed":
            seed = _seed_bytes(data.get("seed"))
            if epoch is None:
                report.problems.append(said(
                    "verify.event_seed_revealed_epoch", seq=seq, repr_epoch_number=repr(epoch_number)))
            elif seed is None or hashlib.sha256(seed).hexdigest() != epoch.commitment:
                report.problems.append(said("verify.event_seed_revealed_epoch_2", seq=seq, epoch_number=epoch_number))
            elif epoch.revealed_at is None:
                epoch.revealed_at = seq
        else:
            entropy = data.get("entropy")
            if epoch is None or epoch_number != self._active or epoch.revealed_at is not None or epoch.algorithm != 2:
                report.problems.append(said(
                    "verify.event_entropy_contributed_epoch", seq=seq, repr_epoch_number=repr(epoch_number)))
                return
            if not isinstance(entropy, str):
                report.problems.append(said("verify.event_contributed_entropy_string", seq=seq))
                return
            epoch.entropy = next_digest(epoch.entropy, entropy)
            report.contributions += 1
            if data.get("digest") != epoch.entropy:
                report.problems.append(said(
                    "verify.event_digest_epoch_s", seq=seq, data_get_digest=data.get('digest'), entropy=epoch.entropy))

    def _secret_facts(self, record: dict[str, Any], seq: int) -> None:
        """A sealed roll's commitment, and its reveal checked against it (docs/fairness.md, "Secret rolls")."""
        kind, data, report = record.get("type"), record.get("data"), self.report
        if kind not in (SECRET_SEALED, SECRET_REVEALED) or not isinstance(data, dict):
            return
        command = self._command
        if kind == SECRET_SEALED:
            report.sealed_rolls += 1
            epoch_number, entropy = data.get("epoch"), data.get("entropy")
            epoch = self._epochs.get(epoch_number) if isinstance(epoch_number, int) else None
            active = command.active_epoch if command is not None else None
            if epoch is None or epoch_number != active or command is None or command.first_seq != seq:
                report.problems.append(said(
                    "verify.event_sealed_roll_epoch", seq=seq, repr_epoch_number=repr(epoch_number)))
            elif entropy != (command.entropy if epoch.algorithm == 2 else None):
                report.problems.append(said(
                    "verify.event_sealed_roll_s", seq=seq, entropy=entropy, entropy2=command.entropy))
            self._sealed[seq] = _Sealed(str(data.get("commitment")), epoch_number, entropy, data.get("terms"),
                                        shape=data.get("shape"), outcome=data.get("outcome"))
            return
        roll = data.get("roll")
        sealed = self._sealed.get(roll) if isinstance(roll, int) else None
        place = said("verify.where.sealed_roll_reveal", seq=seq, roll=repr(roll))
        en, es = place.en, place.es
        if sealed is None or sealed.revealed:
            report.problems.append(said("verify.names_sealed_roll_still", where=Said(en, es)))
            return
        sealed.revealed = True
        assert isinstance(roll, int)
        key = _seed_bytes(data.get("key"))
        if key is None or sha256_hex(key) != sealed.commitment:
            report.problems.append(said("verify.key_match_roll_s", where=Said(en, es)))
            return
        seed = self._seeds.get(sealed.epoch) if isinstance(sealed.epoch, int) else None
        if seed is not None and roll_key(seed, report.campaign_id, roll) != key:
            report.problems.append(said("verify.key_one_seed_epoch", where=Said(en, es), epoch=sealed.epoch))
        expected = _sealed_dice(key, report.campaign_id, roll, sealed)
        recorded = data.get("dice")
        shown = [(d.get("k"), d.get("sides"), d.get("value")) for d in recorded if isinstance(d, dict)] \
            if isinstance(recorded, list) else []
        if expected is None:
            report.problems.append(said("verify.sealed_roll_s_terms", where=Said(en, es)))
            return
        dice, total = expected
        for k, (sides, value) in enumerate(dice):
            found = shown[k] if k < len(shown) else None
            if found != (k, sides, value):
                report.problems.append(said(
                    "verify.die_k_d_shows", where=Said(en, es), k=k, sides=sides,
                    face=found[2] if found else said("verify.no_face"), value=value))
            else:
                report.dice_verified += 1
        if len(shown) > len(dice):
            report.problems.append(said(
                "verify.dice_where_sealed_roll", where=Said(en, es), len_shown=len(shown), len_dice=len(dice)))
        if data.get("total") != total:
            report.problems.append(said(
                "verify.total_dice_give", where=Said(en, es), repr_data_get_total=repr(data.get('total')), total=total))
        if sealed.shape:
            # A sealed test: the events after its reveal are its outcome, hashed with the key (`_outcome_event`).
            count = data.get("events")
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                report.problems.append(said("verify.announces_outcome_events", where=Said(en, es)))
                return
            command_id = command.command_id if command is not None else None
            self._outcome = _Outcome(roll=roll, reveal=seq, command_id=command_id, key=key,
                                     expected=str(sealed.outcome), left=count,
                                     dice={(d[0], d[1], d[2]) for d in shown if d is not None})

    def _collect_dice(self, record: dict[str, Any], meta: dict[str, Any], seq: int) -> None:
        found = recorded_dice(record.get("type"), record.get("schema_version"), record.get("data"))
        command = self._command
        if not found or command is None:
            return
        provenance = meta.get("dice")
        if isinstance(provenance, dict):
            claimed = (provenance.get("epoch"), provenance.get("nonce"), provenance.get("entropy"))
            if command.provenance is None:
                command.provenance = claimed
            elif command.provenance != claimed:
                self.report.problems.append(said("verify.event_meta_dice_differs", seq=seq))
        else:
            command.without_provenance = True
        for die in found:
            k, sides, value = die["k"], die["sides"], die["value"]
            if not all(isinstance(x, int) and not isinstance(x, bool) for x in (k, sides, value)):
                self.report.problems.append(said("verify.event_die_k_sides", seq=seq))
                continue
            # More sides than 2**64 values: the rejection rule accepts no draw, so no face can be computed.
            if not 1 <= sides <= DICE_SPACE or not 1 <= value <= sides:
                self.report.problems.append(said("verify.event_die_k_shows", seq=seq, k=k, value=value, sides=sides))
            known = command.dice.setdefault(k, (sides, value))
            if known != (sides, value):
                self.report.problems.append(said("verify.event_die_k_recorded", seq=seq, k=k))

    def _collect_attempt(self, record: dict[str, Any], meta: dict[str, Any], seq: int) -> None:
        """An attempt's dice are checked line by line when its command closes (`_close_attempt`)."""
        command = self._command
        assert command is not None
        data = record.get("data")
        lines = data.get("lines") if isinstance(data, dict) else None
        if not isinstance(lines, list) or not all(isinstance(line, dict) for line in lines):
            self.report.problems.append(said("verify.event_attempt_refused_without", seq=seq))
            return
        command.attempt = lines
        provenance = meta.get("dice")
        if isinstance(provenance, dict):
            command.provenance = (provenance.get("epoch"), provenance.get("nonce"), provenance.get("entropy"))
        else:
            command.without_provenance = True

    def _close_attempt(self, command: _Command, en: str, es: str) -> None:
        """The dice of a refused attempt: each line's with its own nonce and digest (docs/fairness.md)."""
        report, lines = self.report, command.attempt or []
        nonces = [line.get("nonce") for line in lines]
        ordered = all(isinstance(n, int) for n in nonces) and all(a < b for a, b in itertools.pairwise(nonces))
        if not nonces or not ordered or nonces[0] != command.first_seq or nonces[-1] != command.last_seq:
            report.problems.append(said(
                "verify.attempt_s_nonces_own", where=Said(en, es), nonces=nonces, first_seq=command.first_seq,
                last_seq=command.last_seq))
            return
        if not any(line.get("dice") for line in lines):
            return
        checked = self._provenance_holds(command, en, es)
        if checked is None:
            return
        epoch_number, epoch, mixed = checked
        seed = self._seeds.get(epoch_number)
        running = mixed
        for line in lines:
            dice = list(dice_in(line.get("dice")))
            nonce = int(line["nonce"])
            where_en, where_es = f"{en}, nonce {nonce}", f"{es}, nonce {nonce}"
            if dice:
                if line.get("epoch") != epoch_number:
                    report.problems.append(said(
                        "verify.dice_epoch_attempt_s", where=Said(where_en, where_es),
                        repr_line_get_epoch=repr(line.get('epoch')), epoch_number=epoch_number))
                    continue
                if line.get("entropy") != running:
                    report.problems.append(said(
                        "verify.entropy_digest_line_used", where=Said(where_en, where_es),
                        line_get_entropy=line.get('entropy'), running=running))
                faces: dict[int, tuple[int, int]] = {}
                for die in dice:
                    self._die_shape(die, faces, where_en, where_es)
                self._recompute(faces, seed, epoch, nonce, running, where_en, where_es)
            contributed = line.get("contributed")
            if isinstance(contributed, str) and running is not None:
                running = next_digest(running, contributed)

    def _die_shape(self, die: dict[str, Any], faces: dict[int, tuple[int, int]], en: str, es: str) -> None:
        k, sides, value = die["k"], die["sides"], die["value"]
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (k, sides, value)):
            self.report.problems.append(said("verify.die_k_sides_value", where=Said(en, es)))
            return
        if sides < 1 or not 1 <= value <= sides:
            self.report.problems.append(said("verify.die_k_shows_d", where=Said(en, es), k=k, value=value, sides=sides))
        if faces.setdefault(k, (sides, value)) != (sides, value):
            self.report.problems.append(said("verify.die_k_recorded_twice", where=Said(en, es), k=k))

    def _provenance_holds(self, command: _Command, en: str, es: str) -> tuple[int, _Epoch, str | None] | None:
        """The command's meta.dice checked (epoch committed, active and secret; nonce; entropy): its epoch
        number, the epoch and the digest its dice mixed in, or None when the dice cannot be checked."""
        report = self.report
        if command.without_provenance or command.provenance is None:
            report.problems.append(said("verify.dice_without_epoch_nonce", where=Said(en, es)))
            return None
        epoch_number, nonce, entropy = command.provenance
        epoch = self._epochs.get(epoch_number) if isinstance(epoch_number, int) else None
        if epoch is None or epoch.committed_at >= command.first_seq:
            report.problems.append(said(
                "verify.dice_epoch_which_never", where=Said(en, es), repr_epoch_number=repr(epoch_number)))
            return None
        if command.active_epoch != epoch_number:
            report.problems.append(said(
                "verify.dice_epoch_but_active", where=Said(en, es), epoch_number=epoch_number,
                active_epoch=command.active_epoch))
        if nonce != command.first_seq:
            report.problems.append(said("verify.nonce_seq_command_s", where=Said(en, es), repr_nonce=repr(nonce)))
        mixed = command.entropy if epoch.algorithm == 2 else None
        if entropy != mixed:
            report.problems.append(said(
                "verify.meta_dice_entropy_but", where=Said(en, es), entropy=entropy, mixed=mixed))
        assert isinstance(epoch_number, int)
        return epoch_number, epoch, mixed

    def _recompute(self, dice: dict[int, tuple[int, int]], seed: bytes | None, epoch: _Epoch, nonce: Any,
                   mixed: str | None, en: str, es: str) -> None:
        """Dice numbered 0..n-1, each recomputed from the revealed seed (or counted as pending)."""
        report = self.report
        if sorted(dice) != list(range(len(dice))):
            report.problems.append(said("verify.dice_numbers_n_die", where=Said(en, es), sorted_dice=sorted(dice)))
        if seed is None or epoch.algorithm not in ALGORITHMS or not isinstance(nonce, int):
            report.dice_unrevealed += len(dice)
            return
        for k, (sides, value) in sorted(dice.items()):
            if not 1 <= sides <= DICE_SPACE or not isinstance(k, int):
                continue
            expected = die_value(seed, report.campaign_id, nonce, k, sides, mixed)
            if expected != value:
                report.problems.append(said(
                    "verify.die_k_d_shows_2", where=Said(en, es), k=k, sides=sides, value=value, expected=expected))
            else:
                report.dice_verified += 1

    def _close_command(self) -> None:
        command, self._command = self._command, None
        if command is None:
            return
        place = said("verify.where.command", seq=command.first_seq)
        en, es = place.en, place.es
        if command.attempt is not None:
            self._close_attempt(command, en, es)
        if not command.dice:
            return
        checked = self._provenance_holds(command, en, es)
        if checked is not None:
            epoch_number, epoch, mixed = checked
            nonce = command.provenance[1] if command.provenance is not None else None
            self._recompute(command.dice, self._seeds.get(epoch_number), epoch, nonce, mixed, en, es)


def _sealed_dice(key: bytes, campaign_id: str, roll: int, sealed: _Sealed) -> tuple[list[tuple[int, int]], int] | None:
    """The (sides, value) of every die a sealed roll's key gives, in k order, and their total; None when the
    recorded terms are not terms."""
    entropy = sealed.entropy if isinstance(sealed.entropy, str) else None
    if sealed.shape:
        # A sealed test: die k is a shape[k]-sided die of the key; a test has no sum.
        shape = sealed.shape
        if not isinstance(shape, list) or len(shape) > 100 or not all(
                isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= 1000 for s in shape):
            return None
        return [(sides, die_value(key, campaign_id, roll, k, sides, entropy)) for k, sides in enumerate(shape)], 0
    if not isinstance(sealed.terms, list):
        return None
    dice: list[tuple[int, int]] = []
    total = 0
    for term in sealed.terms:
        if not isinstance(term, dict):
            return None
        sign, count, sides, constant = (term.get(name, 0) for name in ("sign", "count", "sides", "constant"))
        if not all(isinstance(x, int) for x in (sign, count, sides, constant)) or count > 100 or sides > 1000:
            return None
        if sides == 0:
            total += sign * constant
            continue
        drawn = 10 if sides == 5 else sides  # a d5 is a d10 halved, rounded up
        for _ in range(count):
            value = die_value(key, campaign_id, roll, len(dice), drawn, entropy)
            dice.append((drawn, value))
            total += sign * ((value + 1) // 2 if sides == 5 else value)
    return dice, total
