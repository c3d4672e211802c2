"""The one-statement append (service/store.py, `append_if_head`) against real PostgreSQL, under races.

Each `Commander` here has its own pool, state cache and seed memory, as a service process does; several
of them on one database race like several processes. Whatever the interleaving: consecutive seqs, one
hash chain that verifies against the head row, no lost update, an idempotent command written once and
replayed exactly, a lost race retried to success, and one NOTIFY per committed command, none for a race
that was lost.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack
from typing import Any

import asyncpg
import msgspec
import pytest

from domain.campaign.commands import GmNote, Roll
from domain.campaign.decide import CreateCampaign
from domain.campaign.events import GmNoted
from domain.commands import Actor
from domain.d100.commands import RegisterCharacter, SpendFate
from projections.recorded import EventMeta
from service import database
from service.commanding import Commander, request_digest
from service.database import create_pool
from service.exporting import verify_stored
from service.live import register
from service.state_cache import StateCache
from service.store import EventStore, IdempotencyConflict, VersionConflict
from service.tokens import token_hash

GM = Actor("gm", "gm")
FATE = 60
SHEET = {"characteristics": dict.fromkeys(("WS", "BS", "S", "T", "Ag", "Int", "Per", "WP", "Fel"), 40),
         "wounds": 20, "fate": FATE, "armour": {"body": 2}, "weapons": []}
SPEND = SpendFate(character_id="kai", use="squad_mode")



@pytest.fixture
async def processes(app_database_url: str) -> AsyncIterator[Callable[[int], Awaitable[list[Commander]]]]:
    """`await processes(n)`: n commanders, each with its own pool, cache and remembered seeds and tokens,
    connected as the service's own role (migrations/0003)."""
    async with AsyncExitStack() as stack:

        async def make(count: int) -> list[Commander]:
            made = []
            for _ in range(count):
                pool = await create_pool(app_database_url, 1, 6)
                stack.push_async_callback(pool.close)
                store = EventStore(pool)
                made.append(Commander(store, StateCache(store)))
            return made

        yield make


async def campaign_with_kai(commander: Commander) -> str:
    campaign_id, _ = await commander.create_campaign(CreateCampaign(name="Race", ruleset="deathwatch"))
    register = msgspec.convert({"character_id": "kai", "owner": "gm", "name": "Kai", "sheet": SHEET},
                               RegisterCharacter)
    await send(commander, campaign_id, register)
    return campaign_id


async def send(commander: Commander, campaign_id: str, command: Any, key: str | None = None,
               actor: Actor = GM) -> Any:
    body = msgspec.structs.replace(command, expected_version=None)
    return await commander.execute(campaign_id, actor, command, key, request_digest(body))


def answered(outcome: Any) -> Any:
    """An answer as the client reads it (JSON: the original's tuples and a replay's lists are both arrays)."""
    return msgspec.json.decode(msgspec.json.encode({**msgspec.to_builtins(outcome), "replayed": None}))


async def check_log(commander: Commander, campaign_id: str) -> list[Any]:
    """The whole log: seqs 1..head, one chain from genesis to the head row, and /verify's report OK."""
    store = commander.store
    head = await store.head(campaign_id)
    rows = await store.stored(campaign_id, 0, head.version, head.version + 1)
    assert [r.seq for r in rows] == list(range(1, head.version + 1))
    assert all(b.prev_hash == a.hash for a, b in zip(rows, rows[1:], strict=False))
    assert rows[-1].hash == head.head_hash
    report = await verify_stored(store, head)
    assert report.ok and report.chain_intact, report.problems
    return rows


