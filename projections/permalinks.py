"""Permalinks to what a forum reader may open: every roll's proof link is built by `proof_link`, here only.

Pure: the service says where it is published (LEXMECHANIC_PUBLIC_URL) and which share link opens it;
transcripts, command answers and mission reports all call this one function. Proofs point at the proof
page under /ui/ (a page any reader's browser verifies); the JSON proof stays at /campaigns/{id}/rolls/{seq}.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Literal
from urllib.parse import quote

import msgspec

from domain.catalog import sentence


class Links(msgspec.Struct, frozen=True):
    """Where links point: `base` is the public URL ('' for links relative to the service), `share` a share key."""

    base: str = ""
    share: str | None = None


def campaign_link(links: Links, campaign_id: str, path: str = "") -> str:
    """A link to a read of the campaign (its summary, or `path` under it), opened by the share key if any."""
    url = f"{links.base.rstrip('/')}/campaigns/{campaign_id}{path}"
    if links.share is None:
        return url
    return f"{url}{'&' if '?' in path else '?'}share={quote(links.share, safe='')}"


def page_link(links: Links, campaign_id: str, path: str = "") -> str:
    """A link to one of the campaign's web pages (/ui/campaigns/{id}{path}), opened by the share key if any."""
    return campaign_link(Links(base=f"{links.base.rstrip('/')}/ui", share=links.share), campaign_id, path)


def proof_link(links: Links, campaign_id: str, seq: int) -> str:
    """THE permalink of the proof of the roll that event `seq` belongs to: its proof page."""
    head, tail = proof_parts(links, campaign_id)
    return f"{head}{seq}{tail}"


@lru_cache(maxsize=256)
def proof_parts(links: Links, campaign_id: str) -> tuple[str, str]:
    """What `page_link` writes around a roll's seq for these links and campaign (the head ends with "/rolls/"):
    every answer with a roll asks for it twice (its `rolls` and its `proof`), with the same few links; pure
    and bounded."""
    # A mark for the seq: after it comes at most the share key, quoted (a NUL in it is written %00), so the
    # last mark is this one whatever the base or the campaign id hold.
    marker = "\x00"
    head, found, tail = page_link(links, campaign_id, f"/rolls/{marker}").rpartition(marker)
    assert found, "page_link writes the path it is given"
    return head, tail


def proofs_section(
    links: Links, campaign_id: str, seqs: Sequence[int], fmt: Literal["markdown", "bbcode"], lang: Literal["en", "es"]
) -> str:
    """A report's closing list of proof links, one per roll, in the report's markup."""
    if not seqs:
        return ""
    roll, heading = sentence("render.proofs.roll", lang), sentence("render.proofs.heading", lang)
    items = [(roll.format(seq=seq), proof_link(links, campaign_id, seq)) for seq in seqs]
    # The one writer of links (only absolute http(s) urls or this service's paths); imported here because the
    # rendering package imports this module first.
    from projections.rendering.markup import WRITERS

    out = WRITERS[fmt]
    if fmt == "markdown":
        return "\n".join([f"## {heading}", "", *(f"- {out.link(label, url)}" for label, url in items)]) + "\n"
    body = "".join(f"[*]{out.link(label, url)}" for label, url in items)
    return f"[b][u]{heading}[/u][/b]\n\n[list]{body}[/list]\n"
