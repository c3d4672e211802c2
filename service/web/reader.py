"""Who reads a page, in which language, and how its links keep the way in (a share key, an explicit language).

A page is read with a share link (`?share=<key>`: an observer, nothing more), a bearer token, or the web
session a browser keeps in the campaign's HTTP-only cookie after signing in (service/web/sessions.py: the
cookie holds a session id, never a token). The cookie only ever opens reads (pages and the live stream); no
write anywhere accepts it, so a page cannot be made to send a command on a reader's behalf.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import msgspec
from litestar import Request

from domain.commands import Actor, Role
from domain.message import message
from projections.rendering.vocabulary import Lang
from service import share_links
from service.api.auth import campaign_reader
from service.api.negotiation import language
from service.api.problems import ApiError
from service.store import EventStore, campaign_uuid
from service.web.sessions import LIFETIME_SECONDS, session_reader

COOKIE_PREFIX = "lexmechanic-"
COOKIE_MAX_AGE = LIFETIME_SECONDS


def cookie_name(campaign_id: str) -> str:
    """One cookie per campaign: a browser can be signed in to several campaigns with different tokens."""
    return f"{COOKIE_PREFIX}{campaign_id}"


class SignInNeeded(Exception):
    """A page was asked for without a share key, a token or the campaign's cookie: the sign-in form answers."""

    def __init__(self, campaign_id: str, lang: Lang) -> None:
        super().__init__(campaign_id)
        self.campaign_id = campaign_id
        self.lang = lang


class PageReader(msgspec.Struct, frozen=True, kw_only=True):
    """The reader of a page: who, which campaign, which language, and the query every link must carry."""

    campaign_id: str
    actor: Actor
    name: str | None
    lang: Lang
    share: str | None
    explicit_lang: bool
    via_cookie: bool

    def href(self, path: str, **params: object) -> str:
        """A link to another page that keeps the share key and an explicitly chosen language."""
        query = {k: str(v) for k, v in params.items() if v is not None and v != ""}
        if self.share is not None:
            query["share"] = self.share
        if self.explicit_lang:
            query["lang"] = self.lang
        return f"{path}?{urlencode(query)}" if query else path

    @property
    def ui(self) -> str:
        return f"/ui/campaigns/{self.campaign_id}"

    @property
    def role(self) -> Role:
        return self.actor.role


async def cookie_actor(request: Request[Any, Any, Any], store: EventStore, campaign_id: str) -> Actor | None:
    """The participant whose live web session the campaign's cookie names, if there is one (read now: a
    session ended by signing out or by a revoked token opens nothing from the next request on)."""
    session_id = request.cookies.get(cookie_name(campaign_id))
    if not session_id:
        return None
    return await session_reader(store, campaign_id, session_id)


async def read_actor(request: Request[Any, Any, Any], store: EventStore, campaign_id: str) -> tuple[Actor, bool]:
    """Who reads: a share key or a bearer token (as every read of the API), else the campaign's cookie."""
    campaign_uuid(campaign_id)  # another spelling of the id names no campaign: 404 before anything else
    if request.query_params.get("share") is None and request.headers.get("authorization") is None:
        actor = await cookie_actor(request, store, campaign_id)
        if actor is not None:
            return actor, True
        await store.head(campaign_id)  # an unknown campaign is a 404
        raise ApiError(401, "unauthenticated", message("edge.unauthenticated.page"))
    return await campaign_reader(request, store, campaign_id), False


async def page_reader(request: Request[Any, Any, Any], store: EventStore, campaign_id: str) -> PageReader:
    """The reader of a page, or SignInNeeded when nothing identifies one."""
    lang, explicit = language(request)
    try:
        actor, via_cookie = await read_actor(request, store, campaign_id)
    except ApiError as error:
        if error.status == 401 and request.query_params.get("share") is None:
            raise SignInNeeded(campaign_id, lang) from None
        raise
    share = request.query_params.get("share")
    return PageReader(campaign_id=campaign_id, actor=actor, name=None, lang=lang,
                      share=share if share is not None and await _valid(store, campaign_id, share) else None,
                      explicit_lang=explicit, via_cookie=via_cookie)


async def _valid(store: EventStore, campaign_id: str, key: str) -> bool:
    return await share_links.link_of_key(store, campaign_id, key) is not None
