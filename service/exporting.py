"""The export (JSON Lines ending with a head record) and the online verification, both page by page.

Neither holds more than one page of the log: a campaign of any length is exported and verified in
constant memory (docs/audit-format.md).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import msgspec

from service.store import EventStore, Head
from service.verification import CampaignReport, CampaignVerifier, seeds_from
from service.verification_said import said

PAGE = 1000
# A verification gives the event loop back every this many events: a page's badge verifies in the background
# of the process's other requests (service/web/badge.py), which would otherwise wait for a whole page of it.
SLICE = 25


def head_record(head: Head) -> dict[str, Any]:
    """The export's last line: the head the database held when the export began."""
    return {"head": {"campaign_id": head.campaign_id, "version": head.version, "head_hash": head.head_hash}}


async def stored_pages(store: EventStore, head: Head) -> AsyncIterator[list[Any]]:
    """The campaign's events up to `head`, one page at a time; stops early where the log ends early."""
    after = 0
    while after < head.version:
        page = await store.stored(head.campaign_id, after, head.version, PAGE)
        if not page:
            return
        yield page
        after = page[-1].seq


async def export_lines(store: EventStore, head: Head) -> AsyncIterator[bytes]:
    """Every event up to `head` as a line of JSON, then the head record."""
    async for page in stored_pages(store, head):
        yield b"".join(msgspec.json.encode(event) + b"\n" for event in page)
    yield msgspec.json.encode(head_record(head)) + b"\n"


async def verify_stored(store: EventStore, head: Head, rules: bool = False) -> CampaignReport:
    """The campaign checked from the database against its head row, as an auditor checks an export; with
    `rules`, every command decided again with its recorded dice (projections/rules_replay.py)."""
    verifier = CampaignVerifier(head.campaign_id, seeds_from(await store.epoch_events(head.campaign_id)), rules)
    async for page in stored_pages(store, head):
        for index, event in enumerate(page, 1):
            verifier.add(msgspec.to_builtins(event))
            if index % SLICE == 0:
                await asyncio.sleep(0)
    verifier.head(head.version, head.head_hash, said("verify.where.head_row"))
    return verifier.finish()
