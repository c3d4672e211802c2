"""A campaign's webhook subscriptions as the GM manages them: create (the secret shown once), list, delete,
resume after a pause. The worker's own statements are in service/webhooks/worker.py."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Sequence
from typing import Any

import asyncpg
import msgspec

from domain.errors import RuleViolation
from service.store import EventStore, campaign_uuid
from service.webhooks import queries

# A campaign's subscriptions, at most: each is a worker's delivery per event, and a GM needs a few.
WEBHOOKS_PER_CAMPAIGN = 10


class Subscription(msgspec.Struct, frozen=True, kw_only=True):
    """A subscription as its GM sees it (never its secret after creation)."""

    webhook_id: str
    url: str
    kinds: list[str]
    format: str
    lang: str
    created_by: str
    created_at: dt.datetime
    # The seq of the last event dealt with: delivered, or passed over as not of a wanted kind.
    delivered_seq: int
    failures: int
    next_attempt_at: dt.datetime
    last_attempt_at: dt.datetime | None
    last_delivered_at: dt.datetime | None
    last_error: str | None
    paused_at: dt.datetime | None
    paused_reason: str | None


def _subscription(row: asyncpg.Record) -> Subscription:
    fields: dict[str, Any] = {k: (list(v) if k == "kinds" else v) for k, v in dict(row).items() if k != "campaign_id"}
    return Subscription(**fields)


async def create(
    store: EventStore, campaign_id: str, url: str, kinds: Sequence[str], fmt: str, lang: str, secret: str, gm: str
) -> Subscription:
    """A new subscription from the campaign's head on, or RuleViolation `webhook_quota`; counted under the
    campaign's advisory lock, so two GMs' requests at once cannot both take the last place."""
    uuid = campaign_uuid(campaign_id)
    async with store.pool.acquire() as connection, connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock(hashtext('webhooks:' || $1::text))", str(uuid))
        if await connection.fetchval(queries.COUNT_WEBHOOKS, uuid) >= WEBHOOKS_PER_CAMPAIGN:
            raise RuleViolation("webhook_quota", most=WEBHOOKS_PER_CAMPAIGN, campaign=campaign_id)
        row = await connection.fetchrow(
            queries.INSERT_WEBHOOK, uuid, "w" + secrets.token_hex(6), url, list(kinds), fmt, lang, secret, gm
        )
    assert row is not None, "the campaign exists: its reader was authenticated"
    return _subscription(row)


async def listed(store: EventStore, campaign_id: str) -> list[Subscription]:
    return [_subscription(row) for row in await store.pool.fetch(queries.SELECT_WEBHOOKS, campaign_uuid(campaign_id))]


async def delete(store: EventStore, campaign_id: str, webhook_id: str) -> bool:
    return await store.pool.fetchval(queries.DELETE_WEBHOOK, campaign_uuid(campaign_id), webhook_id) is not None


async def resume(store: EventStore, campaign_id: str, webhook_id: str) -> Subscription | None:
    row = await store.pool.fetchrow(queries.RESUME_WEBHOOK, campaign_uuid(campaign_id), webhook_id)
    return _subscription(row) if row is not None else None
