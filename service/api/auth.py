"""Who is calling: a campaign token (gm, player, observer) or the instance admin token."""

from __future__ import annotations

import hmac
from typing import Any, Literal

from litestar import Request

from domain.commands import Actor, Role
from domain.message import Message, message
from service import share_links
from service.api.problems import ApiError
from service.known_tokens import KnownTokens
from service.store import EventStore
from service.tokens import token_hash

# What the admin token guards (require_admin's `action`), each told by `edge.admin_action.<action>`.
AdminAction = Literal["create_campaign", "read_feed"]


def _action(action: AdminAction) -> Message:
    return message(f"edge.admin_action.{action}")


def bearer(request: Request[Any, Any, Any]) -> str | None:
    return bearer_of(request.headers.get("authorization"))


def bearer_of(header: str | None) -> str | None:
    """The token of an Authorization header's value (`bearer`), None without the header; 401 for another form."""
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "unauthenticated", message("edge.unauthenticated.bearer_form"))
    return token.strip()


async def campaign_actor(request: Request[Any, Any, Any], store: EventStore, campaign_id: str) -> Actor:
    """The participant whose token was sent, or 401; reads and writes both need one."""
    token = bearer(request)
    found = await store.token(campaign_id, token_hash(token)) if token is not None else None
    return await _actor(store, campaign_id, token, found)


async def campaign_actor_and_share_key(
    request: Request[Any, Any, Any], store: EventStore, campaign_id: str, known: KnownTokens | None = None
) -> tuple[Actor, str | None]:
    """`campaign_actor`, and the campaign's newest valid share key for the answer's links, in one round trip;
    a token the database accepts goes in `known` (an observer's never: it sends no command that is not refused)."""
    token = bearer(request)
    hashed = token_hash(token) if token is not None else None
    found = await store.token_and_share_key(campaign_id, hashed) if hashed is not None else None
    actor = await _actor(store, campaign_id, token, found[:2] if found is not None else None)
    assert found is not None and hashed is not None  # _actor raised otherwise
    if known is not None and actor.role != "observer":
        known.remember(campaign_id, hashed, actor)
    return actor, found[2]


def remembered_actor(
    request: Request[Any, Any, Any], known: KnownTokens, campaign_id: str
) -> tuple[Actor, str] | None:
    """Whom the request's token named when the database last accepted it for a command of this campaign, and
    the token's hash; None for a token not remembered (read it). Never enough alone: the command's append
    checks the token (service/known_tokens.py)."""
    return remembered_of(request.headers.get("authorization"), known, campaign_id)


def remembered_of(authorization: str | None, known: KnownTokens, campaign_id: str) -> tuple[Actor, str] | None:
    """`remembered_actor` from the value of the request's Authorization header (its first, as `request.headers`
    gives it)."""
    token = bearer_of(authorization)
    if token is None:
        return None
    hashed = token_hash(token)
    actor = known.get(campaign_id, hashed)
    return (actor, hashed) if actor is not None else None


async def _actor(store: EventStore, campaign_id: str, token: str | None, found: tuple[str, str] | None) -> Actor:
    if token is None:
        await store.head(campaign_id)  # an unknown (or non-canonical) campaign is a 404 with or without a token
        raise ApiError(401, "unauthenticated", message("edge.unauthenticated.no_token"))
    if found is None:
        await store.head(campaign_id)  # an unknown campaign is a 404, not a bad token
        raise ApiError(401, "unauthenticated", message("edge.unauthenticated.foreign_token"))
    participant_id, role = found
    checked: Role = "gm" if role == "gm" else "player" if role == "player" else "observer"
    return Actor(participant_id=participant_id, role=checked)


async def campaign_reader(request: Request[Any, Any, Any], store: EventStore, campaign_id: str) -> Actor:
    """Who may read: a participant's token, or a share link's key in `?share=` (an observer, nothing more)."""
    key = request.query_params.get("share")
    if key is None or request.headers.get("authorization") is not None:
        return await campaign_actor(request, store, campaign_id)
    link_id = await share_links.link_of_key(store, campaign_id, key)
    if link_id is None:
        await store.head(campaign_id)  # an unknown campaign is a 404, not a bad key
        raise ApiError(401, "unauthenticated", message("edge.unauthenticated.share_link"))
    return Actor(participant_id=f"share:{link_id}", role="observer")


def require_admin(request: Request[Any, Any, Any], admin_token: str | None, action: AdminAction) -> None:
    """When the instance has an admin token, `action` needs it (without one, `action` is open: single-table use)."""
    if admin_token is None:
        return
    _check_admin(request, admin_token, action)


def require_admin_always(request: Request[Any, Any, Any], admin_token: str | None, action: AdminAction) -> None:
    """`action` needs the admin token, and is refused to everyone when the instance has none (fail closed)."""
    if admin_token is None:
        raise ApiError(403, "forbidden", message("edge.forbidden.no_admin_token", action=_action(action)))
    _check_admin(request, admin_token, action)


def _check_admin(request: Request[Any, Any, Any], admin_token: str, action: AdminAction) -> None:
    token = bearer(request)
    if token is None or not hmac.compare_digest(token.encode(), admin_token.encode()):
        raise ApiError(401, "unauthenticated", message("edge.unauthenticated.admin", action=_action(action)))
