"""The verify badge every page shows: the campaign's `/verify` result, computed once per head.

A verification streams the whole log, so it is kept per campaign for the head (version and hash) it
checked, and computed at most once at a time per campaign; a page waits a moment for it and otherwise
shows it as pending (the page's script, or a reload, picks it up); only the page that started a verification
waits for it. Only a cache: a new event makes a
new head, and the next page verifies again.

A log longer than `INLINE_EVENTS` is never verified inside a page's request: its verification would cost the
page more than the page itself (≈ 50 µs an event), so the page shows the badge pending and its verification
starts once the answer is sent (`start`, from the pages' `after_response` hook).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

import msgspec

from service.exporting import verify_stored
from service.store import EventStore, Head
from service.verification_said import Said

# How long a page waits for a verification still running before it shows the badge as pending.
WAIT_SECONDS = 0.5
# The longest log a page verifies while it answers (≈ 50 ms of verification at most); longer ones after it.
INLINE_EVENTS = 1000


class Badge(msgspec.Struct, frozen=True, kw_only=True):
    version: int
    head_hash: str
    pending: bool
    ok: bool | None = None
    events: int = 0
    dice_verified: int = 0
    dice_unrevealed: int = 0
    # Both languages: one cached badge serves readers of either (the template picks the page's).
    problems: tuple[Said, ...] = ()


class BadgeCache:
    """The latest verification of each recently read campaign, and the ones still running."""

    def __init__(self, store: EventStore, capacity: int = 256) -> None:
        self._store = store
        self._capacity = capacity
        self._done: OrderedDict[str, Badge] = OrderedDict()
        self._running: dict[tuple[str, int, str], asyncio.Task[Badge]] = {}

    async def badge(self, head: Head, wait: float = WAIT_SECONDS, defer: bool = False) -> Badge:
        """The verification of the campaign at `head`: cached, finished within `wait` seconds, or pending.

        With `defer`, a verification not yet running is not started: the badge is pending and the caller
        starts it (`start`) once its answer is sent."""
        known = self._done.get(head.campaign_id)
        if known is not None and (known.version, known.head_hash) == (head.version, head.head_hash):
            self._done.move_to_end(head.campaign_id)
            return known
        key = (head.campaign_id, head.version, head.head_hash)
        task = self._running.get(key)
        if task is None and defer:
            return Badge(version=head.version, head_hash=head.head_hash, pending=True)
        if task is None:
            task = self.start(head)
        else:
            wait = 0  # another page started it and waited already: this one shows it pending at once
        if task.done():
            return task.result()
        try:
            return await asyncio.wait_for(asyncio.shield(task), timeout=wait)
        except TimeoutError:
            return Badge(version=head.version, head_hash=head.head_hash, pending=True)

    def start(self, head: Head) -> asyncio.Task[Badge]:
        """The verification of `head`, started now unless it runs already (or is known)."""
        key = (head.campaign_id, head.version, head.head_hash)
        task = self._running.get(key)
        if task is None:
            task = self._running[key] = asyncio.create_task(self._verify(head))
            task.add_done_callback(lambda _: self._running.pop(key, None))
        return task

    def known(self, head: Head) -> bool:
        found = self._done.get(head.campaign_id)
        return found is not None and (found.version, found.head_hash) == (head.version, head.head_hash)

    async def _verify(self, head: Head) -> Badge:
        report = await verify_stored(self._store, head)
        badge = Badge(
            version=head.version, head_hash=head.head_hash, pending=False, ok=report.ok, events=report.events,
            dice_verified=report.dice_verified, dice_unrevealed=report.dice_unrevealed,
            problems=tuple(report.problems[:20]),
        )
        self._done[head.campaign_id] = badge
        self._done.move_to_end(head.campaign_id)
        while len(self._done) > self._capacity:
            self._done.popitem(last=False)
        return badge

    async def close(self) -> None:
        """Stop the verifications still running (the app is shutting down)."""
        for task in list(self._running.values()):
            task.cancel()
        await asyncio.gather(*self._running.values(), return_exceptions=True)
