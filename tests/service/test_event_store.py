"""The store's guarantees against real PostgreSQL: append-only, gap-free, atomic, idempotent, tamper-evident."""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
import pytest

from domain.campaign.commands import GmNote, Roll
from domain.campaign.decide import CreateCampaign
from domain.commands import Actor, PostRef
from service.commanding import Commander, request_digest
from service.database import create_pool
from service.state_cache import StateCache
from service.store import EventStore, IdempotencyConflict, VersionConflict

GM = Actor("gm", "gm")


@pytest.fixture
async def commander(database_url: str) -> Any:
    pool = await create_pool(database_url, 1, 10)
    store = EventStore(pool)
    yield Commander(store, StateCache(store))
    await pool.close()


async def new_campaign(commander: Commander) -> str:
    campaign_id, _ = await commander.create_campaign(CreateCampaign(name="Test", ruleset="deathwatch"))
    return campaign_id


async def note(commander: Commander, campaign_id: str, text: str, key: str | None = None, expected: int | None = None) -> Any:
    command = GmNote(text=text, expected_version=expected)
    return await commander.execute(campaign_id, GM, command, key, request_digest(GmNote(text=text)))


@pytest.mark.parametrize(
    "statement",
    ["UPDATE events SET type = 'x'", "DELETE FROM events", "TRUNCATE events CASCADE"],
)
async def test_database_refuses_to_change_history(commander: Commander, statement: str) -> None:
    await new_campaign(commander)
    with pytest.raises(asyncpg.InsufficientPrivilegeError, match="append-only"):
        await commander.store.pool.execute(statement)


async def test_concurrent_appends_get_consecutive_seqs_and_one_chain(commander: Commander) -> None:
    campaign_id = await new_campaign(commander)
    await asyncio.gather(*(note(commander, campaign_id, f"note {i}") for i in range(40)))
    rows = await commander.store.stored(campaign_id, 0, 10_000, 10_000)
    assert [r.seq for r in rows] == list(range(1, 44))
    assert all(b.prev_hash == a.hash for a, b in zip(rows, rows[1:], strict=False))
    head = await commander.store.head(campaign_id)
    assert (head.version, head.head_hash) == (43, rows[-1].hash)


async def test_expected_version_mismatch_is_a_conflict_and_leaves_no_gap(commander: Commander) -> None:
    campaign_id = await new_campaign(commander)
    with pytest.raises(VersionConflict) as conflict:
        await note(commander, campaign_id, "late", expected=1)
    assert (conflict.value.expected, conflict.value.current) == (1, 3)
    done = await note(commander, campaign_id, "on time", expected=3)
    assert done.version == 4
    assert [r.seq for r in await commander.store.stored(campaign_id, 0, 99, 99)] == [1, 2, 3, 4]


async def test_same_key_same_body_answers_the_original_and_writes_nothing(commander: Commander) -> None:
    campaign_id = await new_campaign(commander)
    first = await note(commander, campaign_id, "hello", key="post-17")
    again = await note(commander, campaign_id, "hello", key="post-17")
    assert again.replayed and not first.replayed
    assert (again.version, again.events, again.result) == (first.version, first.events, first.result)
    assert (await commander.store.head(campaign_id)).version == first.version


async def test_same_key_different_body_is_a_conflict(commander: Commander) -> None:
    campaign_id = await new_campaign(commander)
    await note(commander, campaign_id, "hello", key="post-17")
    with pytest.raises(IdempotencyConflict):
        await note(commander, campaign_id, "goodbye", key="post-17")


async def test_concurrent_retries_of_one_key_write_once(commander: Commander) -> None:
    campaign_id = await new_campaign(commander)
    outcomes = await asyncio.gather(*(note(commander, campaign_id, "same", key="post-9") for _ in range(8)))
    assert sum(not o.replayed for o in outcomes) == 1
    assert (await commander.store.head(campaign_id)).version == 4


async def test_refused_command_writes_nothing(commander: Commander) -> None:
    campaign_id = await new_campaign(commander)
    with pytest.raises(Exception, match="at most 100"):
        await commander.execute(campaign_id, GM, Roll(expression="500d6", reason="x"), None, "d")
    assert (await commander.store.head(campaign_id)).version == 3


async def test_acknowledged_events_survive_a_new_connection(commander: Commander, database_url: str) -> None:
    campaign_id = await new_campaign(commander)
    outcome = await note(commander, campaign_id, "durable", key="p-1")
    other = await asyncpg.connect(database_url)
    try:
        stored = await other.fetchval("SELECT data->>'text' FROM events WHERE hash = $1", outcome.events[0].hash)
        assert stored == "durable"
        # Committed synchronously: an acknowledged append is on disk, not only in memory.
        assert await other.fetchval("SHOW synchronous_commit") == "on"
    finally:
        await other.close()


async def test_append_sets_lock_and_idle_timeouts(commander: Commander) -> None:
    campaign_id = await new_campaign(commander)
    async with commander.store.write(campaign_id) as writer:
        lock = await writer.connection.fetchval("SHOW lock_timeout")
        idle = await writer.connection.fetchval("SHOW idle_in_transaction_session_timeout")
    assert (lock, idle) == ("5s", "15s")


async def test_post_id_and_actor_are_kept_in_meta(commander: Commander) -> None:
    campaign_id = await new_campaign(commander)
    command = GmNote(text="x", post=PostRef(id="9001", url="https://forum/t/1#p9001", author="Ana"))
    outcome = await commander.execute(campaign_id, GM, command, "9001", "digest")
    meta = outcome.events[0].meta
    assert meta["post"] == {"id": "9001", "url": "https://forum/t/1#p9001", "author": "Ana"}
    assert (meta["actor"], meta["role"], meta["command_type"]) == ("gm", "gm", "gm_note")
    assert outcome.events[0].idempotency_key == "9001"


async def test_same_key_from_another_participant_is_that_participants_own_command(commander: Commander) -> None:
    campaign_id = await new_campaign(commander)
    mine = await note(commander, campaign_id, "hello", key="post-17")
    theirs = await commander.execute(campaign_id, Actor("p-x", "gm"), GmNote(text="hello"), "post-17",
                                     request_digest(GmNote(text="hello")))
    assert not theirs.replayed and theirs.version == mine.version + 1
    assert theirs.events[0].meta["actor"] == "p-x" and theirs.events[0].idempotency_key == "post-17"
    again = await commander.execute(campaign_id, Actor("p-x", "gm"), GmNote(text="hello"), "post-17",
                                    request_digest(GmNote(text="hello")))
    assert again.replayed and again.events == theirs.events
