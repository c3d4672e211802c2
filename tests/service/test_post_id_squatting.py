"""A post id is its author's: another participant recording a post under it first blocks nobody (issue 18, 16).

The attack: forum post ids are predictable (the next one is the last one plus one). A player records a post
under the id the GM's next forum post will have; when the GM's post arrives, it used to be refused as an
"edited post" (409). Now each participant's post ids are their own: the GM's post is recorded as the GM's,
the answer says who else holds that id (in the post's language), and both posts' retries still replay.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import asyncpg

from domain.campaign.commands import GmNote
from domain.campaign.decide import CreateCampaign
from domain.commands import Actor
from service.commanding import Commander, request_digest
from service.database import create_pool
from service.migrations import MIGRATIONS_DIR, migrate
from service.state_cache import StateCache
from service.store import EventStore
from tests.service.conftest import Campaign

GM = Actor("gm", "gm")

NEXT_POST = "1043"  # the id the GM's next forum post will have


async def _post(campaign: Campaign, text: str, token: str | None = None, post_id: str = NEXT_POST) -> Any:
    return await campaign.client.post(f"/campaigns/{campaign.id}/posts", headers=campaign.auth(token),
                                      json={"post": {"id": post_id}, "text": text})


async def test_a_post_id_squatted_by_a_player_does_not_block_the_gms_post(campaign: Campaign) -> None:
    player = await campaign.invite("Squatter", "player")
    player_id = (await campaign.get("/me", player)).json()["participant_id"]
    squat = await _post(campaign, "!roll d100 first!", player)
    assert squat.status_code == 201, squat.text
    assert squat.json()["post_id_shared"] is None  # nobody else held it then

    real = await _post(campaign, "The hive stirs.\n!roll 2d10 hive tremor")
    assert real.status_code == 201, real.text
    answer = real.json()
    assert [e["meta"]["actor"] for e in answer["events"]] == ["gm"]
    assert answer["events"][0]["idempotency_key"] == NEXT_POST  # the stored key is the post id, as before
    shared = answer["post_id_shared"]
    assert shared["participants"] == [{"participant_id": player_id, "name": "Squatter"}]
    assert player_id in shared["note"] and NEXT_POST in shared["note"] and "yours" in shared["note"]

    # Each author's retry replays its own post; the GM's edit of its own post is still an edited post.
    again = await _post(campaign, "The hive stirs.\n!roll 2d10 hive tremor")
    assert again.status_code == 200 and again.json() == {**answer, "replayed": True}
    squat_again = await _post(campaign, "!roll d100 first!", player)
    assert squat_again.status_code == 200
    assert squat_again.json()["events"] == squat.json()["events"]
    assert squat_again.json()["post_id_shared"]["participants"] == [{"participant_id": "gm", "name": "Game Master"}]
    edited = await _post(campaign, "The hive stirs.\n!roll 3d10 hive tremor")
    assert edited.status_code == 409 and edited.json()["idempotency_key"] == NEXT_POST

    # The log has both posts, each once, each under its author.
    events = (await campaign.get("/events")).json()["events"]
    keyed = [(e["meta"]["actor"], e["idempotency_key"]) for e in events if e["idempotency_key"] == NEXT_POST]
    assert keyed == [(player_id, NEXT_POST), ("gm", NEXT_POST)]


async def test_a_squatted_post_id_is_named_in_spanish_for_a_spanish_post(campaign: Campaign) -> None:
    player = await campaign.invite("Okupa", "player")
    assert (await _post(campaign, "!tirar d100 primero", player)).status_code == 201
    real = await _post(campaign, "!tirar 2d10 temblor")
    assert real.status_code == 201 and real.json()["lang"] == "es"
    note = real.json()["post_id_shared"]["note"]
    assert "tuyo" in note and NEXT_POST in note and "yours" not in note


async def test_a_command_key_squatted_by_a_player_does_not_block_the_gms_command(campaign: Campaign) -> None:
    """The single-command path: the key (Idempotency-Key, or post.id) is its sender's as well."""
    player = await campaign.invite("Squatter", "player")
    roll = {"type": "roll", "expression": "d100", "reason": "x", "post": {"id": NEXT_POST}}
    assert (await campaign.command(roll, player)).status_code == 201
    mine = await campaign.command({"type": "gm_note", "text": "the hive stirs", "post": {"id": NEXT_POST}})
    assert mine.status_code == 201, mine.text
    assert (await campaign.command(roll, player)).status_code == 200  # each retry replays its own
    again = await campaign.command({"type": "gm_note", "text": "the hive stirs", "post": {"id": NEXT_POST}})
    assert again.status_code == 200 and again.json() == {**mine.json(), "replayed": True}
    other = await campaign.command({"type": "gm_note", "text": "another body", "post": {"id": NEXT_POST}})
    assert other.status_code == 409  # the same sender's key with another body is still a conflict


_OLD_WAKE_UP = """
CREATE FUNCTION notify_live_listeners(campaign uuid) RETURNS void LANGUAGE sql VOLATILE
AS $$ SELECT pg_notify('lexmechanic_events', campaign::text) $$
"""


async def test_keys_stored_before_migration_0006_still_replay_after_it(empty_database_url: str, tmp_path: Path) -> None:
    """Events already stored keep their keys: a retry sent after the upgrade answers the original."""
    before = tmp_path / "migrations"
    before.mkdir()
    for migration in sorted(MIGRATIONS_DIR.iterdir(), key=lambda m: m.name):
        if migration.name.endswith(".sql") and migration.name < "0006":
            (before / migration.name).write_text(migration.read_text())
    connection = await asyncpg.connect(empty_database_url)
    try:
        assert (await migrate(connection, before))[-1].startswith("0005")
        # Today's appends call migration 0009's wake-up; the process of before 0006 sent its NOTIFY itself. A
        # stand-in for the old process's statements, gone before the upgrade (0009 creates the real one).
        await connection.execute(_OLD_WAKE_UP)
        pool = await create_pool(empty_database_url, 1, 4)
        store = EventStore(pool)
        old = Commander(store, StateCache(store))
        campaign_id, _ = await old.create_campaign(CreateCampaign(name="Old", ruleset="deathwatch"))
        command = GmNote(text="recorded before the upgrade")
        first = await old.execute(campaign_id, GM, command, "p900", request_digest(command))
        await connection.execute("DROP FUNCTION notify_live_listeners(uuid)")
        # The upgrade is 0006 (later migrations follow it; their tables are not in this test's way).
        assert (await migrate(connection))[:1] == ["0006_idempotency_key_per_participant.sql"]
        new = Commander(store, StateCache(store))  # a process started after the upgrade
        retried = await new.execute(campaign_id, GM, command, "p900", request_digest(command))
        assert retried.replayed and retried.events == first.events
        theirs = await new.execute(campaign_id, Actor("p-x", "gm"), command, "p900", request_digest(command))
        assert not theirs.replayed and theirs.events[0].idempotency_key == "p900"
        await pool.close()
    finally:
        await connection.close()
