"""One fold for everything: the state at any point is the fold of the live events up to it.

An event is live unless a later event (up to the point folded) voided it and no event after that
restored it. Voided events stay in the log; the fold only skips them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from msgspec.structs import replace

from domain.campaign.evolve import in_its_turn
from domain.campaign.state import CampaignState
from domain.events import RestoringEvent, VoidingEvent
from projections.campaign import evolve
from projections.recorded import Recorded

S = TypeVar("S")


def voided_seqs(records: Iterable[Recorded]) -> set[int]:
    """The seqs voided once every voiding and restoring event of `records` has been read in order."""
    voided: set[int] = set()
    for recorded in records:
        event = recorded.event
        if isinstance(event, VoidingEvent):
            voided.update(event.voids)
        elif isinstance(event, RestoringEvent):
            voided.difference_update(event.restores)
    return voided


def is_voiding(recorded: Recorded) -> bool:
    """Whether folding this event may change which earlier events are live (then refold from scratch)."""
    return isinstance(recorded.event, (VoidingEvent, RestoringEvent))


def fold_live(
    records: Sequence[Recorded],
    initial: S,
    step: Callable[[S, Recorded], S],
    skip: Callable[[S, Recorded], S],
) -> S:
    """Fold `step` over the live records and `skip` over the voided ones, in seq order."""
    voided = voided_seqs(records)
    state = initial
    for recorded in records:
        state = skip(state, recorded) if recorded.seq in voided else step(state, recorded)
    return state


def _skip_campaign(state: CampaignState, recorded: Recorded) -> CampaignState:
    """A voided event changes nothing but the version, and stays filed under its encounter turn."""
    return replace(in_its_turn(state, recorded), version=recorded.seq)


def campaign_state(records: Sequence[Recorded], initial: CampaignState | None = None) -> CampaignState:
    """The campaign state after `records` (all of a campaign's events from seq 1, or a tail after `initial`)."""
    return fold_live(records, initial or CampaignState(), evolve, _skip_campaign)


def campaign_state_at(records: Sequence[Recorded], seq: int) -> CampaignState:
    """Time travel: the state as it was right after event `seq`."""
    return campaign_state([r for r in records if r.seq <= seq])
