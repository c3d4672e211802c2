"""A `roll` with a token its process has seen the database accept is one statement: the append checks the token
(service/known_tokens.py, docs/event-store.md "Projections and the cache"). Whatever the memory holds, a token
revoked or rotated (by this process or another) is refused with the same 401 as before (docs/api.md), nothing
is appended and no die is recorded; the answer's links still carry the newest valid share key; and the memory
stays bounded."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from litestar.testing import AsyncTestClient

from service import queries
from service.api.services import services_of
from service.app import create_app
from service.known_tokens import CAPACITY, KnownTokens
from service.settings import Settings

from .conftest import Campaign
from .test_share_links import share

ROLL = {"type": "roll", "expression": "2d10", "reason": "one trip"}
# The service's own statements (not the webhook worker's polls, which share the pool).
CORE = {value: name for name, value in vars(queries).items() if isinstance(value, str) and name.isupper()}


class Recording:
    """The pool, recording the name of each service statement sent through it (and each connection taken)."""

    def __init__(self, pool: Any) -> None:
        self._pool = pool
        self.seen: list[str] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pool, name)

    def _note(self, statement: str) -> None:
        if statement in CORE:
            self.seen.append(CORE[statement])

    async def fetch(self, statement: str, *args: Any, **kwargs: Any) -> Any:
        self._note(statement)
        return await self._pool.fetch(statement, *args, **kwargs)

    async def fetch_kept(self, statement: str, *args: Any) -> Any:
        self._note(statement)
        return await self._pool.fetch_kept(statement, *args)

    async def fetchrow(self, statement: str, *args: Any, **kwargs: Any) -> Any:
        self._note(statement)
        return await self._pool.fetchrow(statement, *args, **kwargs)

    async def fetchval(self, statement: str, *args: Any, **kwargs: Any) -> Any:
        self._note(statement)
        return await self._pool.fetchval(statement, *args, **kwargs)

    async def execute(self, statement: str, *args: Any, **kwargs: Any) -> Any:
        self._note(statement)
        return await self._pool.execute(statement, *args, **kwargs)

    def acquire(self, *args: Any, **kwargs: Any) -> Any:
        self.seen.append("a transaction's connection")
        return self._pool.acquire(*args, **kwargs)


def recording(client: AsyncTestClient[Any]) -> Recording:
    store = services_of(client.app).store
    found = Recording(store.pool)
    store.pool = found
    return found


async def log_of(client: AsyncTestClient[Any], campaign: Campaign) -> list[tuple[int, str]]:
    """The campaign's events as the GM reads them: (seq, type) each."""
    page = await client.get(f"/campaigns/{campaign.id}/events?limit=1000", headers=campaign.auth())
    assert page.status_code == 200, page.text
    return [(event["seq"], event["type"]) for event in page.json()["events"]]


async def player(campaign: Campaign, name: str = "Kai") -> tuple[str, str]:
    invited = await campaign.client.post(f"/campaigns/{campaign.id}/participants",
                                         json={"name": name, "role": "player"}, headers=campaign.auth())
    assert invited.status_code == 201, invited.text
    return invited.json()["participant_id"], invited.json()["token"]


def share_of(answer: dict[str, Any]) -> str | None:
    keys = parse_qs(urlsplit(answer["proof"]).query).get("share")
    return keys[0] if keys else None


async def test_a_warm_roll_is_one_statement(campaign: Campaign) -> None:
    _, token = await player(campaign)
    await campaign.ok(ROLL, token)  # the first: the token read, then the append
    seen = recording(campaign.client)
    for _ in range(3):
        seen.seen.clear()
        await campaign.ok(ROLL, token)
        assert seen.seen == ["APPEND_IF_HEAD_AND_TOKEN"]
    # A token not remembered (the memory emptied, as in a fresh process): read first, as before, then remembered.
    services_of(campaign.client.app).known_tokens.forget(campaign.id, _hash(token))
    seen.seen.clear()
    await campaign.ok(ROLL, token)
    assert seen.seen == ["SELECT_TOKEN_AND_SHARE_KEY", "APPEND_IF_HEAD"]


