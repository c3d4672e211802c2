"""Scenario 1: raw asyncpg appends, one event per transaction, N connections on N campaigns.

The minimal correct append on the real schema: BEGIN; lock the campaign's head row (SELECT ... FOR
UPDATE); insert one event at seq + 1 whose hash chains after the head (service.chain.link, the exact
bytes the audit recomputes); move the head; COMMIT. No HTTP, no framework, no domain decision: the
ceiling for one-event commands on this PostgreSQL.

Two variants measure what the service's own append adds to that ceiling:
- (1n) `notify=True`: the same transaction, its insert also sending a NOTIFY as the service's append does when
  some live listener is registered for the campaign (in the same statement, so the round trips are those of
  (1)). PostgreSQL serialises every committing transaction
  that sent a NOTIFY on one server-wide lock held until its commit is flushed (async.c,
  PreCommit_Notify), so these commits cannot share a WAL flush.
- (1s) `run_statement`: the service's own one-statement append (`EventStore.append_if_head`, autocommit)
  through the service's pool, without HTTP or a decision. Nobody listens in the bench, so it sends no NOTIFY
  (migrations/0009: only appends of a campaign some live listener registered do).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

import asyncpg
import msgspec

from bench.cpu import CpuUse, between, sample
from bench.events import roll_payloads
from bench.report import Latencies
from service import chain, dice_source
from service.store import format_time

INSERT_CAMPAIGN = "INSERT INTO campaigns (campaign_id, ruleset, version, head_hash) VALUES ($1, 'deathwatch', 0, $2)"
LOCK_HEAD = "SELECT version, head_hash FROM campaigns WHERE campaign_id = $1 FOR UPDATE"
INSERT_EVENT = """
INSERT INTO events (campaign_id, seq, type, schema_version, data, meta, idempotency_key, recorded_at, prev_hash, hash)
VALUES ($1, $2, 'dice_rolled', 2, $3::jsonb, $4::jsonb, NULL, $5, $6, $7)
"""
MOVE_HEAD = "UPDATE campaigns SET version = $2, head_hash = $3 WHERE campaign_id = $1"
INSERT_EVENT_AND_NOTIFY = f"""
WITH inserted AS ({INSERT_EVENT.strip()} RETURNING seq)
SELECT pg_notify('lexmechanic_events', $1::text) FROM inserted
"""


@dataclass
class AppendResult:
    events: int = 0
    seconds: float = 0.0
    warmup_events: int = 0
    latencies: Latencies = field(default_factory=Latencies)
    cpu: CpuUse | None = None

    @property
    def per_second(self) -> float:
        return self.events / self.seconds if self.seconds else 0.0


Step = Callable[[], Awaitable[None]]


async def _closed_loops(steps: Sequence[Step], *, warmup: float, duration: float, max_events: int) -> AppendResult:
    """Run each step (one append) in its own closed loop: the first `warmup` seconds are sent but not counted,
    then every append that starts in the measured window is counted, with its latency and the CPU used."""
    result = AppendResult()
    samples: list[float] = []
    measure_from = time.perf_counter() + warmup
    stop_at = measure_from + duration
    end = [measure_from]

    async def loop(step: Step) -> None:
        clock = time.perf_counter
        while True:
            began = clock()
            if began >= stop_at or result.events >= max_events:
                return
            await step()
            done = clock()
            if began >= measure_from:
                result.events += 1
                samples.append(done - began)
                end[0] = max(end[0], done)
            else:
                result.warmup_events += 1

    before = sample(None)
    await asyncio.gather(*(loop(step) for step in steps))
    result.cpu = between(before, sample(None), result.events + result.warmup_events)
    result.seconds = max(end[0] - measure_from, 1e-9)
    result.latencies = Latencies(samples)
    return result


async def run_appends(
    database_url: str, *, connections: int, warmup: float, duration: float, max_events: int, notify: bool = False
) -> AppendResult:
    payloads = roll_payloads(64)
    texts = [(msgspec.json.encode(d).decode(), msgspec.json.encode(m).decode()) for d, m in payloads]
    campaigns = [str(uuid.uuid4()) for _ in range(connections)]
    conns = [await asyncpg.connect(database_url) for _ in range(connections)]
    for conn in conns:
        await conn.execute("SET TIME ZONE 'UTC'")
    await conns[0].executemany(INSERT_CAMPAIGN, [(uuid.UUID(c), chain.GENESIS) for c in campaigns])

    def appender(conn: asyncpg.Connection, campaign_id: str) -> Step:
        campaign = uuid.UUID(campaign_id)
        count = [0]

        async def append() -> None:
            n = count[0]
            count[0] += 1
            data, meta = payloads[n % len(payloads)]
            data_text, meta_text = texts[n % len(texts)]
            async with conn.transaction():
                version, prev = await conn.fetchrow(LOCK_HEAD, campaign)
                now = dt.datetime.now(dt.UTC)
                record = {
                    "campaign_id": campaign_id, "seq": version + 1, "type": "dice_rolled", "schema_version": 2,
                    "data": data, "meta": meta, "idempotency_key": None, "recorded_at": format_time(now),
                }
                digest = chain.link(prev, record)
                await conn.execute(INSERT_EVENT_AND_NOTIFY if notify else INSERT_EVENT, campaign, version + 1,
                                   data_text, meta_text, now, prev, digest)
                await conn.execute(MOVE_HEAD, campaign, version + 1, digest)

        return append

    try:
        steps = [appender(c, k) for c, k in zip(conns, campaigns, strict=True)]
        return await _closed_loops(steps, warmup=warmup, duration=duration, max_events=max_events)
    finally:
        for conn in conns:
            await conn.close()


async def run_statement(
    database_url: str, *, connections: int, warmup: float, duration: float, max_events: int
) -> AppendResult:
    """(1s) The service's one-statement append, exactly as `Commander` sends it, on `connections` campaigns."""
    from bench.events import dice_rolled, roll_meta
    from service.database import create_pool
    from service.store import EventStore, Head

    seed = dice_source.new_seed()
    campaigns = [str(uuid.uuid4()) for _ in range(connections)]
    pool = await create_pool(database_url, connections, connections)
    store = EventStore(pool)
    await pool.executemany(INSERT_CAMPAIGN, [(uuid.UUID(c), chain.GENESIS) for c in campaigns])

    def appender(campaign_id: str) -> Step:
        head = [Head(campaign_id, "deathwatch", 0, chain.GENESIS)]

        async def append() -> None:
            nonce = head[0].version + 1
            event, meta = dice_rolled(seed, campaign_id, nonce), roll_meta("gm", "gm", 1, 1, nonce)
            stored = await store.append_if_head(head[0], [event], [meta], None)
            assert stored is not None, "only this worker writes its campaign"
            head[0] = Head(campaign_id, "deathwatch", stored[-1].seq, stored[-1].hash)

        return append

    try:
        steps = [appender(c) for c in campaigns]
        return await _closed_loops(steps, warmup=warmup, duration=duration, max_events=max_events)
    finally:
        await pool.close()


