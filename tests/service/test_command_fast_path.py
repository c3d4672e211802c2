"""The warm command's fast path (service/api/command_fast_path.py) answers exactly what the normal path answers:
the same statuses, headers and bodies, on the same sequence of commands against two databases whose random
choices (ids, tokens, seeds) are the same, one served with the fast path and one without."""

from __future__ import annotations

import itertools
import json
import re
import secrets
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from litestar.testing import AsyncTestClient

from service import command_ids
from service.api import command_fast_path
from service.app import create_app
from service.database import APP_ROLE, with_user
from service.settings import Settings
from tests.conftest import TEMPLATE, _scratch_database

ROLL = {"type": "roll", "expression": "2d10", "reason": "fast"}
# What differs between two runs whatever the path: the time of each event, and the hashes that cover it.
_TIMES = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?")
_HASHES = re.compile(r"[0-9a-f]{64}")


def _normal(text: str) -> str:
    return _HASHES.sub("<hash>", _TIMES.sub("<time>", text))


@pytest.fixture
def deterministic(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Ids, tokens, keys and dice seeds drawn from a counter restarted for each run: both runs draw the same."""
    counter = itertools.count()

    def restart() -> None:
        nonlocal counter
        counter = itertools.count()
        command_ids._made.clear()  # no id made from the last run's counter

    # One id a draw, as uuid4 draws: a batch from this counter would be zeros but its last id.
    monkeypatch.setattr(command_ids, "BATCH", 1)

    monkeypatch.setattr(uuid, "uuid4", lambda: uuid.UUID(int=next(counter)))
    monkeypatch.setattr(secrets, "token_bytes", lambda n=32: next(counter).to_bytes(n, "big"))
    monkeypatch.setattr(secrets, "token_hex", lambda n=32: next(counter).to_bytes(n, "big").hex())
    monkeypatch.setattr(secrets, "token_urlsafe", lambda n=32: f"t{next(counter):0{n}d}")
    yield restart


Answer = tuple[int, list[tuple[str, str]], str]


# The requests the fast path answers (by their place in the sequence): the remembered player's warm roll, in
# Spanish too, the d100, the first post with an id, the GM's second roll, and a JSON body sent as text/plain, as a
# form or with no content type (which the handler reads as JSON too: the same answers). Not the first of each
# token (read first), nor any refusal, bad body, missing or revoked token, nor Prefer, Idempotency-Key or If-Match,
# nor a body with a byte-order mark, a key given twice, a reason over its bound, an integer beyond 64 bits; the
# GM's secret rolls, in Spanish too, and rolls after a share link was created, then revoked.
FAST = [3, 4, 5, 20, 23, 24, 25, 26, 32, 33, 35, 36, 38]


async def _sequence(client: AsyncTestClient[Any], taken: list[int]) -> list[Answer]:
    """The answers to the sequence; `taken` gets the places of those the fast path gave."""
    answers: list[Answer] = []
    counted = [command_fast_path.Counts.taken]

    def keep(response: httpx.Response) -> httpx.Response:
        if command_fast_path.Counts.taken != counted[0]:
            counted[0] = command_fast_path.Counts.taken
            taken.append(len(answers))
        answers.append((response.status_code, [(k, _normal(v)) for k, v in response.headers.multi_items()],
                        _normal(response.text)))
        return response

    created = keep(await client.post("/campaigns", json={"name": "Fast", "ruleset": "deathwatch"}))
    campaign = created.json()["campaign_id"]
    gm = {"Authorization": f"Bearer {created.json()['gm_token']}"}
    invited = keep(await client.post(f"/campaigns/{campaign}/participants", json={"name": "Kai", "role": "player"},
                                     headers=gm))
    player = {"Authorization": f"Bearer {invited.json()['token']}"}
    path = f"/campaigns/{campaign}/commands"
    es = {"Accept-Language": "es"}
    keep(await client.post(path, json=ROLL, headers=player))  # the token read, then remembered
    keep(await client.post(path, json=ROLL, headers=player))
    keep(await client.post(path, json=ROLL, headers={**player, **es}))
    keep(await client.post(path, json={"type": "roll", "expression": "1d100", "reason": "d100"}, headers=player))
    keep(await client.post(path, json={"type": "gm_note", "text": "not the GM"}, headers=player))  # refused
    keep(await client.post(path, json={"type": "gm_note", "text": "no GM"}, headers={**player, **es}))
    keep(await client.post(path, json={"type": "roll"}, headers=player))  # bad body
    keep(await client.post(path, json={"type": "roll"}, headers={**player, **es}))
    keep(await client.post(path, content=b'{"type": "roll", ', headers={**player, "Content-Type": "application/json"}))
    keep(await client.post(path, json={"type": "roll", "expression": "2d10", "reason": "a\u0000"}, headers=player))
    keep(await client.post(path, json=ROLL))  # no token
    keep(await client.post(path, json=ROLL, headers={"Authorization": "Bearer not-a-token"}))
    keep(await client.post(path, json=ROLL, headers={"Authorization": "Basic abc"}))
    keep(await client.post(path, json=ROLL, headers={**player, "Prefer": "return=minimal"}))
    for _ in range(2):  # the second a replay
        keep(await client.post(path, json=ROLL, headers={**player, "Idempotency-Key": "k-1"}))
    version = answers[-1][2]
    keep(await client.post(path, json=ROLL, headers={**player, "If-Match": '"1"'}))  # stale: a conflict
    keep(await client.post(path, json={**ROLL, "expected_version": 1}, headers=player))  # stale in the body
    keep(await client.post(path, json={**ROLL, "post": {"id": "p-1"}}, headers=player))
    keep(await client.post(path, json={**ROLL, "post": {"id": "p-1"}}, headers=player))  # a replay by post id
    keep(await client.post(path, json=ROLL, headers=gm))  # the GM's token, read first
    keep(await client.post(path, json=ROLL, headers=gm))
    # Bodies a hostile client shapes for the two doors to read differently: another content type, none, a
    # byte-order mark, a key given twice, a reason over its bound, integers beyond 64 bits.
    raw = b'{"type": "roll", "expression": "2d10", "reason": "raw"}'
    keep(await client.post(path, content=raw, headers={**player, "Content-Type": "text/plain"}))
    keep(await client.post(path, content=raw, headers={**player, "Content-Type": "application/x-www-form-urlencoded"}))
    keep(await client.post(path, content=raw, headers=player))
    keep(await client.post(path, content=b"\xef\xbb\xbf" + raw, headers={**player, "Content-Type": "application/json"}))
    keep(await client.post(path, content=b'{"type": "gm_note", "text": "x", "type": "roll", "expression": "2d10", '
                                         b'"reason": "twice"}', headers={**player, "Content-Type": "application/json"}))
    keep(await client.post(path, json={**ROLL, "reason": "r" * 5000}, headers=player))
    keep(await client.post(path, json={**ROLL, "expected_version": 2**70}, headers=player))
    keep(await client.post("/campaigns/nope/commands", json=ROLL, headers=player))
    # The answer's other forms on the fast path: the GM's secret roll (its faces), in Spanish too, and the links
    # with a share key from its creation on, and without it from its revocation on.
    secret = {**ROLL, "secret": True}
    keep(await client.post(path, json=secret, headers=gm))
    keep(await client.post(path, json=secret, headers={**gm, **es}))
    shared = keep(await client.post(f"/campaigns/{campaign}/share-links", json={"label": "forum"}, headers=gm))
    keep(await client.post(path, json=ROLL, headers=gm))
    keep(await client.post(path, json=ROLL, headers={**gm, **es}))
    keep(await client.delete(f"/campaigns/{campaign}/share-links/{shared.json()['link_id']}", headers=gm))
    keep(await client.post(path, json=ROLL, headers=gm))
    participant = invited.json()["participant_id"]
    keep(await client.delete(f"/campaigns/{campaign}/participants/{participant}/token", headers=gm))
    keep(await client.post(path, json=ROLL, headers=player))  # revoked while remembered
    keep(await client.post(path, json=ROLL, headers=player))
    keep(await client.get(f"/campaigns/{campaign}/events?limit=1000", headers=gm))  # nothing appended twice
    assert version
    return answers


async def _run(server_url: str, enabled: bool, restart: Any, monkeypatch: pytest.MonkeyPatch,
               taken: list[int]) -> list[Answer]:
    monkeypatch.setattr(command_fast_path, "ENABLED", enabled)
    restart()
    async with _scratch_database(server_url, "lexmechanic_fast", TEMPLATE) as url:
        settings = Settings(database_url=with_user(url, APP_ROLE), pool_min=1, pool_max=4)
        async with AsyncTestClient(app=create_app(settings)) as client:
            return await _sequence(client, taken)


@pytest.mark.parametrize("rendered_here", [True, False], ids=["rendered-here", "through-to_response"])
async def test_both_paths_answer_the_same(server_url: str, template_url: str, deterministic: Any,
                                          monkeypatch: pytest.MonkeyPatch, rendered_here: bool) -> None:
    if not rendered_here:  # a handler whose layers add to its responses: the fast path renders through Litestar
        monkeypatch.setattr(command_fast_path._Rendering, "of", classmethod(lambda cls, handler: None))
    fast_taken: list[int] = []
    fast = await _run(server_url, True, deterministic, monkeypatch, fast_taken)
    normal_taken: list[int] = []
    normal = await _run(server_url, False, deterministic, monkeypatch, normal_taken)
    assert fast_taken == FAST
    assert normal_taken == []
    assert len(fast) == len(normal)
    for number, (one, other) in enumerate(zip(fast, normal, strict=True)):
        assert one == other, f"answer {number} differs"
    # The cases above answer what docs/api.md says: the sealed roll's faces to the GM, the share key in the links
    # while the link is valid.
    assert all('"secret_rolls"' in fast[n][2] for n in (32, 33))
    key = json.loads(fast[34][2])["key"]
    assert key in fast[35][2] and key in fast[36][2] and key not in fast[38][2]


async def test_the_fast_path_answers_a_warm_roll_with_the_security_headers(client: AsyncTestClient[Any]) -> None:
    created = (await client.post("/campaigns", json={"name": "Fast", "ruleset": "deathwatch"})).json()
    path = f"/campaigns/{created['campaign_id']}/commands"
    gm = {"Authorization": f"Bearer {created['gm_token']}"}
    assert (await client.post(path, json=ROLL, headers=gm)).status_code == 201
    before = command_fast_path.Counts.taken
    answer = await client.post(path, json=ROLL, headers=gm)
    assert command_fast_path.Counts.taken == before + 1
    assert answer.status_code == 201
    assert answer.headers["content-type"] == "application/json"
    assert int(answer.headers["content-length"]) == len(answer.content)
    # docs/security.md: every answer carries these.
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert "content-security-policy" in answer.headers
    assert answer.json()["events"][0]["type"] == "dice_rolled"


async def test_a_revoked_remembered_token_on_the_fast_path_is_a_401_and_appends_nothing(
    client: AsyncTestClient[Any]
) -> None:
    created = (await client.post("/campaigns", json={"name": "Fast", "ruleset": "deathwatch"})).json()
    campaign = created["campaign_id"]
    gm = {"Authorization": f"Bearer {created['gm_token']}"}
    invited = (await client.post(f"/campaigns/{campaign}/participants", json={"name": "Kai", "role": "player"},
                                 headers=gm)).json()
    player = {"Authorization": f"Bearer {invited['token']}"}
    path = f"/campaigns/{campaign}/commands"
    for _ in range(2):
        assert (await client.post(path, json=ROLL, headers=player)).status_code == 201
    revoked = await client.delete(f"/campaigns/{campaign}/participants/{invited['participant_id']}/token",
                                  headers=gm)
    assert revoked.status_code == 200
    log = (await client.get(f"/campaigns/{campaign}/events?limit=1000", headers=gm)).json()["events"]
    before = command_fast_path.Counts.taken

    refused = await client.post(path, json=ROLL, headers=player)

    assert refused.status_code == 401
    assert refused.headers["content-type"] == "application/problem+json"
    assert command_fast_path.Counts.taken == before
    assert (await client.get(f"/campaigns/{campaign}/events?limit=1000", headers=gm)).json()["events"] == log


class _Handler:
    cache = False

    def resolve_guards(self) -> tuple[()]:
        return ()


async def _passed_on(messages: list[dict[str, Any]], length: int) -> list[dict[str, Any]]:
    """What the normal path reads after the fast path gave up on a body read in part."""
    seen: list[dict[str, Any]] = []

    async def normal(scope: Any, receive: Any, send: Any) -> None:
        while True:
            message = await receive()
            seen.append(message)
            if message["type"] != "http.request" or not message.get("more_body", False):
                return

    pending = list(messages)

    async def receive() -> Any:
        return pending.pop(0)

    async def send(message: Any) -> None:
        raise AssertionError("the fast path answered")

    scope = {"type": "http", "method": "POST", "headers": [(b"content-length", str(length).encode())],
             "route_handler": _Handler(), "state": {}}
    await command_fast_path.CommandFastPath(normal)(scope, receive, send)  # type: ignore[arg-type]
    return seen


async def test_a_body_longer_than_announced_reaches_the_normal_path_whole() -> None:
    messages = [{"type": "http.request", "body": b"[" * 10_000, "more_body": True},
                {"type": "http.request", "body": b"]" * 10_000, "more_body": True},
                {"type": "http.request", "body": b"", "more_body": False}]
    assert await _passed_on(messages, 20) == messages


async def test_a_disconnect_while_the_body_is_read_reaches_the_normal_path() -> None:
    messages = [{"type": "http.request", "body": b'{"type"', "more_body": True}, {"type": "http.disconnect"}]
    assert await _passed_on(messages, 200) == messages


def _route(**options: Any) -> Any:
    from litestar import Litestar, post

    @post("/x", **options)
    async def handler() -> dict[str, int]:
        return {}

    Litestar(route_handlers=[handler])
    return handler


def test_the_answer_is_rendered_here_only_when_litestar_would_add_nothing_to_it() -> None:
    from litestar import Response
    from litestar.background_tasks import BackgroundTask
    from litestar.datastructures import Cookie, ResponseHeader

    async def nothing() -> None:
        return None

    async def same(response: Response[Any]) -> Response[Any]:
        return response

    plain = command_fast_path._Rendering.of(_route())
    assert plain is not None and plain.content_type == b"application/json"
    assert command_fast_path._Rendering.of(_route(media_type="application/problem+json")) is not None
    for adding in ({"response_headers": [ResponseHeader(name="X-A", value="1")]},
                   {"response_cookies": [Cookie(key="a", value="1")]}, {"after_request": same},
                   {"background": BackgroundTask(nothing)}, {"media_type": "text/plain"}):
        assert command_fast_path._Rendering.of(_route(**adding)) is None, adding
