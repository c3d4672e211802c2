"""The campaign event store on PostgreSQL: gap-free streams, hash chain, idempotency, commit-safe feed.

A campaign's events form one ordered, hash-chained stream (seq 1, 2, 3 ...). Two ways append to it, and
both serialise the writers of one campaign on its head row (`campaigns`), so writers of different
campaigns never meet:

- `EventStore.write` (the locked path): a transaction that takes the head row with SELECT ... FOR UPDATE,
  checks the expected version *before* allocating anything (so a refused command leaves no gap), decides
  against the state at the head, inserts the events with consecutive seqs in one statement, moves the head
  and commits. Four statements.
- `EventStore.append_if_head` (the optimistic path): one autocommit statement that moves the head only
  from the version the command was decided against and inserts the events only if it did. One statement.
  The long comment above it says why it keeps every guarantee of the locked path.

Play-by-post campaigns write a few events a minute, so contention on one head row is rare, and one
ordered stream per campaign makes replay, undo and audit exact.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any
from uuid import UUID

import asyncpg
import msgspec

from domain.campaign.events import TurnRedone, TurnUndone
from domain.events import Event
from projections.recorded import EventMeta, Recorded
from service import chain, codec, queries

# The largest seq, version or global position the database holds (bigint), and the largest
# transaction id (xid8, unsigned 64 bits).
MAX_SEQ = 2**63 - 1
MAX_XACT = 2**64 - 1
# The unique index that makes a retry a retry: one command per (campaign, key, participant).
IDEMPOTENCY_INDEX = "events_idempotency_key_per_actor"


class StoreError(Exception):
    """Base of the store's own errors; the HTTP edge maps each to a problem document."""


class CampaignNotFound(StoreError):
    def __init__(self, campaign_id: str, canonical: str | None = None) -> None:
        super().__init__(f"no campaign {campaign_id}")
        self.campaign_id = campaign_id
        # Set when `campaign_id` is another spelling of a UUID: the only spelling that names a campaign.
        self.canonical = canonical


class VersionConflict(StoreError):
    """The client expected another version: someone else wrote in between."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"the campaign is at version {current}, not {expected}: reload it and decide again")
        self.expected = expected
        self.current = current


class IdempotencyConflict(StoreError):
    """The idempotency key was used before, by the same participant, for a different request."""

    def __init__(self, key: str) -> None:
        super().__init__(
            f"idempotency key {key!r} was already used for a different command (another body); use a new key "
            "(post id) for a new command"
        )
        self.key = key


class KeyAlreadyUsed(StoreError):
    """An optimistic append carried an idempotency key its participant has used: nothing was written."""

    def __init__(self, key: str) -> None:
        super().__init__(f"idempotency key {key!r} was used before by this participant")
        self.key = key


class TokenNotValid(StoreError):
    """A remembered token no longer works (revoked, rotated) in the optimistic append's snapshot: nothing was
    written (`append_if_head_and_token`)."""


class StoredEvent(msgspec.Struct, frozen=True, dict=True):
    """An event exactly as stored and hashed: the record of the export and of the events endpoint.

    `meta` stays the mapping the hash covers, key for key: the export, the events endpoint and the online
    verification hash what the database holds, so a key no `EventMeta` field names (a tampered row, a newer
    writer) is still hashed and shown. Code reads the envelope typed, through `envelope`.
    """

    campaign_id: str
    seq: int
    global_position: int
    type: str
    schema_version: int
    data: dict[str, Any]
    meta: dict[str, Any]
    idempotency_key: str | None
    recorded_at: str
    prev_hash: str
    hash: str

    @functools.cached_property
    def envelope(self) -> EventMeta:
        """The meta as the `EventMeta` Struct, decoded once: every envelope fact typed; a key missing from an
        older event's meta reads as its default (None)."""
        return codec.meta_of(self.meta)


class EventFilter(msgspec.Struct, frozen=True, kw_only=True):
    """Which events a timeline page shows (None: any): those of a session, of an encounter (its turns, and the
    undoing and redoing of them), of one type, or naming a character (or in its turn)."""

    session: int | None = None
    encounter: str | None = None
    type: str | None = None
    character: str | None = None

    def params(self) -> tuple[str | None, str | None, str | None, str | None, list[str]]:
        """$4 to $8 of the timeline statements (service/queries.py)."""
        session = str(self.session) if self.session is not None else None
        return session, self.encounter, self.type, self.character, _TURN_CORRECTIONS


# The corrections an encounter filter matches by the encounter in their data (they are never stamped with a turn).
_TURN_CORRECTIONS = [codec.event_type_of(cls) for cls in (TurnUndone, TurnRedone)]


class Head(msgspec.Struct, frozen=True):
    campaign_id: str
    ruleset: str
    version: int
    head_hash: str


# The second `format_time` wrote last, as (second, minute, hour, day, month, year) and its text up to the
# microseconds ("2026-12-04T19:20:07."): events written or read one after the other mostly fall in one second.
# One tuple, replaced whole, never changed: a thread reads either the old pair or the new one, both true.
_last_second: tuple[tuple[int, int, int, int, int, int], str] = ((-1, -1, -1, -1, -1, -1), "")