def _hash(token: str) -> str:
    from service.tokens import token_hash

    return token_hash(token)


@pytest.mark.parametrize("how", ["revoke", "rotate"])
async def test_a_remembered_token_revoked_or_rotated_between_two_rolls_is_refused(campaign: Campaign,
                                                                                   how: str) -> None:
    participant, token = await player(campaign)
    await campaign.ok(ROLL, token)
    await campaign.ok(ROLL, token)
    known = services_of(campaign.client.app).known_tokens
    assert known.get(campaign.id, _hash(token)) is not None
    path = f"/campaigns/{campaign.id}/participants/{participant}/token"
    ended = await (campaign.client.delete(path, headers=campaign.auth()) if how == "revoke"
                   else campaign.client.post(path, headers=campaign.auth()))
    assert ended.status_code in (200, 201), ended.text
    before = await log_of(campaign.client, campaign)
    seen = recording(campaign.client)

    refused = await campaign.command(ROLL, token)

    assert refused.status_code == 401, refused.text
    assert refused.json()["type"].endswith("unauthenticated")
    # The append's check refused it (nothing written), then the token was read as before: the same 401.
    assert seen.seen[:2] == ["APPEND_IF_HEAD_AND_TOKEN", "SELECT_TOKEN_AND_SHARE_KEY"]
    after = await log_of(campaign.client, campaign)
    assert after == before  # nothing appended, no attempt_refused: no die drawn into the log
    assert known.get(campaign.id, _hash(token)) is None
    again = await campaign.command(ROLL, token)
    assert again.status_code == 401
    assert again.json() == refused.json()
    if how == "rotate":
        fresh = ended.json()["token"]
        assert (await campaign.command(ROLL, fresh)).status_code == 201


async def test_a_bad_body_with_a_revoked_remembered_token_is_still_a_401(campaign: Campaign) -> None:
    participant, token = await player(campaign)
    await campaign.ok(ROLL, token)
    assert (await campaign.command(ROLL, token, **{"If-Match": "abc"})).status_code == 400
    revoked = await campaign.client.delete(f"/campaigns/{campaign.id}/participants/{participant}/token",
                                           headers=campaign.auth())
    assert revoked.status_code == 200
    # The token is checked before the body (docs/api.md): a token that no longer works is a 401 whatever the body.
    assert (await campaign.command(ROLL, token, **{"If-Match": "abc"})).status_code == 401


@pytest.fixture
async def second_client(settings: Settings) -> AsyncIterator[AsyncTestClient[Any]]:
    """Another process on the same database: its own memory of tokens and its own cache."""
    async with AsyncTestClient(app=create_app(settings)) as other:
        yield other


async def _roll(client: AsyncTestClient[Any], campaign_id: str, token: str) -> httpx.Response:
    return await client.post(f"/campaigns/{campaign_id}/commands", json=ROLL,
                             headers={"Authorization": f"Bearer {token}"})


async def test_a_token_revoked_by_another_process_is_refused_where_it_is_remembered(
    campaign: Campaign, second_client: AsyncTestClient[Any]
) -> None:
    participant, token = await player(campaign)
    for _ in range(2):
        assert (await _roll(second_client, campaign.id, token)).status_code == 201
    assert services_of(second_client.app).known_tokens.get(campaign.id, _hash(token)) is not None
    revoked = await campaign.client.delete(f"/campaigns/{campaign.id}/participants/{participant}/token",
                                           headers=campaign.auth())
    assert revoked.status_code == 200
    before = await log_of(campaign.client, campaign)
    seen = recording(second_client)

    refused = await _roll(second_client, campaign.id, token)

    assert refused.status_code == 401, refused.text
    assert seen.seen[0] == "APPEND_IF_HEAD_AND_TOKEN"  # the stale memory was tried, and the append refused it
    assert await log_of(campaign.client, campaign) == before


