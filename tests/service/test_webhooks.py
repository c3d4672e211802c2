"""Webhooks through the served app and a real receiver on 127.0.0.1 (tests/service/webhook_receiver.py), whose
signature check is written from docs/api.md alone."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import msgspec
import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings, WebhookSettings
from tests.service.conftest import Campaign
from tests.service.webhook_receiver import Delivery, Receiver, signature_valid

STATS = {"WS": 40, "BS": 40, "S": 40, "T": 40, "Ag": 40, "Int": 40, "Per": 40, "WP": 40, "Fel": 40}
SHEET = {"characteristics": STATS, "wounds": 12, "fate": 2, "armour": {"body": 2}, "weapons": []}
# docs/api.md, "Webhooks": the event types of each kind.
TURN_TYPES = {"d100_turn_started", "wng_turn_started", "d100_round_started", "wng_round_started",
              "d100_encounter_started", "wng_encounter_started", "d100_encounter_ended", "wng_encounter_ended",
              "turn_undone", "turn_redone"}
SESSION_TYPES = {"session_started", "session_ended", "wng_session_started"}
FAST = WebhookSettings(allow_private=True, retry_seconds=0.2, retry_max_seconds=1.6, pause_after=50,
                       lease_seconds=30, poll_seconds=0.5)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    found = Receiver()
    found.start()
    yield found
    found.stop()


def served(settings: Settings, hooks: WebhookSettings = FAST) -> AsyncTestClient[Any]:
    return AsyncTestClient(app=create_app(msgspec.structs.replace(settings, webhooks=hooks)))


@pytest.fixture
async def hooked(settings: Settings) -> AsyncIterator[AsyncTestClient[Any]]:
    async with served(settings) as client:
        yield client


async def table(client: AsyncTestClient[Any]) -> tuple[Campaign, str]:
    """A d100 campaign with Ana's Brother Kai and the GM's Ork; answers the campaign and Ana's token."""
    created = await client.post("/campaigns", json={"name": "Hooks", "ruleset": "deathwatch"})
    assert created.status_code == 201, created.text
    campaign = Campaign(client, created.json())
    ana = await campaign.invite("Ana", "player")
    ana_id = next(p for p in (await campaign.get("/state")).json()["participants"] if p != "gm")
    await campaign.ok({"type": "d100_register_character", "character_id": "kai", "owner": ana_id,
                       "name": "Brother Kai", "sheet": SHEET})
    await campaign.ok({"type": "d100_register_character", "character_id": "ork", "owner": "gm", "name": "Ork",
                       "sheet": SHEET})
    return campaign, ana


async def subscribe(campaign: Campaign, url: str, kinds: list[str], fmt: str = "json", lang: str = "en"
                    ) -> dict[str, Any]:
    response = await campaign.client.post(f"/campaigns/{campaign.id}/webhooks", headers=campaign.auth(),
                                          json={"url": url, "kinds": kinds, "format": fmt, "lang": lang})
    assert response.status_code == 201, response.text
    found: dict[str, Any] = response.json()
    return found


