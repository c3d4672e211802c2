"""The campaign event store on PostgreSQL: gap-free streams, hash chain, idempotency, commit-safe feed.

Why appends are serialised per campaign: a campaign's events form one ordered, hash-chained stream
(seq 1, 2, 3 ...). Every append therefore takes the campaign's head row with SELECT ... FOR UPDATE,
checks the expected version *before* allocating anything (so a refused command leaves no gap), decides
against the state at the head, inserts the events with consecutive seqs in one statement, moves the
head and commits. Two writers of the same campaign queue on that row lock; writers of different
campaigns never meet. Play-by-post campaigns write a few events a minute, so one lock per campaign
costs nothing and makes replay, undo and audit exact.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any
from uuid import UUID

import asyncpg
import msgspec

from domain.events import Event
from projections.recorded import EventMeta, Recorded
from service import chain, codec, queries

# The largest seq, version or global position the database holds (bigint), and the largest
# transaction id (xid8, unsigned 64 bits).
MAX_SEQ = 2**63 - 1
MAX_XACT = 2**64 - 1


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
    """The idempotency key was used before for a different request."""

    def __init__(self, key: str) -> None:
        super().__init__(
            f"idempotency key {key!r} was already used for a different command; "
            "use a new key (post id) for a new command"
        )
        self.key = key


class StoredEvent(msgspec.Struct, frozen=True):
    """An event exactly as stored and hashed: the record of the export and of the events endpoint."""

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


class Head(msgspec.Struct, frozen=True):
    campaign_id: str
    ruleset: str
    version: int
    head_hash: str


def format_time(moment: dt.datetime) -> str:
    """RFC 3339 in UTC with microseconds: the exact text the hash chain covers."""
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


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
    """The typed (and upcast) event of a stored record."""
    return codec.recorded(
        stored.seq,
        stored.type,
        stored.schema_version,
        msgspec.json.encode(stored.data),
        msgspec.json.encode(stored.meta),
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

    async def command_by_key(self, key: str) -> list[StoredEvent]:
        rows = await self.connection.fetch(queries.SELECT_COMMAND_BY_KEY, _uuid(self.head.campaign_id), key)
        return [stored_from_row(row) for row in rows]

    async def unit_of_post(self, post_id: str) -> list[StoredEvent]:
        """Every event POST /posts wrote for this post (its commands, in order); empty if none."""
        rows = await self.connection.fetch(queries.SELECT_UNIT_OF_POST, _uuid(self.head.campaign_id), post_id)
        return [stored_from_row(row) for row in rows]

    def check_version(self, expected: int | None) -> None:
        if expected is not None and expected != self.head.version:
            raise VersionConflict(expected, self.head.version)

    async def records_after(self, seq: int) -> list[Recorded]:
        rows = await self.connection.fetch(
            queries.SELECT_FOLD_ROWS, _uuid(self.head.campaign_id), seq, self.head.version
        )
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

    async def append(
        self, events: Sequence[Event], metas: Sequence[EventMeta], idempotency_key: str | None
    ) -> list[StoredEvent]:
        """Insert the events after the head, chained and consecutive; the key goes on the first one."""
        # Microseconds, as PostgreSQL keeps them: the stored time reads back as exactly the hashed text.
        moment = dt.datetime.now(dt.UTC)
        now = format_time(moment)
        prev = self.head.head_hash
        records: list[dict[str, Any]] = []
        for index, (event, meta) in enumerate(zip(events, metas, strict=True)):
            record: dict[str, Any] = {
                "campaign_id": self.head.campaign_id,
                "seq": self.head.version + 1 + index,
                "type": codec.type_of(event),
                "schema_version": type(event).schema_version,
                "data": codec.payload(event),
                "meta": codec.meta_payload(meta),
                "idempotency_key": idempotency_key if index == 0 else None,
                "recorded_at": now,
            }
            record["prev_hash"] = prev
            record["hash"] = prev = chain.link(prev, record)
            records.append(record)
        if not records:
            return []
        columns = (
            [r["seq"] for r in records],
            [r["type"] for r in records],
            [r["schema_version"] for r in records],
            [msgspec.json.encode(r["data"]).decode() for r in records],
            [msgspec.json.encode(r["meta"]).decode() for r in records],
            [r["idempotency_key"] for r in records],
            [moment] * len(records),
            [r["prev_hash"] for r in records],
            [r["hash"] for r in records],
        )
        last = records[-1]
        rows = await self.connection.fetch(
            queries.APPEND_EVENTS, _uuid(self.head.campaign_id), *columns, last["seq"], last["hash"]
        )
        positions = {row["seq"]: row["global_position"] for row in rows}
        self.head = msgspec.structs.replace(self.head, version=last["seq"], head_hash=last["hash"])
        stored = [StoredEvent(global_position=positions[r["seq"]], **r) for r in records]
        self.appended.extend(stored)
        return stored


class EventStore:
    """Reads and transactional writes of campaign streams.

    Dice seeds and tokens never change once written, so they are remembered per process (bounded);
    that saves a round trip on every command.
    """

    CACHE_LIMIT = 10_000

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self._seeds: dict[tuple[str, int], bytes] = {}
        self._tokens: dict[tuple[str, str], tuple[str, str]] = {}

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

    async def corrections(self, campaign_id: str, first: int, types: Sequence[str]) -> list[Recorded]:
        """The events of these types (voiding and restoring ones) from seq `first` on."""
        rows = await self.pool.fetch(queries.SELECT_CORRECTIONS_FROM, _uuid(campaign_id), first, list(types))
        return [codec.recorded(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def stored(self, campaign_id: str, after: int, upto: int, limit: int) -> list[StoredEvent]:
        """Events exactly as stored (with hashes), seq in (after, upto], at most `limit`."""
        rows = await self.pool.fetch(queries.SELECT_STORED_RANGE, _uuid(campaign_id), after, upto, limit)
        return [stored_from_row(row) for row in rows]

    async def stored_one(self, campaign_id: str, seq: int) -> StoredEvent | None:
        row = await self.pool.fetchrow(queries.SELECT_ONE_STORED, _uuid(campaign_id), seq)
        return stored_from_row(row) if row is not None else None

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

    async def contributions_before(self, campaign_id: str, epoch: int, seq: int) -> list[dict[str, Any]]:
        """The entropy contributed to `epoch` before event `seq`: `{seq, actor, entropy, digest}` in order."""
        rows = await self.pool.fetch(queries.SELECT_CONTRIBUTIONS_BEFORE, _uuid(campaign_id), epoch, seq)
        return [{"seq": row["seq"], "actor": row["actor"], **msgspec.json.decode(row["data"])} for row in rows]

    async def mission_rolls(self, campaign_id: str, mission_id: str, upto: int) -> list[int]:
        """The seqs of the mission's own events that rolled dice, up to `upto`."""
        rows = await self.pool.fetch(queries.SELECT_MISSION_ROLLS, _uuid(campaign_id), mission_id, upto)
        return [int(row["seq"]) for row in rows]

    async def seed(self, campaign_id: str, epoch: int) -> bytes | None:
        value = await self.pool.fetchval(queries.SELECT_SEED, _uuid(campaign_id), epoch)
        return bytes(value) if value is not None else None

    async def token(self, campaign_id: str, token_hash: str) -> tuple[str, str] | None:
        """The participant and role of a token; only tokens that exist are remembered."""
        key = (campaign_id, token_hash)
        known = self._tokens.get(key)
        if known is not None:
            return known
        row = await self.pool.fetchrow(queries.SELECT_TOKEN, token_hash, _uuid(campaign_id))
        if row is None:
            return None
        if len(self._tokens) > self.CACHE_LIMIT:
            self._tokens.clear()
        found = self._tokens[key] = (row["participant_id"], row["role"])
        return found

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
