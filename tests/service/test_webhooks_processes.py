"""Webhook delivery across real `lexmechanic serve` processes: a process killed with `kill -9` in the middle of a
delivery loses nothing (the next process delivers from the cursor once the lease runs out), and several
processes on one database deliver each event of each subscription once, in order."""

from __future__ import annotations

import asyncio
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest

from service.database import APP_ROLE, with_user
from tests.service.webhook_receiver import Delivery, Receiver, signature_valid
from tests.support.serve_process import serve_process

ENV = {
    "LEXMECHANIC_WEBHOOKS_ALLOW_PRIVATE": "1",
    "LEXMECHANIC_WEBHOOKS_RETRY_SECONDS": "0.2",
    "LEXMECHANIC_WEBHOOKS_RETRY_MAX_SECONDS": "1",
    "LEXMECHANIC_WEBHOOKS_POLL_SECONDS": "0.5",
    "LEXMECHANIC_WEBHOOKS_LEASE_SECONDS": "3",
}


@contextmanager
def spawned(database_url: str, *extra: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`lexmechanic serve` as the service's own role (migrating as the owner), with fast webhook timings."""
    env = {**ENV, "DATABASE_URL": with_user(database_url, APP_ROLE), "LEXMECHANIC_MIGRATION_URL": database_url}
    with serve_process(env, *extra) as served:
        yield served


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    found = Receiver()
    found.start()
    yield found
    found.stop()


async def new_campaign(base: str) -> tuple[str, dict[str, str]]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        created = await client.post("/campaigns", json={"name": "Hooks", "ruleset": "deathwatch"})
        assert created.status_code == 201, created.text
        return created.json()["campaign_id"], {"Authorization": f"Bearer {created.json()['gm_token']}"}


async def subscribe(base: str, campaign_id: str, auth: dict[str, str], url: str) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        made = await client.post(f"/campaigns/{campaign_id}/webhooks", headers=auth,
                                 json={"url": url, "kinds": ["posts"]})
        assert made.status_code == 201, made.text
        found: dict[str, Any] = made.json()
        return found


async def rolls(base: str, campaign_id: str, auth: dict[str, str], names: list[str]) -> list[int]:
    """One roll per post id; answers their seqs (the events of kind "posts")."""
    seqs: list[int] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        for name in names:
            answer = await client.post(f"/campaigns/{campaign_id}/commands", headers=auth,
                                       json={"type": "roll", "expression": "1d10", "reason": name, "post": {"id": name}})
            assert answer.status_code == 201, answer.text
            seqs.extend(e["seq"] for e in answer.json()["events"])
    return seqs


async def until(check: Any, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out waiting"
        await asyncio.sleep(0.05)


def in_order_once(seqs: list[int]) -> list[int]:
    """The seqs with each repeat of the one before it dropped, as a receiver that drops duplicates keeps them."""
    kept: list[int] = []
    for seq in seqs:
        if kept and seq <= kept[-1]:
            assert seq in kept, f"{seq} arrived out of order after {kept[-1]}"
            continue
        kept.append(seq)
    return kept


async def test_webhook_delivery_survives_kill_9_between_commit_and_delivery(
    database_url: str, receiver: Receiver
) -> None:
    held = threading.Event()
    release = threading.Event()

    def answer(_: Delivery) -> int:
        if not held.is_set():
            held.set()
            release.wait(60)  # the first delivery hangs: the service is killed while it waits for the answer
        return 204

    receiver.answer = answer
    with spawned(database_url) as (base, process):
        campaign_id, auth = await new_campaign(base)
        subscription = await subscribe(base, campaign_id, auth, receiver.url)
        wanted = await rolls(base, campaign_id, auth, [f"p{n}" for n in range(6)])
        await until(held.is_set)
        process.kill()  # kill -9: no shutdown, the lease stays taken, five events committed and never sent
        process.wait(timeout=10)
    release.set()
    assert receiver.seqs() == []
    with spawned(database_url) as (base, _):
        await until(lambda: in_order_once(receiver.seqs()) == wanted)
    assert all(signature_valid(subscription["secret"], d) for d in receiver.received)
    # At least once: the delivery cut short may come again, with the same seq; nothing else repeats.
    assert len(receiver.seqs()) - len(wanted) <= 1


async def test_webhook_several_processes_deliver_each_event_once_in_order(
    database_url: str, receiver: Receiver
) -> None:
    with spawned(database_url) as (first, _), spawned(database_url, "--workers", "2") as (second, _):
        campaign_id, auth = await new_campaign(first)
        paths = [f"/hook/{n}" for n in range(3)]
        for path in paths:
            await subscribe(first, campaign_id, auth, f"http://127.0.0.1:{receiver.port}{path}")
        # Commands through both services at once: every process's worker wakes and competes for the claims.
        sent = await asyncio.gather(rolls(first, campaign_id, auth, [f"a{n}" for n in range(15)]),
                                    rolls(second, campaign_id, auth, [f"b{n}" for n in range(15)]))
        wanted = sorted(sent[0] + sent[1])
        await until(lambda: all(len(receiver.seqs(path)) >= len(wanted) for path in paths))
        await asyncio.sleep(1.5)  # a duplicate would arrive now
    for path in paths:
        assert receiver.seqs(path) == wanted, path
