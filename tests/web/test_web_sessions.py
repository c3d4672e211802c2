"""The sign-in cookie holds a read-only web session, never a token (docs/web.md, "Signing in").

The session id is random; the service keeps only its sha256. It opens the campaign's pages and stream and
nothing else: no write accepts it. Signing out, and revoking or rotating the participant's token, end it,
and an open stream read through it (or through a revoked token) ends too.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from typing import Any

import asyncpg
import httpx

from service.web.reader import cookie_name
from tests.web.conftest import Campaign, Served
from tests.web.test_live_stream import sse


async def signed_in(served: Served, campaign: Campaign, token: str) -> tuple[httpx.AsyncClient, str]:
    """A browser of its own (its own cookie jar), signed in to the campaign with `token`; and its cookie."""
    browser = httpx.AsyncClient(base_url=served.base, timeout=30)
    answer = await browser.post(f"/ui/campaigns/{campaign.id}/sign-in", data={"token": token})
    assert answer.status_code == 303, answer.text
    value = browser.cookies.get(cookie_name(campaign.id))
    assert value is not None
    return browser, value


async def page_status(browser: httpx.AsyncClient, campaign: Campaign) -> int:
    return (await browser.get(f"/ui/campaigns/{campaign.id}")).status_code


async def test_the_cookie_holds_a_session_id_and_no_token(served: Served, database_url: str) -> None:
    campaign = await served.create("deathwatch")
    browser, value = await signed_in(served, campaign, campaign.gm_token)
    try:
        header = (await browser.post(f"/ui/campaigns/{campaign.id}/sign-in",
                                     data={"token": campaign.gm_token})).headers["set-cookie"]
        assert campaign.gm_token not in header and not value.startswith("lxm_")
        assert value.startswith("lxw_") and len(value) >= 40
        assert re.search(r"HttpOnly", header, re.I) and re.search(r"SameSite=(lax|strict)", header, re.I)
        assert "Secure" not in header  # served over plain http here
        assert await page_status(browser, campaign) == 200
        # The database keeps only the session id's hash, never the id nor the token.
        owner = await asyncpg.connect(database_url)
        try:
            rows = [dict(r) for r in await owner.fetch("SELECT * FROM web_sessions")]
        finally:
            await owner.close()
        hashes = {r["session_hash"] for r in rows}
        assert hashlib.sha256(browser.cookies[cookie_name(campaign.id)].encode()).hexdigest() in hashes
        assert not any(value in str(r) or campaign.gm_token in str(r) for r in rows)
    finally:
        await browser.aclose()


async def test_a_gms_cookie_cannot_write_anything(served: Served) -> None:
    campaign = await served.create("deathwatch")
    player = await campaign.invite("Kai")
    browser, _ = await signed_in(served, campaign, campaign.gm_token)
    base = f"/campaigns/{campaign.id}"
    try:
        writes: list[tuple[str, str, Any]] = [
            ("POST", f"{base}/commands", {"type": "gm_note", "text": "forged"}),
            ("POST", f"{base}/posts", {"post": {"id": "forged-1"}, "text": "!roll 1d10"}),
            ("POST", f"{base}/participants", {"name": "Mole", "role": "gm"}),
            ("POST", f"{base}/share-links", {}),
            ("POST", f"{base}/participants/{player}/token", None),
            ("DELETE", f"{base}/participants/{player}/token", None),
        ]
        for method, path, body in writes:
            response = await browser.request(method, path, json=body)
            assert response.status_code == 401, (path, response.text)
        assert len(await campaign.events()) == 4  # created, the GM, the first epoch, Kai: nothing forged
    finally:
        await browser.aclose()


async def test_signing_out_ends_the_session_on_the_server(served: Served) -> None:
    campaign = await served.create("deathwatch")
    browser, value = await signed_in(served, campaign, campaign.gm_token)
    try:
        assert (await browser.post(f"/ui/campaigns/{campaign.id}/sign-out")).status_code == 303
    finally:
        await browser.aclose()
    # The same cookie replayed (copied out of the browser before signing out) opens nothing any more.
    async with httpx.AsyncClient(base_url=served.base, cookies={cookie_name(campaign.id): value}) as copy:
        assert await page_status(copy, campaign) == 303


async def test_revoking_or_rotating_a_token_ends_its_web_sessions(served: Served) -> None:
    campaign = await served.create("deathwatch")
    kai = await campaign.invite("Kai")
    rho = await campaign.invite("Rho")
    kai_browser, _ = await signed_in(served, campaign, campaign.tokens["Kai"])
    rho_browser, _ = await signed_in(served, campaign, campaign.tokens["Rho"])
    gm_browser, _ = await signed_in(served, campaign, campaign.gm_token)
    try:
        assert await page_status(kai_browser, campaign) == await page_status(rho_browser, campaign) == 200
        revoked = await served.client.delete(f"/campaigns/{campaign.id}/participants/{kai}/token",
                                             headers=campaign.auth())
        assert revoked.status_code == 200
        rotated = await served.client.post(f"/campaigns/{campaign.id}/participants/{rho}/token",
                                           headers=campaign.auth())
        assert rotated.status_code == 201
        assert await page_status(kai_browser, campaign) == 303
        assert await page_status(rho_browser, campaign) == 303
        assert await page_status(gm_browser, campaign) == 200  # someone else's revocation leaves it alone
        # Signing in again with the revoked token fails; with the rotated one it works.
        again = await kai_browser.post(f"/ui/campaigns/{campaign.id}/sign-in", data={"token": campaign.tokens["Kai"]})
        assert again.status_code == 401
        fresh, _ = await signed_in(served, campaign, rotated.json()["token"])
        assert await page_status(fresh, campaign) == 200
        await fresh.aclose()
    finally:
        for browser in (kai_browser, rho_browser, gm_browser):
            await browser.aclose()


async def test_an_old_cookie_holding_a_raw_token_opens_nothing_and_is_dropped(served: Served) -> None:
    campaign = await served.create("deathwatch")
    async with httpx.AsyncClient(base_url=served.base, cookies={cookie_name(campaign.id): campaign.gm_token}) as old:
        asked = await old.get(f"/ui/campaigns/{campaign.id}")
        assert asked.status_code == 303 and "/sign-in" in asked.headers["location"]
        stream = await old.get(f"/campaigns/{campaign.id}/stream")
        assert stream.status_code == 401
        # The sign-in form it is sent to tells the browser to forget the leaked token.
        form = await old.get(asked.headers["location"])
        assert form.status_code == 200
        assert re.search(rf"{cookie_name(campaign.id)}=\"?\"?;.*(Max-Age=0|expires=Thu, 01 Jan 1970)",
                         form.headers.get("set-cookie", ""), re.I), form.headers.get("set-cookie")


async def _stream_ends(served: Served, campaign: Campaign, client: httpx.AsyncClient, headers: dict[str, str],
                       revoke: Any) -> list[dict[str, Any]]:
    """Read the stream until the server ends it, revoking once it is open; what it sent before ending."""
    got: list[dict[str, Any]] = []
    async with client.stream("GET", f"/campaigns/{campaign.id}/stream", headers=headers) as response:
        assert response.status_code == 200

        async def act() -> None:
            await asyncio.sleep(0.3)
            await campaign.ok({"type": "gm_note", "text": "before"})
            await asyncio.sleep(0.3)
            await revoke()

        acting = asyncio.create_task(act())
        async for event in sse(response):  # ends when the server closes the stream
            got.append(event)
        await acting
    return got


async def test_a_revocation_ends_an_open_stream_read_with_the_token_or_the_cookie(served: Served) -> None:
    campaign = await served.create("deathwatch")
    kai = await campaign.invite("Kai")
    rho = await campaign.invite("Rho")
    base = f"/campaigns/{campaign.id}/participants"

    async def revoke_kai() -> None:
        assert (await served.client.delete(f"{base}/{kai}/token", headers=campaign.auth())).status_code == 200

    async def rotate_rho() -> None:
        assert (await served.client.post(f"{base}/{rho}/token", headers=campaign.auth())).status_code == 201

    with_token = await asyncio.wait_for(
        _stream_ends(served, campaign, served.client, campaign.auth("Kai"), revoke_kai), 20)
    # Nothing of the log after the revocation (a closing frame without an id may say why it ended).
    assert [e["data"]["type"] for e in with_token if "id" in e] == ["gm_noted"]
    browser, _ = await signed_in(served, campaign, campaign.tokens["Rho"])
    try:
        with_cookie = await asyncio.wait_for(_stream_ends(served, campaign, browser, {}, rotate_rho), 20)
    finally:
        await browser.aclose()
    assert [e["data"]["type"] for e in with_cookie if "id" in e] == ["gm_noted"]


async def test_a_participant_holds_at_most_twenty_live_sessions_and_the_oldest_goes_first(served: Served) -> None:
    campaign = await served.create("deathwatch")
    browsers = [(await signed_in(served, campaign, campaign.gm_token))[0] for _ in range(21)]
    try:
        assert await page_status(browsers[0], campaign) == 303  # the 21st sign-in ended the oldest session
        assert all([await page_status(b, campaign) == 200 for b in browsers[1:]])
    finally:
        for browser in browsers:
            await browser.aclose()
