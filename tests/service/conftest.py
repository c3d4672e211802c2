"""An app and a client per test, on the test's own database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import msgspec
import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.database import APP_ROLE, with_user
from service.settings import Settings


@pytest.fixture
def app_database_url(database_url: str) -> str:
    """The test's database reached as the service's own least-privileged role (migrations/0003)."""
    return with_user(database_url, APP_ROLE)


@pytest.fixture
def settings(app_database_url: str) -> Settings:
    return Settings(database_url=app_database_url, pool_min=1, pool_max=4)


@pytest.fixture
async def client(settings: Settings) -> AsyncIterator[AsyncTestClient[Any]]:
    async with AsyncTestClient(app=create_app(settings)) as test_client:
        yield test_client


ADMIN_TOKEN = "the-instance-admin-token"


@pytest.fixture
async def admin_client(settings: Settings) -> AsyncIterator[AsyncTestClient[Any]]:
    """The same database served by an instance with an admin token, which it sends: the global feed's reader."""
    guarded = msgspec.structs.replace(settings, admin_token=ADMIN_TOKEN)
    async with AsyncTestClient(app=create_app(guarded)) as test_client:
        test_client.headers["Authorization"] = f"Bearer {ADMIN_TOKEN}"
        yield test_client


class Campaign:
    """A campaign created through the API, with helpers that send commands as one participant."""

    def __init__(self, client: AsyncTestClient[Any], body: dict[str, Any]) -> None:
        self.client = client
        self.id: str = body["campaign_id"]
        self.gm_token: str = body["gm_token"]

    def auth(self, token: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token or self.gm_token}"}

    async def command(self, body: dict[str, Any], token: str | None = None, **headers: str) -> httpx.Response:
        return await self.client.post(
            f"/campaigns/{self.id}/commands", json=body, headers={**self.auth(token), **headers}
        )

    async def ok(self, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
        response = await self.command(body, token)
        assert response.status_code == 201, response.text
        result: dict[str, Any] = response.json()
        return result

    async def invite(self, name: str, role: str) -> str:
        response = await self.client.post(
            f"/campaigns/{self.id}/participants", json={"name": name, "role": role}, headers=self.auth()
        )
        assert response.status_code == 201, response.text
        token: str = response.json()["token"]
        return token

    async def get(self, path: str, token: str | None = None) -> httpx.Response:
        return await self.client.get(f"/campaigns/{self.id}{path}", headers=self.auth(token))


@pytest.fixture
async def campaign(client: AsyncTestClient[Any]) -> Campaign:
    response = await client.post("/campaigns", json={"name": "Kill Team Aurelius", "ruleset": "deathwatch"})
    assert response.status_code == 201, response.text
    return Campaign(client, response.json())


@pytest.fixture
def new_campaign(client: AsyncTestClient[Any]) -> Any:
    """Create a campaign of any ruleset through the API: `await new_campaign("only_war", {"charge_bonus": 20})`."""

    async def create(ruleset: str, options: dict[str, Any] | None = None, name: str = "Campaign") -> Campaign:
        response = await client.post("/campaigns", json={"name": name, "ruleset": ruleset, "options": options or {}})
        assert response.status_code == 201, response.text
        return Campaign(client, response.json())

    return create
