"""Forms another site submits are refused: signing in and out happen only from the service's own pages.

Without this, a page anywhere could post the attacker's token to `/sign-in` (the reader is silently signed
in as someone else: login CSRF) or post to `/sign-out` (logout CSRF). The campaign cookie's SameSite=Lax
stops neither: a top-level POST navigation may set a cookie, and signing out needs none sent.

The check is the one Go's `net/http.CrossOriginProtection` makes (Fetch Metadata, then Origin), stateless,
with no token in the form:

1. `Sec-Fetch-Site` (sent by every browser since 2023): `same-origin`, or `none` (the reader's own action,
   never another page's), passes; `cross-site` and `same-site` (a sibling subdomain is another party) do not.
2. Without it, an `Origin` (sent with every cross-origin POST, by browsers older than that too) must be this
   service's own: the request's Host, or LEXMECHANIC_PUBLIC_URL's. `Origin: null` (a sandboxed frame, a
   data: page) is another site's.
3. Neither header: not a browser's form (a browser sends at least one with a cross-site POST), so not a
   page of another site acting through the reader's browser; curl and scripts sign in as before.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from litestar.connection import ASGIConnection
from litestar.handlers.base import BaseRouteHandler

from domain.message import message
from service.api.problems import ApiError
from service.api.services import services_of

_OWN_FETCH = frozenset({"same-origin", "none"})


def _origin(url: str) -> str | None:
    """`scheme://host[:port]` of a URL (an Origin header's form), lowercased; None when it has no host."""
    parts = urlsplit(url.strip())
    if not parts.scheme or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}".lower()


def from_this_site(headers: Any, host: str | None, public_url: str | None) -> bool:
    """Whether a form post comes from the service's own pages, or from no browser page at all."""
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None:
        return fetch_site.strip().lower() in _OWN_FETCH
    origin = headers.get("origin")
    if origin is None:
        return True
    sent = _origin(origin)
    if sent is None:
        return False  # "null", or anything that names no origin
    own = {_origin(public_url)} if public_url else set()
    if host:
        own |= {f"http://{host.strip().lower()}", f"https://{host.strip().lower()}"}
    return sent in own


def same_origin_only(connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler) -> None:
    """A route guard: a form another site posted is refused (403) before anything of it is read."""
    # A guard runs before the handler's dependencies: it reads the settings the app's lifespan holds.
    public_url = services_of(connection.app).settings.public_url
    if not from_this_site(connection.headers, connection.headers.get("host"), public_url):
        raise ApiError(403, "forbidden", message("edge.forbidden.cross_site"))