async def test_optimistic_roll_is_one_statement(processes: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    (commander,) = await processes(1)
    campaign_id = await campaign_with_kai(commander)
    await send(commander, campaign_id, Roll(expression="2d10+3", reason="warm up"))  # the seed remembered
    sent: list[str] = []
    inside = [False]  # in the kept connection's direct path, which may fall back to `fetch`: counted once
    for name in ("fetch", "fetchrow", "fetchval", "execute"):
        original = getattr(asyncpg.connection.Connection, name)

        def counting(self: Any, query: str, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            if not inside[0]:
                sent.append(" ".join(query.split())[:40])
            return _original(self, query, *args, **kwargs)

        monkeypatch.setattr(asyncpg.connection.Connection, name, counting)
    direct = database._fetch_prepared

    async def counting_direct(connection: Any, query: str, args: tuple[object, ...]) -> Any:
        sent.append(" ".join(query.split())[:40])
        inside[0] = True
        try:
            return await direct(connection, query, args)
        finally:
            inside[0] = False

    monkeypatch.setattr(database, "_fetch_prepared", counting_direct)
    before = commander.counts.optimistic
    outcome = await send(commander, campaign_id, Roll(expression="2d10+3", reason="one round trip"))
    await send(commander, campaign_id, SPEND)
    monkeypatch.undo()
    assert sent == ["WITH moved AS ( UPDATE campaigns SET ver"] * 2
    assert commander.counts.optimistic == before + 2 and commander.counts.locked == 0
    assert outcome.events[0].type == "dice_rolled" and outcome.result["total"] >= 5
    await check_log(commander, campaign_id)


async def test_optimistic_appends_racing_in_one_process_get_consecutive_seqs_and_one_chain(processes: Any) -> None:
    (commander,) = await processes(1)
    campaign_id = await campaign_with_kai(commander)
    outcomes = await asyncio.gather(*(send(commander, campaign_id, SPEND) for _ in range(30)))
    rows = await check_log(commander, campaign_id)
    assert sorted(o.version for o in outcomes) == list(range(5, 35))
    spent = [r.data["fate_after"] for r in rows if r.type == "d100_fate_spent"]
    assert spent == list(range(FATE - 1, FATE - 31, -1))  # every spend saw the one before it
    counts = commander.counts
    assert counts.lost_races > 0 and counts.optimistic > 0
    assert counts.optimistic + counts.locked == 30 + 1  # the spends and the registration


async def test_optimistic_appends_racing_across_processes_lose_no_update(processes: Any) -> None:
    commanders = await processes(4)
    campaign_id = await campaign_with_kai(commanders[0])
    for commander in commanders[1:]:
        await send(commander, campaign_id, GmNote(text="this process joins"))  # its cache is one write behind
    spends = [send(commanders[n % 4], campaign_id, SPEND) for n in range(40)]
    notes = [send(commanders[n % 4], campaign_id, GmNote(text=f"note {n}")) for n in range(12)]
    outcomes = await asyncio.gather(*spends, *notes)
    rows = await check_log(commanders[1], campaign_id)
    assert len({o.version for o in outcomes}) == len(outcomes)
    assert all(o.version == o.events[-1].seq for o in outcomes)
    spent = [r.data["fate_after"] for r in rows if r.type == "d100_fate_spent"]
    assert spent == list(range(FATE - 1, FATE - 41, -1))
    assert sum(r.type == "gm_noted" for r in rows) == 3 + 12
    for commander in commanders:
        state = await commander.cache.at_head(campaign_id)
        assert state.rules.characters["kai"].fate == FATE - 40
    assert sum(c.counts.lost_races for c in commanders) > 0
    assert sum(c.counts.optimistic for c in commanders) > 0


async def test_idempotent_retries_racing_across_processes_write_once_and_replay_exactly(processes: Any) -> None:
    commanders = await processes(3)
    campaign_id = await campaign_with_kai(commanders[0])
    for commander in commanders[1:]:
        await send(commander, campaign_id, GmNote(text="warm"))
    head = await commanders[0].store.head(campaign_id)
    roll = Roll(expression="1d100", reason="the same post, sent many times")
    outcomes = await asyncio.gather(
        *(send(commanders[n % 3], campaign_id, roll, key="post-5") for n in range(12)),
        *(send(commanders[n % 3], campaign_id, GmNote(text=f"other {n}")) for n in range(6)),
    )
    retries = outcomes[:12]
    assert sum(not o.replayed for o in retries) == 1
    original = next(o for o in retries if not o.replayed)
    for again in retries:
        assert answered(again) == answered(original)
    rows = await check_log(commanders[2], campaign_id)
    assert len(rows) == head.version + 1 + 6
    assert sum(r.idempotency_key == "post-5" for r in rows) == 1
    # Afterwards, from every process: the same body replays, another body is a conflict; the same key from
    # another participant is that participant's own command (keys are per participant), written once.
    theirs = []
    for commander in commanders:
        assert (await send(commander, campaign_id, roll, key="post-5")).replayed
        with pytest.raises(IdempotencyConflict):
            await send(commander, campaign_id, Roll(expression="1d6", reason="edited"), key="post-5")
        theirs.append(await send(commander, campaign_id, roll, key="post-5", actor=Actor("p-other", "gm")))
    assert [o.replayed for o in theirs] == [False, True, True]
    assert (await commanders[0].store.head(campaign_id)).version == len(rows) + 1


async def test_a_lost_race_catches_up_and_retries_to_success(processes: Any) -> None:
    first, second = await processes(2)
    campaign_id = await campaign_with_kai(first)
    await send(second, campaign_id, GmNote(text="second's cache is at the head"))
    await send(first, campaign_id, SPEND)  # now second's cached state is one write behind
    before = (second.counts.optimistic, second.counts.lost_races, second.counts.locked)
    outcome = await send(second, campaign_id, SPEND)
    assert (second.counts.optimistic, second.counts.lost_races, second.counts.locked) == (
        before[0] + 1, before[1] + 1, before[2])
    assert outcome.version == 7 and outcome.events[0].data["fate_after"] == FATE - 2
    await check_log(first, campaign_id)


async def test_a_writer_waiting_on_the_head_rechecks_the_version_after_the_holder_commits(
    processes: Any, app_database_url: str
) -> None:
    holder, racer = await processes(2)
    campaign_id = await campaign_with_kai(holder)
    await send(racer, campaign_id, GmNote(text="racer's cache is at the head"))
    listener = await asyncpg.connect(app_database_url)
    woken: list[str] = []
    await listener.add_listener("lexmechanic_events", lambda *args: woken.append(args[3]))
    await register(listener, [campaign_id])  # appends notify registered listeners only (migrations/0009)
    try:
        async with holder.store.write(campaign_id) as writer:  # the locked path holds the head row
            racing = asyncio.create_task(send(racer, campaign_id, SPEND))
            await _until_waiting_for_a_lock(holder.store)
            meta = EventMeta(actor="gm", role="gm", command_id="held", command_type="gm_note")
            await writer.append([GmNoted(text="committed while the racer waits")], [meta], None)
        outcome = await racing  # its UPDATE found the head moved on, so it caught up and wrote after it
        await asyncio.sleep(0.2)
    finally:
        await listener.close()
    assert racer.counts.lost_races == 1 and outcome.version == 7
    held = await holder.store.stored_one(campaign_id, 6)
    assert held is not None and held.data == {"text": "committed while the racer waits"}
    assert outcome.events[0].prev_hash == held.hash
    assert woken == [campaign_id, campaign_id]  # the holder's commit and the racer's: none for the lost race
    await check_log(holder, campaign_id)


async def _until_waiting_for_a_lock(store: EventStore) -> None:
    for _ in range(500):
        waiting = await store.pool.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%WITH moved AS%'"
            " AND pid <> pg_backend_pid()"
        )
        if waiting:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the optimistic append never waited for the head row")


async def test_a_refusal_or_version_check_against_a_stale_cache_is_decided_under_the_lock(processes: Any) -> None:
    first, second = await processes(2)
    campaign_id = await campaign_with_kai(first)
    await send(second, campaign_id, GmNote(text="second at the head"))
    done = await send(first, campaign_id, GmNote(text="first moves the head"))
    # second's cache says version 5; the head is 6: an expected version of 6 is right, not a conflict.
    locked = second.counts.locked
    accepted = await send(second, campaign_id, msgspec.structs.replace(GmNote(text="on time"),
                                                                         expected_version=done.version))
    assert accepted.version == done.version + 1 and second.counts.locked == locked + 1
    with pytest.raises(VersionConflict) as conflict:
        await send(first, campaign_id, msgspec.structs.replace(GmNote(text="late"), expected_version=done.version))
    assert (conflict.value.expected, conflict.value.current) == (done.version, done.version + 1)
    # A retry carrying the stale version it was first sent with is still the replay of the original.
    keyed = msgspec.structs.replace(GmNote(text="keyed"), expected_version=accepted.version)
    original = await send(first, campaign_id, keyed, key="k-1")
    again = await send(second, campaign_id, keyed, key="k-1")
    assert again.replayed and answered(again) == answered(original)
    await check_log(first, campaign_id)


async def test_one_event_and_several_are_stored_as_the_arrays_statement_stored_them(processes: Any) -> None:
    # One event goes as single values (queries.py, APPEND_EVENT, _INSERTED_ONE_IF_MOVED), several as arrays; the
    # data and meta are sent sorted, encoded once for the hash too (service/store.py, `_chained`). The rows are
    # what the database made of the text sent before (the fields in declaration order): jsonb keeps no order or
    # spacing. The optimistic appends and the locked path's alike.
    (commander,) = await processes(1)
    campaign_id, created = await commander.create_campaign(CreateCampaign(name="Rows", ruleset="deathwatch"))
    assert created.token is not None
    hashed = token_hash(created.token)
    store = commander.store
    texts = ["zü \u2028 \"q\" \\", "two \U0001f600", "alone", "locked", "locked \u00e9", "locked too", "token",
             "token \u00e9", "token too"]
    metas = [EventMeta(actor="gm", role="gm", command_id=f"c-{n}", command_type="gm_note",
                       command={"type": "gm_note", "text": text}) for n, text in enumerate(texts)]
    notes = [GmNoted(text=text) for text in texts]
    two = await store.append_if_head(await store.head(campaign_id), notes[:2], metas[:2], "two")
    one = await store.append_if_head(await store.head(campaign_id), notes[2:3], metas[2:3], None)
    assert two is not None and one is not None
    async with store.write(campaign_id) as writer:
        locked = await writer.append(notes[3:4], metas[3:4], "locked")
        locked += await writer.append(notes[4:6], metas[4:6], None)
    checked, _ = await store.append_if_head_and_token(await store.head(campaign_id), notes[6:7], metas[6:7], "t",
                                                      hashed)
    more, _ = await store.append_if_head_and_token(await store.head(campaign_id), notes[7:], metas[7:], None, hashed)
    assert checked is not None and more is not None
    written = two + one + locked + checked + more
    assert [e.seq for e in written] == list(range(4, 13))
    assert [e.idempotency_key for e in written] == ["two", None, None, "locked", None, None, "t", None, None]
    rows = await check_log(commander, campaign_id)
    assert [(r.seq, r.data, r.meta, r.recorded_at, r.hash) for r in rows[3:]] == [
        (e.seq, e.data, e.meta, e.recorded_at, e.hash) for e in written]
    async with store.pool.acquire() as connection:
        for event in written:
            stored = await connection.fetchrow(
                "SELECT data::text, meta::text FROM events WHERE campaign_id = $1::uuid AND seq = $2",
                campaign_id, event.seq)
            before = await connection.fetchrow("SELECT $1::jsonb::text, $2::jsonb::text",
                                               msgspec.json.encode(event.data).decode(),
                                               msgspec.json.encode(event.meta).decode())
            assert tuple(stored) == tuple(before)