def format_time(moment: dt.datetime) -> str:
    """RFC 3339 in UTC with microseconds: the exact text the hash chain covers."""
    global _last_second
    utc = moment if moment.tzinfo is dt.UTC else moment.astimezone(dt.UTC)
    second = (utc.second, utc.minute, utc.hour, utc.day, utc.month, utc.year)
    last = _last_second
    if last[0] == second:
        # The text of that second, with this moment's microseconds: the very text written below.
        return f"{last[1]}{utc.microsecond:06d}Z"
    if utc.year < 1000:  # strftime writes such a year unpadded ("999-…"), isoformat pads it: kept as it was
        return utc.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    # The same text as that strftime (…T12:34:56.000123Z) at two thirds of its cost, on every event written
    # and every event a page reads: isoformat of a UTC time ends in "+00:00", which becomes "Z".
    text = f"{utc.isoformat(timespec='microseconds')[:-6]}Z"
    _last_second = (second, text[:-7])
    return text


# Remembered (a bounded cache): a command reads its campaign's UUID several times (token, head, append), each
# parse and round trip about 3 µs. A refusal raises, and what raises is never cached, so only canonical spellings
# are; the bound keeps a stream of made-up ids from growing it.
@functools.lru_cache(maxsize=4096)
def campaign_uuid(campaign_id: str) -> UUID:
    """The campaign's UUID, from its one canonical spelling (lowercase, hyphenated) and no other.

    Every read and write starts here, so an alias (upper case, no hyphens, braces, a urn:uuid: prefix)
    never reaches a query, the hash chain or the dice: it names no campaign.
    """
    try:
        parsed = UUID(campaign_id)
    except (ValueError, TypeError):
        raise CampaignNotFound(campaign_id) from None
    if str(parsed) != campaign_id:
        raise CampaignNotFound(campaign_id, canonical=str(parsed))
    return parsed


_uuid = campaign_uuid


def stored_from_row(row: asyncpg.Record) -> StoredEvent:
    return StoredEvent(
        campaign_id=row["campaign_id"],
        seq=row["seq"],
        global_position=row["global_position"],
        type=row["type"],
        schema_version=row["schema_version"],
        data=msgspec.json.decode(row["data"]),
        meta=msgspec.json.decode(row["meta"]),
        idempotency_key=row["idempotency_key"],
        recorded_at=format_time(row["recorded_at"]),
        prev_hash=row["prev_hash"],
        hash=row["hash"],
    )


def recorded_from_stored(stored: StoredEvent) -> Recorded:
    """The typed (and upcast) event of a stored record, with its typed envelope."""
    return Recorded(
        seq=stored.seq,
        event=codec.decode_event(stored.type, stored.schema_version, msgspec.json.encode(stored.data)),
        meta=stored.envelope,
    )


