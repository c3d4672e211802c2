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
from service.verification_said import Said, said_divergence

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
        self._witness_source = Said("witnessed outside the log", "atestiguada fuera del registro")
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
            report.problems.append(Said(
                f"event {seq}: expected seq {report.events}; the stream has a gap or a duplicate",
                f"evento {seq}: se esperaba el seq {report.events}; al flujo le falta un evento o tiene uno repetido",
            ))
        if record.get("prev_hash") != self._prev:
            report.problems.append(Said(
                f"event {seq}: prev_hash does not match the hash of the event before it",
                f"evento {seq}: su prev_hash no coincide con el hash del evento anterior",
            ))
        try:
            expected = chain.link(self._prev, record)
        except (KeyError, TypeError, ValueError) as error:
            # The error names the field or value that cannot be hashed: quoted as Python says it.
            report.problems.append(Said(
                f"event {seq}: cannot be hashed ({error})", f"evento {seq}: no se puede calcular su hash ({error})"
            ))
            expected = str(record.get("hash"))
        if record.get("hash") != expected:
            report.problems.append(Said(
                f"event {seq}: hash mismatch; the event was altered after it was written",
                f"evento {seq}: el hash no coincide; el evento se alteró después de escribirse",
            ))
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
                self.report.problems.append(Said(
                    f"event {position}: inside the attempt at event {self._command.first_seq}, but not one of its "
                    "nonce_reserved events",
                    f"evento {position}: dentro del intento del evento {self._command.first_seq}, pero no es uno de "
                    "sus eventos nonce_reserved",
                ))
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
            self.report.problems.append(Said(
                f"event {position}: cannot be read as an event to replay the rules with ({error}); the rules "
                "are not replayed past it",
                f"evento {position}: no se puede leer como un evento con el que repetir las reglas ({error}); "
                "las reglas no se repiten más allá",
            ))
            self._rules = None
            return
        self._rules.add(recorded)

    def head(self, version: int, head_hash: str, where: Said) -> None:
        """Compare the head that `where` states (the head row, an export's head record) with the chain."""
        report, en, es, events = self.report, where.en, where.es, self.report.events
        if version < 0:
            report.problems.append(Said(
                f"{en}: version {version} is not a version", f"{es}: la versión {version} no es una versión"
            ))
        elif events < version:
            removed = version - events
            # The English "event(s)" is matched as it is; the Spanish says one or many properly.
            gone = "se eliminó el último evento" if removed == 1 else f"se eliminaron los últimos {removed} eventos"
            report.problems.append(Said(
                f"{en} is at version {version}, but the log ends at seq {events}: "
                f"the last {removed} event(s) were removed (a truncated tail)",
                f"{es} está en la versión {version}, pero el registro termina en el seq {events}: {gone} "
                "(una cola truncada)",
            ))
        elif events > version:
            report.problems.append(Said(
                f"{en} is at version {version}, but the log goes on to seq {events}",
                f"{es} está en la versión {version}, pero el registro sigue hasta el seq {events}",
            ))
        elif head_hash != self._prev:
            report.problems.append(Said(
                f"{en}: head hash {head_hash} is not the hash of the last event, {self._prev}",
                f"{es}: el hash de cabeza {head_hash} no es el hash del último evento, {self._prev}",
            ))

    def _outcome_event(self, record: dict[str, Any], meta: dict[str, Any], seq: int) -> None:
        """One of the events a sealed test's reveal announced; the last one checks the outcome's hash."""
        outcome = self._outcome
        assert outcome is not None
        en = f"event {outcome.reveal}: the reveal of sealed test {outcome.roll}"
        es = f"evento {outcome.reveal}: la revelación de la prueba secreta {outcome.roll}"
        if meta.get("command_id") != outcome.command_id:
            self._outcome = None
            self.report.problems.append(Said(f"{en} is not followed by the {outcome.left} more events it announced",
                                             f"{es} no va seguida de los {outcome.left} eventos más que anuncia"))
            self._secret_facts(record, seq)
            self._collect_dice(record, meta, seq)
            return
        outcome.events.append({"type": record.get("type"), "data": record.get("data")})
        for die in dice_in(record.get("data")):
            if (die["k"], die["sides"], die["value"]) not in outcome.dice:
                self.report.problems.append(Said(
                    f"event {seq}: die k={die['k']} of sealed test {outcome.roll} is not one of its revealed dice",
                    f"evento {seq}: el dado k={die['k']} de la prueba secreta {outcome.roll} no es uno de sus dados "
                    "revelados",
                ))
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
            self.report.problems.append(Said(
                f"{en}: the outcome that follows it is not the one its seal committed to",
                f"{es}: el resultado que la sigue no es el que su sello comprometió",
            ))

    def finish(self) -> CampaignReport:
        if not self._finished:
            self._finished = True
            if self._outcome is not None:
                outcome, self._outcome = self._outcome, None
                self.report.problems.append(Said(
                    f"event {outcome.reveal}: the log ends before the {outcome.left} more events of sealed test "
                    f"{outcome.roll} it announced",
                    f"evento {outcome.reveal}: el registro termina antes de los {outcome.left} eventos más de la "
                    f"prueba secreta {outcome.roll} que anuncia",
                ))
            self._close_command()
            if self._rules is not None:
                self.report.problems.extend(said_divergence(d) for d in self._rules.finish())
                self.report.rules = RulesChecked(commands_replayed=self._rules.replayed,
                                                 not_replayable=self._rules.not_replayable)
            source, events = self._witness_source, self.report.events
            for seq in sorted(self._expected):
                self.report.problems.append(Said(
                    f"the head witnessed at seq {seq} ({source.en}) is missing: the log ends at seq "
                    f"{events}, so events were removed",
                    f"falta la cabeza atestiguada en el seq {seq} ({source.es}): el registro termina en el seq "
                    f"{events}, así que se eliminaron eventos",
                ))
            self._expected.clear()
            self.report.head_hash = self._prev
            self.report.epochs_committed = len(self._epochs)
            self.report.epochs_revealed = sum(1 for e in self._epochs.values() if e.revealed_at is not None)
            for roll, sealed in self._sealed.items():
                if sealed.revealed:
                    continue
                epoch = self._epochs.get(sealed.epoch) if isinstance(sealed.epoch, int) else None
                if epoch is not None and epoch.revealed_at is not None:
                    self.report.problems.append(Said(
                        f"event {roll}: a sealed roll never revealed, though the seed of its epoch "
                        f"{sealed.epoch} was (event {epoch.revealed_at})",
                        f"evento {roll}: una tirada secreta nunca revelada, aunque la semilla de su época "
                        f"{sealed.epoch} sí lo fue (evento {epoch.revealed_at})",
                    ))
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
            self.report.problems.append(Said(
                f"event {seq}: hash {self._prev} is not the head {witnessed} witnessed at seq {seq} "
                f"({source.en}): the log was rewritten",
                f"evento {seq}: el hash {self._prev} no es la cabeza {witnessed} atestiguada en el seq {seq} "
                f"({source.es}): el registro se reescribió",
            ))

    def _epoch_facts(self, record: dict[str, Any], seq: int) -> None:
        kind, data, report = record.get("type"), record.get("data"), self.report
        if kind not in EPOCH_EVENTS or not isinstance(data, dict):
            return
        epoch_number = data.get("epoch")
        epoch = self._epochs.get(epoch_number) if isinstance(epoch_number, int) else None
        if kind == "dice_seed_committed":
            algorithm = data.get("algorithm", 1)
            if not isinstance(epoch_number, int) or epoch is not None:
                report.problems.append(Said(
                    f"event {seq}: dice epoch {epoch_number!r} is committed twice or is not a number",
                    f"evento {seq}: la época de dados {epoch_number!r} se compromete dos veces o no es un número",
                ))
                return
            if algorithm not in ALGORITHMS:
                report.problems.append(Said(
                    f"event {seq}: epoch {epoch_number} names dice algorithm {algorithm!r}, unknown",
                    f"evento {seq}: la época {epoch_number} nombra el algoritmo de dados {algorithm!r}, desconocido",
                ))
            known = int(algorithm) if algorithm in ALGORITHMS else 0
            self._epochs[epoch_number] = _Epoch(str(data.get("commitment")), known, seq)
            self._active = epoch_number
        elif kind == "dice_seed_revealed":
            seed = _seed_bytes(data.get("seed"))
            if epoch is None:
                report.problems.append(Said(
                    f"event {seq}: a seed is revealed for epoch {epoch_number!r}, never committed",
                    f"evento {seq}: se revela una semilla de la época {epoch_number!r}, que nunca se comprometió",
                ))
            elif seed is None or hashlib.sha256(seed).hexdigest() != epoch.commitment:
                report.problems.append(Said(
                    f"event {seq}: the seed revealed for epoch {epoch_number} does not match its commitment",
                    f"evento {seq}: la semilla revelada de la época {epoch_number} no coincide con su compromiso",
                ))
            elif epoch.revealed_at is None:
                epoch.revealed_at = seq
        else:
            entropy = data.get("entropy")
            if epoch is None or epoch_number != self._active or epoch.revealed_at is not None or epoch.algorithm != 2:
                report.problems.append(Said(
                    f"event {seq}: entropy contributed to epoch {epoch_number!r}, which is not the active, "
                    "secret epoch of dice algorithm 2",
                    f"evento {seq}: entropía aportada a la época {epoch_number!r}, que no es la época activa y "
                    "secreta del algoritmo de dados 2",
                ))
                return
            if not isinstance(entropy, str):
                report.problems.append(Said(
                    f"event {seq}: the contributed entropy is not a string",
                    f"evento {seq}: la entropía aportada no es una cadena de texto",
                ))
                return
            epoch.entropy = next_digest(epoch.entropy, entropy)
            report.contributions += 1
            if data.get("digest") != epoch.entropy:
                report.problems.append(Said(
                    f"event {seq}: digest {data.get('digest')} is not the epoch's digest after this contribution, "
                    f"{epoch.entropy}",
                    f"evento {seq}: el resumen {data.get('digest')} no es el resumen de la época tras esta "
                    f"aportación, {epoch.entropy}",
                ))

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
                report.problems.append(Said(
                    f"event {seq}: a sealed roll of epoch {epoch_number!r}, which is not the active secret epoch, "
                    "or not the first event of its command",
                    f"evento {seq}: una tirada secreta de la época {epoch_number!r}, que no es la época secreta "
                    "activa, o no es el primer evento de su orden",
                ))
            elif entropy != (command.entropy if epoch.algorithm == 2 else None):
                report.problems.append(Said(
                    f"event {seq}: the sealed roll's entropy is {entropy}, but the epoch's contribution digest "
                    f"before it is {command.entropy}",
                    f"evento {seq}: la entropía de la tirada secreta es {entropy}, pero el resumen de aportaciones "
                    f"de la época antes de ella es {command.entropy}",
                ))
            self._sealed[seq] = _Sealed(str(data.get("commitment")), epoch_number, entropy, data.get("terms"),
                                        shape=data.get("shape"), outcome=data.get("outcome"))
            return
        roll = data.get("roll")
        sealed = self._sealed.get(roll) if isinstance(roll, int) else None
        en = f"event {seq}: the reveal of sealed roll {roll!r}"
        es = f"evento {seq}: la revelación de la tirada {roll!r}"
        if sealed is None or sealed.revealed:
            report.problems.append(Said(f"{en} names no sealed roll still secret",
                                        f"{es} no nombra ninguna tirada secreta aún oculta"))
            return
        sealed.revealed = True
        assert isinstance(roll, int)
        key = _seed_bytes(data.get("key"))
        if key is None or sha256_hex(key) != sealed.commitment:
            report.problems.append(Said(f"{en}: its key does not match the roll's commitment",
                                        f"{es}: su clave no coincide con el compromiso de la tirada"))
            return
        seed = self._seeds.get(sealed.epoch) if isinstance(sealed.epoch, int) else None
        if seed is not None and roll_key(seed, report.campaign_id, roll) != key:
            report.problems.append(Said(
                f"{en}: its key is not the one the seed of epoch {sealed.epoch} gives",
                f"{es}: su clave no es la que da la semilla de la época {sealed.epoch}",
            ))
        expected = _sealed_dice(key, report.campaign_id, roll, sealed)
        recorded = data.get("dice")
        shown = [(d.get("k"), d.get("sides"), d.get("value")) for d in recorded if isinstance(d, dict)] \
            if isinstance(recorded, list) else []
        if expected is None:
            report.problems.append(Said(f"{en}: the sealed roll's terms cannot be read",
                                        f"{es}: no se pueden leer los términos de la tirada secreta"))
            return
        dice, total = expected
        for k, (sides, value) in enumerate(dice):
            found = shown[k] if k < len(shown) else None
            if found != (k, sides, value):
                report.problems.append(Said(
                    f"{en}: die k={k} (d{sides}) shows {found[2] if found else 'nothing'}, the key gives {value}",
                    f"{es}: el dado k={k} (d{sides}) muestra {found[2] if found else 'nada'}, la clave da {value}",
                ))
            else:
                report.dice_verified += 1
        if len(shown) > len(dice):
            report.problems.append(Said(f"{en}: {len(shown)} dice, where the sealed roll rolls {len(dice)}",
                                        f"{es}: {len(shown)} dados, donde la tirada secreta tira {len(dice)}"))
        if data.get("total") != total:
            report.problems.append(Said(f"{en}: total {data.get('total')!r}, the dice give {total}",
                                        f"{es}: total {data.get('total')!r}, los dados dan {total}"))
        if sealed.shape:
            # A sealed test: the events after its reveal are its outcome, hashed with the key (`_outcome_event`).
            count = data.get("events")
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                report.problems.append(Said(f"{en}: it announces no outcome events",
                                            f"{es}: no anuncia eventos de resultado"))
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
                self.report.problems.append(Said(
                    f"event {seq}: meta.dice differs from the other events of its command",
                    f"evento {seq}: su meta.dice difiere del de los demás eventos de su orden",
                ))
        else:
            command.without_provenance = True
        for die in found:
            k, sides, value = die["k"], die["sides"], die["value"]
            if not all(isinstance(x, int) and not isinstance(x, bool) for x in (k, sides, value)):
                self.report.problems.append(Said(
                    f"event {seq}: a die with k, sides or value that is not a whole number",
                    f"evento {seq}: un dado cuyo k, sides o value no es un número entero",
                ))
                continue
            # More sides than 2**64 values: the rejection rule accepts no draw, so no face can be computed.
            if not 1 <= sides <= DICE_SPACE or not 1 <= value <= sides:
                self.report.problems.append(Said(
                    f"event {seq}: die k={k} shows {value} on a d{sides}, an impossible face",
                    f"evento {seq}: el dado k={k} muestra {value} en un d{sides}, una cara imposible",
                ))
            known = command.dice.setdefault(k, (sides, value))
            if known != (sides, value):
                self.report.problems.append(Said(
                    f"event {seq}: die k={k} is recorded twice with different faces",
                    f"evento {seq}: el dado k={k} está registrado dos veces con caras distintas",
                ))

    def _collect_attempt(self, record: dict[str, Any], meta: dict[str, Any], seq: int) -> None:
        """An attempt's dice are checked line by line when its command closes (`_close_attempt`)."""
        command = self._command
        assert command is not None
        data = record.get("data")
        lines = data.get("lines") if isinstance(data, dict) else None
        if not isinstance(lines, list) or not all(isinstance(line, dict) for line in lines):
            self.report.problems.append(Said(
                f"event {seq}: an attempt_refused without a list of lines",
                f"evento {seq}: un attempt_refused sin lista de líneas",
            ))
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
            report.problems.append(Said(
                f"{en}: the attempt's nonces {nonces} are not its own seqs in order, from its first "
                f"({command.first_seq}) to its last ({command.last_seq})",
                f"{es}: los nonces del intento {nonces} no son sus propios seqs en orden, del primero "
                f"({command.first_seq}) al último ({command.last_seq})",
            ))
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
                    report.problems.append(Said(
                        f"{where_en}: dice of epoch {line.get('epoch')!r}, not the attempt's epoch {epoch_number}",
                        f"{where_es}: dados de la época {line.get('epoch')!r}, no de la época del intento "
                        f"{epoch_number}",
                    ))
                    continue
                if line.get("entropy") != running:
                    report.problems.append(Said(
                        f"{where_en}: entropy {line.get('entropy')} is not the digest its line used, {running}",
                        f"{where_es}: la entropía {line.get('entropy')} no es el resumen que usó su línea, {running}",
                    ))
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
            self.report.problems.append(Said(
                f"{en}: a die with k, sides or value that is not a whole number",
                f"{es}: un dado cuyo k, sides o value no es un número entero",
            ))
            return
        if sides < 1 or not 1 <= value <= sides:
            self.report.problems.append(Said(
                f"{en}: die k={k} shows {value} on a d{sides}, an impossible face",
                f"{es}: el dado k={k} muestra {value} en un d{sides}, una cara imposible",
            ))
        if faces.setdefault(k, (sides, value)) != (sides, value):
            self.report.problems.append(Said(
                f"{en}: die k={k} is recorded twice with different faces",
                f"{es}: el dado k={k} está registrado dos veces con caras distintas",
            ))

    def _provenance_holds(self, command: _Command, en: str, es: str) -> tuple[int, _Epoch, str | None] | None:
        """The command's meta.dice checked (epoch committed, active and secret; nonce; entropy): its epoch
        number, the epoch and the digest its dice mixed in, or None when the dice cannot be checked."""
        report = self.report
        if command.without_provenance or command.provenance is None:
            report.problems.append(Said(
                f"{en}: dice without an epoch and nonce in meta.dice", f"{es}: dados sin época ni nonce en meta.dice"
            ))
            return None
        epoch_number, nonce, entropy = command.provenance
        epoch = self._epochs.get(epoch_number) if isinstance(epoch_number, int) else None
        if epoch is None or epoch.committed_at >= command.first_seq:
            report.problems.append(Said(
                f"{en}: dice of epoch {epoch_number!r}, which was never committed before it",
                f"{es}: dados de la época {epoch_number!r}, que no se comprometió antes de ella",
            ))
            return None
        if command.active_epoch != epoch_number:
            report.problems.append(Said(
                f"{en}: dice of epoch {epoch_number}, but the active secret epoch was {command.active_epoch}",
                f"{es}: dados de la época {epoch_number}, pero la época secreta activa era {command.active_epoch}",
            ))
        if nonce != command.first_seq:
            report.problems.append(Said(
                f"{en}: nonce {nonce!r} is not the seq of the command's first event",
                f"{es}: el nonce {nonce!r} no es el seq del primer evento de la orden",
            ))
        mixed = command.entropy if epoch.algorithm == 2 else None
        if entropy != mixed:
            report.problems.append(Said(
                f"{en}: meta.dice.entropy is {entropy}, but the epoch's contribution digest before it is {mixed}",
                f"{es}: meta.dice.entropy es {entropy}, pero el resumen de aportaciones de la época antes de ella "
                f"es {mixed}",
            ))
        assert isinstance(epoch_number, int)
        return epoch_number, epoch, mixed

    def _recompute(self, dice: dict[int, tuple[int, int]], seed: bytes | None, epoch: _Epoch, nonce: Any,
                   mixed: str | None, en: str, es: str) -> None:
        """Dice numbered 0..n-1, each recomputed from the revealed seed (or counted as pending)."""
        report = self.report
        if sorted(dice) != list(range(len(dice))):
            report.problems.append(Said(
                f"{en}: dice numbers {sorted(dice)} are not 0..n-1; a die is missing",
                f"{es}: los números de dado {sorted(dice)} no son 0..n-1; falta un dado",
            ))
        if seed is None or epoch.algorithm not in ALGORITHMS or not isinstance(nonce, int):
            report.dice_unrevealed += len(dice)
            return
        for k, (sides, value) in sorted(dice.items()):
            if not 1 <= sides <= DICE_SPACE or not isinstance(k, int):
                continue
            expected = die_value(seed, report.campaign_id, nonce, k, sides, mixed)
            if expected != value:
                report.problems.append(Said(
                    f"{en}: die k={k} (d{sides}) shows {value}, the seed gives {expected}",
                    f"{es}: el dado k={k} (d{sides}) muestra {value}, la semilla da {expected}",
                ))
            else:
                report.dice_verified += 1

    def _close_command(self) -> None:
        command, self._command = self._command, None
        if command is None:
            return
        en, es = f"the command at event {command.first_seq}", f"la orden del evento {command.first_seq}"
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
