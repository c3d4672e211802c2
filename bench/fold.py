"""Scenario 4: folding a 100k-event campaign, against a raw fetch + decode of the same rows.

The campaign is built with the service's own code: created and its players invited by the real
Commander, then sessions started and ended by real commands (so dice epochs rotate, seeds are revealed
and committed), and between them the bulk of the log, dice_rolled (with verifiable dice from the
epoch's real seed, nonce = seq) and gm_noted events, appended by the store's Writer in batches: the
same chained, consecutive insert a command does, only many events per transaction.

Timed: `EventStore.records(...)` + `projections.replay.campaign_state(...)` (what a cold cache or a
`GET /state?at_seq=` does), and beside it the same SELECT with asyncpg plus msgspec decoding of each
row's data and meta (no typed events, no fold): how fast the rows can be had at all.
"""

from __future__ import annotations

import gc
import statistics
import time
import uuid
from dataclasses import dataclass, field

import asyncpg
import msgspec

from bench.events import dice_rolled, gm_noted, note_meta, roll_meta
from domain.campaign.commands import EndSession, InviteParticipant, StartSession
from domain.campaign.decide import CreateCampaign
from domain.commands import Actor, Command
from projections.recorded import Recorded
from projections.replay import campaign_state
from service import codec, queries
from service.commanding import Commander, request_digest
from service.database import create_pool
from service.state_cache import StateCache
from service.store import EventStore


@dataclass
class Seeded:
    campaign_id: str
    version: int
    rolls: int
    notes: int
    seconds: float
    gm_token: str = ""
    sessions: int = 0


@dataclass
class FoldResult:
    seeded: Seeded
    fold_seconds: list[float] = field(default_factory=list)
    raw_seconds: list[float] = field(default_factory=list)
    breakdown: dict[str, float] = field(default_factory=dict)

    # Best of the runs: the work is deterministic, single-threaded CPU work, so noise (a busy
    # neighbour, a badly timed collection) only ever adds time. The median is printed beside it.
    @property
    def fold_per_second(self) -> float:
        return self.seeded.version / min(self.fold_seconds)

    @property
    def raw_per_second(self) -> float:
        return self.seeded.version / min(self.raw_seconds)

    @property
    def fold_median_per_second(self) -> float:
        return self.seeded.version / statistics.median(self.fold_seconds)

    @property
    def raw_median_per_second(self) -> float:
        return self.seeded.version / statistics.median(self.raw_seconds)


async def _command(commander: Commander, campaign_id: str, actor: Actor, command: Command) -> None:
    await commander.execute(campaign_id, actor, command, None, request_digest(command))


async def seed_campaign(store: EventStore, total: int, batch: int = 1000, session_events: int = 1000) -> Seeded:
    """A deathwatch campaign with at least `total` events, built as described in the module doc.

    Each session holds about `session_events` events (one batch of `batch` by default; the memory
    scenario asks for one session of the whole campaign)."""
    began = time.perf_counter()
    cache = StateCache(store)
    commander = Commander(store, cache)
    campaign_id, created = await commander.create_campaign(
        CreateCampaign(name="The Long Crusade", ruleset="deathwatch")
    )
    gm = Actor(participant_id="gm", role="gm")
    for name in ("Brother Aurelius", "Brother Kaias", "Brother Tor"):
        await _command(commander, campaign_id, gm, InviteParticipant(name=name, role="player"))
    rolls = notes = 0
    session = 0
    version = (await store.head(campaign_id)).version
    while version < total:
        session += 1
        await _command(commander, campaign_id, gm, StartSession(title=f"Session {session}"))
        in_session = 0
        while in_session < session_events and (await store.head(campaign_id)).version < total:
            async with store.write(campaign_id) as writer:
                state = await cache.for_writer(writer)
                assert state.epoch is not None and state.session is not None
                seed = await writer.seed(state.epoch.epoch)
                assert seed is not None
                players = [p for p in state.participants.values() if p.role == "player"]
                # Dice algorithm 2 mixes the epoch's contribution digest in, as the service's rolls do.
                entropy = state.epoch.entropy if state.epoch.algorithm >= 2 else None
                events, metas = [], []
                for index in range(min(batch, session_events - in_session, max(total - writer.head.version, 1))):
                    seq = writer.head.version + 1 + index
                    if index % 10 == 9:
                        note = gm_noted(seq)
                        events.append(note)
                        metas.append(note_meta(state.session, note.text))
                        notes += 1
                    else:
                        player = players[index % len(players)]
                        events.append(dice_rolled(seed, campaign_id, seq, entropy))
                        metas.append(roll_meta(player.participant_id, "player", state.session, state.epoch.epoch, seq,
                                               entropy))
                        rolls += 1
                stored = await writer.append(events, metas, None)
                new_state = campaign_state(
                    [Recorded(s.seq, e, m) for s, e, m in zip(stored, events, metas, strict=True)], initial=state
                )
            cache.put(campaign_id, new_state, stored[-1].hash)
            in_session += len(events)
        await _command(commander, campaign_id, gm, EndSession())
        version = (await store.head(campaign_id)).version
    return Seeded(campaign_id, version, rolls, notes, time.perf_counter() - began, created.token or "", session)


