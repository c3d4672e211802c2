"""Webhook subscriptions (GM only): create one (its secret shown once), list them with their delivery state,
delete one, resume a paused one. Delivery itself is service/webhooks/worker.py's."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Request, Response, delete, get, post
from litestar.params import FromPath, JSONBody

from domain.catalog import text
from domain.message import Lang, message
from projections.notifications import Format, Kind
from service.api.answers import gm_writing
from service.api.auth import campaign_actor
from service.api.limits import SMALL_BODY_BYTES
from service.api.problems import ApiError
from service.api.services import Injected, Services
from service.store import EventStore
from service.webhooks import subscriptions
from service.webhooks.addresses import MAX_URL_LENGTH, RefusedAddress, check_host, url_problem
from service.webhooks.signing import new_secret

# The OpenAPI examples quote the live answers' English (notify.po).
WEBHOOKS_GM_ONLY = text(message("notify.forbidden.gm_only"), "en")
WEBHOOK_QUOTA = text(message("rule.webhook_quota", most=subscriptions.WEBHOOKS_PER_CAMPAIGN, campaign="{id}"), "en")
WebhookId = Annotated[str, msgspec.Meta(max_length=64)]


class WebhookBody(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    url: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_URL_LENGTH)]
    kinds: Annotated[list[Kind], msgspec.Meta(min_length=1, max_length=5)]
    format: Format = "json"
    # The table's language: what the notifications (and the pause's reason) are written in.
    lang: Lang = "en"


async def _gm(request: Request[Any, Any, Any], store: EventStore, campaign_id: str) -> str:
    actor = await campaign_actor(request, store, campaign_id)
    if actor.role != "gm":
        raise ApiError(403, "forbidden", message("notify.forbidden.gm_only"))
    return actor.participant_id


@post(
    "/campaigns/{campaign_id:str}/webhooks",
    status_code=201,
    summary="GM: subscribe a URL to the campaign's events (turns, rolls, posts, sessions, down)",
    responses=gm_writing("/webhooks", WEBHOOKS_GM_ONLY, quota=("webhook_quota", WEBHOOK_QUOTA)),
    request_max_body_size=SMALL_BODY_BYTES,
)
async def create_webhook(
    request: Request[Any, Any, Any], campaign_id: FromPath[str], services: Injected[Services],
    data: JSONBody[WebhookBody],
) -> dict[str, Any]:
    gm = await _gm(request, services.store, campaign_id)
    problem = url_problem(data.url)
    if problem is not None:
        raise ApiError(400, "invalid-request", message("notify.url.refused", why=problem))
    try:
        await check_host(data.url, services.settings.webhooks.allow_private)
    except RefusedAddress as refused:
        raise ApiError(400, "invalid-request", message("notify.url.refused", why=refused.said)) from None
    kinds = sorted(set(data.kinds))
    secret = new_secret()
    created = await subscriptions.create(services.store, campaign_id, data.url, kinds, data.format, data.lang,
                                         secret, gm)
    # The secret is shown here only: the GM gives it to the receiver, which checks every delivery with it.
    return {**msgspec.to_builtins(created), "secret": secret}


@get(
    "/campaigns/{campaign_id:str}/webhooks",
    summary="GM: the campaign's webhook subscriptions, with where each delivery stands",
    responses=gm_writing("/webhooks", WEBHOOKS_GM_ONLY),
)
async def list_webhooks(
    request: Request[Any, Any, Any], campaign_id: FromPath[str], services: Injected[Services],
) -> dict[str, Any]:
    await _gm(request, services.store, campaign_id)
    return {"webhooks": await subscriptions.listed(services.store, campaign_id)}


def _no_such(webhook_id: str) -> ApiError:
    return ApiError(404, "not-found", message("notify.not_found.webhook", webhook=repr(webhook_id)))


@post(
    "/campaigns/{campaign_id:str}/webhooks/{webhook_id:str}/resume",
    status_code=200,
    summary="GM: resume a paused webhook subscription (it delivers again from where it stopped)",
    responses=gm_writing("/webhooks/w1/resume", WEBHOOKS_GM_ONLY),
    request_max_body_size=SMALL_BODY_BYTES,
)
async def resume_webhook(
    request: Request[Any, Any, Any], campaign_id: FromPath[str], webhook_id: FromPath[WebhookId],
    services: Injected[Services],
) -> subscriptions.Subscription:
    await _gm(request, services.store, campaign_id)
    found = await subscriptions.resume(services.store, campaign_id, webhook_id)
    if found is None:
        raise _no_such(webhook_id)
    return found


@delete(
    "/campaigns/{campaign_id:str}/webhooks/{webhook_id:str}",
    status_code=204,
    summary="GM: delete a webhook subscription",
    responses=gm_writing("/webhooks/w1", WEBHOOKS_GM_ONLY),
)
async def delete_webhook(
    request: Request[Any, Any, Any], campaign_id: FromPath[str], webhook_id: FromPath[WebhookId],
    services: Injected[Services],
) -> Response[None]:
    await _gm(request, services.store, campaign_id)
    if not await subscriptions.delete(services.store, campaign_id, webhook_id):
        raise _no_such(webhook_id)
    return Response(None, status_code=204)
