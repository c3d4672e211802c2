"""`Prefer: return=minimal` on POST /commands: the compact answer of docs/api.md, with the full answer's values."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from service.api.campaigns import prefers_minimal
from tests.service.conftest import Campaign

API_MD = Path(__file__).resolve().parents[2] / "docs" / "api.md"
ROLL = {"type": "roll", "expression": "2d10+3", "reason": "Awareness"}


def documented_answer() -> dict[str, Any]:
    """The compact answer docs/api.md shows (the JSON block after its CompactOutcome note)."""
    text = API_MD.read_text()
    found = re.search(r"<!-- json: struct service\.commanding\.CompactOutcome -->\n```json\n(.*?)```", text, re.S)
    assert found is not None, "docs/api.md shows no compact answer"
    shown: dict[str, Any] = json.loads(found.group(1))
    return shown


def shape(text: str, campaign_id: str) -> str:
    """A told text with its campaign id, the service's address and its numbers (dice, totals, seqs) left out."""
    return re.sub(r"\d+", "#", re.sub(r"https?://[^/\s]+", "<base>", text.replace(campaign_id, "<campaign>")))


async def test_compact_answer_is_the_documented_example_with_the_full_answers_values(campaign: Campaign) -> None:
    shown = documented_answer()
    response = await campaign.command(ROLL, Prefer="return=minimal")
    assert response.status_code == 201, response.text
    assert response.headers["preference-applied"] == "return=minimal"
    compact = response.json()
    assert set(compact) == set(shown) == {"version", "head_hash", "result"}
    assert set(compact["result"]) == set(shown["result"])
    assert compact["version"] == shown["version"]  # a new campaign: created in 3 events, the roll is the 4th
    # The documented words and links, with this campaign's id and dice.
    documented_id = shown["result"]["rolls"][0]["proof"].split("/")[-3]
    for lang in ("en", "es"):
        for form in ("rendered", "rendered_markdown", "rendered_bbcode"):
            assert shape(compact["result"][form][lang], campaign.id) == shape(
                shown["result"][form][lang], documented_id)
    assert shape(compact["result"]["rolls"][0]["proof"], campaign.id) == shape(
        shown["result"]["rolls"][0]["proof"], documented_id)
    # The same command id again, now in full: the replay carries the same head and result.
    keyed = {**ROLL, "post": {"id": "p-compact"}}
    first = await campaign.command(keyed, Prefer="return=minimal")
    full = await campaign.command(keyed)
    again = await campaign.command(keyed, Prefer="return=minimal")
    assert (first.status_code, full.status_code, again.status_code) == (201, 200, 200)
    assert full.json()["replayed"] and "preference-applied" not in full.headers
    for answer in (first.json(), again.json()):
        assert answer == {key: full.json()[key] for key in ("version", "head_hash", "result")}
    # docs/api.md: about half the full answer's bytes (the result tells the command in three forms).
    assert len(first.content) < len(full.content) * 0.55


async def test_compact_answer_only_when_asked_for(campaign: Campaign) -> None:
    for prefer in (None, "return=representation", "respond-async", "return=minimalist"):
        headers = {"Prefer": prefer} if prefer is not None else {}
        response = await campaign.command(ROLL, **headers)
        assert response.status_code == 201 and "events" in response.json(), prefer
        assert "preference-applied" not in response.headers


@pytest.mark.parametrize(
    ("header", "minimal"),
    [("return=minimal", True), ('return="minimal"', True), ("Return=Minimal", True),
     ("respond-async, return=minimal", True), ("return=minimal; foo=bar", True), ("  return = minimal ", True),
     ("return=representation", False), ("handling=lenient", False), ("", False), (None, False)],
)
def test_prefer_header_reading(header: str | None, minimal: bool) -> None:
    assert prefers_minimal(header) is minimal
