"""An append sends its NOTIFY only when a listener registered its campaign, or every campaign, in `live_listeners`
(migrations/0009, service/live.py): on real PostgreSQL, with raw listening connections, hubs of other
processes, the webhook worker's "every campaign" registration, killed listeners and the previous schema."""

from __future__ import annotations

import asyncio
import datetime as dt
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncpg
import msgspec
from litestar.testing import AsyncTestClient

from projections.recorded import EventMeta
from service import chain
from service.app import create_app
from service.database import create_pool
from service.live import CHANNEL, Hub, register
from service.migrations import MIGRATIONS_DIR, discover, migrate
from service.settings import Settings, WebhookSettings
from service.store import EventStore
from tests.service.conftest import Campaign
from tests.service.webhook_receiver import Receiver

ROWS_OF = "SELECT count(*) FROM live_listeners WHERE campaign_id IS NOT DISTINCT FROM $1::uuid"


class Heard:
    """A raw connection that LISTENs on the events' channel; it registers nothing unless told to."""

    def __init__(self, connection: asyncpg.Connection) -> None:
        self.connection = connection
        self.payloads: list[str] = []

    @classmethod
    async def open(cls, url: str) -> Heard:
        heard = cls(await asyncpg.connect(url))
        await heard.connection.add_listener(CHANNEL, lambda *args: heard.payloads.append(str(args[-1])))
        return heard


async def until(check: Callable[[], Any], seconds: float = 5) -> None:
    deadline = time.monotonic() + seconds
    while not await check():
        assert time.monotonic() < deadline, "timed out waiting"
        await asyncio.sleep(0.05)


async def settle() -> None:
    await asyncio.sleep(0.3)  # a NOTIFY is delivered at commit; this is ample for one to arrive


async def test_an_append_notifies_only_while_a_listener_is_registered_for_its_campaign(
    campaign: Campaign, client: AsyncTestClient[Any], app_database_url: str
) -> None:
    heard = await Heard.open(app_database_url)
    other = Campaign(client, (await client.post("/campaigns", json={"name": "Other", "ruleset": "deathwatch"})).json())
    hub = Hub(app_database_url)
    try:
        # Listening is not enough: nobody registered, so neither the locked path nor the one-statement append
        # (the second command, on the cached head) sends a NOTIFY.
        await campaign.ok({"type": "gm_note", "text": "nobody watches"})
        await campaign.ok({"type": "roll", "expression": "d100", "reason": "nobody watches"})
        await settle()
        assert heard.payloads == []

        async with hub.subscribe(campaign.id) as woken:
            assert await heard.connection.fetchval(ROWS_OF, campaign.id) == 1
            woken.clear()
            await campaign.ok({"type": "roll", "expression": "d100", "reason": "watched"})
            await asyncio.wait_for(woken.wait(), 5)
            await other.ok({"type": "roll", "expression": "d100", "reason": "another campaign, unwatched"})
            await settle()
            assert heard.payloads == [campaign.id]  # every listener of the channel hears it, registered or not

        # The last subscriber left: the row goes, and the appends are quiet again.
        await until(lambda: _no_rows(heard.connection, campaign.id))
        await campaign.ok({"type": "roll", "expression": "d100", "reason": "nobody watches again"})
        await settle()
        assert heard.payloads == [campaign.id]
    finally:
        await hub.close()
        await heard.connection.close()


async def _no_rows(connection: asyncpg.Connection, campaign_id: str | None) -> bool:
    return await connection.fetchval(ROWS_OF, campaign_id) == 0


async def test_a_registered_raw_connection_is_notified_and_a_share_link_revocation_too(
    campaign: Campaign, app_database_url: str
) -> None:
    heard = await Heard.open(app_database_url)
    try:
        await register(heard.connection, [campaign.id])
        await campaign.ok({"type": "gm_note", "text": "heard"})
        created = await campaign.client.post(f"/campaigns/{campaign.id}/share-links", headers=campaign.auth(),
                                             json={"label": "forum"})
        assert created.status_code == 201, created.text
        revoked = await campaign.client.delete(
            f"/campaigns/{campaign.id}/share-links/{created.json()['link_id']}", headers=campaign.auth())
        assert revoked.status_code in (200, 204), revoked.text
        await settle()
        assert heard.payloads == [campaign.id, campaign.id]  # the note, the revocation (docs/web.md)
    finally:
        await heard.connection.close()


async def test_a_hub_of_another_process_is_woken_by_this_ones_appends(
    campaign: Campaign, settings: Settings, app_database_url: str
) -> None:
    # Two apps on one database (two processes' Services and hubs): a reader of the second is woken by a
    # command the first one appends.
    async with AsyncTestClient(app=create_app(settings)) as second_client:
        second = Campaign(second_client, {"campaign_id": campaign.id, "gm_token": campaign.gm_token})
        hub = Hub(app_database_url)
        try:
            async with hub.subscribe(campaign.id) as woken:
                woken.clear()
                await second.ok({"type": "roll", "expression": "d100", "reason": "from the second process"})
                await asyncio.wait_for(woken.wait(), 5)
                woken.clear()
                await campaign.ok({"type": "roll", "expression": "d100", "reason": "from the first process"})
                await asyncio.wait_for(woken.wait(), 5)
        finally:
            await hub.close()


