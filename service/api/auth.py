"""Who is calling: a campaign token (gm, player, observer) or the instance admin token."""

from __future__ import annotations

import hmac
from typing import Any

from litestar import Request

from domain.commands import Actor, Role
from service import share_links
from service.api.problems import ApiError
from service.store import EventStore
from service.tokens import token_hash

# What the admin token guards, in Spanish (require_admin's `action`).
ADMIN_ES = {"creating a campaign": "crear una campaña", "reading the global feed": "leer el registro global"}


def bearer(request: Request[Any, Any, Any]) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "unauthenticated", "the Authorization header must be 'Bearer <token>'",
                       "la cabecera Authorization debe ser 'Bearer <token>'")
    return token.strip()


async def campaign_actor(request: Request[Any, Any, Any], store: EventStore, campaign_id: str) -> Actor:
    """The participant whose token was sent, or 401; reads and writes both need one."""
    token = bearer(request)
    if token is None:
        await store.head(campaign_id)  # an unknown (or non-canonical) campaign is a 404 with or without a token
        raise ApiError(401, "unauthenticated", "send 'Authorization: Bearer <token>' with a token of this campaign",
                       "envía 'Authorization: Bearer <token>' con un token de esta campaña")
    found = await store.token(campaign_id, token_hash(token))
    if found is None:
        await store.head(campaign_id)  # an unknown campaign is a 404, not a bad token
        raise ApiError(401, "unauthenticated", "this token does not belong to this campaign",
                       "este token no es de esta campaña")
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
        raise ApiError(
            401, "unauthenticated", "this share link is not valid for this campaign (it may have been revoked)",
            "este enlace para compartir no vale para esta campaña (quizá se revocó)",
        )
    return Actor(participant_id=f"share:{link_id}", role="observer")


def require_admin(request: Request[Any, Any, Any], admin_token: str | None, action: str) -> None:
    """When the instance has an admin token, `action` needs it (without one, `action` is open: single-table use)."""
    if admin_token is None:
        return
    _check_admin(request, admin_token, action)


def require_admin_always(request: Request[Any, Any, Any], admin_token: str | None, action: str) -> None:
    """`action` needs the admin token, and is refused to everyone when the instance has none (fail closed)."""
    if admin_token is None:
        raise ApiError(
            403, "forbidden",
            f"{action} is not allowed on this instance: it needs the instance admin token, and none is set. Start the "
            "service with LEXMECHANIC_ADMIN_TOKEN=<a long random secret> and send 'Authorization: Bearer <it>'",
            f"{ADMIN_ES.get(action, action)} no está permitido en esta instancia: necesita el token de "
            "administración, y no hay ninguno. Arranca el servicio con LEXMECHANIC_ADMIN_TOKEN=<un secreto largo "
            "y aleatorio> y envía 'Authorization: Bearer <ese secreto>'",
        )
    _check_admin(request, admin_token, action)


def _check_admin(request: Request[Any, Any, Any], admin_token: str, action: str) -> None:
    token = bearer(request)
    if token is None or not hmac.compare_digest(token.encode(), admin_token.encode()):
        raise ApiError(401, "unauthenticated", f"{action} needs the instance admin token (LEXMECHANIC_ADMIN_TOKEN)",
                       f"{ADMIN_ES.get(action, action)} necesita el token de administración (LEXMECHANIC_ADMIN_TOKEN)")
