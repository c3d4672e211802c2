"""The migration runner: applies migrations/NNNN_*.sql in order, once each, under an advisory lock.

The files are package data of the `migrations` package, found through importlib.resources, so an
installed wheel finds them as a checkout does. It records each file's sha256 and refuses to start when an
applied file has changed since: migrations are forward-only and never edited once merged. Finding no
migration file at all is an error, never "up to date".
"""

from __future__ import annotations

import hashlib
import re
from importlib.resources import files
from importlib.resources.abc import Traversable

import asyncpg
import msgspec

MIGRATIONS_DIR: Traversable = files("migrations")
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
# Any constant shared by every instance; two instances starting together apply migrations one at a time.
_ADVISORY_LOCK = 0x4C65786D  # "Lexm"

CREATE_LEDGER = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version     integer PRIMARY KEY,
    name        text NOT NULL,
    checksum    text NOT NULL,
    applied_at  timestamptz NOT NULL DEFAULT now()
)
"""
SELECT_APPLIED = "SELECT version, name, checksum FROM schema_migrations ORDER BY version"
INSERT_APPLIED = "INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)"


class MigrationError(Exception):
    """The migrations on disk and those applied to the database disagree."""


class Migration(msgspec.Struct, frozen=True):
    version: int
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()


def discover(directory: Traversable = MIGRATIONS_DIR) -> list[Migration]:
    """The migration files in version order; none at all, a gap or a duplicate number is an error."""
    found: list[Migration] = []
    for path in sorted((p for p in directory.iterdir() if p.name.endswith(".sql")), key=lambda p: p.name):
        match = _NAME.match(path.name)
        if match is None:
            raise MigrationError(f"{path.name}: migration files are named NNNN_description.sql")
        found.append(Migration(version=int(match.group(1)), name=path.name, sql=path.read_text()))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise MigrationError(f"{migration.name}: expected migration number {expected:04d}")
    if not found:
        raise MigrationError(f"no migration files (NNNN_description.sql) in {directory}: the package is incomplete")
    return found


async def migrate(connection: asyncpg.Connection, directory: Traversable = MIGRATIONS_DIR) -> list[str]:
    """Apply what is missing, each file in its own transaction; answer the names applied now."""
    migrations = discover(directory)
    await connection.execute("SELECT pg_advisory_lock($1)", _ADVISORY_LOCK)
    try:
        await connection.execute(CREATE_LEDGER)
        applied = {row["version"]: row for row in await connection.fetch(SELECT_APPLIED)}
        for version, row in applied.items():
            on_disk = next((m for m in migrations if m.version == version), None)
            if on_disk is None:
                raise MigrationError(f"migration {row['name']} is applied but missing on disk")
            if on_disk.checksum != row["checksum"]:
                raise MigrationError(
                    f"{on_disk.name} changed after it was applied; write a new migration instead of editing it"
                )
        done: list[str] = []
        for migration in migrations:
            if migration.version in applied:
                continue
            async with connection.transaction():
                await connection.execute(migration.sql)
                await connection.execute(INSERT_APPLIED, migration.version, migration.name, migration.checksum)
            done.append(migration.name)
        return done
    finally:
        await connection.execute("SELECT pg_advisory_unlock($1)", _ADVISORY_LOCK)
