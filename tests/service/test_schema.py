"""Migrations build the expected schema, refuse an edited file, and serialise concurrent runners."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import asyncpg
import pytest

from service.migrations import MIGRATIONS_DIR, MigrationError, discover, migrate


async def test_migrations_build_the_expected_schema(database_url: str) -> None:
    connection = await asyncpg.connect(database_url)
    try:
        tables = {r[0] for r in await connection.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        )}
        columns = [r[0] for r in await connection.fetch(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'events' ORDER BY ordinal_position"
        )]
        triggers = {r[0] for r in await connection.fetch(
            "SELECT tgname FROM pg_trigger WHERE tgrelid = 'events'::regclass AND NOT tgisinternal"
        )}
        applied = [r[0] for r in await connection.fetch("SELECT name FROM schema_migrations ORDER BY version")]
    finally:
        await connection.close()
    assert {"campaigns", "events", "dice_epochs", "access_tokens", "schema_migrations"} <= tables
    assert columns == [
        "campaign_id", "seq", "global_position", "type", "schema_version", "data", "meta",
        "idempotency_key", "recorded_at", "prev_hash", "hash", "xact_id",
    ]
    assert triggers == {"events_no_update_or_delete", "events_no_truncate"}
    assert applied == [m.name for m in discover()]


async def test_migrate_twice_applies_nothing_the_second_time(database_url: str) -> None:
    connection = await asyncpg.connect(database_url)
    try:
        assert await migrate(connection) == []
    finally:
        await connection.close()


async def test_an_edited_migration_is_refused(database_url: str, tmp_path: Path) -> None:
    edited = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS_DIR, edited)
    first = sorted(edited.glob("*.sql"))[0]
    first.write_text(first.read_text() + "\n-- edited after merge\n")
    connection = await asyncpg.connect(database_url)
    try:
        with pytest.raises(MigrationError, match="changed after it was applied"):
            await migrate(connection, edited)
    finally:
        await connection.close()


def test_migration_files_are_numbered_without_gaps(tmp_path: Path) -> None:
    (tmp_path / "0001_a.sql").write_text("SELECT 1;")
    (tmp_path / "0003_c.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError, match="expected migration number 0002"):
        discover(tmp_path)


async def test_two_runners_at_once_apply_each_migration_once(empty_database_url: str) -> None:
    first, second = await asyncpg.connect(empty_database_url), await asyncpg.connect(empty_database_url)
    try:
        applied = await asyncio.gather(migrate(first), migrate(second))
        assert sorted(applied, key=len) == [[], [m.name for m in discover()]]
        assert await first.fetchval("SELECT count(*) FROM schema_migrations") == len(discover())
    finally:
        await first.close()
        await second.close()
