"""One canonical campaign id: any other spelling of the UUID names no campaign, and never reaches the chain."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest

ALIASES = {
    "upper case": str.upper,
    "no hyphens": lambda c: c.replace("-", ""),
    "braces": lambda c: "{" + c + "}",
    "urn": lambda c: "urn:uuid:" + c,
    # The first hex letter in upper case (the first nine characters were no alias when they held no letter).
    "mixed case": lambda c: re.sub("[a-f]", lambda found: found.group().upper(), c, count=1),
    "upper, no hyphens": lambda c: c.replace("-", "").upper(),
    "surrounding spaces": lambda c: f" {c} ",
}
READS = ["", "/events", "/state", "/verify", "/export", "/transcript", "/rolls/4", "/characters/kai", "/share-links"]


@pytest.mark.parametrize("alias", sorted(ALIASES))
async def test_alias_spellings_of_a_campaign_id_are_harmless(campaign: Any, alias: str) -> None:
    await campaign.ok({"type": "create_character", "name": "Brother Kai", "id": "kai"})
    await campaign.ok({"type": "roll", "expression": "2d10", "reason": "before"})
    before = (await campaign.get("")).json()
    spelled = quote(ALIASES[alias](campaign.id), safe="{}:")
    for path in READS:
        response = await campaign.client.get(f"/campaigns/{spelled}{path}", headers=campaign.auth())
        assert response.status_code == 404, (path, response.text)
        problem = response.json()
        assert problem["type"] == "urn:lexmechanic:problem:campaign-not-found"
        assert campaign.id in problem["detail"]  # the canonical spelling is named, so a person can fix the link
    for body in ({"type": "roll", "expression": "d100", "reason": "through an alias"}, {"type": "reveal_dice_seed"}):
        response = await campaign.client.post(f"/campaigns/{spelled}/commands", json=body, headers=campaign.auth())
        assert response.status_code == 404, response.text
    response = await campaign.client.post(
        f"/campaigns/{spelled}/participants", json={"name": "Eve", "role": "player"}, headers=campaign.auth()
    )
    assert response.status_code == 404
    after = (await campaign.get("")).json()
    assert (after["version"], after["head_hash"]) == (before["version"], before["head_hash"])
    await campaign.ok({"type": "reveal_dice_seed"})
    assert (await campaign.get("/verify")).json()["ok"] is True


async def test_a_percent_encoded_hyphen_is_the_canonical_id_itself(campaign: Any) -> None:
    spelled = campaign.id.replace("-", "%2D")
    response = await campaign.client.get(f"/campaigns/{spelled}", headers=campaign.auth())
    assert response.status_code == 200 and response.json()["campaign_id"] == campaign.id