async def test_subscribing_waits_for_an_append_that_was_running_when_it_registered(
    campaign: Campaign, app_database_url: str
) -> None:
    """An append whose check for listeners ran before the registration, and which commits later, is in the
    subscriber's first read: the subscription is entered only once every transaction running at the
    registration has ended (service/live.py)."""
    pool = await create_pool(app_database_url, 1, 2)
    store = EventStore(pool)
    hub = Hub(app_database_url)
    head = (await store.head(campaign.id)).version
    try:
        async with store.write(campaign.id) as writer:
            meta = EventMeta(actor="gm", role="gm", command_id="held", command_type="gm_note")
            await writer.append([_note("appended before the registration, committed after")], [meta], None)
            entering = asyncio.create_task(_first_read(hub, store, campaign.id, head))
            await asyncio.sleep(0.5)
            assert not entering.done()  # still waiting for this transaction
        assert [e.seq for e in await asyncio.wait_for(entering, 5)] == [head + 1]
    finally:
        await hub.close()
        await pool.close()


def _note(text: str) -> Any:
    from domain.campaign.events import GmNoted

    return GmNoted(text=text)


async def _first_read(hub: Hub, store: EventStore, campaign_id: str, after: int) -> list[Any]:
    async with hub.subscribe(campaign_id):
        return await store.stored(campaign_id, after, after + 100, 100)


# A pause in an append after its statement's snapshot and before it writes anything (so before it holds a
# transaction id): a policy on the head row's update that sleeps for the connections that ask for it.
PAUSE = """
CREATE FUNCTION pause_if_asked() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('application_name') = 'paused append' THEN
        PERFORM pg_sleep(1);
    END IF;
    RETURN true;
END
$$;
ALTER TABLE campaigns ENABLE ROW LEVEL SECURITY;
CREATE POLICY every_row ON campaigns USING (true);
CREATE POLICY paused ON campaigns AS RESTRICTIVE FOR UPDATE USING (pause_if_asked());
"""
UNPAUSE = """
DROP POLICY paused ON campaigns;
DROP POLICY every_row ON campaigns;
ALTER TABLE campaigns DISABLE ROW LEVEL SECURITY;
DROP FUNCTION pause_if_asked();
"""


async def test_an_append_that_started_before_a_registration_and_wrote_after_it_notifies(
    campaign: Campaign, database_url: str, app_database_url: str
) -> None:
    """The append's statement began before the registration, so its own snapshot does not see the row; it wrote
    only after the subscriber's first read (which could not find it). The look for listeners reads with a
    snapshot of its own, taken after the append wrote (migrations/0009), so it sees the row and notifies."""
    owner = await asyncpg.connect(database_url)
    await owner.execute(PAUSE)
    pool = await asyncpg.create_pool(app_database_url, min_size=1, max_size=1,
                                     server_settings={"application_name": "paused append"})
    store = EventStore(pool)
    reading = await create_pool(app_database_url, 1, 1)
    hub = Hub(app_database_url)
    heard = await Heard.open(app_database_url)
    try:
        head = await EventStore(reading).head(campaign.id)
        meta = EventMeta(actor="gm", role="gm", command_id="paused", command_type="gm_note")
        appending = asyncio.create_task(store.append_if_head(head, [_note("began before, wrote after")], [meta],
                                                             None))
        await asyncio.sleep(0.3)  # its statement has begun, and sleeps before the head's update
        async with hub.subscribe(campaign.id) as woken:
            assert not appending.done()
            first_read = await EventStore(reading).stored(campaign.id, head.version, head.version + 10, 10)
            assert first_read == []
            woken.clear()
            stored = await asyncio.wait_for(appending, 5)
            assert stored is not None and [e.seq for e in stored] == [head.version + 1]
            await asyncio.wait_for(woken.wait(), 5)
        await settle()
        assert heard.payloads == [campaign.id]
    finally:
        await heard.connection.close()
        await hub.close()
        await pool.close()
        await reading.close()
        await owner.execute(UNPAUSE)
        await owner.close()


async def test_a_killed_listeners_rows_are_deleted_when_a_hub_connects(campaign: Campaign, app_database_url: str
                                                                        ) -> None:
    killed = await asyncpg.connect(app_database_url)
    alive = await asyncpg.connect(app_database_url)
    hub = Hub(app_database_url)
    try:
        await register(killed, [campaign.id, None])
        await register(alive, [campaign.id])
        # A pid the server gave a new backend after the one that registered died: named by its start time too.
        alive_pid = await alive.fetchval("SELECT pg_backend_pid()")
        await alive.execute("INSERT INTO live_listeners (campaign_id, backend_pid, backend_start) "
                            "VALUES ($1, $2, $3)", None, alive_pid, dt.datetime(2000, 1, 1, tzinfo=dt.UTC))
        await killed.close()  # the process died without unregistering
        assert await alive.fetchval("SELECT count(*) FROM live_listeners") == 4
        async with hub.subscribe("00000000-0000-4000-8000-000000000000"):
            left = await alive.fetch("SELECT campaign_id::text, backend_pid FROM live_listeners "
                                     "ORDER BY backend_pid = $1 DESC", alive_pid)
        assert [(r["campaign_id"], r["backend_pid"]) for r in left][0] == (campaign.id, alive_pid)
        assert len(left) == 2  # the living connection's row and the hub's own; no "every campaign" row
        assert all(r["campaign_id"] is not None for r in left)
    finally:
        await hub.close()
        await alive.close()