class Writer:
    """One command's transaction, holding the campaign's head lock until it commits or rolls back."""

    def __init__(self, connection: asyncpg.Connection, head: Head, seeds: dict[tuple[str, int], bytes]) -> None:
        self.connection = connection
        self.head = head
        self.appended: list[StoredEvent] = []
        self._seeds = seeds
        # Seeds this transaction wrote: not shared with other writers until committed (a refused post rolls
        # back the epoch its first line opened, and the next one draws another seed for that epoch).
        self._written: dict[tuple[str, int], bytes] = {}

    async def command_by_key(self, key: str, actor: str) -> list[StoredEvent]:
        """The events of the command `actor` sent under `key` (keys are per participant); empty if none."""
        rows = await self.connection.fetch(queries.SELECT_COMMAND_BY_KEY, _uuid(self.head.campaign_id), key, actor)
        return [stored_from_row(row) for row in rows]

    async def other_key_holders(self, key: str, actor: str) -> list[str]:
        """The participants other than `actor` who sent something under `key`, in the order they did."""
        rows = await self.connection.fetch(queries.SELECT_OTHER_KEY_HOLDERS, _uuid(self.head.campaign_id), key, actor)
        return list(dict.fromkeys(str(row["actor"]) for row in rows))

    async def unit_of_post(self, post_id: str, actor: str) -> list[StoredEvent]:
        """Every event POST /posts wrote for this post of `actor`'s (its commands, in order); empty if none."""
        rows = await self.connection.fetch(queries.SELECT_UNIT_OF_POST, _uuid(self.head.campaign_id), post_id,
                                           actor)
        return [stored_from_row(row) for row in rows]

    def check_version(self, expected: int | None) -> None:
        if expected is not None and expected != self.head.version:
            raise VersionConflict(expected, self.head.version)

    async def records_after(self, seq: int) -> list[Recorded]:
        rows = await self.connection.fetch(
            queries.SELECT_FOLD_ROWS, _uuid(self.head.campaign_id), seq, self.head.version
        )
        return [codec.recorded(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def records_upto(self, seq: int) -> list[Recorded]:
        """The records up to `seq`, read in this transaction (a sealed test's basis, service/sealed.py)."""
        rows = await self.connection.fetch(queries.SELECT_FOLD_ROWS, _uuid(self.head.campaign_id), 0, seq)
        return [codec.recorded(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def event_types(self, seqs: Sequence[int]) -> dict[int, str]:
        rows = await self.connection.fetch(queries.SELECT_TYPES, _uuid(self.head.campaign_id), list(seqs))
        return {row["seq"]: row["type"] for row in rows}

    async def seed(self, epoch: int) -> bytes | None:
        key = (self.head.campaign_id, epoch)
        if key in self._written:
            return self._written[key]
        if key not in self._seeds:
            value = await self.connection.fetchval(queries.SELECT_SEED, _uuid(self.head.campaign_id), epoch)
            if value is None:
                return None
            self._seeds[key] = bytes(value)
        return self._seeds[key]

    async def save_seed(self, epoch: int, seed: bytes, commitment: str) -> None:
        await self.connection.execute(queries.INSERT_SEED, _uuid(self.head.campaign_id), epoch, seed, commitment)
        self._written[(self.head.campaign_id, epoch)] = seed

    async def save_token(self, token_hash: str, participant_id: str, role: str) -> None:
        await self.connection.execute(
            queries.INSERT_TOKEN, token_hash, _uuid(self.head.campaign_id), participant_id, role
        )

    async def revoke_tokens(self, participant_id: str) -> None:
        """Every token of the participant stops working, and every web session signed in with one ends, when
        this transaction commits (with the event that says so)."""
        campaign = _uuid(self.head.campaign_id)
        await self.connection.execute(queries.REVOKE_TOKENS_OF, campaign, participant_id)
        await self.connection.execute(queries.DELETE_WEB_SESSIONS_OF, campaign, participant_id)

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        """Everything written inside rolls back on an exception (a SAVEPOINT), and this writer's head, appended
        events and written seeds with it; the transaction and its head lock go on (service/attempts.py)."""
        head, appended, written = self.head, len(self.appended), dict(self._written)
        try:
            async with self.connection.transaction():
                yield
        except BaseException:
            self.head, self._written = head, written
            del self.appended[appended:]
            raise

    async def append(
        self, events: Sequence[Event], metas: Sequence[EventMeta], idempotency_key: str | None
    ) -> list[StoredEvent]:
        """Insert the events after the head, chained and consecutive; the key goes on the first one."""
        if not events:
            return []
        statement, records, columns = _statement(queries.APPEND_EVENT, queries.APPEND_EVENTS, self.head, events,
                                                 metas, idempotency_key)
        last = records[-1]
        rows = await self.connection.fetch(statement, _uuid(self.head.campaign_id), *columns, last["seq"], last["hash"])
        self.head = msgspec.structs.replace(self.head, version=last["seq"], head_hash=last["hash"])
        stored = _stored(records, rows)
        self.appended.extend(stored)
        return stored


def chained_records(
    head: Head, events: Sequence[Event], metas: Sequence[EventMeta], idempotency_key: str | None
) -> tuple[list[dict[str, Any]], tuple[list[Any], ...]]:
    """The records of events appended after `head` (consecutive seqs, the chain extended from its hash, the
    key on the first one) and the columns of the append statements' unnest (parallel arrays)."""
    records, texts, moment = _chained(head, events, metas, idempotency_key)
    columns = (
        [r["seq"] for r in records],
        [r["type"] for r in records],
        [r["schema_version"] for r in records],
        [data for data, _ in texts],
        [meta for _, meta in texts],
        [r["idempotency_key"] for r in records],
        [moment] * len(records),
        [r["prev_hash"] for r in records],
        [r["hash"] for r in records],
    )
    return records, columns


def _chained(
    head: Head, events: Sequence[Event], metas: Sequence[EventMeta], idempotency_key: str | None
) -> tuple[list[dict[str, Any]], list[tuple[str, str]], dt.datetime]:
    """The records (as `chained_records`), the JSON text of each one's data and meta for the statement, and the
    time they are recorded at."""
    # Microseconds, as PostgreSQL keeps them: the stored time reads back as exactly the hashed text.
    moment = dt.datetime.now(dt.UTC)
    now = format_time(moment)
    prev = head.head_hash
    records: list[dict[str, Any]] = []
    texts: list[tuple[str, str]] = []
    for index, (event, meta) in enumerate(zip(events, metas, strict=True)):
        data = codec.payload(event)
        envelope = codec.meta_payload(meta)
        # Encoded once, sorted: the bytes the hash nests (`chain.link_fields`) and the statement's text, which
        # the database parses into jsonb (no key order kept): the same stored row as any other spelling.
        data_json = msgspec.json.encode(data, order="sorted")
        meta_json = msgspec.json.encode(envelope, order="sorted")
        seq = head.version + 1 + index
        kind = codec.type_of(event)
        schema_version = type(event).schema_version
        key = idempotency_key if index == 0 else None
        digest = chain.link_fields(prev, chain.HashedFields(
            head.campaign_id, msgspec.Raw(data_json), key, msgspec.Raw(meta_json), now, schema_version, seq, kind))
        records.append({
            "campaign_id": head.campaign_id, "seq": seq, "type": kind, "schema_version": schema_version,
            "data": data, "meta": envelope, "idempotency_key": key, "recorded_at": now, "prev_hash": prev,
            "hash": digest,
        })
        texts.append((data_json.decode(), meta_json.decode()))
        prev = digest
    return records, texts, moment


def _statement(
    one: str, many: str, head: Head, events: Sequence[Event], metas: Sequence[EventMeta], idempotency_key: str | None
) -> tuple[str, list[dict[str, Any]], tuple[Any, ...]]:
    """An append's statement, records and columns: `one` with the event's values for one event (the warm roll, a
    post's line), `many` with parallel arrays for more (queries.py, _INSERTED_ONE_IF_MOVED says why)."""
    if len(events) != 1:
        records, arrays = chained_records(head, events, metas, idempotency_key)
        return many, records, arrays
    # `_chained` of one event (the warm roll, a post's line), without its loop: the same record and texts.
    event = events[0]
    moment = dt.datetime.now(dt.UTC)
    now = format_time(moment)
    data = codec.payload(event)
    envelope = codec.meta_payload(metas[0])
    data_json = msgspec.json.encode(data, order="sorted")
    meta_json = msgspec.json.encode(envelope, order="sorted")
    campaign_id, prev, seq = head.campaign_id, head.head_hash, head.version + 1
    kind = codec.type_of(event)
    schema_version = type(event).schema_version
    digest = chain.link_fields(prev, chain.HashedFields(
        campaign_id, msgspec.Raw(data_json), idempotency_key, msgspec.Raw(meta_json), now, schema_version, seq, kind))
    record = {
        "campaign_id": campaign_id, "seq": seq, "type": kind, "schema_version": schema_version, "data": data,
        "meta": envelope, "idempotency_key": idempotency_key, "recorded_at": now, "prev_hash": prev, "hash": digest,
    }
    return one, [record], (seq, kind, schema_version, data_json.decode(), meta_json.decode(), idempotency_key,
                           moment, prev, digest)


def _stored(records: list[dict[str, Any]], rows: Sequence[asyncpg.Record]) -> list[StoredEvent]:
    if len(records) == 1 and len(rows) == 1 and rows[0]["seq"] == records[0]["seq"]:
        # One event (the warm roll): its row's position, without the mapping of seqs below.
        r = records[0]
        return [StoredEvent(r["campaign_id"], r["seq"], rows[0]["global_position"], r["type"], r["schema_version"],
                            r["data"], r["meta"], r["idempotency_key"], r["recorded_at"], r["prev_hash"], r["hash"])]
    positions = {row["seq"]: row["global_position"] for row in rows}
    return [StoredEvent(global_position=positions[r["seq"]], **r) for r in records]


class EventStore:
    """Reads and transactional writes of campaign streams.

    Dice seeds never change once written, so they are remembered per process (bounded); that saves a
    round trip on every command. Tokens are not trusted from memory: a GM may revoke one, and every process
    must refuse it from the next request on, so each request reads its token (`token`), or, for a command on
    the optimistic path, its append checks it (`append_if_head_and_token`).
    """

    CACHE_LIMIT = 10_000

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self._seeds: dict[tuple[str, int], bytes] = {}

    @asynccontextmanager
    async def create(self, campaign_id: str, ruleset: str) -> AsyncIterator[Writer]:
        """A transaction that creates the campaign's head row and appends its first events."""
        async with self.pool.acquire() as connection, connection.transaction():
            await connection.execute(queries.INSERT_CAMPAIGN, _uuid(campaign_id), ruleset, chain.GENESIS)
            yield Writer(connection, Head(campaign_id, ruleset, 0, chain.GENESIS), self._seeds)

    @asynccontextmanager
    async def write(self, campaign_id: str) -> AsyncIterator[Writer]:
        """A transaction holding the campaign's head lock: everything inside commits together or not at all."""
        campaign = _uuid(campaign_id)
        async with self.pool.acquire() as connection, connection.transaction():
            row = await connection.fetchrow(queries.LOCK_HEAD, campaign)
            if row is None:
                raise CampaignNotFound(campaign_id)
            if len(self._seeds) > self.CACHE_LIMIT:
                self._seeds.clear()
            yield Writer(connection, Head(campaign_id, row["ruleset"], row["version"], row["head_hash"]), self._seeds)

    # Why one autocommit statement may append without the head lock (the optimistic path).
    #
    # The locked path (`write`) serialises the writers of a campaign with SELECT ... FOR UPDATE on its head
    # row, then decides, inserts, moves the head and commits: four statements. This one statement keeps
    # every guarantee of that path (DESIGN.md §2) with one round trip. The command was decided against the
    # state at version v with head hash h (the process's cached head state, service/state_cache.py); then
    #
    #     WITH moved AS (UPDATE campaigns SET version = v + n, head_hash = <hash of the last new event>
    #                     WHERE campaign_id = $1 AND version = v AND head_hash = h
    #                     RETURNING campaign_id, notify_live_listeners($1)),
    #          inserted AS (INSERT INTO events ... SELECT ... FROM moved, unnest(<the n events>) ...)  (one: values)
    #     SELECT ... FROM inserted
    #
    # 1. The head row is still the serialisation point. Under READ COMMITTED an UPDATE that finds the row
    #    locked by another writer of the campaign (this statement elsewhere, or the locked path's FOR UPDATE)
    #    waits until that writer commits or rolls back, then re-evaluates its WHERE on the row's newest
    #    version (PostgreSQL's EvalPlanQual recheck). If the other writer moved the head, `version = v` is
    #    false and nothing is updated. So at most one writer ever moves the head from v, and it holds the row
    #    lock from its UPDATE to its commit: the head lock, taken when the events are ready instead of before
    #    they are decided (and never held across the service's own Python work).
    # 2. The events are inserted only if the head moved: the INSERT selects from `moved`, so a lost race
    #    inserts nothing and, since the NOTIFY is called in `moved`'s RETURNING (once per row it updated), wakes
    #    nobody. The statement is its own transaction (autocommit): the head move, the events and the NOTIFY
    #    commit together or not at all, and any error (the idempotency index, a check, the lock timeout) rolls
    #    the head move back too.
    # 3. Gap-free seq: the events are v+1 ... v+n and the head moves from exactly v to v+n in the same
    #    transaction. Both paths only ever move the head from its current version to the last seq they
    #    insert, and the (campaign_id, seq) primary key refuses a seq twice, so the seqs stay consecutive.
    # 4. One hash chain: the first event's prev_hash is h, and the WHERE checks h as well as v, so the new
    #    events chain from exactly the event the database holds at v, whatever the cache believed.
    # 5. The decision is the one the locked path would have made. The cache only ever holds the fold of
    #    committed events up to its version (it is put after the commit) and events up to v never change, so
    #    the cached state at v is the state at the head whenever the head is at v. If the UPDATE finds the
    #    head at v, the command was decided against the head it commits on, with the dice the locked path
    #    would roll (the epoch's seed, nonce = v+1): the command is serialised at its UPDATE. A decision made
    #    against a stale state (another process wrote) never commits.
    # 6. A lost race (nothing returned): `catch_up` reads the head and the events after v in one statement
    #    (one snapshot), the caller folds them and decides again, at most a few times, then takes the locked
    #    path. The dice of a discarded decision were never shown or recorded: the dice in the log are the
    #    seed's at the seq that records them, and verify exactly as before.
    # 7. Idempotency: the key is on the first event, and the unique index (campaign_id, idempotency_key,
    #    actor) refuses it a second time from the same participant (migrations/0005). Our insert meets the index
    #    while we hold the head row, so every other writer of the campaign has either committed or not moved the
    #    head yet: the index sees every use of the key. A refused key rolls the whole statement back
    #    (KeyAlreadyUsed) and the caller takes the locked path, which reads the original under the lock and
    #    answers the replay (same body) or the 409, exactly as before. A retry racing its original: both decide
    #    at v, the original moves the head, the retry's UPDATE waits and moves nothing, it catches up, tries
    #    again and meets the index: the replay. Refusals (422, a version conflict, a key used by another body)
    #    are never answered from the cache: the caller takes the locked path for every one, key first.
    # 8. At most one NOTIFY per transaction (one if a live listener is registered for the campaign or for
    #    every campaign: migrations/0009, service/live.py); the events stay append-only and the service's
    #    role needs no new privilege on them (INSERT on events, UPDATE (version, head_hash) on campaigns:
    #    migrations/0003); the row carries its transaction id for the global feed as before. No transaction
    #    stays open between statements, so idle_in_transaction_session_timeout has nothing to guard;
    #    lock_timeout bounds the UPDATE's wait as it bounds FOR UPDATE.
    #
    # Commands that write more than events keep the locked transaction, where the other rows commit with
    # the events: campaign creation (the head row, the GM token, the first seed), a new dice epoch's seed
    # (start_session, end_session, reveal_dice_seed), an invitation's token, retract and reinstate (they
    # read the types of the events they name), and every forum post (`execute_unit`: its lines decided in
    # order on what the previous ones left). So do commands for a campaign this process has not cached.
    async def append_if_head(
        self, head: Head, events: Sequence[Event], metas: Sequence[EventMeta], idempotency_key: str | None
    ) -> list[StoredEvent] | None:
        """Append the events after `head` in one autocommit statement if the campaign is still at `head`;
        None (nothing written) if another writer moved it. KeyAlreadyUsed if the key was used before."""
        if not events:
            return []
        statement, records, columns = _statement(queries.APPEND_IF_HEAD, queries.APPEND_EVENTS_IF_HEAD, head,
                                                  events, metas, idempotency_key)
        rows = await self._append_rows(statement, head, records, columns, idempotency_key)
        if not rows:
            return None
        return _stored(records, rows)

    # Why a command may skip reading its token first (`append_if_head_and_token`, the token remembered by the
    # process: service/known_tokens.py), and a revocation still stops it exactly as the separate read did.
    #
    # 1. What the read answered is fixed but for one column. A token row's hash, campaign, participant and role
    #    never change (the service's role may INSERT token rows and UPDATE only their `revoked_at`, and delete
    #    none: migrations/0003, 0005), so the (participant, role) remembered from a read that found the row
    #    is what every later read would answer, as long as the row has `revoked_at IS NULL`. Only tokens the
    #    database accepted are remembered; an unknown, foreign or malformed token is read as before, each time.
    # 2. That one column is checked in the append itself: the head moves only if the row still has
    #    `revoked_at IS NULL` (SELECT_TOKEN's condition) in the statement's snapshot. A revocation or rotation
    #    committed before that snapshot stops the command: nothing is written, no die is recorded, and the
    #    edge forgets the token and reads it as before (401). The separate read gave exactly that guarantee:
    #    a revocation committed after its snapshot, before the append, never stopped the command either.
    # 3. It is in fact stricter. A revocation is a command under the head lock that moves the head (its
    #    event commits with `revoked_at`). If it commits after our snapshot but before our UPDATE takes the
    #    head row, the UPDATE re-reads the head, finds it moved and writes nothing; the retry after the
    #    catch-up runs the statement again, in a new snapshot that sees the revocation. So the command either
    #    commits before the revocation in the log, or not at all.
    # 4. Permissions are unchanged: the decision reads the same (participant, role) as before, and every command
    #    that leaves this one statement (a refusal, a version conflict, a used key, the locked commands) has
    #    its token read first, as before, by the edge.
    async def append_if_head_and_token(
        self, head: Head, events: Sequence[Event], metas: Sequence[EventMeta], idempotency_key: str | None,
        token_hash: str,
    ) -> tuple[list[StoredEvent] | None, str | None]:
        """`append_if_head`, committed only if the token (its sha256) still works in the statement's snapshot,
        and the campaign's newest valid share key, in one round trip: (the events, or None if the head moved;
        the key). TokenNotValid (nothing written) if the token no longer works."""
        if not events:
            raise ValueError("an append with the token's check needs an event to write")
        statement, records, columns = _statement(queries.APPEND_IF_HEAD_AND_TOKEN,
                                                  queries.APPEND_EVENTS_IF_HEAD_AND_TOKEN, head, events, metas,
                                                  idempotency_key)
        # `_append_rows`, inline (no coroutine of its own: the warm roll's statement).
        last = records[-1]
        fetch = getattr(self.pool, "fetch_kept", None) or self.pool.fetch
        try:
            rows: list[asyncpg.Record] = await fetch(
                statement, _uuid(head.campaign_id), *columns, last["seq"], last["hash"], head.version,
                head.head_hash, token_hash,
            )
        except asyncpg.UniqueViolationError as error:
            if idempotency_key is not None and error.constraint_name == IDEMPOTENCY_INDEX:
                raise KeyAlreadyUsed(idempotency_key) from None
            raise
        first = rows[0]
        if not first["works"]:
            raise TokenNotValid(f"the token no longer works in campaign {head.campaign_id}")
        share_key: str | None = first["share_key"]
        if first["seq"] is None:
            return None, share_key
        return _stored(records, rows), share_key

    async def _append_rows(
        self, statement: str, head: Head, records: list[dict[str, Any]], columns: tuple[Any, ...],
        idempotency_key: str | None, *more: object,
    ) -> list[asyncpg.Record]:
        last = records[-1]
        # On a connection the service's pool keeps for this statement (database.Pool says why, and when it gives
        # one back); through any other pool (a plain asyncpg pool of a test or a tool) as before.
        fetch = getattr(self.pool, "fetch_kept", None) or self.pool.fetch
        try:
            rows: list[asyncpg.Record] = await fetch(
                statement, _uuid(head.campaign_id), *columns, last["seq"], last["hash"], head.version,
                head.head_hash, *more,
            )
        except asyncpg.UniqueViolationError as error:
            if idempotency_key is not None and error.constraint_name == IDEMPOTENCY_INDEX:
                raise KeyAlreadyUsed(idempotency_key) from None
            raise
        return rows

    async def catch_up(self, campaign_id: str, after: int) -> tuple[Head, list[Recorded]]:
        """The head and the typed events after seq `after` up to it, read in one snapshot."""
        rows = await self.pool.fetch(queries.SELECT_HEAD_AND_TAIL, _uuid(campaign_id), after)
        if not rows:
            raise CampaignNotFound(campaign_id)
        first = rows[0]
        head = Head(campaign_id, first["ruleset"], first["version"], first["head_hash"])
        return head, [codec.recorded(r[3], r[4], r[5], r[6], r[7]) for r in rows if r[3] is not None]

    def known_seed(self, campaign_id: str, epoch: int) -> bytes | None:
        """The seed of an epoch if this process remembers it (`active_seed` read it before), else None: without
        a coroutine, for the command path, which awaits `active_seed` only when this answers None."""
        return self._seeds.get((campaign_id, epoch))

    async def active_seed(self, campaign_id: str, epoch: int) -> bytes | None:
        """The seed of an epoch a committed event opened: read once, then remembered (seeds never change)."""
        key = (campaign_id, epoch)
        known = self._seeds.get(key)
        if known is not None:
            return known
        value = await self.pool.fetchval(queries.SELECT_SEED, _uuid(campaign_id), epoch)
        if value is None:
            return None
        if len(self._seeds) > self.CACHE_LIMIT:
            self._seeds.clear()
        found = self._seeds[key] = bytes(value)
        return found

    async def ping(self) -> None:
        """One round trip to the database (the health check): raises if it cannot be reached."""
        await self.pool.fetchval(queries.PING)

    async def head(self, campaign_id: str) -> Head:
        row = await self.pool.fetchrow(queries.SELECT_HEAD, _uuid(campaign_id))
        if row is None:
            raise CampaignNotFound(campaign_id)
        return Head(campaign_id, row["ruleset"], row["version"], row["head_hash"])

    async def records(self, campaign_id: str, after: int, upto: int) -> list[Recorded]:
        """Typed, upcast events with seq in (after, upto], for folds."""
        rows = await self.pool.fetch(queries.SELECT_FOLD_ROWS, _uuid(campaign_id), after, upto)
        return [codec.recorded(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def page(self, campaign_id: str, after: int, upto: int, limit: int) -> list[tuple[Recorded, str]]:
        """At most `limit` typed events with seq in (after, upto], each with the time it was recorded."""
        rows = await self.pool.fetch(queries.SELECT_FOLD_ROWS_WITH_TIMES, _uuid(campaign_id), after, upto, limit)
        return [(codec.recorded(r[0], r[1], r[2], r[3], r[4]), format_time(r[5])) for r in rows]

    async def corrections(self, campaign_id: str, first: int = 1) -> list[tuple[Recorded, str]]:
        """The corrections (projections/corrections.py) from seq `first` on, each with the time it was recorded."""
        rows = await self.pool.fetch(
            queries.SELECT_CORRECTIONS_FROM, _uuid(campaign_id), first, list(codec.CORRECTION_TYPES)
        )
        return [(codec.recorded(r[0], r[1], r[2], r[3], r[4]), format_time(r[5])) for r in rows]

    async def timeline(
        self, campaign_id: str, matching: EventFilter, after: int, before: int, limit: int, *, newest: bool = False
    ) -> list[StoredEvent]:
        """At most `limit` matching events with seq in (after, before), as stored, in seq order: the first ones,
        or the last ones if `newest` (a keyset on seq: the cost is the page's rows, not the seqs before it)."""
        statement = queries.TIMELINE_BACKWARD if newest else queries.TIMELINE_FORWARD
        rows = await self.pool.fetch(statement, _uuid(campaign_id), after, before, *matching.params(), limit)
        events = [stored_from_row(row) for row in rows]
        return events[::-1] if newest else events

    async def any_matching(self, campaign_id: str, matching: EventFilter, after: int, before: int) -> bool:
        """Whether any matching event has a seq in (after, before)."""
        return bool(await self.pool.fetchval(queries.TIMELINE_ANY, _uuid(campaign_id), after, before,
                                             *matching.params()))

    async def posts(self, campaign_id: str, limit: int) -> list[tuple[str, int]]:
        """The ids of the campaign's forum posts with the last seq each wrote, newest first, at most `limit`."""
        rows = await self.pool.fetch(queries.SELECT_POSTS, _uuid(campaign_id), limit)
        return [(str(row["post_id"]), int(row["last_seq"])) for row in rows]

    async def stored(self, campaign_id: str, after: int, upto: int, limit: int) -> list[StoredEvent]:
        """Events exactly as stored (with hashes), seq in (after, upto], at most `limit`."""
        rows = await self.pool.fetch(queries.SELECT_STORED_RANGE, _uuid(campaign_id), after, upto, limit)
        return [stored_from_row(row) for row in rows]

    async def stored_one(self, campaign_id: str, seq: int) -> StoredEvent | None:
        row = await self.pool.fetchrow(queries.SELECT_ONE_STORED, _uuid(campaign_id), seq)
        return stored_from_row(row) if row is not None else None

    async def reveal_of(self, campaign_id: str, roll: int) -> int | None:
        """The seq of the reveal of the sealed roll at seq `roll`, once revealed."""
        found = await self.pool.fetchval(queries.SELECT_SECRET_REVEAL, _uuid(campaign_id), roll)
        return int(found) if found is not None else None

    async def command_of(self, campaign_id: str, seq: int) -> list[StoredEvent]:
        """All events written by the command that wrote event `seq`."""
        rows = await self.pool.fetch(queries.SELECT_COMMAND_OF_SEQ, _uuid(campaign_id), seq)
        return [stored_from_row(row) for row in rows]

    async def last_seq_of_post(self, campaign_id: str, post_id: str) -> int | None:
        value = await self.pool.fetchval(queries.SELECT_LAST_SEQ_OF_POST, _uuid(campaign_id), post_id)
        return int(value) if value is not None else None

    async def last_seq_of_turn(self, campaign_id: str, encounter: str, round_: int, turn: int) -> int | None:
        value = await self.pool.fetchval(queries.SELECT_LAST_SEQ_OF_TURN, _uuid(campaign_id), encounter, round_, turn)
        return int(value) if value is not None else None

    async def seq_range(
        self, campaign_id: str, *, encounter: str | None = None, session: int | None = None
    ) -> tuple[int, int] | None:
        """The first and last seq stamped with an encounter or a session, if any."""
        if encounter is not None:
            row = await self.pool.fetchrow(queries.SELECT_SEQ_RANGE_OF_ENCOUNTER, _uuid(campaign_id), encounter)
        else:
            row = await self.pool.fetchrow(queries.SELECT_SEQ_RANGE_OF_SESSION, _uuid(campaign_id), str(session))
        return (int(row[0]), int(row[1])) if row is not None and row[0] is not None else None

    async def epoch_events(self, campaign_id: str) -> list[dict[str, Any]]:
        """The dice_seed_committed and dice_seed_revealed records of the campaign: `{seq, type, data}`."""
        rows = await self.pool.fetch(queries.SELECT_EPOCH_EVENTS, _uuid(campaign_id))
        return [{"seq": row["seq"], "type": row["type"], "data": msgspec.json.decode(row["data"])} for row in rows]

    async def latest_contributions(self, campaign_id: str, epoch: int, seq: int, limit: int) -> list[StoredEvent]:
        """The last `limit` contributions to `epoch` before event `seq`, as stored, in seq order."""
        rows = await self.pool.fetch(queries.SELECT_LATEST_CONTRIBUTIONS_BEFORE, _uuid(campaign_id), epoch, seq, limit)
        return [stored_from_row(row) for row in reversed(rows)]

    async def count_contributions(self, campaign_id: str, epoch: int, seq: int) -> int:
        """How many contributions `epoch` had before event `seq`."""
        return int(await self.pool.fetchval(queries.COUNT_CONTRIBUTIONS_BEFORE, _uuid(campaign_id), epoch, seq))

    async def contributions(self, campaign_id: str, epoch: int, seq: int, after: int, limit: int) -> list[StoredEvent]:
        """The contributions to `epoch` before event `seq` and after `after`, as stored: at most `limit`."""
        rows = await self.pool.fetch(queries.SELECT_CONTRIBUTIONS_PAGE, _uuid(campaign_id), epoch, seq, after, limit)
        return [stored_from_row(row) for row in rows]

    async def mission_rolls(self, campaign_id: str, mission_id: str, upto: int) -> list[int]:
        """The seqs of the mission's own events that rolled dice, up to `upto`."""
        rows = await self.pool.fetch(queries.SELECT_MISSION_ROLLS, _uuid(campaign_id), mission_id, upto)
        return [int(row["seq"]) for row in rows]

    async def seed(self, campaign_id: str, epoch: int) -> bytes | None:
        value = await self.pool.fetchval(queries.SELECT_SEED, _uuid(campaign_id), epoch)
        return bytes(value) if value is not None else None

    async def token(self, campaign_id: str, token_hash: str) -> tuple[str, str] | None:
        """The participant and role of a token that works (not revoked), read now: one primary-key lookup.

        Never trusted from memory: a token revoked by any process is refused by every process from the next
        request on, with no notification to wait for (a command's append may check it instead of this read:
        `append_if_head_and_token`).
        """
        row = await self.pool.fetchrow(queries.SELECT_TOKEN, token_hash, _uuid(campaign_id))
        return (row["participant_id"], row["role"]) if row is not None else None

    async def token_and_share_key(self, campaign_id: str, token_hash: str) -> tuple[str, str, str | None] | None:
        """`token`, and the campaign's newest valid share key (`share_links.newest_key`), in one round trip: what a
        command reads before its append. Read now, like `token`: nothing is remembered."""
        row = await self.pool.fetchrow(queries.SELECT_TOKEN_AND_SHARE_KEY, token_hash, _uuid(campaign_id))
        return (row["participant_id"], row["role"], row["share_key"]) if row is not None else None

    async def feed(self, after_xact: int, after_position: int, limit: int) -> list[tuple[int, StoredEvent]]:
        """Events of every campaign in commit-safe order after the cursor (xact id, global position)."""
        rows = await self.pool.fetch(queries.SELECT_FEED, str(after_xact), after_position, limit)
        return [(int(row["xact_text"]), stored_from_row(row)) for row in rows]


async def epoch_fact(store: EventStore, campaign_id: str, kind: str, epoch: int) -> dict[str, Any] | None:
    """The data of the dice_seed_committed or dice_seed_revealed event of an epoch, if written."""
    text = await store.pool.fetchval(queries.SELECT_EPOCH_FACT, _uuid(campaign_id), kind, epoch)
    if text is None:
        return None
    found = msgspec.json.decode(text)
    assert isinstance(found, dict)
    return found
