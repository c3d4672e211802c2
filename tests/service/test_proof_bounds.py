"""A roll's proof stays small however many contributions its epoch holds, and still lets anyone check them all.

Issue 18, item 5: 600 contributions in one epoch made every proof of the epoch list them all (a 677 KB proof
page). The quota stops new epochs from growing so; epochs recorded before it keep theirs for ever, so this
test appends them straight to the log (tests/support/contributions.py) and reads the proof as docs/api.md
("Roll proofs") describes it, checking the whole list with its own implementation of docs/fairness.md and
docs/audit-format.md (tests/support/docs_verifier.py), not the service's.
"""

from __future__ import annotations

import hashlib
from typing import Any

from tests.support import docs_verifier
from tests.support.contributions import append_contributions

from .conftest import Campaign

MANY = 600
# docs/api.md: a proof lists at most the 20 contributions closest before the roll.
LISTED = 20
PROOF_BOUND = 40_000  # bytes; the proof listing all 600 was ~220 KB, its page 677 KB
PAGE_BOUND = 80_000


async def many_contributions(campaign: Campaign, database_url: str) -> tuple[list[str], int, str]:
    """600 contributions by one player, then a GM roll and the reveal: the texts, the roll's seq, the seed."""
    ana = await campaign.invite("Ana", "player")
    me = (await campaign.get("/me", ana)).json()["participant_id"]
    texts = [(f"Ana's post {n}: " + "for the Emperor " * 13)[:200] for n in range(MANY)]  # the longest allowed
    await append_contributions(database_url, campaign.id, me, texts)
    rolled = await campaign.ok({"type": "roll", "expression": "3d10+1d100", "reason": "after the flood"})
    seed = (await campaign.ok({"type": "reveal_dice_seed"}))["result"]["revealed_seed"]
    return texts, rolled["events"][0]["seq"], seed


async def all_contributions(campaign: Campaign, url: str) -> list[dict[str, Any]]:
    """Follow the proof's list of every contribution, page by page, as docs/api.md says."""
    found: list[dict[str, Any]] = []
    after = 0
    while True:
        joiner = "&" if "?" in url else "?"
        response = await campaign.client.get(f"{url}{joiner}after_seq={after}&limit=250", headers=campaign.auth())
        assert response.status_code == 200, response.text
        page = response.json()
        if not page["contributions"]:
            return found
        found.extend(page["contributions"])
        after = page["next_after_seq"]


async def test_proof_of_an_epoch_with_600_contributions_stays_small_and_still_verifies(
    campaign: Campaign, database_url: str
) -> None:
    texts, seq, seed = await many_contributions(campaign, database_url)
    response = await campaign.get(f"/rolls/{seq}")
    assert response.status_code == 200
    print(f"\nproof JSON with {MANY} contributions: {len(response.content)} bytes")
    assert len(response.content) < PROOF_BOUND
    proof = response.json()
    entropy = proof["entropy"]
    assert entropy["count"] == MANY and entropy["omitted"] == MANY - LISTED
    assert [c["entropy"] for c in entropy["contributions"]] == texts[-LISTED:]
    # The listed ones recompute, from the digest the omitted ones end in, to the digest the dice used.
    expected = "0" * 64
    for text in texts[:-LISTED]:
        expected = docs_verifier.fold_entropy(expected, text)
    assert entropy["start_digest"] == expected
    for text in texts[-LISTED:]:
        expected = docs_verifier.fold_entropy(expected, text)
    assert entropy["digest"] == entropy["digest_recomputed"] == expected and entropy["matches"] is True
    assert proof["verified"] is True
    for die in proof["dice"]:
        assert die["value"] == docs_verifier.die(bytes.fromhex(seed), campaign.id, seq, die["k"], die["sides"], 2,
                                                 expected)

    # The rest: every contribution, as stored, hashes and all, from the link the proof gives.
    records = await all_contributions(campaign, entropy["contributions_url"])
    assert [r["data"]["entropy"] for r in records] == texts
    chained = "0" * 64
    for record in records:
        assert hashlib.sha256(bytes.fromhex(record["prev_hash"]) + docs_verifier.canonical(record)).hexdigest() \
            == record["hash"]
        chained = docs_verifier.fold_entropy(chained, record["data"]["entropy"])
        assert record["data"]["digest"] == chained
    assert chained == entropy["digest"]


async def test_proof_page_of_an_epoch_with_600_contributions_stays_small(
    campaign: Campaign, database_url: str
) -> None:
    texts, seq, _ = await many_contributions(campaign, database_url)
    response = await campaign.client.get(f"/ui/campaigns/{campaign.id}/rolls/{seq}", headers=campaign.auth())
    assert response.status_code == 200
    print(f"\nproof page with {MANY} contributions: {len(response.content)} bytes")
    assert len(response.content) < PAGE_BOUND
    assert texts[-1] in response.text and texts[0] not in response.text
    assert f"{MANY - LISTED}" in response.text


async def test_transcript_of_an_epoch_with_600_contributions_names_only_the_last_few(
    campaign: Campaign, database_url: str
) -> None:
    """docs/history.md: a roll's frame names at most the last 20 contributions and says how many there were."""
    texts, seq, _ = await many_contributions(campaign, database_url)
    first_contribution = seq - MANY
    markdown = (await campaign.get(f"/transcript?format=markdown&from_seq={seq}&to_seq={seq}")).text
    print(f"\none roll's Markdown line with {MANY} contributions: {len(markdown.encode())} bytes")
    frames = {f["seq"]: f for f in (await campaign.get("/transcript")).json()["frames"]}
    roll = frames[seq]
    assert roll["entropy_count"] == MANY
    assert roll["entropy_from"] == list(range(seq - LISTED, seq))
    assert len(markdown.encode()) < 3_000
    assert f"entropy from {MANY} contributions, the last {LISTED}: #{seq - LISTED}," in markdown
    assert f"#{first_contribution}," not in markdown


async def test_contributions_list_is_a_roll_read(campaign: Campaign) -> None:
    """docs/api.md: any participant or share link reads it; an event that rolled nothing is a 404."""
    contributed = await campaign.ok({"type": "contribute_entropy", "entropy": "for the Emperor"})
    rolled = await campaign.ok({"type": "roll", "expression": "d10", "reason": "one"})
    seq, note = rolled["events"][0]["seq"], contributed["events"][0]["seq"]
    answer = (await campaign.get(f"/rolls/{seq}/contributions")).json()
    assert answer["count"] == 1 and answer["nonce"] == seq and answer["next_after_seq"] == note
    assert [r["seq"] for r in answer["contributions"]] == [note] and answer["contributions"][0]["hash"]
    assert (await campaign.get(f"/rolls/{seq}/contributions?after_seq={note}")).json()["contributions"] == []
    assert (await campaign.get(f"/rolls/{note}/contributions")).status_code == 404
    assert (await campaign.client.get(f"/campaigns/{campaign.id}/rolls/{seq}/contributions")).status_code == 401
    assert (await campaign.get(f"/rolls/{seq}/contributions?limit=1001")).status_code == 400
