"""Least privilege: the service's role can read and append history, and no way of changing it is open to it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from service.database import APP_ROLE, privilege_warning, with_user

DOC = Path(__file__).resolve().parents[2] / "docs" / "event-store.md"
REFUSED = {
    "UPDATE events SET type = 'x'": "permission denied for table events",
    "DELETE FROM events": "permission denied for table events",
    "TRUNCATE events": "permission denied for table events",
    "ALTER TABLE events DISABLE TRIGGER events_no_update_or_delete": "must be owner of table events",
    "ALTER TABLE events DISABLE TRIGGER ALL": "must be owner of table events",
    "SET session_replication_role = replica": 'permission denied to set parameter "session_replication_role"',
    "SET LOCAL session_replication_role = replica": 'permission denied to set parameter "session_replication_role"',
    "DROP TABLE events": "must be owner of table events",
    "UPDATE campaigns SET ruleset = 'x'": "permission denied for table campaigns",
    "DELETE FROM campaigns": "permission denied for table campaigns",
    "UPDATE dice_epochs SET seed = seed": "permission denied for table dice_epochs",
    "DELETE FROM schema_migrations": "permission denied for table schema_migrations",
    "CREATE TABLE shadow (x int)": "permission denied for schema public",
}


def documented_grants() -> set[tuple[str, str, str | None]]:
    """(table, privilege, column or None) for every GRANT in the docs' roles block."""
    block = DOC.read_text().split("## Roles", 1)[1]
    found: set[tuple[str, str, str | None]] = set()
    for privileges, table in re.findall(r"^GRANT (.+?) ON (\w+) TO lexmechanic_app;$", block, re.M):
        for privilege in re.findall(r"(SELECT|INSERT|UPDATE|DELETE)(?: \(([^)]*)\))?", privileges):
            columns = [c.strip() for c in privilege[1].split(",")] if privilege[1] else [None]
            found |= {(table, privilege[0], column) for column in columns}
    return found


async def granted(connection: asyncpg.Connection) -> set[tuple[str, str, str | None]]:
    tables = await connection.fetch(
        "SELECT table_name, privilege_type FROM information_schema.role_table_grants WHERE grantee = $1", APP_ROLE
    )
    columns = await connection.fetch(
        """SELECT table_name, privilege_type, column_name FROM information_schema.column_privileges c
            WHERE grantee = $1 AND NOT EXISTS (SELECT FROM information_schema.role_table_grants t
                   WHERE t.grantee = c.grantee AND t.table_name = c.table_name AND t.privilege_type = c.privilege_type)""",
        APP_ROLE,
    )
    return {(r[0], r[1], None) for r in tables} | {(r[0], r[1], r[2]) for r in columns}


async def test_the_service_role_holds_exactly_the_documented_grants(database_url: str) -> None:
    owner = await asyncpg.connect(database_url)
    try:
        assert await granted(owner) == documented_grants()
        role = await owner.fetchrow("SELECT rolsuper, rolcreaterole, rolbypassrls FROM pg_roles WHERE rolname = $1", APP_ROLE)
        assert tuple(role) == (False, False, False)
        owned = await owner.fetchval("SELECT count(*) FROM pg_tables WHERE tableowner = $1", APP_ROLE)
        assert owned == 0
    finally:
        await owner.close()


@pytest.mark.parametrize("statement", sorted(REFUSED))
async def test_the_service_role_is_refused_every_way_of_changing_history(
    campaign: Any, app_database_url: str, statement: str
) -> None:
    await campaign.ok({"type": "gm_note", "text": "this stays"})
    app = await asyncpg.connect(app_database_url)
    try:
        assert await app.fetchval("SELECT current_user") == APP_ROLE
        async with app.transaction():
            with pytest.raises(asyncpg.InsufficientPrivilegeError) as refused:
                await app.execute(statement)
        # Refused by the permission system, before any trigger could run.
        assert REFUSED[statement] in str(refused.value)
        assert "append-only" not in str(refused.value)
    finally:
        await app.close()
    assert (await campaign.get("/verify")).json()["ok"] is True


async def test_the_service_role_appends_and_reads(campaign: Any) -> None:
    # The suite's app runs as the service role (tests/service/conftest.py): every command test proves
    # the grants suffice; this one names it.
    answer = await campaign.ok({"type": "roll", "expression": "d100", "reason": "as lexmechanic_app"})
    assert answer["version"] == 4 and (await campaign.get("/events")).status_code == 200


async def test_serve_warns_when_its_role_could_change_history(database_url: str, app_database_url: str) -> None:
    assert await privilege_warning(app_database_url) is None
    warning = await privilege_warning(database_url)
    assert warning is not None and "may change or remove events" in warning and APP_ROLE in warning


def test_the_embedded_default_serves_as_the_service_role(monkeypatch: Any, server_url: str) -> None:
    import service.database
    from service.cli import _database_urls

    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setattr(service.database, "start_embedded", lambda data_dir: server_url)
    owner, app = _database_urls(announce=False)
    assert owner == server_url and app == with_user(server_url, APP_ROLE)


def test_a_migration_url_is_used_for_migrations_only(monkeypatch: Any) -> None:
    from service.cli import _database_urls

    monkeypatch.setenv("DATABASE_URL", "postgresql://lexmechanic_app@db/lexmechanic")
    monkeypatch.setenv("LEXMECHANIC_MIGRATION_URL", "postgresql://owner@db/lexmechanic")
    assert _database_urls(announce=False) == ("postgresql://owner@db/lexmechanic", "postgresql://lexmechanic_app@db/lexmechanic")
