"""Signing in to a campaign's pages with a participant token, and out again.

The token is checked against the campaign and opens a web session (service/web/sessions.py); the
campaign's own cookie carries the session's id, never the token: HTTP-only (no script reads it),
SameSite=Lax (sent when a reader follows a link from the forum, never with a form another site posts) and
Secure whenever the page was reached over https. It opens reads only (service/web/reader.py). Signing out
ends the session on the server, not only in the browser.
Both forms are refused when another site posts them (service/web/cross_site.py: login and logout CSRF).
"""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request, Response, get, post
from litestar.enums import RequestEncodingType
from litestar.params import Body, FromPath
from litestar.response import Redirect, Template

from domain.commands import Actor, Role
from projections.rendering.page_words import labels
from service.api.limits import FORM_BODY_BYTES
from service.api.negotiation import language
from service.api.services import Injected
from service.store import campaign_uuid
from service.tokens import token_hash
from service.web.common import WebServices
from service.web.cross_site import same_origin_only
from service.web.reader import COOKIE_MAX_AGE, cookie_name
from service.web.sessions import end_session, holds_no_session, open_session

MAX_TOKEN = 200
MAX_NEXT = 2000


def next_page(campaign_id: str, asked: str | None) -> str | None:
    """The page a reader asked for before signing in, if it is one of this campaign's pages: a path only
    (never another site, never another campaign), so the form cannot be used to send a reader elsewhere."""
    if not asked or len(asked) > MAX_NEXT:
        return None
    base = f"/ui/campaigns/{campaign_id}"
    if asked != base and not asked.startswith((base + "/", base + "?")):
        return None
    if "\\" in asked or any(ord(ch) < 0x20 for ch in asked) or asked.startswith(f"{base}/sign-"):
        return None
    return asked


def _form(request: Request[Any, Any, Any], campaign_id: str, error: bool, status: int = 200,
          asked: str | None = None) -> Template:
    lang, explicit = language(request)
    return Template(
        template_name="sign_in.html",
        context={"L": labels(lang), "lang": lang, "campaign_id": campaign_id, "error": error,
                 "action": f"/ui/campaigns/{campaign_id}/sign-in" + (f"?lang={lang}" if explicit else ""),
                 "next": next_page(campaign_id, asked)},
        status_code=status,
    )


@get("/campaigns/{campaign_id:str}/sign-in", summary="Web: the sign-in form", include_in_schema=False)
async def sign_in_form(request: Request[Any, Any, Any], campaign_id: FromPath[str],
                       web: Injected[WebServices]) -> Template:
    campaign_uuid(campaign_id)
    await web.store.head(campaign_id)
    form = _form(request, campaign_id, error=False, asked=request.query_params.get("next"))
    if holds_no_session(request.cookies.get(cookie_name(campaign_id))):
        # An older release kept the token itself in this cookie: the browser forgets it now.
        form.delete_cookie(key=cookie_name(campaign_id), path="/")
    return form


@post("/campaigns/{campaign_id:str}/sign-in", summary="Web: sign in with a token", include_in_schema=False,
      guards=[same_origin_only], request_max_body_size=FORM_BODY_BYTES)
async def sign_in(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    data: Annotated[dict[str, str], Body(media_type=RequestEncodingType.URL_ENCODED)],
    web: Injected[WebServices],
) -> Response[Any]:
    campaign_uuid(campaign_id)
    token = (data.get("token") or "").strip()
    found = await web.store.token(campaign_id, token_hash(token)) if 0 < len(token) <= MAX_TOKEN else None
    if found is None:
        await web.store.head(campaign_id)
        return _form(request, campaign_id, error=True, status=401, asked=data.get("next"))
    participant_id, role = found
    checked: Role = "gm" if role == "gm" else "player" if role == "player" else "observer"
    session_id = await open_session(web.store, campaign_id, Actor(participant_id=participant_id, role=checked))
    lang, explicit = language(request)
    target = next_page(campaign_id, data.get("next")) or (
        f"/ui/campaigns/{campaign_id}" + (f"?lang={lang}" if explicit else ""))
    response: Response[Any] = Redirect(path=target, status_code=303)
    response.set_cookie(
        key=cookie_name(campaign_id), value=session_id, max_age=COOKIE_MAX_AGE, path="/", httponly=True,
        samesite="lax", secure=request.url.scheme == "https",
    )
    return response


@post("/campaigns/{campaign_id:str}/sign-out", summary="Web: sign out", include_in_schema=False,
      guards=[same_origin_only])
async def sign_out(request: Request[Any, Any, Any], campaign_id: FromPath[str],
                   web: Injected[WebServices]) -> Response[Any]:
    campaign_uuid(campaign_id)
    session_id = request.cookies.get(cookie_name(campaign_id))
    if session_id:
        await end_session(web.store, campaign_id, session_id)  # a copy of the cookie dies too
    lang, explicit = language(request)  # a reader who chose Spanish gets the form back in Spanish
    target = f"/ui/campaigns/{campaign_id}/sign-in" + (f"?lang={lang}" if explicit else "")
    response: Response[Any] = Redirect(path=target, status_code=303)
    response.delete_cookie(key=cookie_name(campaign_id), path="/")
    return response
