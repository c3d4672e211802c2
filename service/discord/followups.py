"""What is said after the interaction's HTTP answer: a deferred answer's content, and the messages beyond
the first when a reply is longer than one Discord message (docs/discord.md, "Answers").

Sent to Discord's webhook for the interaction (`/webhooks/{application}/{token}`): the interaction token
is a credential for 15 minutes, so httpx's request log (which prints every url at INFO) is raised to
WARNING for this client, and an error is logged without the url.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

import httpx

log = logging.getLogger("lexmechanic.discord")
# httpx logs "HTTP Request: POST <url>" at INFO: a follow-up's url holds the interaction token.
logging.getLogger("httpx").setLevel(logging.WARNING)

SECONDS = 10.0
# A finished reply's pending follow-ups are given this long when the service stops.
CLOSE_SECONDS = 5.0
EPHEMERAL = 64


def message(content: str, ephemeral: bool) -> dict[str, Any]:
    """One message: no mention of anyone is ever parsed, whatever the content says."""
    body: dict[str, Any] = {"content": content, "allowed_mentions": {"parse": []}}
    if ephemeral:
        body["flags"] = EPHEMERAL
    return body


class Followups:
    """The process's follow-up sender: one HTTP client, and the tasks still running (awaited at shutdown)."""

    def __init__(self, api_url: str) -> None:
        self.api_url = api_url.rstrip("/")
        self._http: httpx.AsyncClient | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def _client(self) -> httpx.AsyncClient:
        if self._http is None:
            self._http = httpx.AsyncClient(follow_redirects=False, trust_env=False, timeout=SECONDS)
        return self._http

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send(self, method: str, path: str, body: dict[str, Any]) -> bool:
        try:
            answer = await self._client().request(method, f"{self.api_url}{path}", json=body)
        except httpx.HTTPError as error:
            log.warning("Discord follow-up failed: %s", type(error).__name__)
            return False
        if not answer.is_success:
            log.warning("Discord follow-up answered HTTP %s", answer.status_code)
        return answer.is_success

    async def deliver(self, application_id: str, token: str, messages: list[str], ephemeral: bool,
                      deferred: bool) -> None:
        """A deferred answer's first message edits the "thinking…" original; every further one is posted."""
        hook = f"/webhooks/{application_id}/{token}"
        rest = messages
        if deferred:
            await self._send("PATCH", f"{hook}/messages/@original", message(messages[0], ephemeral))
            rest = messages[1:]
        for content in rest:
            # In order: each waits for the one before, so the channel shows them as the reply reads.
            await self._send("POST", hook, message(content, ephemeral))

    async def close(self) -> None:
        if self._tasks:
            _, late = await asyncio.wait(set(self._tasks), timeout=CLOSE_SECONDS)
            for task in late:
                task.cancel()
        if self._http is not None:
            await self._http.aclose()
