"""The entropy quota (docs/api.md, docs/fairness.md): a few contributions per participant per dice epoch.

Issue 18, item 5: a player could add 600 contributions to one epoch, and every proof of the epoch then
listed them all. These tests perform that attack through the HTTP API, as docs/api.md describes it.
"""

from __future__ import annotations

from typing import Any

from .conftest import Campaign

# docs/api.md, `contribute_entropy`: at most 5 contributions by one participant to one dice epoch.
QUOTA = 5


def contribution(text: str) -> dict[str, Any]:
    return {"type": "contribute_entropy", "entropy": text}


async def test_entropy_quota_refuses_a_players_contribution_past_five_and_records_nothing(campaign: Campaign) -> None:
    ana = await campaign.invite("Ana", "player")
    for n in range(QUOTA):
        await campaign.ok(contribution(f"Ana, post {n}"), ana)
    before = (await campaign.get("")).json()
    refused = await campaign.command(contribution("Ana, once more"), ana)
    assert refused.status_code == 422, refused.text
    problem = refused.json()
    assert problem["type"] == "urn:lexmechanic:problem:rule-violation"
    assert problem["rule"] == "entropy_quota"
    assert "5" in problem["detail"] and "reveal_dice_seed" in problem["detail"]
    after = (await campaign.get("")).json()
    assert after["version"] == before["version"] and after["head_hash"] == before["head_hash"]
    assert after["dice_epoch"]["contributions"] == before["dice_epoch"]["contributions"]
    assert len(after["dice_epoch"]["contributions"]) == QUOTA


async def test_entropy_quota_is_each_participants_own(campaign: Campaign) -> None:
    ana, bel = await campaign.invite("Ana", "player"), await campaign.invite("Bel", "player")
    for n in range(QUOTA):
        await campaign.ok(contribution(f"Ana {n}"), ana)
    assert (await campaign.command(contribution("Ana again"), ana)).status_code == 422
    # Another player, and the GM, still contribute to the same epoch.
    await campaign.ok(contribution("Bel's first"), bel)
    await campaign.ok(contribution("the GM's first"))
    assert len((await campaign.get("")).json()["dice_epoch"]["contributions"]) == QUOTA + 2


async def test_entropy_quota_starts_afresh_in_the_next_epoch(campaign: Campaign) -> None:
    ana = await campaign.invite("Ana", "player")
    for n in range(QUOTA):
        await campaign.ok(contribution(f"Ana {n}"), ana)
    await campaign.ok({"type": "reveal_dice_seed"})
    await campaign.ok(contribution("Ana in the new epoch"), ana)


async def test_entropy_quota_holds_inside_one_forum_post(campaign: Campaign) -> None:
    ana = await campaign.invite("Ana", "player")
    text = "\n".join(f'!entropy "line {n}"' for n in range(QUOTA + 1))
    before = (await campaign.get("")).json()["version"]
    response = await campaign.client.post(
        f"/campaigns/{campaign.id}/posts", json={"post": {"id": "p-600"}, "text": text}, headers=campaign.auth(ana)
    )
    assert response.status_code == 422, response.text
    problem = response.json()
    assert problem["type"] == "urn:lexmechanic:problem:line-refused"
    assert problem["rule"] == "entropy_quota" and problem["line"] == QUOTA + 1
    assert (await campaign.get("")).json()["version"] == before


async def test_entropy_quota_refusal_is_in_spanish_when_asked(campaign: Campaign) -> None:
    ana = await campaign.invite("Ana", "player")
    for n in range(QUOTA):
        await campaign.ok(contribution(f"Ana {n}"), ana)
    refused = await campaign.command(contribution("otra"), ana, **{"Accept-Language": "es"})
    assert refused.status_code == 422
    assert refused.headers["content-language"] == "es"
    assert refused.json()["detail"].startswith("ya aportaste")