async def test_a_lost_race_retries_with_the_token_checked(
    campaign: Campaign, second_client: AsyncTestClient[Any]
) -> None:
    _, token = await player(campaign)
    assert (await _roll(second_client, campaign.id, token)).status_code == 201
    await campaign.ok(ROLL, token)  # the first process moves the head: the second's cache is behind
    seen = recording(second_client)
    answer = await _roll(second_client, campaign.id, token)
    assert answer.status_code == 201, answer.text
    assert seen.seen == ["APPEND_IF_HEAD_AND_TOKEN", "SELECT_HEAD_AND_TAIL", "APPEND_IF_HEAD_AND_TOKEN"]
    assert answer.json()["version"] == (await log_of(campaign.client, campaign))[-1][0]


async def test_the_answers_links_carry_the_newest_share_key_on_both_paths(campaign: Campaign) -> None:
    _, token = await player(campaign)
    known = services_of(campaign.client.app).known_tokens
    seen = recording(campaign.client)

    async def both() -> tuple[str | None, str | None]:
        known.forget(campaign.id, _hash(token))
        seen.seen.clear()
        read_first = share_of(await campaign.ok(ROLL, token))
        assert seen.seen[0] == "SELECT_TOKEN_AND_SHARE_KEY"
        seen.seen.clear()
        checked_in_append = share_of(await campaign.ok(ROLL, token))
        assert seen.seen == ["APPEND_IF_HEAD_AND_TOKEN"]
        return read_first, checked_in_append

    assert await both() == (None, None)
    first = await share(campaign, "first")
    assert await both() == (first["key"], first["key"])
    second = await share(campaign, "second")
    assert await both() == (second["key"], second["key"])
    revoked = await campaign.client.delete(f"/campaigns/{campaign.id}/share-links/{second['link_id']}",
                                           headers=campaign.auth())
    assert revoked.status_code in (200, 204), revoked.text
    assert await both() == (first["key"], first["key"])  # the revoked key is never handed out again


async def test_the_memory_stays_bounded_and_holds_only_accepted_tokens(campaign: Campaign) -> None:
    known = services_of(campaign.client.app).known_tokens
    known.capacity = 3
    tokens = [(await player(campaign, f"Player {n}"))[1] for n in range(6)]
    for token in tokens:
        await campaign.ok(ROLL, token)
        await campaign.ok(ROLL, token)
        assert len(known) <= 3
    assert len(known) == 3
    for n in range(20):  # made-up tokens are refused and never remembered
        assert (await campaign.command(ROLL, f"lx_made_up_{n}")).status_code == 401
    assert len(known) == 3
    assert known.get(campaign.id, _hash(tokens[0])) is None  # the least recently used went out first
    await campaign.ok(ROLL, tokens[0])  # and works as any token not remembered
    observer = await campaign.invite("Watcher", "observer")
    assert (await campaign.command(ROLL, observer)).status_code == 403
    assert known.get(campaign.id, _hash(observer)) is None


def test_the_default_memory_is_bounded() -> None:
    from domain.commands import Actor

    known = KnownTokens()
    for n in range(CAPACITY + 500):
        known.remember("c", f"{n:064x}", Actor(participant_id=f"p-{n}", role="player"))
    assert len(known) == CAPACITY
    assert known.get("c", f"{0:064x}") is None
    assert known.get("c", f"{CAPACITY + 499:064x}") is not None
    assert known.get("other", f"{CAPACITY + 499:064x}") is None  # a token is remembered for its campaign only


async def test_concurrent_rolls_of_two_processes_with_remembered_tokens_stay_one_chain(
    campaign: Campaign, second_client: AsyncTestClient[Any]
) -> None:
    import asyncio

    tokens = [(await player(campaign, f"Racer {n}"))[1] for n in range(3)]
    for token in tokens:  # both processes remember every token
        await campaign.ok(ROLL, token)
        assert (await _roll(second_client, campaign.id, token)).status_code == 201
    answers = await asyncio.gather(*(
        _roll(client, campaign.id, token) for _ in range(4) for client in (campaign.client, second_client)
        for token in tokens))
    assert [answer.status_code for answer in answers] == [201] * len(answers)
    versions = sorted(answer.json()["version"] for answer in answers)
    assert len(set(versions)) == len(answers)  # each its own head: the lost races retried, none overwrote
    log = await log_of(campaign.client, campaign)
    assert [seq for seq, _ in log] == list(range(1, len(log) + 1))  # gap-free (the audit checks the chain)
