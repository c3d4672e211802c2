"""The timeline's frames, built a page at a time from snapshots, equal the transcript's, folded from seq 1."""

from __future__ import annotations

import random

from domain.campaign.commands import GmNote, Reinstate, Retract, Roll, StartSession
from domain.commands import Actor
from projections.corrections import voided_by
from projections.permalinks import Links
from projections.rendering import build_frames
from service.database import APP_ROLE, create_pool, with_user
from service.snapshots import Snapshots
from service.store import EventStore
from service.web.frames_walk import walk
from tests.web.conftest import Served
from tests.web.scenario import deathwatch_fight

GM = Actor("gm", "gm")


def _visible(frame: object) -> tuple[object, ...]:
    return tuple(getattr(frame, name) for name in (
        "seq", "summary", "effects", "standing", "dice", "minor", "undone", "undone_by", "undone_by_name"))


async def _check(store: EventStore, snapshots: Snapshots, campaign_id: str, pages: list[tuple[int, int]]) -> None:
    head = await store.head(campaign_id)
    records = await store.records(campaign_id, 0, head.version)
    expected = {f.seq: _visible(f) for f in build_frames(records, 1, head.version, "en", campaign_id)}
    undone = voided_by(await store.corrections(campaign_id))
    for first, last in pages:
        rows = [e for e in await store.stored(campaign_id, first - 1, last, last - first + 1)]
        walked = await walk(store, snapshots, campaign_id, rows, "en", Links(), undone)
        assert [_visible(f) for f in walked.frames] == [expected[r.seq] for r in rows], (first, last)
    scattered = [e for e in await store.stored(campaign_id, 0, head.version, head.version) if e.seq % 37 == 3]
    walked = await walk(store, snapshots, campaign_id, scattered, "en", Links(), undone)
    assert [_visible(f) for f in walked.frames] == [expected[r.seq] for r in scattered]


async def test_pages_of_a_fight_with_an_undone_turn_equal_the_transcript(served: Served, database_url: str) -> None:
    campaign = await served.create("deathwatch")
    await deathwatch_fight(campaign)
    pool = await create_pool(with_user(database_url, APP_ROLE), 1, 2)
    try:
        store = EventStore(pool)
        head = await store.head(campaign.id)
        pages = [(a, min(a + 6, head.version)) for a in range(1, head.version + 1, 7)]
        await _check(store, Snapshots(store, every=5), campaign.id, pages)
    finally:
        await pool.close()


async def test_pages_across_retractions_reaching_behind_snapshots_equal_the_transcript(
    served: Served, database_url: str
) -> None:
    campaign = await served.create("dark_heresy")
    pool = await create_pool(with_user(database_url, APP_ROLE), 1, 2)
    try:
        store = EventStore(pool)
        snapshots = Snapshots(store, every=20)
        from service.commanding import Commander
        from service.state_cache import StateCache

        commander = Commander(store, StateCache(store), snapshots)
        chooser = random.Random(5)
        await commander.execute(campaign.id, GM, StartSession(), None, "s")
        rolls: list[int] = []
        retracted: list[int] = []
        for n in range(240):
            pick = chooser.random()
            if pick < 0.08 and rolls:
                target = rolls.pop(chooser.randrange(len(rolls)))
                await commander.execute(campaign.id, GM, Retract(seqs=(target,), reason="x"), None, f"r{n}")
                retracted.append(target)
            elif pick < 0.11 and retracted:
                target = retracted.pop(0)
                await commander.execute(campaign.id, GM, Reinstate(seqs=(target,), reason="y"), None, f"i{n}")
            elif pick < 0.6:
                rolls.append((await commander.execute(campaign.id, GM, Roll(expression="d10", reason="x"), None,
                                                      f"d{n}")).version)
            else:
                await commander.execute(campaign.id, GM, GmNote(text=str(n)), None, f"n{n}")
        head = await store.head(campaign.id)
        pages = [(a, min(a + 24, head.version)) for a in range(1, head.version, 25)]
        await _check(store, snapshots, campaign.id, pages)
    finally:
        await pool.close()
