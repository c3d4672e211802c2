"""Scenario 5: reading the state at a random seq of a 100k-event campaign, with and without snapshots.

With snapshots a read is the nearest snapshot plus a tail of at most SNAPSHOT_EVERY events
(`service.snapshots.Snapshots.state_at`, what `GET /state?at_seq=` does); without, it is a fold of
every event up to that seq. Both are measured in the same run on the same campaign.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from bench.fold import seed_campaign
from bench.report import Latencies
from projections.replay import campaign_state
from service.database import create_pool
from service.snapshots import Snapshots
from service.store import EventStore


@dataclass
class TimeTravelResult:
    events: int
    with_snapshots: Latencies
    without_snapshots: Latencies
    snapshots_built_seconds: float

    @property
    def speedup(self) -> float:
        return statistics.mean(self.without_snapshots.samples) / statistics.mean(self.with_snapshots.samples)


async def run_time_travel(database_url: str, *, events: int, reads: int, full_folds: int) -> TimeTravelResult:
    pool = await create_pool(database_url, 1, 4)
    try:
        store = EventStore(pool)
        seeded = await seed_campaign(store, events)
        campaign_id, version = seeded.campaign_id, seeded.version
        snapshots = Snapshots(store)
        began = time.perf_counter()
        await snapshots.state_at(campaign_id, version)  # no snapshot yet: this read leaves them behind
        built = time.perf_counter() - began
        chooser = random.Random(2026)
        fast: list[float] = []
        for _ in range(reads):
            seq = chooser.randint(1, version)
            began = time.perf_counter()
            state = await snapshots.state_at(campaign_id, seq)
            fast.append(time.perf_counter() - began)
            assert state.version == seq
        slow: list[float] = []
        for _ in range(full_folds):
            seq = chooser.randint(1, version)
            began = time.perf_counter()
            state = campaign_state(await store.records(campaign_id, 0, seq))
            slow.append(time.perf_counter() - began)
            assert state.version == seq
        return TimeTravelResult(version, Latencies(fast), Latencies(slow), built)
    finally:
        await pool.close()