async def verify_chains(database_url: str, limit_campaigns: int = 2) -> int:
    """Recompute the hash chain of a few bench campaigns from the database (a sanity check, not timed)."""
    conn = await asyncpg.connect(database_url)
    try:
        await conn.execute("SET TIME ZONE 'UTC'")
        heads = await conn.fetch(
            "SELECT campaign_id::text AS c, version, head_hash FROM campaigns ORDER BY version DESC LIMIT $1",
            limit_campaigns,
        )
        checked = 0
        for head in heads:
            rows = await conn.fetch(
                "SELECT seq, type, schema_version, data::text, meta::text, idempotency_key, recorded_at,"
                " prev_hash, hash"
                " FROM events WHERE campaign_id = $1::uuid ORDER BY seq",
                head["c"],
            )
            prev = chain.GENESIS
            for row in rows:
                record = {
                    "campaign_id": head["c"], "seq": row[0], "type": row[1], "schema_version": row[2],
                    "data": msgspec.json.decode(row[3]), "meta": msgspec.json.decode(row[4]),
                    "idempotency_key": row[5], "recorded_at": format_time(row[6]),
                }
                if row[7] != prev or chain.link(prev, record) != row[8]:
                    raise AssertionError(f"hash chain broken in campaign {head['c']} at seq {row[0]}")
                prev = row[8]
                checked += 1
            if prev != head["head_hash"] or len(rows) != head["version"]:
                raise AssertionError(f"head of campaign {head['c']} does not match its events")
        return checked
    finally:
        await conn.close()