async def until(check: Callable[[], bool], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out waiting"
        await asyncio.sleep(0.05)


async def log(campaign: Campaign) -> list[dict[str, Any]]:
    page = (await campaign.get("/events?after_seq=0&limit=1000")).json()
    events: list[dict[str, Any]] = page["events"]
    return events


async def play(campaign: Campaign) -> None:
    """A session with an encounter: turns, a roll each, the encounter's end, the session's end."""
    await campaign.ok({"type": "start_session"})
    await campaign.ok({"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["kai", "ork"]})
    for turn in range(3):
        await campaign.ok({"type": "d100_next_turn", "post": {"id": f"turn-{turn}"}})
        await campaign.ok({"type": "roll", "expression": "1d10", "reason": "*bold* @everyone <b>",
                           "post": {"id": f"roll-{turn}"}})
    await campaign.ok({"type": "d100_end_encounter"})
    await campaign.ok({"type": "end_session"})


async def test_webhook_every_subscribed_event_arrives_once_in_order_signed(
    hooked: AsyncTestClient[Any], receiver: Receiver
) -> None:
    campaign, _ = await table(hooked)
    before = len(await log(campaign))
    subscription = await subscribe(campaign, receiver.url, ["turns", "sessions"])
    secret = subscription["secret"]
    await play(campaign)
    events = await log(campaign)
    wanted = [e["seq"] for e in events if e["seq"] > before and e["type"] in TURN_TYPES | SESSION_TYPES]
    assert len(wanted) >= 8
    await until(lambda: len(receiver.seqs()) >= len(wanted))
    await asyncio.sleep(1.0)  # nothing more arrives
    assert receiver.seqs() == wanted
    by_seq = {e["seq"]: e for e in events}
    for delivery in receiver.received:
        assert signature_valid(secret, delivery)
        body = delivery.json
        assert body["seq"] == delivery.seq and body["type"] == by_seq[delivery.seq]["type"]
        assert body["event"]["hash"] == by_seq[delivery.seq]["hash"]
        assert body["campaign_id"] == campaign.id and body["webhook_id"] == subscription["webhook_id"]
        tampered = Delivery(delivery.at, delivery.headers, delivery.body + b" ")
        assert not signature_valid(secret, tampered)
    # "Round 2, turn 3: Brother Kai (Ana) acts": each turn's numbers as the event has them, its character and player.
    names = {"kai": "Brother Kai (Ana)", "ork": "Ork (Game Master)"}
    turns = [d.json for d in receiver.received if d.json["type"] == "d100_turn_started"]
    assert len(turns) == 3
    for told in turns:
        data = told["event"]["data"]
        assert told["text"] == f"Round {data['round']}, turn {data['turn']}: {names[data['character_id']]} acts"
    listed = (await campaign.get("/webhooks")).json()["webhooks"]
    assert listed[0]["delivered_seq"] == events[-1]["seq"] and listed[0]["failures"] == 0
    assert "secret" not in listed[0]


async def test_webhook_discord_format_names_the_turn_in_spanish_escaped_within_2000(
    hooked: AsyncTestClient[Any], receiver: Receiver
) -> None:
    campaign, _ = await table(hooked)
    await campaign.ok({"type": "d100_register_character", "character_id": "sigma", "owner": "gm",
                       "name": "Sigma 19 **@everyone**", "sheet": SHEET})
    await subscribe(campaign, receiver.url, ["turns", "posts"], fmt="discord", lang="es")
    await campaign.ok({"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["sigma"]})
    await campaign.ok({"type": "d100_next_turn"})
    # Escaping makes a note longer than its text: two thousand `*` are four thousand characters of Markdown.
    await campaign.ok({"type": "gm_note", "text": "*" * 2000, "post": {"id": "n1"}})
    await until(lambda: len(receiver.seqs()) >= 3)
    contents = [d.json["content"] for d in receiver.received]
    assert all(d.json["allowed_mentions"] == {"parse": []} for d in receiver.received)
    turn = next(c for c in contents if c.startswith("Asalto 1, turno 1"))
    # The name is the player's text: its Markdown and its mention are escaped, never live.
    assert turn.splitlines()[0] == "Asalto 1, turno 1: actúa Sigma 19 \\*\\*@\u200beveryone\\*\\* (DJ)"
    assert "[Abrir en Lexmechanic](" in turn and f"/ui/campaigns/{campaign.id}?after=" in turn
    assert all(len(c) <= 2000 for c in contents)
    assert contents[-1].splitlines()[-1].startswith("[Abrir en Lexmechanic](")


async def test_webhook_receiver_down_for_a_while_gets_everything_after_backoff(
    hooked: AsyncTestClient[Any], receiver: Receiver
) -> None:
    campaign, _ = await table(hooked)
    failing = {"left": 4}

    def answer(_: Delivery) -> int:
        if failing["left"] > 0:
            failing["left"] -= 1
            return 503
        return 200

    receiver.answer = answer
    before = len(await log(campaign))
    await subscribe(campaign, receiver.url, ["turns", "sessions"])
    await play(campaign)
    events = await log(campaign)
    wanted = [e["seq"] for e in events if e["seq"] > before and e["type"] in TURN_TYPES | SESSION_TYPES]
    await until(lambda: len(receiver.seqs()) >= len(wanted), 90)
    await asyncio.sleep(0.5)
    seqs = receiver.seqs()
    assert seqs == wanted, "everything, in order, each once"
    # The four failures were retried after 0.2, 0.4, 0.8 and 1.6 s at least (doubling from 0.2 s, capped at 1.6).
    times = [d.at for d in receiver.attempts[:5]]
    gaps = [later - earlier for earlier, later in zip(times, times[1:], strict=False)]
    assert all(gap >= 0.9 * expected for gap, expected in zip(gaps, [0.2, 0.4, 0.8, 1.6], strict=True)), gaps
    assert {d.seq for d in receiver.attempts[:5]} == {seqs[0]}, "the same first event until it is delivered"


async def test_webhook_paused_after_n_failures_with_its_reason_then_resumed(
    settings: Settings, receiver: Receiver
) -> None:
    receiver.answer = lambda _: 500
    hooks = msgspec.structs.replace(FAST, pause_after=3)
    async with served(settings, hooks) as client:
        campaign, _ = await table(client)
        created = await subscribe(campaign, receiver.url, ["sessions"], lang="es")
        await campaign.ok({"type": "start_session"})
        await until(lambda: len(receiver.attempts) >= 3)
        path = "/webhooks"
        await until(lambda: False if not receiver.attempts else True)
        deadline = time.monotonic() + 30
        while True:
            found = (await campaign.get(path)).json()["webhooks"][0]
            if found["paused_at"] is not None or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.1)
        assert found["paused_reason"] == "en pausa tras 3 entregas fallidas seguidas: el receptor respondió HTTP 500"
        assert found["failures"] == 3 and found["last_error"] == "el receptor respondió HTTP 500"
        await asyncio.sleep(1.0)
        assert len(receiver.attempts) == 3, "a paused subscription is not tried again"

        receiver.answer = lambda _: 204
        resumed = await client.post(f"/campaigns/{campaign.id}/webhooks/{created['webhook_id']}/resume",
                                    headers=campaign.auth())
        assert resumed.status_code == 200, resumed.text
        await until(lambda: len(receiver.received) == 1)
        assert receiver.received[0].json["type"] == "session_started"


async def test_webhook_subscriptions_are_the_gms_and_refuse_private_addresses(
    settings: Settings, receiver: Receiver
) -> None:
    strict = msgspec.structs.replace(FAST, allow_private=False)
    async with served(settings, strict) as client:
        campaign, ana = await table(client)
        body = {"url": receiver.url, "kinds": ["turns"]}
        path = f"/campaigns/{campaign.id}/webhooks"
        refused = await client.post(path, json=body, headers=campaign.auth())
        assert refused.status_code == 400, refused.text
        assert "127.0.0.1" in refused.json()["detail"] and "private" in refused.json()["detail"]
        for url in ("ftp://example.org/x", "http://user:pw@example.org/", "/relative", "http://[::1]/",
                    "http://10.1.2.3/", "http://169.254.169.254/latest/meta-data/"):
            answer = await client.post(path, json={**body, "url": url}, headers=campaign.auth())
            assert answer.status_code == 400, (url, answer.text)
        as_player = await client.post(path, json=body, headers=campaign.auth(ana))
        assert as_player.status_code == 403
        assert (await client.get(path, headers=campaign.auth(ana))).status_code == 403
        unknown_kind = await client.post(path, json={**body, "kinds": ["everything"]}, headers=campaign.auth())
        assert unknown_kind.status_code == 400


async def test_webhook_delete_stops_deliveries_and_quota_is_ten(hooked: AsyncTestClient[Any], receiver: Receiver
                                                                ) -> None:
    campaign, _ = await table(hooked)
    made = [await subscribe(campaign, receiver.url, ["sessions"]) for _ in range(10)]
    eleventh = await hooked.post(f"/campaigns/{campaign.id}/webhooks", headers=campaign.auth(),
                                 json={"url": receiver.url, "kinds": ["sessions"]})
    assert eleventh.status_code == 422 and eleventh.json()["rule"] == "webhook_quota", eleventh.text
    for found in made:
        gone = await hooked.delete(f"/campaigns/{campaign.id}/webhooks/{found['webhook_id']}",
                                   headers=campaign.auth())
        assert gone.status_code == 204
    await campaign.ok({"type": "start_session"})
    await asyncio.sleep(1.5)
    assert receiver.attempts == []
    again = await hooked.delete(f"/campaigns/{campaign.id}/webhooks/{made[0]['webhook_id']}", headers=campaign.auth())
    assert again.status_code == 404
    assert json.loads(again.text)["status"] == 404


async def test_webhook_an_event_the_service_cannot_tell_is_a_failure_the_gm_sees_not_a_dead_worker(
    settings: Settings, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from service.webhooks import worker

    def broken(*_: Any) -> Any:
        raise RuntimeError("boom")

    hooks = msgspec.structs.replace(FAST, pause_after=2)
    async with served(settings, hooks) as client:
        campaign, _ = await table(client)
        await subscribe(campaign, receiver.url, ["sessions"])
        other, _ = await table(client)
        await subscribe(other, receiver.url, ["sessions"])
        with monkeypatch.context() as patched:
            patched.setattr(worker, "notification", broken)
            await campaign.ok({"type": "start_session"})
            deadline = time.monotonic() + 30
            while (found := (await campaign.get("/webhooks")).json()["webhooks"][0])["paused_at"] is None:
                assert time.monotonic() < deadline
                await asyncio.sleep(0.1)
        assert found["last_error"] == "the service could not tell the event (RuntimeError: boom)"
        assert found["paused_reason"].startswith("paused after 2 failed deliveries in a row: the service could not")
        # The worker lives on: the other campaign's events are delivered.
        await other.ok({"type": "start_session"})
        await until(lambda: len(receiver.received) == 1)
        assert receiver.received[0].json["campaign_id"] == other.id


async def test_webhook_quota_is_refused_in_spanish_too(hooked: AsyncTestClient[Any], receiver: Receiver) -> None:
    campaign, _ = await table(hooked)
    for _ in range(10):
        await subscribe(campaign, receiver.url, ["sessions"])
    refused = await hooked.post(f"/campaigns/{campaign.id}/webhooks?lang=es", headers=campaign.auth(),
                                json={"url": receiver.url, "kinds": ["sessions"]})
    assert refused.status_code == 422 and refused.json()["rule"] == "webhook_quota"
    # docs/errors.md: in Spanish the catalog's sentence leads, the English follows in parentheses.
    assert refused.json()["detail"].startswith(
        "esta campaña ya tiene 10 suscripciones de webhook, el máximo que puede tener; borra una que ya no necesite "
        f"(DELETE /campaigns/{campaign.id}/webhooks/<webhook_id>) (this campaign already has 10 webhook")


async def test_webhook_receiver_whose_port_is_closed_for_a_while_gets_everything_once_it_listens_again(
    hooked: AsyncTestClient[Any], receiver: Receiver
) -> None:
    campaign, _ = await table(hooked)
    before = len(await log(campaign))
    await subscribe(campaign, receiver.url, ["turns", "sessions"])
    receiver.stop()  # nothing listens on its port: every connection is refused
    await play(campaign)
    deadline = time.monotonic() + 60
    while (found := (await campaign.get("/webhooks")).json()["webhooks"][0])["failures"] < 3:
        assert time.monotonic() < deadline
        await asyncio.sleep(0.1)
    events = await log(campaign)
    wanted = [e["seq"] for e in events if e["seq"] > before and e["type"] in TURN_TYPES | SESSION_TYPES]
    assert found["last_error"].startswith("could not reach the receiver (ConnectError")
    # The cursor passed the events no kind wanted, and stopped before the first one that failed.
    assert found["delivered_seq"] == wanted[0] - 1 and found["paused_at"] is None
    receiver.start()  # the same port again
    await until(lambda: len(receiver.seqs()) >= len(wanted))
    await asyncio.sleep(0.5)
    assert receiver.seqs() == wanted
    assert (await campaign.get("/webhooks")).json()["webhooks"][0]["failures"] == 0
