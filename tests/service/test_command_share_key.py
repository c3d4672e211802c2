"""A command reads its token and the campaign's newest share key in one statement (docs/performance.md): the
answer's proof link still carries the newest valid key (docs/api.md, "Share links and permalinks"), and a
revoked key never again, while a bad token is still refused as before."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from .conftest import Campaign
from .test_share_links import share


def share_of(answer: dict[str, object]) -> str | None:
    proof = answer["proof"]
    assert isinstance(proof, str)
    keys = parse_qs(urlsplit(proof).query).get("share")
    return keys[0] if keys else None


async def roll(campaign: Campaign) -> dict[str, object]:
    return await campaign.ok({"type": "roll", "expression": "d10", "reason": "links"})


async def test_the_proof_link_follows_the_newest_valid_share_key(campaign: Campaign) -> None:
    assert share_of(await roll(campaign)) is None  # no share link yet: a token opens the proof
    first = await share(campaign, "first")
    second = await share(campaign, "second")
    assert share_of(await roll(campaign)) == second["key"]
    revoked = await campaign.client.delete(f"/campaigns/{campaign.id}/share-links/{second['link_id']}",
                                           headers=campaign.auth())
    assert revoked.status_code in (200, 204), revoked.text
    assert share_of(await roll(campaign)) == first["key"]  # the revoked key is never handed out again
    await campaign.client.delete(f"/campaigns/{campaign.id}/share-links/{first['link_id']}", headers=campaign.auth())
    assert share_of(await roll(campaign)) is None


async def test_a_bad_token_is_still_refused_before_anything_is_written(campaign: Campaign) -> None:
    before = (await campaign.client.get(f"/campaigns/{campaign.id}", headers=campaign.auth())).json()
    refused = await campaign.command({"type": "roll", "expression": "d10", "reason": "x"}, token="lx_not_a_token")
    assert refused.status_code == 401
    missing = await campaign.client.post(f"/campaigns/{campaign.id}/commands",
                                         json={"type": "roll", "expression": "d10", "reason": "x"})
    assert missing.status_code == 401
    unknown = await campaign.client.post("/campaigns/00000000-0000-4000-8000-000000000000/commands",
                                         json={"type": "roll", "expression": "d10", "reason": "x"},
                                         headers=campaign.auth())
    assert unknown.status_code == 404  # an unknown campaign is a 404, not a bad token (docs/api.md)
    after = (await campaign.client.get(f"/campaigns/{campaign.id}", headers=campaign.auth())).json()
    assert after == before
