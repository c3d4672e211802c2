"""The delivery worker each `serve` process runs: it claims due subscriptions, delivers their events in seq
order, and moves each cursor only after a 2xx.

At least once, in order, never two processes at once on one subscription:
- The events are the outbox: a command's events commit atomically and in seq order, so whatever committed is
  there to deliver, and nothing uncommitted ever is. A subscription's cursor is the last seq it dealt with.
- A process claims a subscription with a lease (service/webhooks/queries.py, CLAIM_DUE: SELECT ... FOR UPDATE
  SKIP LOCKED, then a lease with its owner and an expiry), renews it before each request, and writes the
  cursor only while the lease is its own. A process killed mid-delivery leaves a lease that runs out; the
  next claimer delivers again from the cursor: a receiver may see a seq twice, never a gap or a reorder.
- A failure (no 2xx, a timeout, a refused address) stops the subscription's batch where it is and sets its
  next attempt after an exponential backoff (doubling, capped); after `pause_after` failures in a row it is
  paused with the reason, in the subscription's language, for the GM to see (GET .../webhooks) and resume.
- NOTIFY (service/live.py) wakes the worker when a campaign with a subscription appends: its hub registers
  those campaigns (live_listeners, migrations/0009; read again every `poll_seconds`), so their appends notify
  and no other campaign's do; it also looks every `poll_seconds`, and when the earliest retry is due, so a
  lost notification only delays.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from contextlib import ExitStack
from typing import Any

import asyncpg
import httpx
import msgspec

from domain.campaign.state import CampaignState
from domain.catalog import text
from domain.message import Lang, Message, message
from projections.corrections import voided_by
from projections.notifications import (
    Format,
    Notification,
    discord_payload,
    json_payload,
    notification,
    slack_payload,
)
from projections.permalinks import Links
from projections.rendering.frames import FrameBuilder
from projections.replay import is_voiding
from service import share_links
from service.live import Hub
from service.settings import Settings
from service.snapshots import Snapshots
from service.store import EventStore, StoredEvent, campaign_uuid, recorded_from_stored
from service.webhooks import delivery, queries
from service.webhooks.addresses import RefusedAddress, check_host
from service.webhooks.signing import signature

# Subscriptions one claim takes (delivered side by side), and events one batch of a subscription reads.
CLAIM = 8
BATCH = 200
_log = logging.getLogger("lexmechanic")

NEXT_DUE = """
SELECT extract(epoch FROM min(w.next_attempt_at) - now())
  FROM webhooks w JOIN campaigns c ON c.campaign_id = w.campaign_id
 WHERE w.paused_at IS NULL AND w.delivered_seq < c.version
"""


class Claimed(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    webhook_id: str
    url: str
    kinds: frozenset[str]
    format: Format
    lang: Lang
    secret: str
    delivered_seq: int
    failures: int


def headers(webhook_id: str, seq: int, secret: str, body: bytes, now: int) -> dict[str, str]:
    """The headers of every delivery (docs/api.md, "Webhooks")."""
    return {
        "Content-Type": "application/json",
        "User-Agent": "Lexmechanic-Webhooks/1",
        "X-Lexmechanic-Webhook-Id": webhook_id,
        "X-Lexmechanic-Event-Seq": str(seq),
        "X-Lexmechanic-Timestamp": str(now),
        "X-Lexmechanic-Signature": signature(secret, now, body),
    }


def body_of(claimed: Claimed, said: Notification, stored: StoredEvent) -> bytes:
    if claimed.format == "discord":
        payload = discord_payload(said, claimed.lang)
    elif claimed.format == "slack":
        payload = slack_payload(said, claimed.lang)
    else:
        payload = json_payload(said, claimed.webhook_id, claimed.campaign_id, msgspec.to_builtins(stored))
    return msgspec.json.encode(payload)


def backoff(settings: Settings, failures: int, retry_after: float | None) -> float:
    """Seconds before the next attempt after `failures` failures in a row: doubling from retry_seconds,
    capped at retry_max_seconds; a receiver's longer Retry-After (up to the cap) is honoured."""
    hooks = settings.webhooks
    delay = min(hooks.retry_max_seconds, hooks.retry_seconds * 2 ** min(failures - 1, 30))
    if retry_after is not None:
        delay = max(delay, min(retry_after, hooks.retry_max_seconds))
    return float(delay)


