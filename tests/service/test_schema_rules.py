"""The schema keeps the rules that let it be distributed by campaign_id (docs/scaling.md), on the migrated database.

Every table holds campaign data keyed by `campaign_id uuid NOT NULL`; its primary key, every unique index
and every foreign key include `campaign_id`, so each is enforced inside one campaign's shard. Only the
tables in EXCEPTIONS (documented in docs/scaling.md) are not campaign data.
"""

from __future__ import annotations

from pathlib import Path

import asyncpg

DOCS = Path(__file__).resolve().parents[2] / "docs" / "scaling.md"
EXCEPTIONS = {
    "schema_migrations": "the migration runner's ledger: one per database, no campaign data; stays a local "
    "table on the Citus coordinator",
    "discord_channels": "a Discord channel's binding, keyed by the channel alone (an interaction names no "
    "campaign): a Citus reference table",
    "discord_interactions": "the Discord interaction ids of the last minutes (replays refused), no campaign: "
    "a local table on the coordinator",
    "live_listeners": "which listening connections (backends of the coordinator) want which campaign's wake-ups, "
    "NULL for every campaign: a local table on the coordinator",
}

TABLES = """
SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname
"""
CAMPAIGN_COLUMN = """
SELECT format_type(a.atttypid, a.atttypmod), a.attnotnull FROM pg_attribute a
 WHERE a.attrelid = $1 AND a.attname = 'campaign_id' AND NOT a.attisdropped
"""
# Key columns only (not INCLUDE columns); an expression column has attnum 0 and so no name here.
UNIQUE_INDEXES = """
SELECT i.relname AS index_name, x.indisprimary AS is_primary,
       ARRAY(SELECT a.attname FROM unnest(x.indkey[0:x.indnkeyatts - 1]) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
              ORDER BY k.ord)::text[] AS columns
  FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
 WHERE x.indrelid = $1 AND x.indisunique
"""
FOREIGN_KEYS = """
SELECT con.conname,
       ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[]
           AS columns,
       ARRAY(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[]
           AS referenced
  FROM pg_constraint con WHERE con.conrelid = $1 AND con.contype = 'f'
"""


async def _violations(connection: asyncpg.Connection) -> list[str]:
    found: list[str] = []
    for table in await connection.fetch(TABLES):
        name, oid = table["relname"], table["oid"]
        if name in EXCEPTIONS:
            continue
        column = await connection.fetchrow(CAMPAIGN_COLUMN, oid)
        if column is None or column[0] != "uuid" or not column[1]:
            found.append(f"{name}: no campaign_id uuid NOT NULL column")
            continue
        indexes = await connection.fetch(UNIQUE_INDEXES, oid)
        if not any(index["is_primary"] for index in indexes):
            found.append(f"{name}: no primary key")
        for index in indexes:
            if "campaign_id" not in index["columns"]:
                kind = "primary key" if index["is_primary"] else "unique index"
                found.append(f"{name}: {kind} {index['index_name']} ({', '.join(index['columns'])}) "
                             "does not include campaign_id")
        for key in await connection.fetch(FOREIGN_KEYS, oid):
            pairs = list(zip(key["columns"], key["referenced"], strict=True))
            if ("campaign_id", "campaign_id") not in pairs:
                found.append(f"{name}: foreign key {key['conname']} does not join on campaign_id")
    return found


async def test_schema_every_key_includes_campaign_id(database_url: str) -> None:
    connection = await asyncpg.connect(database_url)
    try:
        violations = await _violations(connection)
        tables = {row["relname"] for row in await connection.fetch(TABLES)}
    finally:
        await connection.close()
    assert violations == []
    assert set(EXCEPTIONS) <= tables, "an exception names a table that no longer exists: drop it here and in the docs"


async def test_schema_rules_catch_a_key_without_campaign_id(database_url: str) -> None:
    connection = await asyncpg.connect(database_url)
    try:
        trying = connection.transaction()
        await trying.start()
        try:
            await connection.execute("CREATE TABLE shared_handles (handle text PRIMARY KEY, campaign_id uuid NOT NULL "
                                     "REFERENCES campaigns (campaign_id))")
            await connection.execute("CREATE UNIQUE INDEX events_by_hash ON events (hash)")
            violations = await _violations(connection)
        finally:
            await trying.rollback()
    finally:
        await connection.close()
    assert violations == [
        "events: unique index events_by_hash (hash) does not include campaign_id",
        "shared_handles: primary key shared_handles_pkey (handle) does not include campaign_id",
    ]


def test_schema_exceptions_are_documented() -> None:
    text = DOCS.read_text()
    for table in EXCEPTIONS:
        assert f"`{table}`" in text, f"docs/scaling.md does not explain why {table} is an exception"
