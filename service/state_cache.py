"""The head state of recently used campaigns, kept per process; only a cache, never the truth.

An entry is a state and the hash of the head it is the state at. The locked path re-reads the head under
its lock, so a stale entry is caught up from the log (or rebuilt when a voiding event makes an incremental
fold wrong) before anything is decided. The optimistic path decides against an entry as it is and commits
only if the head is still at that version and hash (service/store.py, `append_if_head`): a stale entry
costs a lost race and a catch-up, never a wrong decision.

That is also why several processes on one database (`lexmechanic serve --workers N`, or several hosts)
may each keep their own cache: an entry only ever holds the state at a version that was committed (it is
put after the commit), and the events up to a committed version never change, so an entry can be old but
never wrong; whatever another process wrote since is read from the log under the lock (or, for reads, from
the head) before it is used. tests/service/test_two_processes.py races two processes on one campaign.
"""

from __future__ import annotations

from collections import OrderedDict

from domain.campaign.state import CampaignState
from projections.replay import campaign_state, is_voiding
from service.store import EventStore, Writer


class StateCache:
    def __init__(self, store: EventStore, capacity: int = 512) -> None:
        self._store = store
        self._capacity = capacity
        self._states: OrderedDict[str, tuple[CampaignState, str]] = OrderedDict()

    def _remember(self, campaign_id: str, state: CampaignState, head_hash: str) -> None:
        self._states[campaign_id] = (state, head_hash)
        self._states.move_to_end(campaign_id)
        while len(self._states) > self._capacity:
            self._states.popitem(last=False)

    def put(self, campaign_id: str, state: CampaignState, head_hash: str) -> None:
        """Remember a state folded from committed events, and the hash of its last event."""
        states = self._states
        known = states.get(campaign_id)
        if known is None or known[0].version <= state.version:
            # `_remember`, inline: after every command.
            states[campaign_id] = (state, head_hash)
            states.move_to_end(campaign_id)
            while len(states) > self._capacity:
                states.popitem(last=False)

    def head_state(self, campaign_id: str) -> tuple[CampaignState, str] | None:
        """The remembered state and head hash: committed, but maybe older than the head."""
        return self._states.get(campaign_id)

    async def for_writer(self, writer: Writer) -> CampaignState:
        """The state at the locked head, caught up inside the writer's transaction."""
        campaign_id, version = writer.head.campaign_id, writer.head.version
        entry = self._states.get(campaign_id)
        known = entry[0] if entry is not None else None
        if known is not None and known.version == version:
            return known
        if known is not None and known.version < version:
            tail = await writer.records_after(known.version)
            if not any(is_voiding(r) for r in tail):
                return campaign_state(tail, initial=known)
        return campaign_state(await writer.records_after(0))

    async def at_head(self, campaign_id: str) -> CampaignState:
        """The state at the current head for reads (no lock)."""
        head = await self._store.head(campaign_id)
        entry = self._states.get(campaign_id)
        known = entry[0] if entry is not None else None
        if known is not None and known.version == head.version:
            return known
        if known is not None and known.version < head.version:
            tail = await self._store.records(campaign_id, known.version, head.version)
            if not any(is_voiding(r) for r in tail):
                state = campaign_state(tail, initial=known)
                self._remember(campaign_id, state, head.head_hash)
                return state
        state = campaign_state(await self._store.records(campaign_id, 0, head.version))
        self._remember(campaign_id, state, head.head_hash)
        return state
