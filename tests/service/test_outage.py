"""A database outage is a 503 problem with Retry-After, for commands and reads alike, never a 500."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import asyncpg

from service.database import APP_ROLE


async def cut_off(database_url: str, allow: bool) -> None:
    """Refuse (or allow again) the service role's connections to this database, ending those it holds."""
    name = urlsplit(database_url).path.lstrip("/")
    owner = await asyncpg.connect(database_url)
    try:
        if allow:
            await owner.execute(f'ALTER DATABASE "{name}" CONNECTION LIMIT -1')
        else:
            await owner.execute(f'ALTER DATABASE "{name}" CONNECTION LIMIT 0')
            await owner.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND usename = $2",
                name, APP_ROLE,
            )
    finally:
        await owner.close()


async def test_an_outage_answers_503_with_retry_after_and_the_service_recovers(
    campaign: Any, database_url: str
) -> None:
    await campaign.ok({"type": "gm_note", "text": "before the outage"})
    await cut_off(database_url, allow=False)
    try:
        answers = [
            await campaign.command({"type": "roll", "expression": "d100", "reason": "during the outage"}),
            await campaign.command({"type": "gm_note", "text": "again"}),
            await campaign.get(""),
            await campaign.get("/events"),
            await campaign.get("/verify"),
            await campaign.client.post("/campaigns", json={"name": "New", "ruleset": "deathwatch"}),
        ]
        for response in answers:
            assert response.status_code == 503, response.text
            assert response.headers["content-type"].startswith("application/problem+json")
            assert response.headers["retry-after"] == "5"
            assert response.json()["type"] == "urn:lexmechanic:problem:service-unavailable"
        health = await campaign.client.get("/health")
        assert health.status_code == 503
    finally:
        await cut_off(database_url, allow=True)
    answer = await campaign.ok({"type": "gm_note", "text": "after the outage"})
    assert answer["version"] == 5  # nothing was written while the database was away