async def time_fold(store: EventStore, campaign_id: str, version: int) -> float:
    began = time.perf_counter()
    records = await store.records(campaign_id, 0, version)
    state = campaign_state(records)
    elapsed = time.perf_counter() - began
    assert state.version == version, (state.version, version)
    return elapsed


async def time_raw(pool: asyncpg.Pool, campaign_id: str, version: int) -> float:
    decode = msgspec.json.decode
    began = time.perf_counter()
    rows = await pool.fetch(queries.SELECT_FOLD_ROWS, uuid.UUID(campaign_id), 0, version)
    decoded = [(r[0], r[1], r[2], decode(r[3]), decode(r[4])) for r in rows]
    elapsed = time.perf_counter() - began
    assert len(decoded) == version
    return elapsed


async def breakdown(store: EventStore, campaign_id: str, version: int) -> dict[str, float]:
    """Where the time goes: the fetch, typing rows into Recorded events, the fold itself, and the raw
    decode; the decode and fold steps once with the garbage collector on (as served) and once off."""
    clock = time.perf_counter
    decode = msgspec.json.decode
    parts: dict[str, float] = {}
    t0 = clock()
    rows = await store.pool.fetch(queries.SELECT_FOLD_ROWS, uuid.UUID(campaign_id), 0, version)
    parts["fetch (asyncpg)"] = clock() - t0
    for label in ("gc on", "gc off"):
        gc.collect()
        if label == "gc off":
            gc.disable()
        try:
            t1 = clock()
            records = [codec.recorded(r[0], r[1], r[2], r[3], r[4]) for r in rows]
            t2 = clock()
            campaign_state(records)
            t3 = clock()
            raw = [(decode(r[3]), decode(r[4])) for r in rows]
            t4 = clock()
        finally:
            gc.enable()
        del records, raw
        parts[f"rows -> Recorded ({label})"] = t2 - t1
        parts[f"campaign_state ({label})"] = t3 - t2
        parts[f"raw msgspec decode ({label})"] = t4 - t3
    return parts


async def run_fold(database_url: str, *, events: int, repeats: int) -> FoldResult:
    pool = await create_pool(database_url, 1, 4)
    try:
        store = EventStore(pool)
        seeded = await seed_campaign(store, events)
        result = FoldResult(seeded)
        # Warm both paths once (buffers, prepared statements, decoders), then alternate.
        await time_fold(store, seeded.campaign_id, seeded.version)
        await time_raw(pool, seeded.campaign_id, seeded.version)
        for _ in range(repeats):
            gc.collect()
            result.fold_seconds.append(await time_fold(store, seeded.campaign_id, seeded.version))
            gc.collect()
            result.raw_seconds.append(await time_raw(pool, seeded.campaign_id, seeded.version))
        gc.collect()
        result.breakdown = await breakdown(store, seeded.campaign_id, seeded.version)
        return result
    finally:
        await pool.close()
