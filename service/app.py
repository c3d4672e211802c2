"""The Litestar application factory: no module-level app, pool or settings."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from litestar import Litestar
from litestar.exceptions import HTTPException

from service.api.campaigns import create_campaign, invite_participant, send_command
from service.api.command_fast_path import ServedApp
from service.api.contributions import roll_contributions
from service.api.discord import discord_interactions
from service.api.docs_page import openapi_config
from service.api.feed import feed
from service.api.limits import DEFAULT_BODY_BYTES, refuse_deep_bodies
from service.api.missions import mission_read
from service.api.participant_tokens import revoke_participant_token, rotate_participant_token
from service.api.posts import send_post
from service.api.premades import list_premades, read_premade
from service.api.problems import EXCEPTION_HANDLERS
from service.api.reads import (
    campaign_events,
    campaign_state_read,
    campaign_summary,
    character_read,
    encounter_read,
    export,
    health,
    roll_proof,
    verify,
)
from service.api.security_headers import add_security_headers
from service.api.services import Services, service_dependencies
from service.api.sharing import create_share_link, list_share_links, revoke_share_link
from service.api.stream import stream
from service.api.transcripts import transcript
from service.api.turn import turn_read
from service.api.webhooks import create_webhook, delete_webhook, list_webhooks, resume_webhook
from service.api.whoami import whoami
from service.commanding import Commander
from service.database import create_pool
from service.discord.followups import Followups
from service.settings import Settings, settings_from_env
from service.snapshots import Snapshots
from service.state_cache import StateCache
from service.store import EventStore
from service.web import static_router, template_config, web_dependencies, web_lifespan, web_router
from service.web.common import page_or_problem
from service.webhooks.worker import Worker

API_DOCS_PATH = "/schema/swagger"


def create_app(settings: Settings | None = None) -> Litestar:
    """The HTTP service for `settings` (default: from the environment); the lifespan owns the database pool.

    Called without arguments it is the factory each uvicorn worker imports (`service.app:create_app`).
    """
    if settings is None:
        settings = settings_from_env()

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        pool = await create_pool(
            settings.database_url, settings.pool_min, settings.pool_max, prepare=settings.head_start
        )
        store = EventStore(pool)
        cache = StateCache(store, settings.cache_capacity)
        snapshots = Snapshots(store)
        # The Discord app's follow-up messages (service/discord/followups.py), finished before the pool closes.
        followups = Followups(settings.discord.api_url)
        app.state.services = Services(
            settings=settings,
            store=store,
            cache=cache,
            commander=Commander(store, cache, snapshots),
            snapshots=snapshots,
            followups=followups,
        )
        # Each process delivers webhooks (service/webhooks/worker.py says why two never deliver the same).
        worker = Worker(store, snapshots, settings)
        worker.start()
        try:
            yield
        finally:
            await followups.close()
            await worker.close()
            await pool.close()

    return ServedApp(
        route_handlers=[
            create_campaign,
            invite_participant,
            revoke_participant_token,
            rotate_participant_token,
            send_command,
            send_post,
            campaign_summary,
            campaign_events,
            campaign_state_read,
            character_read,
            encounter_read,
            mission_read,
            transcript,
            verify,
            roll_proof,
            roll_contributions,
            export,
            feed,
            health,
            list_premades,
            read_premade,
            create_share_link,
            list_share_links,
            revoke_share_link,
            whoami,
            turn_read,
            create_webhook,
            list_webhooks,
            resume_webhook,
            delete_webhook,
            discord_interactions,
            stream,
            web_router(),
            static_router(),
        ],
        lifespan=[lifespan, web_lifespan],
        dependencies={**service_dependencies(), **web_dependencies()},
        template_config=template_config(),
        before_request=refuse_deep_bodies,
        before_send=[add_security_headers],
        exception_handlers={**EXCEPTION_HANDLERS, HTTPException: page_or_problem},
        request_max_body_size=DEFAULT_BODY_BYTES,
        openapi_config=openapi_config(),
    )