class Worker:
    """One process's deliveries; started and closed by the app's lifespan."""

    def __init__(self, store: EventStore, snapshots: Snapshots, settings: Settings) -> None:
        self.store = store
        self.snapshots = snapshots
        self.settings = settings
        self.owner = f"{socket.gethostname()[:64]}:{os.getpid()}:{secrets.token_hex(4)}"
        self._task: asyncio.Task[None] | None = None
        self._hub = Hub(settings.database_url)
        self._http: httpx.AsyncClient | None = None

    def start(self) -> None:
        self._http = delivery.client()
        self._task = asyncio.create_task(self._run())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        await self._hub.close()
        if self._http is not None:
            await self._http.aclose()

    async def _run(self) -> None:
        with ExitStack() as stack:
            wake: asyncio.Event | None = None
            looked = -float("inf")  # when the watched campaigns were last read
            while True:
                worked = False
                wait = self.settings.webhooks.poll_seconds
                try:
                    worked = await self.deliver_due()
                    if not worked:
                        due = await self.store.pool.fetchval(NEXT_DUE)
                        if due is not None:
                            wait = max(0.05, min(wait, float(due)))
                        if time.monotonic() - looked >= self.settings.webhooks.poll_seconds:
                            looked = time.monotonic()
                            watched = [row[0] for row in await self.store.pool.fetch(queries.WATCHED_CAMPAIGNS)]
                            # Registered for the campaigns with a live subscription only (service/live.py):
                            # the appends of every other campaign send no NOTIFY. A new subscription is
                            # registered at the next look, within poll_seconds, as it is first delivered.
                            self._hub.watch(watched)
                            if wake is None and watched:
                                # Listening only once some campaign has a subscription: a process nobody
                                # subscribed to holds no extra connection.
                                wake = stack.enter_context(self._hub.subscribe_all())
                except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                    _log.warning("webhooks: %s; trying again", error)
                if worked:
                    continue
                if wake is None:
                    await asyncio.sleep(wait)
                    continue
                try:
                    await asyncio.wait_for(wake.wait(), timeout=wait)
                except TimeoutError:
                    pass
                wake.clear()

    async def deliver_due(self) -> bool:
        """Claim the due subscriptions (at most CLAIM) and deliver each one's batch; whether any was claimed."""
        rows = await self.store.pool.fetch(queries.CLAIM_DUE, self.owner, self.settings.webhooks.lease_seconds, CLAIM)
        if not rows:
            return False
        claimed = [Claimed(campaign_id=r["campaign_id"], webhook_id=r["webhook_id"], url=r["url"],
                           kinds=frozenset(r["kinds"]), format=r["format"], lang=r["lang"], secret=r["secret"],
                           delivered_seq=r["delivered_seq"], failures=r["failures"]) for r in rows]
        await asyncio.gather(*(self._deliver(one) for one in claimed))
        return True

    async def _links(self, campaign_id: str) -> Links:
        base = self.settings.public_url
        if base is None:
            return Links()
        return Links(base=base, share=await share_links.newest_key(self.store, campaign_id))

    async def _deliver(self, claimed: Claimed) -> None:
        key = (campaign_uuid(claimed.campaign_id), claimed.webhook_id, self.owner)
        try:
            await self._batch(claimed, key)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            _log.warning("webhooks: delivering %s failed (%s); its lease runs out", claimed.webhook_id, error)
            return
        except Exception as error:
            # The worker is a background task: nobody awaits it to hear of a bug. An event it cannot tell (a
            # defect, never the receiver's doing) counts as a failed delivery, so it backs off, and after
            # `pause_after` of them the GM sees the subscription paused with this reason, instead of a worker
            # that died silently for every campaign of the process.
            _log.exception("webhooks: %s could not be delivered", claimed.webhook_id)
            detail = f"{type(error).__name__}: {error}"[:200]
            await self._failed(claimed, key, delivery.Outcome(ok=False, error=message("notify.error.internal",
                                                                                      detail=detail)))
            return
        await self.store.pool.execute(queries.RELEASE, *key)

    async def _batch(self, claimed: Claimed, key: tuple[Any, str, str]) -> None:
        head = await self.store.head(claimed.campaign_id)
        events = await self.store.stored(claimed.campaign_id, claimed.delivered_seq, head.version, BATCH)
        if not events:
            return
        first = events[0].seq
        before = await self.snapshots.state_at(claimed.campaign_id, first - 1) if first > 1 else CampaignState()
        undone = voided_by(await self.store.corrections(claimed.campaign_id, first))
        links = await self._links(claimed.campaign_id)
        builder = FrameBuilder(before, claimed.lang, claimed.campaign_id, links, undone)
        dealt = claimed.delivered_seq
        # The claim took the lease just now; it is renewed once a third of it has passed (a renewal that finds
        # it taken or deleted stops the batch), so a fast receiver costs one statement per event, the cursor's.
        renewed = time.monotonic()
        for stored in events:
            recorded = recorded_from_stored(stored)
            refolded = await self.snapshots.state_at(claimed.campaign_id, stored.seq) if is_voiding(recorded) else None
            frame = builder.frame(recorded, refolded, stored.recorded_at)
            said = notification(frame, builder.state, claimed.lang, claimed.campaign_id, links)
            if not claimed.kinds.intersection(said.kinds):
                dealt = stored.seq
                continue
            lease = self.settings.webhooks.lease_seconds
            if time.monotonic() - renewed > lease / 3:
                if await self.store.pool.fetchval(queries.RENEW_LEASE, *key, lease) is None:
                    return  # deleted, or the lease ran out and another took it: it delivers from the cursor
                renewed = time.monotonic()
            outcome = await self._send(claimed, said, stored)
            if not outcome.ok:
                if dealt > claimed.delivered_seq:
                    await self.store.pool.execute(queries.ADVANCE, *key, dealt, False)
                await self._failed(claimed, key, outcome)
                return
            if await self.store.pool.fetchval(queries.ADVANCE, *key, stored.seq, True) is None:
                return  # deleted meanwhile, or no longer ours: not one more delivery
            dealt = stored.seq
        if dealt > claimed.delivered_seq:
            await self.store.pool.execute(queries.ADVANCE, *key, dealt, False)

    async def _send(self, claimed: Claimed, said: Notification, stored: StoredEvent) -> delivery.Outcome:
        try:
            await check_host(claimed.url, self.settings.webhooks.allow_private)
        except RefusedAddress as refused:
            return delivery.Outcome(ok=False, error=refused.said)
        body = body_of(claimed, said, stored)
        assert self._http is not None, "started"
        sent = headers(claimed.webhook_id, stored.seq, claimed.secret, body, int(time.time()))
        return await delivery.send(self._http, claimed.url, body, sent)

    async def _failed(self, claimed: Claimed, key: tuple[Any, str, str], outcome: delivery.Outcome) -> None:
        failures = claimed.failures + 1
        error: Message = outcome.error or message("notify.error.status", status=outcome.status or 0)
        said = text(error, claimed.lang)
        paused = failures >= self.settings.webhooks.pause_after
        reason = text(message("notify.paused", count=failures, error=said), claimed.lang) if paused else None
        delay = backoff(self.settings, failures, outcome.retry_after)
        await self.store.pool.execute(queries.FAILED, *key, failures, said, delay, paused, reason)
        _log.info("webhooks: %s failed %d time(s) (%s)%s", claimed.webhook_id, failures, said,
                  "; paused" if paused else f"; next attempt in {delay:g} s")
