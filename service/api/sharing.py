"""Share links (GM only) and the permalinks every answer, transcript and report carries."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

import msgspec
from litestar import Request, Response, delete, get, post
from litestar.params import FromPath, JSONBody

from domain.catalog import text
from domain.commands import ShortText
from domain.message import message
from projections.permalinks import Links, campaign_link, page_link
from service import share_links
from service.api.answers import gm_writing
from service.api.auth import campaign_actor
from service.api.limits import SMALL_BODY_BYTES, check_body
from service.api.notes import note
from service.api.plain_text import check_plain_text
from service.api.problems import ApiError
from service.api.services import Injected, Services
from service.settings import Settings
from service.store import EventStore

# The OpenAPI examples quote the live answers' English (edge.po, core.po).
SHARE_GM_ONLY = text(message("edge.forbidden.share_gm_only"), "en")
SHARE_QUOTA_EXAMPLE = text(
    message("rule.share_link_quota", links=share_links.VALID_LINKS_PER_CAMPAIGN, campaign="{id}"), "en")
LinkId = Annotated[str, msgspec.Meta(max_length=64)]


class ShareLinkBody(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    label: ShortText | None = None


class ShareLinkView(msgspec.Struct, frozen=True, kw_only=True):
    link_id: str
    label: str | None
    created_by: str
    created_at: dt.datetime
    revoked_at: dt.datetime | None
    url: str | None
    # The web timeline: the link a GM pastes into the forum thread for its readers.
    page_url: str | None
    transcript_url: str | None


# `base_of` for each (scheme, server, root path, first Host header) a request came with: the four values of the
# scope Litestar's `base_url` is made of (litestar/datastructures/url.py, `URL.from_scope`; it copies the scope
# and builds a URL at each call, on every command's answer). Bounded: the Host header is the client's to choose.
_BASES: dict[tuple[object, ...], str] = {}
_BASES_LIMIT = 256


def base_of(request: Request[Any, Any, Any]) -> str:
    """The service's own address as this request reached it (scheme, host, port): where a pasted link leads
    when LEXMECHANIC_PUBLIC_URL does not say."""
    scope = request.scope
    server = scope.get("server")
    host = None
    for name, value in scope.get("headers", []):  # a loop: no generator made at every answer
        if name == b"host":
            host = value
            break
    key = (scope.get("scheme", "http"), tuple(server) if server is not None else None,
           scope.get("app_root_path") or scope.get("root_path", ""), host)
    found = _BASES.get(key)
    if found is None:
        found = str(request.base_url).rstrip("/")
        if len(_BASES) >= _BASES_LIMIT:
            _BASES.clear()
        _BASES[key] = found
    return found


async def links_for(store: EventStore, settings: Settings, campaign_id: str, request_base: str | None = None) -> Links:
    """Where this campaign's permalinks point: absolute under LEXMECHANIC_PUBLIC_URL, else under the address the
    request reached (`request_base`: answers pasted into a forum need links that work there), with the newest
    share key; relative (the service's own pages) when neither is given."""
    base = settings.public_url or request_base
    if base is None:
        return Links()
    return Links(base=base, share=await share_links.newest_key(store, campaign_id))


def links_with(settings: Settings, share_key: str | None, request_base: str | None) -> Links:
    """`links_for` with the newest share key already read (the command path reads it with the token)."""
    base = settings.public_url or request_base
    return Links() if base is None else Links(base=base, share=share_key)


def _view(settings: Settings, campaign_id: str, link: share_links.ShareLink, request_base: str) -> ShareLinkView:
    links = Links(base=settings.public_url or request_base, share=link.key)
    valid = link.revoked_at is None
    return ShareLinkView(
        link_id=link.link_id, label=link.label, created_by=link.created_by, created_at=link.created_at,
        revoked_at=link.revoked_at, url=campaign_link(links, campaign_id) if valid else None,
        page_url=page_link(links, campaign_id) if valid else None,
        transcript_url=campaign_link(links, campaign_id, "/transcript?format=bbcode") if valid else None,
    )


async def _gm(request: Request[Any, Any, Any], store: EventStore, campaign_id: str) -> str:
    actor = await campaign_actor(request, store, campaign_id)
    if actor.role != "gm":
        raise ApiError(403, "forbidden", message("edge.forbidden.share_gm_only"))
    return actor.participant_id


@post(
    "/campaigns/{campaign_id:str}/share-links",
    status_code=201,
    summary="GM: a read-only link for forum readers",
    responses=gm_writing("/share-links", SHARE_GM_ONLY, quota=("share_link_quota", SHARE_QUOTA_EXAMPLE)),
    request_max_body_size=SMALL_BODY_BYTES,
)
async def create_share_link(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    services: Injected[Services],
    data: JSONBody[ShareLinkBody | None] = None,
) -> dict[str, Any]:
    gm = await _gm(request, services.store, campaign_id)
    label = data.label if data is not None else None
    check_body(label)
    check_plain_text(label, "label")
    link = await share_links.create(services.store, campaign_id, label, gm)
    return {
        **msgspec.to_builtins(_view(services.settings, campaign_id, link, base_of(request))),
        "key": link.key,
        "note": note(request, "share_link", revoke=f"/campaigns/{campaign_id}/share-links/{link.link_id}"),
    }


@get(
    "/campaigns/{campaign_id:str}/share-links",
    summary="GM: every share link of the campaign",
    responses=gm_writing("/share-links", SHARE_GM_ONLY),
)
async def list_share_links(
    request: Request[Any, Any, Any], campaign_id: FromPath[str], services: Injected[Services],
) -> dict[str, Any]:
    await _gm(request, services.store, campaign_id)
    listed = await share_links.listed(services.store, campaign_id)
    return {"links": [_view(services.settings, campaign_id, link, base_of(request)) for link in listed]}


@delete(
    "/campaigns/{campaign_id:str}/share-links/{link_id:str}",
    status_code=204,
    summary="GM: revoke a share link",
    responses=gm_writing("/share-links/k1", SHARE_GM_ONLY),
)
async def revoke_share_link(
    request: Request[Any, Any, Any], campaign_id: FromPath[str], link_id: FromPath[LinkId], services: Injected[Services]
) -> Response[None]:
    await _gm(request, services.store, campaign_id)
    if await share_links.revoke(services.store, campaign_id, link_id) is None:
        raise ApiError(404, "not-found", message("edge.not_found.share_link", link=repr(link_id)))
    return Response(None, status_code=204)
