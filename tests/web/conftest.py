"""The web pages in a real browser: the app under uvicorn on a free port, Debian's Chromium through Playwright.

Each test gets its own database (tests/conftest.py) and its own server; the browser is started once per
session. Screenshots go to LEXMECHANIC_SCREENSHOTS (default /work/screenshots when it can be made, else a
temporary directory), never into the repository.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from service.app import create_app
from service.database import APP_ROLE, with_user
from service.settings import Settings

HOST = "127.0.0.1"
CHROMIUM = os.environ.get("LEXMECHANIC_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
# Without the background-networking switches Chromium dials out at start, which a closed network refuses.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def screenshot_dir() -> Path:
    given = os.environ.get("LEXMECHANIC_SCREENSHOTS")
    for candidate in ([Path(given)] if given else []) + [Path("/work/screenshots")]:
        try:
            candidate.mkdir(parents=True, exist_ok=True)
            return candidate
        except OSError:
            continue
    return Path(tempfile.mkdtemp(prefix="lexmechanic-screenshots-"))


class Served:
    """The running app: its base URL, an HTTP client, and helpers that act as the GM or a player."""

    def __init__(self, base: str, client: httpx.AsyncClient) -> None:
        self.base = base
        self.client = client

    async def create(self, ruleset: str, name: str = "Kill Team Aurelius") -> Campaign:
        response = await self.client.post("/campaigns", json={"name": name, "ruleset": ruleset})
        assert response.status_code == 201, response.text
        return Campaign(self, response.json())


class Campaign:
    def __init__(self, served: Served, body: dict[str, Any]) -> None:
        self.served = served
        self.id: str = body["campaign_id"]
        self.gm_token: str = body["gm_token"]
        self.tokens: dict[str, str] = {"gm": self.gm_token}
        self.participants: dict[str, str] = {}

    def auth(self, who: str = "gm") -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[who]}"}

    async def invite(self, name: str, role: str = "player") -> str:
        response = await self.served.client.post(
            f"/campaigns/{self.id}/participants", json={"name": name, "role": role}, headers=self.auth()
        )
        assert response.status_code == 201, response.text
        self.tokens[name] = response.json()["token"]
        self.participants[name] = response.json()["participant_id"]
        return self.participants[name]

    async def ok(self, body: dict[str, Any], who: str = "gm") -> dict[str, Any]:
        response = await self.served.client.post(f"/campaigns/{self.id}/commands", json=body, headers=self.auth(who))
        assert response.status_code == 201, response.text
        answer: dict[str, Any] = response.json()
        return answer

    async def get(self, path: str, who: str = "gm") -> Any:
        response = await self.served.client.get(f"/campaigns/{self.id}{path}", headers=self.auth(who))
        assert response.status_code == 200, response.text
        return response.json()

    async def events(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        after = 0
        while True:
            page = await self.get(f"/events?after_seq={after}&limit=1000")
            found.extend(page["events"])
            if not page["events"]:
                return found
            after = page["next_after_seq"]

    async def share(self) -> str:
        response = await self.served.client.post(f"/campaigns/{self.id}/share-links", headers=self.auth())
        assert response.status_code == 201, response.text
        key: str = response.json()["key"]
        return key

    @property
    def ui(self) -> str:
        return f"{self.served.base}/ui/campaigns/{self.id}"


@pytest.fixture
async def served(database_url: str) -> AsyncIterator[Served]:
    """The app under uvicorn (the production server) on a free port, on the test's own database."""
    async with serving(web_settings(database_url)) as running:
        yield running


def web_settings(database_url: str) -> Settings:
    return Settings(database_url=with_user(database_url, APP_ROLE), pool_min=1, pool_max=6)


@asynccontextmanager
async def serving(settings: Settings) -> AsyncIterator[Served]:
    """create_app(settings) under uvicorn on a free port until the block ends."""
    port = _free_port()
    config = uvicorn.Config(create_app(settings), host=HOST, port=port, lifespan="on", log_level="warning",
                            access_log=False)
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    base = f"http://{HOST}:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        for _ in range(200):
            if server.started:
                break
            await asyncio.sleep(0.05)
        assert server.started, "uvicorn did not start"
        yield Served(base, client)
    server.should_exit = True
    await asyncio.wait_for(task, 15)


@pytest.fixture(scope="session")
async def browser() -> AsyncIterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: .ci/run installs Debian's chromium package")
    from playwright.async_api import async_playwright

    playwright = await async_playwright().start()
    launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    yield launched
    await launched.close()
    await playwright.stop()


@pytest.fixture
async def context(browser: Any) -> AsyncIterator[Any]:
    """A fresh browser profile (no cookies) at desktop size."""
    made = await browser.new_context(viewport=DESKTOP, locale="en-GB")
    yield made
    await made.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    return screenshot_dir()


async def until(page: Any, expression: str, arg: Any = None, timeout: float = 15.0) -> Any:
    """Wait until a JavaScript expression (or a one-argument arrow function given `arg`) is truthy in the page.

    Polled from here with `page.evaluate`, not with Playwright's `wait_for_function`: the pages' CSP
    (script-src 'self') refuses the eval its in-page polling needs, which failed now and then when the first
    check was false (a page still signing in or connecting its stream)."""
    import asyncio
    import time

    deadline = time.monotonic() + timeout
    while True:
        try:
            found = await (page.evaluate(expression, arg) if arg is not None else page.evaluate(expression))
        except Exception as error:  # a navigation in between destroys the context: look again
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
            found = None
        if found:
            return found
        if time.monotonic() > deadline:
            raise TimeoutError(f"{expression!r} stayed false for {timeout:g} s")
        await asyncio.sleep(0.1)
