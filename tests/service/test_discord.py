"""The Discord app's endpoint (docs/discord.md): interactions shaped as Discord's documentation shows them,
signed with a test key pair; every command and the message command in English and Spanish; a wrong
signature, a stale timestamp and a replayed interaction refused; follow-ups sent to a local receiver that
stands for Discord's API."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import re
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from http.server import ThreadingHTTPServer
from typing import Any

import asyncpg
import httpx
import msgspec
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from litestar.testing import AsyncTestClient
from markdown_it import MarkdownIt

from service.app import create_app
from service.settings import DiscordSettings, Settings
from tests.service.conftest import Campaign
from tests.support.local_http import QuietHandler, serve, shut

KEY = Ed25519PrivateKey.generate()
PUBLIC_KEY = KEY.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
APPLICATION = "1100000000000000001"
GUILD = "1200000000000000002"
CHANNEL = "1300000000000000003"
GM_USER, ANA_USER, OBSERVER_USER, STRANGER = "1400000000000000004", "1400000000000000005", "1400000000000000006", \
    "1400000000000000007"
INTERACTION_TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDpzZWNyZXQtdG9rZW4tZm9yLXRlc3Rz"
# Snowflakes: each interaction its own id.
_ids = itertools.count(1500000000000000000)
MANAGE_CHANNELS = str(1 << 4)
PATH = "/integrations/discord/interactions"


@dataclass
class Sent:
    method: str
    path: str
    body: Any
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class FakeDiscord:
    """Discord's API as the follow-ups reach it: records every request, answers 200."""

    sent: list[Sent] = field(default_factory=list)
    port: int = 0
    _server: ThreadingHTTPServer | None = None

    def start(self) -> None:
        fake = self

        class Handler(QuietHandler):
            def _record(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                fake.sent.append(Sent(self.command, self.path, json.loads(body),
                                      {k.lower(): v for k, v in self.headers.items()}))
                answer = body if self.command == "PUT" else b'{"id": "1"}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            do_POST = do_PATCH = do_PUT = _record  # noqa: N815 - http.server's names

        self._server = serve(Handler)
        self.port = self._server.server_address[1]

    def stop(self) -> None:
        if self._server is not None:
            shut(self._server)

    async def wait(self, count: int, seconds: float = 15.0) -> list[Sent]:
        deadline = time.monotonic() + seconds
        while len(self.sent) < count and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        assert len(self.sent) >= count, self.sent
        return self.sent[:count]


@pytest.fixture
def discord_api() -> Iterator[FakeDiscord]:
    fake = FakeDiscord()
    fake.start()
    yield fake
    fake.stop()


@pytest.fixture
async def app_client(settings: Settings, discord_api: FakeDiscord) -> AsyncIterator[AsyncTestClient[Any]]:
    with_discord = msgspec.structs.replace(settings, discord=DiscordSettings(
        public_key=PUBLIC_KEY, api_url=f"http://127.0.0.1:{discord_api.port}/api/v10"))
    async with AsyncTestClient(app=create_app(with_discord)) as test_client:
        yield test_client


def signed(payload: dict[str, Any], timestamp: int | None = None, key: Ed25519PrivateKey = KEY
           ) -> tuple[bytes, dict[str, str]]:
    """Discord's signature: Ed25519 over the timestamp's digits followed by the raw body."""
    body = json.dumps(payload).encode()
    stamp = str(int(time.time()) if timestamp is None else timestamp)
    signature = key.sign(stamp.encode() + body).hex()
    return body, {"X-Signature-Ed25519": signature, "X-Signature-Timestamp": stamp,
                  "Content-Type": "application/json", "User-Agent": "Discord-Interactions/1.0"}


def _user(user_id: str) -> dict[str, Any]:
    return {"avatar": None, "discriminator": "0", "global_name": None, "id": user_id, "public_flags": 0,
            "username": f"user{user_id[-1]}"}


def interaction(data: dict[str, Any] | None, user: str = ANA_USER, locale: str = "en-US",
                permissions: str = "2248473465835073", kind: int = 2) -> dict[str, Any]:
    """An interaction as Discord's documentation shows one arriving from a server's channel."""
    payload: dict[str, Any] = {
        "app_permissions": "442368", "application_id": APPLICATION, "authorizing_integration_owners": {"0": GUILD},
        "channel": {"flags": 0, "guild_id": GUILD, "id": CHANNEL, "name": "kill-team", "type": 0},
        "channel_id": CHANNEL, "context": 0, "entitlement_sku_ids": [], "entitlements": [],
        "guild": {"features": [], "id": GUILD, "locale": "en-US"}, "guild_id": GUILD, "guild_locale": "en-US",
        "id": str(next(_ids)), "locale": locale,
        "member": {"avatar": None, "deaf": False, "flags": 0, "joined_at": "2026-11-01T18:00:00.000000+00:00",
                   "mute": False, "nick": None, "pending": False, "permissions": permissions,
                   "premium_since": None, "roles": [], "user": _user(user)},
        "token": INTERACTION_TOKEN, "type": kind, "version": 1,
    }
    if data is not None:
        payload["data"] = data
    return payload


def slash(sub: str, user: str = ANA_USER, locale: str = "en-US", permissions: str = "0", **values: str
          ) -> dict[str, Any]:
    options = [{"name": name, "type": 3, "value": value} for name, value in values.items()]
    return interaction({"id": "1600000000000000001", "name": "lx", "type": 1,
                        "options": [{"name": sub, "type": 1, "options": options}]}, user, locale, permissions)


def message_command(message_id: str, author: str, content: str, user: str, locale: str = "en-US") -> dict[str, Any]:
    """The message command "Record in Lexmechanic" on a message, which Discord sends in `resolved.messages`."""
    message = {"attachments": [], "author": _user(author), "channel_id": CHANNEL, "components": [],
               "content": content, "edited_timestamp": None, "embeds": [], "flags": 0, "id": message_id,
               "mention_everyone": False, "mention_roles": [], "mentions": [], "pinned": False,
               "timestamp": "2026-12-04T10:00:00.000000+00:00", "tts": False, "type": 0}
    return interaction({"id": "1600000000000000002", "name": "Record in Lexmechanic", "type": 3,
                        "resolved": {"messages": {message_id: message}}, "target_id": message_id}, user, locale)


async def send(client: AsyncTestClient[Any], payload: dict[str, Any], **signing: Any) -> httpx.Response:
    body, headers = signed(payload, **signing)
    return await client.post(PATH, content=body, headers=headers)


async def answer(client: AsyncTestClient[Any], payload: dict[str, Any]) -> dict[str, Any]:
    response = await send(client, payload)
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


class Table:
    """A Deathwatch campaign whose channel is bound, with Ana (player, linked) playing Brother Kai."""

    def __init__(self, campaign: Campaign, ana: str, observer: str) -> None:
        self.campaign, self.ana, self.observer = campaign, ana, observer


async def table(client: AsyncTestClient[Any], bind: bool = True) -> Table:
    created = await client.post("/campaigns", json={"name": "Kill Team Aurelius", "ruleset": "deathwatch"})
    campaign = Campaign(client, created.json())
    invited = await client.post(f"/campaigns/{campaign.id}/participants", json={"name": "Ana", "role": "player"},
                                headers=campaign.auth())
    ana, ana_id = invited.json()["token"], invited.json()["participant_id"]
    observer = await campaign.invite("Watcher", "observer")
    await campaign.ok({"type": "create_character", "character_id": "kai", "name": "Brother Kai", "owner": ana_id,
                       "premade": "tactical"})
    await campaign.ok({"type": "create_character", "character_id": "cultists", "name": "Cultists",
                       "premade": "cultist_horde"})
    await campaign.ok({"type": "start_session", "title": "Into the hive"})
    await campaign.ok({"type": "d100_start_encounter", "encounter_id": "hive", "participants": ["kai", "cultists"],
                       "surprised": ["cultists"]})
    await campaign.ok({"type": "d100_next_turn"})
    if bind:
        bound = await answer(client, slash("bind", GM_USER, permissions=MANAGE_CHANNELS, campaign=campaign.id,
                                           token=campaign.gm_token))
        assert bound["data"]["flags"] == 64, bound
        linked = await answer(client, slash("link", ANA_USER, token=ana))
        assert linked["data"]["flags"] == 64, linked
    return Table(campaign, ana, observer)


def _live(content: str) -> None:
    """What a message must never carry live: a mention Discord pings, a link a reader follows (rendered by
    a CommonMark parser told to accept any link, so only the escaping keeps one out)."""
    assert "@everyone" not in content and "@here" not in content and "<@&" not in content
    parser = MarkdownIt("commonmark")
    parser.validateLink = lambda url: True
    links = re.findall(r'href="([^"]*)"', parser.render(content))
    assert all(link.startswith(("http://testserver", "https://discord.com/channels/")) for link in links), links


# --- The protocol ---------------------------------------------------------------------------------------------


async def test_discord_ping_is_answered_pong(app_client: AsyncTestClient[Any]) -> None:
    assert await answer(app_client, interaction(None, kind=1)) == {"type": 1}


async def test_discord_wrong_signature_is_401(app_client: AsyncTestClient[Any]) -> None:
    other = Ed25519PrivateKey.generate()
    response = await send(app_client, interaction(None, kind=1), key=other)
    assert response.status_code == 401
    body, headers = signed(interaction(None, kind=1))
    tampered = await app_client.post(PATH, content=body.replace(b'"type": 1', b'"type": 2'), headers=headers)
    assert tampered.status_code == 401
    unsigned = await app_client.post(PATH, content=body, headers={"Content-Type": "application/json"})
    assert unsigned.status_code == 401


async def test_discord_stale_timestamp_is_refused(app_client: AsyncTestClient[Any]) -> None:
    response = await send(app_client, interaction(None, kind=1), timestamp=int(time.time()) - 301)
    assert response.status_code == 401
    assert "300" in response.json()["detail"]
    future = await send(app_client, interaction(None, kind=1), timestamp=int(time.time()) + 301)
    assert future.status_code == 401


async def test_discord_replayed_interaction_is_409(app_client: AsyncTestClient[Any]) -> None:
    payload = interaction(None, kind=1)
    assert (await send(app_client, payload)).status_code == 200
    again = await send(app_client, payload)  # signed anew, with a fresh timestamp: the id was answered
    assert again.status_code == 409


async def test_discord_without_a_public_key_the_endpoint_is_404(client: AsyncTestClient[Any]) -> None:
    response = await send(client, interaction(None, kind=1))
    assert response.status_code == 404
    assert "LEXMECHANIC_DISCORD_PUBLIC_KEY" in response.json()["detail"]


async def test_discord_body_over_the_limit_is_413(app_client: AsyncTestClient[Any]) -> None:
    payload = interaction(None, kind=1)
    payload["padding"] = "x" * 200_000
    assert (await send(app_client, payload)).status_code == 413


# --- Binding and linking --------------------------------------------------------------------------------------


async def test_discord_unbound_channel_and_unlinked_user_get_a_private_explanation(
        app_client: AsyncTestClient[Any]) -> None:
    await table(app_client, bind=False)
    unbound = await answer(app_client, slash("turn", STRANGER))
    assert unbound["type"] == 4 and unbound["data"]["flags"] == 64
    assert "/lx bind" in unbound["data"]["content"]
    found = await table(app_client)
    for locale, words in (("en-US", "not linked"), ("es-ES", "No estás vinculado")):
        unlinked = await answer(app_client, slash("post", STRANGER, locale, text="!roll 1d10"))
        assert unlinked["type"] == 4 and unlinked["data"]["flags"] == 64
        assert words in unlinked["data"]["content"] and "/lx link" in unlinked["data"]["content"]
    events = (await found.campaign.get("/events")).json()
    assert all(e["type"] != "dice_rolled" for e in events.get("events", events))


async def test_discord_bind_needs_the_gm_token_and_the_channel_permission(
        app_client: AsyncTestClient[Any], database_url: str) -> None:
    found = await table(app_client, bind=False)
    as_player = await answer(app_client, slash("bind", ANA_USER, permissions=MANAGE_CHANNELS,
                                               campaign=found.campaign.id, token=found.ana))
    assert as_player["data"]["flags"] == 64 and "not the GM's token" in as_player["data"]["content"]
    no_permission = await answer(app_client, slash("bind", GM_USER, "es-ES", permissions="0",
                                                   campaign=found.campaign.id, token=found.campaign.gm_token))
    assert "Gestionar canales" in no_permission["data"]["content"]
    done = await answer(app_client, slash("bind", GM_USER, "es-ES", permissions=MANAGE_CHANNELS,
                                          campaign=found.campaign.id, token=found.campaign.gm_token))
    assert done["data"]["flags"] == 64 and "Kill Team Aurelius" in done["data"]["content"]
    assert "DJ" in done["data"]["content"]
    linked = await answer(app_client, slash("link", ANA_USER, token=found.ana))
    assert "Ana" in linked["data"]["content"] and "player" in linked["data"]["content"]
    # Neither token is kept anywhere the app writes.
    connection = await asyncpg.connect(database_url)
    try:
        rows = [dict(r) for t in ("discord_channels", "discord_links")
                for r in await connection.fetch(f"SELECT * FROM {t}")]  # noqa: S608 - two fixed names
    finally:
        await connection.close()
    assert len(rows) == 3
    assert all(found.ana not in str(v) and found.campaign.gm_token not in str(v) for r in rows for v in r.values())


async def test_discord_link_ends_when_the_gm_revokes_the_token(app_client: AsyncTestClient[Any]) -> None:
    found = await table(app_client)
    state = (await found.campaign.get("/state")).json()
    ana_id = next(p for p, v in state["participants"].items() if v["name"] == "Ana")
    revoked = await app_client.delete(f"/campaigns/{found.campaign.id}/participants/{ana_id}/token",
                                      headers=found.campaign.auth())
    assert revoked.status_code in (200, 201, 204), revoked.text
    after = await answer(app_client, slash("post", ANA_USER, text="!roll 1d10"))
    assert after["data"]["flags"] == 64 and "not linked" in after["data"]["content"]


async def test_discord_bad_link_token_is_refused_privately(app_client: AsyncTestClient[Any]) -> None:
    await table(app_client)
    refused = await answer(app_client, slash("link", STRANGER, "es-ES", token="not-a-token"))
    assert refused["data"]["flags"] == 64 and "no es un token válido" in refused["data"]["content"]


# --- Commands -------------------------------------------------------------------------------------------------


async def _position(found: Table) -> tuple[int, int]:
    """Where the fight is (initiative is rolled: Kai acts first or second in round 1)."""
    turn = (await found.campaign.get("/turn")).json()
    assert turn["acting"]["name"] == "Brother Kai"
    return turn["round"], turn["turn"]


async def test_discord_turn_in_both_languages(app_client: AsyncTestClient[Any]) -> None:
    found = await table(app_client)
    round_, turn_ = await _position(found)
    english = await answer(app_client, slash("turn", STRANGER))
    assert english["type"] == 4 and "flags" not in english["data"]
    # The sentences of issue 22 (docs/api.md, "Whose turn"): round, turn, character, player.
    assert english["data"]["content"] == f"Round {round_}, turn {turn_}: Brother Kai (Ana) acts"
    assert english["data"]["allowed_mentions"] == {"parse": []}
    spanish = await answer(app_client, slash("turn", STRANGER, "es-ES"))
    assert spanish["data"]["content"] == f"Asalto {round_}, turno {turn_}: actúa Brother Kai (Ana)"
    latin = await answer(app_client, slash("turn", STRANGER, "es-419"))
    assert latin["data"]["content"].startswith(f"Asalto {round_}")


async def test_discord_state_in_both_languages(app_client: AsyncTestClient[Any]) -> None:
    found = await table(app_client)
    round_, turn_ = await _position(found)
    english = (await answer(app_client, slash("state", STRANGER)))["data"]["content"]
    assert "Kill Team Aurelius" in english and "Brother Kai" in english and "Cultists" in english
    assert f"Round {round_}, turn {turn_}" in english and len(english) <= 2000
    spanish = (await answer(app_client, slash("state", STRANGER, "es-ES")))["data"]["content"]
    assert f"Asalto {round_}, turno {turn_}" in spanish and "Brother Kai" in spanish


async def _followup(discord_api: FakeDiscord, count: int = 1) -> Sent:
    sent = await discord_api.wait(count)
    last = sent[count - 1]
    assert last.method == "PATCH"
    assert last.path == f"/api/v10/webhooks/{APPLICATION}/{INTERACTION_TOKEN}/messages/@original"
    assert last.body["allowed_mentions"] == {"parse": []}
    return last


async def test_discord_post_and_roll_record_as_the_linked_player_in_both_languages(
        app_client: AsyncTestClient[Any], discord_api: FakeDiscord) -> None:
    found = await table(app_client)
    payload = slash("post", ANA_USER, text="!roll 2d10+3 bolter")
    deferred = await answer(app_client, payload)
    assert deferred == {"type": 5, "data": {}}
    reply = (await _followup(discord_api, 1)).body["content"]
    assert "2d10" in reply and "Ana" in reply
    events = (await found.campaign.get("/events")).json()
    rolled = [e for e in events["events"] if e["type"] == "dice_rolled"]
    assert len(rolled) == 1 and rolled[0]["meta"]["post"]["id"] == payload["id"]
    assert rolled[0]["meta"]["actor"] != "gm" and rolled[0]["meta"]["role"] == "player"
    spanish = await answer(app_client, slash("roll", ANA_USER, "es-ES", dice="1d10 Percepción"))
    assert spanish["type"] == 5
    told = (await _followup(discord_api, 2)).body["content"]
    assert "Tirada" in told or "tirada" in told
    assert "1d10" in told


async def test_discord_observer_post_is_refused(app_client: AsyncTestClient[Any], discord_api: FakeDiscord) -> None:
    found = await table(app_client)
    linked = await answer(app_client, slash("link", OBSERVER_USER, token=found.observer))
    assert "observer" in linked["data"]["content"]
    deferred = await answer(app_client, slash("post", OBSERVER_USER, text="!roll 1d10"))
    assert deferred["type"] == 5
    said = (await _followup(discord_api)).body["content"]
    assert "observers may read" in said and "nothing of the post was recorded" in said
    events = (await found.campaign.get("/events")).json()["events"]
    assert not [e for e in events if e["type"] == "dice_rolled"]


async def test_discord_message_command_records_the_message_in_both_languages(
        app_client: AsyncTestClient[Any], discord_api: FakeDiscord) -> None:
    found = await table(app_client)
    own = await answer(app_client, message_command("1700000000000000001", ANA_USER, "!roll 1d10 luck", ANA_USER))
    assert own["type"] == 5
    assert "1d10" in (await _followup(discord_api, 1)).body["content"]
    # The GM records a player's message (as its author's post), answered in the GM's language.
    await answer(app_client, slash("link", GM_USER, token=found.campaign.gm_token))
    theirs = await answer(app_client, message_command("1700000000000000002", ANA_USER, "!tirada 1d5 suerte",
                                                      GM_USER, "es-ES"))
    assert theirs["type"] == 5
    assert "1d5" in (await _followup(discord_api, 2)).body["content"]
    events = (await found.campaign.get("/events")).json()["events"]
    posts = {e["meta"]["post"]["id"]: e["meta"] for e in events if e["type"] == "dice_rolled"}
    assert set(posts) == {"1700000000000000001", "1700000000000000002"}
    assert posts["1700000000000000002"]["actor"] == posts["1700000000000000001"]["actor"] != "gm"
    assert posts["1700000000000000001"]["post"]["url"] == (
        f"https://discord.com/channels/{GUILD}/{CHANNEL}/1700000000000000001")
    # The same message recorded again (by its author, in another language) is the same post: nothing new.
    again = await answer(app_client, message_command("1700000000000000001", ANA_USER, "!roll 1d10 luck", ANA_USER,
                                                     "es-ES"))
    assert again["type"] == 5
    replayed, first = (await _followup(discord_api, 3)).body["content"], discord_api.sent[0].body["content"]
    assert replayed.split("chain head")[0] == first.split("chain head")[0]  # the same roll, the head since
    assert len([e for e in (await found.campaign.get("/events")).json()["events"] if e["type"] == "dice_rolled"]) == 2
    # Another player may not record someone else's message.
    stranger = await answer(app_client, message_command("1700000000000000003", ANA_USER, "!roll 1d10", OBSERVER_USER))
    assert stranger["data"]["flags"] == 64


async def test_discord_hostile_message_is_escaped_and_split(
        app_client: AsyncTestClient[Any], discord_api: FakeDiscord) -> None:
    await table(app_client)
    hostile = "!roll 1d10 @everyone [x](javascript:alert(1)) <@&123> " + "W" * 20_000
    await answer(app_client, message_command("1700000000000000009", ANA_USER, hostile, ANA_USER))
    first = await _followup(discord_api, 1)
    await asyncio.sleep(0.3)  # any further message of the same reply
    for sent in discord_api.sent:
        assert len(sent.body["content"]) <= 2000
        assert sent.body["allowed_mentions"] == {"parse": []}
        _live(sent.body["content"])
    assert first.body["content"]
    short = "!roll 1d10 @everyone [x](javascript:alert(1)) @here"
    await answer(app_client, message_command("1700000000000000010", ANA_USER, short, ANA_USER))
    reply = (await _followup(discord_api, len(discord_api.sent) + 1)).body["content"]
    _live(reply)
    assert "everyone" in reply  # shown, not pinging


async def test_discord_followup_urls_are_not_logged(app_client: AsyncTestClient[Any], discord_api: FakeDiscord,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    await table(app_client)
    with caplog.at_level(logging.INFO):
        await answer(app_client, slash("post", ANA_USER, text="!roll 1d10"))
        await _followup(discord_api)
    assert INTERACTION_TOKEN not in caplog.text


async def test_discord_long_reply_is_split_into_messages_within_2000(
        app_client: AsyncTestClient[Any], discord_api: FakeDiscord) -> None:
    await table(app_client)
    # A roll's reason holds at most 200 characters: 30 of them make a reply of some 7,000.
    reason = ("@everyone *x* [a](javascript:b) ~~s~~ ||t|| " * 5)[:190]
    text = "\n".join(f"!roll 1d10 {reason}" for _ in range(30))
    assert (await answer(app_client, slash("post", ANA_USER, text=text)))["type"] == 5
    await discord_api.wait(3)
    await asyncio.sleep(0.3)  # the rest of the reply
    sent = discord_api.sent
    assert sent[0].method == "PATCH" and all(s.method == "POST" for s in sent[1:])
    assert all(s.path == f"/api/v10/webhooks/{APPLICATION}/{INTERACTION_TOKEN}" for s in sent[1:])
    assert 3 <= len(sent) <= 5
    for message in sent:
        assert 0 < len(message.body["content"]) <= 2000
        assert message.body["allowed_mentions"] == {"parse": []}
        _live(message.body["content"])
        assert "~~" not in message.body["content"] and "||" not in message.body["content"]


async def test_discord_slow_answer_is_deferred_then_followed_up(
        settings: Settings, app_client: AsyncTestClient[Any], discord_api: FakeDiscord) -> None:
    found = await table(app_client)
    round_, turn_ = await _position(found)
    # The same database served by a process for which every answer is too slow to give at once.
    hurried = msgspec.structs.replace(settings, discord=DiscordSettings(
        public_key=PUBLIC_KEY, api_url=f"http://127.0.0.1:{discord_api.port}/api/v10", defer_after_seconds=0.0))
    async with AsyncTestClient(app=create_app(hurried)) as client:
        deferred = await answer(client, slash("turn", STRANGER, "es-ES"))
        assert deferred == {"type": 5, "data": {}}
        said = (await _followup(discord_api)).body
        assert said["content"] == f"Asalto {round_}, turno {turn_}: actúa Brother Kai (Ana)"
        private = await answer(client, slash("link", OBSERVER_USER, token=found.observer))
        assert private == {"type": 5, "data": {"flags": 64}}
        assert (await _followup(discord_api, 2)).body["flags"] == 64


def test_discord_register_prints_the_commands_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    from service.cli import main

    assert main(["discord", "register"]) == 0
    commands = json.loads(capsys.readouterr().out)
    lx = next(c for c in commands if c["name"] == "lx")
    assert lx["type"] == 1
    assert {o["name"] for o in lx["options"]} == {"bind", "link", "post", "roll", "turn", "state"}
    assert all(o["type"] == 1 and len(o["description"]) <= 100 for o in lx["options"])
    record = next(c for c in commands if c["type"] == 3)
    assert record["name"] == "Record in Lexmechanic"
    assert record["name_localizations"]["es-ES"] == "Registrar en Lexmechanic"


def test_discord_register_sends_with_the_bot_token(discord_api: FakeDiscord, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from service.cli import main

    monkeypatch.setenv("LEXMECHANIC_DISCORD_BOT_TOKEN", "bot-secret")
    monkeypatch.setenv("LEXMECHANIC_DISCORD_API_URL", f"http://127.0.0.1:{discord_api.port}/api/v10")
    assert main(["discord", "register", "--send", "--application-id", APPLICATION, "--guild", GUILD]) == 0
    put = discord_api.sent[-1]
    assert put.method == "PUT" and put.path == f"/api/v10/applications/{APPLICATION}/guilds/{GUILD}/commands"
    assert put.headers["authorization"] == "Bot bot-secret"
    assert "registered 2 commands" in capsys.readouterr().out
    monkeypatch.delenv("LEXMECHANIC_DISCORD_BOT_TOKEN")
    assert main(["discord", "register", "--send", "--application-id", APPLICATION]) == 2


def test_discord_split_never_cuts_an_escape() -> None:
    from projections.rendering.discord_messages import split_messages
    from projections.rendering.markup import WRITERS

    for hostile in ("*" * 20_000, "&" * 20_000, "@" * 20_000, "W" * 20_000, "a*" * 10_000):
        escaped = WRITERS["markdown"].text(hostile)
        messages = split_messages(escaped)
        assert "".join(messages) == escaped
        for message in messages:
            assert len(message) <= 2000
            trailing = len(message) - len(message.rstrip("\\"))
            assert trailing % 2 == 0, "a message ends with a backslash whose character went to the next"
            assert not message.startswith("\u200b") or message is messages[0]
            assert not re.search(r"&[a-z]*$", message), "a message ends inside an entity"


async def test_discord_post_over_20000_characters_is_refused_privately_or_told(
        app_client: AsyncTestClient[Any], discord_api: FakeDiscord) -> None:
    found = await table(app_client)
    word = "W" * 20_000
    await answer(app_client, message_command("1700000000000000011", ANA_USER, f"!roll 1d10 {word}", ANA_USER))
    said = (await _followup(discord_api)).body["content"]
    assert "too long" in said and len(said) <= 2000
    events = (await found.campaign.get("/events")).json()["events"]
    assert not [e for e in events if e["type"] == "dice_rolled"]


async def test_discord_interaction_with_a_bad_token_or_id_is_400(app_client: AsyncTestClient[Any]) -> None:
    payload = slash("turn", STRANGER)
    payload["token"] = "../../applications/1/commands"
    assert (await send(app_client, payload)).status_code == 400
    payload = slash("turn", STRANGER)
    payload["application_id"] = "1/../2"
    assert (await send(app_client, payload)).status_code == 400


async def test_discord_post_in_spanish_and_roll_in_english(
        app_client: AsyncTestClient[Any], discord_api: FakeDiscord) -> None:
    await table(app_client)
    assert (await answer(app_client, slash("post", ANA_USER, "es-ES", text="!tirada 1d10 suerte")))["type"] == 5
    spanish = (await _followup(discord_api, 1)).body["content"]
    assert spanish.startswith("**Ana** · ") and "Tirada 1d10 (suerte)" in spanish
    assert (await answer(app_client, slash("roll", ANA_USER, dice="1d10 luck")))["type"] == 5
    english = (await _followup(discord_api, 2)).body["content"]
    assert "Roll 1d10 (luck)" in english
