"""Frames for any set of a campaign's events without folding the whole log: a snapshot, then short tails.

The events of a page may be consecutive (a plain page) or scattered across the campaign (a filtered
page). Walking them in seq order, the state before each one is either the state after the previous one
folded forward over the few events in between, or, past a long gap or a correction in it, the nearest
snapshot's state (`Snapshots.state_at`). Each event's frame comes from the rendering package, the same as
transcripts; the undo marks come from the campaign's corrections (projections/corrections.py), read once.

A GM's retraction (or reinstatement) may reach far back, and folding exactly across it means folding from
before the event it retracted. It never needs to here: only rolls and notes can be retracted
(domain/campaign/decide.py, RETRACTABLE), and what they add to the state is two counters no page shows and
no change line lists (projections/rendering/changes.py ignores them). So the walk folds across
retractions as they come and keeps the exact, costlier time travel for undone and redone turns, whose
effects a reader sees (wounds, magnitude, Fate).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from domain.campaign.events import EventsReinstated, EventsRetracted
from domain.campaign.state import CampaignState
from projections.corrections import Voider, touched
from projections.permalinks import Links
from projections.recorded import Recorded
from projections.rendering import Frame, FrameBuilder
from projections.rendering.vocabulary import Lang
from projections.replay import campaign_state, is_voiding
from service.snapshots import Snapshots
from service.store import EventStore, StoredEvent, recorded_from_stored

# Past this many events between two rows, a snapshot is cheaper than folding the gap.
FOLD_GAP = 200


class Walked(msgspec.Struct, frozen=True):
    """The frames of the rows, and the state right after the last of them (for names)."""

    frames: list[Frame]
    last_state: CampaignState


async def walk(
    store: EventStore,
    snapshots: Snapshots,
    campaign_id: str,
    rows: Sequence[StoredEvent],
    lang: Lang,
    links: Links,
    undone: Mapping[int, Voider],
) -> Walked:
    """The frames of `rows` (in seq order), each with the changes it caused and its undo mark."""
    frames: list[Frame] = []
    state: CampaignState | None = None
    at = 0
    for stored in rows:
        seq = stored.seq
        state = await _state_before(store, snapshots, campaign_id, seq, state, at)
        builder = FrameBuilder(state, lang, campaign_id, links, undone)
        recorded = recorded_from_stored(stored)
        refolded: CampaignState | None = None
        if _visible_correction(recorded):
            # An undo's effects are those of the events it took back: fold again from a valid snapshot.
            refolded = await snapshots.state_at(campaign_id, seq)
        elif is_voiding(recorded):
            refolded = campaign_state([recorded], initial=state)  # a retraction: only counters move
        frames.append(builder.frame(recorded, refolded, stored.recorded_at))
        state, at = builder.state, seq
    return Walked(frames=frames, last_state=state or CampaignState())


def _visible_correction(recorded: Recorded) -> bool:
    """A correction whose effect a page shows: an undone or redone turn (a retraction only moves counters)."""
    return is_voiding(recorded) and not isinstance(recorded.event, (EventsRetracted, EventsReinstated))


async def _state_before(
    store: EventStore, snapshots: Snapshots, campaign_id: str, seq: int, state: CampaignState | None, at: int
) -> CampaignState:
    """The state right after event seq − 1, from the state at `at` when close enough, else from a snapshot."""
    if seq == 1:
        return CampaignState()
    if state is not None and at == seq - 1:
        return state
    tail: list[Recorded]
    if state is None or seq - 1 - at > FOLD_GAP:
        at, base, tail = await snapshots.nearest_with_tail(campaign_id, seq - 1)  # one round trip
        state = base if at else None
    else:
        tail = await store.records(campaign_id, at, seq - 1)
    if any(seq <= at for r in tail if _visible_correction(r) for seq in touched(r.event)):
        # An undo in the tail takes back events before it: only a fold from further back is exact.
        return await snapshots.state_at(campaign_id, seq - 1)
    return campaign_state(tail, initial=state)
