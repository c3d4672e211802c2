"""Sign-in and sign-out refuse another site's forms (login / logout CSRF), in a real browser and over HTTP.

The attack (issue 18, item 17): a page on another site holds a form that posts to
`/ui/campaigns/{id}/sign-in` with the attacker's own token, submitted by script. A reader who opens that
page is silently signed in as the attacker (and reads, and maybe pastes, as someone else); a form posting
to `/sign-out` signs the reader out. The SameSite=Lax cookie does not stop either: a top-level POST
navigation may set a cookie, and sign-out needs none sent.
"""

from __future__ import annotations

from typing import Any

from service.web.reader import cookie_name
from tests.web.conftest import Campaign, Served

EVIL = "http://forum-of-chaos.example"


def _evil_page(action: str, token: str | None) -> str:
    field = f'<input name="token" value="{token}">' if token is not None else ""
    return (f'<!doctype html><form id="f" method="post" action="{action}">{field}</form>'
            '<script>document.getElementById("f").submit()</script>')


async def _open_evil_page(context: Any, action: str, token: str | None) -> None:
    """The reader opens a page of another site that posts a form to the service at once."""
    await context.route(f"{EVIL}/**", lambda route: route.fulfill(
        status=200, content_type="text/html", body=_evil_page(action, token)))
    page = await context.new_page()
    async with page.expect_navigation(url=lambda url: not url.startswith(EVIL)):
        await page.goto(f"{EVIL}/free-wargear")
    await page.close()


async def _cookie(context: Any, campaign: Campaign) -> str | None:
    found = [c["value"] for c in await context.cookies() if c["name"] == cookie_name(campaign.id)]
    return found[0] if found else None


async def test_sign_in_from_another_site_in_a_browser_sets_no_cookie(served: Served, context: Any) -> None:
    campaign = await served.create("deathwatch")
    await campaign.invite("Heretic", "player")
    await _open_evil_page(context, f"{campaign.ui}/sign-in", campaign.tokens["Heretic"])
    assert await _cookie(context, campaign) is None


async def test_sign_out_from_another_site_in_a_browser_keeps_the_reader_signed_in(
    served: Served, context: Any
) -> None:
    campaign = await served.create("deathwatch")
    page = await context.new_page()
    await page.goto(f"{campaign.ui}/sign-in")
    await page.fill("#token", campaign.tokens["gm"])
    await page.click("form.stack button[type=submit]")
    await page.wait_for_url(f"{campaign.ui}")
    session = await _cookie(context, campaign)  # the page's own form still signs in: a web session, not the token
    assert session is not None and session.startswith("lxw_") and session != campaign.gm_token
    await _open_evil_page(context, f"{campaign.ui}/sign-out", None)
    assert await _cookie(context, campaign) == session
    await page.goto(campaign.ui)  # the session still opens the pages: the other site's form ended nothing
    assert page.url == campaign.ui
    await page.click(f"form[action^=\"/ui/campaigns/{campaign.id}/sign-out\"] button")  # the page's own button still signs out
    await page.wait_for_url(f"{campaign.ui}/sign-in")
    assert await _cookie(context, campaign) is None


async def test_sign_in_and_out_refuse_what_a_browser_marks_as_another_sites(served: Served) -> None:
    campaign = await served.create("deathwatch")
    client = served.client
    ui = f"/ui/campaigns/{campaign.id}"
    token = {"token": campaign.gm_token}
    cross_site = [
        {"Sec-Fetch-Site": "cross-site", "Origin": EVIL},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://other.127.0.0.1.nip.io"},  # a sibling subdomain
        {"Origin": EVIL},  # a browser from before Fetch Metadata: the Origin alone tells
        {"Origin": "null"},  # a sandboxed frame or a data: page
        {"Sec-Fetch-Site": "cross-site"},
    ]
    for headers in cross_site:
        for path, data in ((f"{ui}/sign-in", token), (f"{ui}/sign-out", None)):
            refused = await client.post(path, data=data, headers=headers)
            assert refused.status_code == 403, (path, headers, refused.text)
            assert "set-cookie" not in refused.headers
            assert "another site" in refused.text
    spanish = await client.post(f"{ui}/sign-in?lang=es", data=token, headers={"Origin": EVIL})
    assert spanish.status_code == 403 and "otro sitio" in spanish.text
    # The service's own pages, and clients that are not browsers (which no other site can drive), sign in.
    for headers in ({"Sec-Fetch-Site": "same-origin", "Origin": served.base}, {"Origin": served.base},
                    {"Sec-Fetch-Site": "none"}, {}):
        signed = await client.post(f"{ui}/sign-in", data=token, headers=headers)
        assert signed.status_code == 303 and cookie_name(campaign.id) in signed.headers["set-cookie"], headers
        out = await client.post(f"{ui}/sign-out", headers=headers)
        assert out.status_code == 303, headers


def test_sign_in_behind_a_proxy_accepts_the_public_url_as_its_own_origin() -> None:
    """Behind a proxy that rewrites Host, LEXMECHANIC_PUBLIC_URL names the pages' origin (docs/web.md)."""
    from service.web.cross_site import from_this_site

    public = "https://dice.example.org"
    assert from_this_site({"origin": "https://dice.example.org"}, "10.0.0.5:8000", public)
    assert from_this_site({"origin": "HTTPS://DICE.EXAMPLE.ORG"}, "10.0.0.5:8000", public)
    assert not from_this_site({"origin": "https://dice.example.org.evil.example"}, "10.0.0.5:8000", public)
    assert not from_this_site({"origin": "http://dice.example.org:8443"}, "10.0.0.5:8000", public)
    # What the browser says of the request outweighs an Origin (the browser computes both).
    assert from_this_site({"origin": "https://evil.example", "sec-fetch-site": "same-origin"}, None, None)
    assert not from_this_site({"origin": "https://dice.example.org", "sec-fetch-site": "cross-site"}, None, public)