async def test_a_closed_hub_leaves_no_row(app_database_url: str, campaign: Campaign) -> None:
    hub = Hub(app_database_url)
    watcher = await asyncpg.connect(app_database_url)
    try:
        async with hub.subscribe(campaign.id):
            with hub.subscribe_all():
                await until(lambda: _rows(watcher, 2))
                await hub.close()
        assert await watcher.fetchval("SELECT count(*) FROM live_listeners") == 0
    finally:
        await hub.close()
        await watcher.close()


async def _rows(connection: asyncpg.Connection, count: int) -> bool:
    return await connection.fetchval("SELECT count(*) FROM live_listeners") == count


async def test_the_webhook_worker_of_another_process_is_woken_by_its_subscribed_campaigns_appends_only(
    settings: Settings, app_database_url: str
) -> None:
    """The worker registers the campaigns that have a live subscription once one exists; with a poll of a
    minute, only the NOTIFY can bring the delivery within seconds. Other campaigns' appends stay quiet."""
    slow = msgspec.structs.replace(settings, webhooks=WebhookSettings(allow_private=True, poll_seconds=60))
    receiver = Receiver()
    receiver.start()
    try:
        async with AsyncTestClient(app=create_app(slow)) as first:
            created = (await first.post("/campaigns", json={"name": "Hooks", "ruleset": "deathwatch"})).json()
            campaign = Campaign(first, created)
            quiet = Campaign(first, (await first.post("/campaigns", json={"name": "Quiet",
                                                                           "ruleset": "deathwatch"})).json())
            hooked = await first.post(f"/campaigns/{campaign.id}/webhooks", headers=campaign.auth(),
                                      json={"url": receiver.url, "kinds": ["posts"], "format": "json"})
            assert hooked.status_code == 201, hooked.text
            # The first app's worker found no subscription at its start: it sleeps its minute, unregistered.
            async with AsyncTestClient(app=create_app(slow)):
                heard = await Heard.open(app_database_url)
                try:
                    await until(lambda: _rows_of(heard.connection, campaign.id, 1))
                    assert await heard.connection.fetchval("SELECT count(*) FROM live_listeners") == 1
                    await quiet.ok({"type": "roll", "expression": "d100", "reason": "no hook here"})
                    await campaign.ok({"type": "roll", "expression": "d100", "reason": "for the hook",
                                       "post": {"id": "hooked-1"}})
                    deadline = time.monotonic() + 10
                    while not receiver.seqs():
                        assert time.monotonic() < deadline, "the worker was not woken"
                        await asyncio.sleep(0.05)
                    assert heard.payloads == [campaign.id]
                finally:
                    await heard.connection.close()
    finally:
        receiver.stop()


async def _rows_of(connection: asyncpg.Connection, campaign_id: str, count: int) -> bool:
    return await connection.fetchval(ROWS_OF, campaign_id) == count


async def test_migration_0009_applies_on_a_database_at_0008(empty_database_url: str, tmp_path: Path) -> None:
    previous = tmp_path / "migrations"
    previous.mkdir()
    for migration in discover()[:8]:
        shutil.copy(Path(str(MIGRATIONS_DIR / migration.name)), previous / migration.name)
    connection = await asyncpg.connect(empty_database_url)
    try:
        assert len(await migrate(connection, previous)) == 8
        await connection.execute("INSERT INTO campaigns (campaign_id, ruleset, version, head_hash) "
                                 "VALUES ('00000000-0000-4000-8000-000000000001', 'deathwatch', 0, $1)", chain.GENESIS)
        assert await migrate(connection) == ["0009_live_listeners.sql"]
        grants = await connection.fetchrow("""
            SELECT has_table_privilege('lexmechanic_app', 'live_listeners', 'INSERT') AS insert_rows,
                   has_table_privilege('lexmechanic_app', 'live_listeners', 'DELETE') AS delete_rows,
                   has_table_privilege('lexmechanic_app', 'live_listeners', 'UPDATE') AS update_rows,
                   has_function_privilege('lexmechanic_app', 'notify_live_listeners(uuid)', 'EXECUTE') AS wake,
                   has_function_privilege('public', 'notify_live_listeners(uuid)', 'EXECUTE') AS anyone,
                   has_table_privilege('lexmechanic_app', 'events', 'UPDATE') AS rewrite_events,
                   has_table_privilege('lexmechanic_app', 'events', 'DELETE') AS delete_events""")
        assert dict(grants) == {"insert_rows": True, "delete_rows": True, "update_rows": False, "wake": True,
                                "anyone": False, "rewrite_events": False, "delete_events": False}
    finally:
        await connection.close()
