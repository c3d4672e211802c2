"""Stamping folds each event once and gives exactly what folding every event twice gave.

`projections.stamping.stamp` used to fold an event of an encounter turn twice: once to learn its turn,
once more with the stamped meta. It now folds once and files the event under its turn. The reference
below is the old two-fold stamp; the stories of the undo, redo and oath tests are played again with a
stamp that runs both and requires the same metas and the same state after every command (those stories
check the states themselves against full folds of the stamped log).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from msgspec.structs import replace

from domain.campaign.events import STRUCTURAL_EVENTS, SessionEnded
from domain.campaign.state import CampaignState
from domain.events import Event
from projections import step as write_step
from projections.recorded import EventMeta, Recorded
from projections.replay import campaign_state
from projections.stamping import position_of, stamp
from tests.domain import test_oaths_in_d100, test_redo_permission, test_undo_d100, test_undo_wng
from tests.support import campaign_table


def two_fold_stamp(
    state: CampaignState, events: Sequence[Event], first_seq: int, base: EventMeta
) -> tuple[list[EventMeta], CampaignState]:
    """The stamp as it was: each event of a turn folded a second time with its stamped meta."""
    metas: list[EventMeta] = []
    for index, event in enumerate(events):
        seq = first_seq + index
        after = campaign_state([Recorded(seq, event, base)], initial=state)
        ended = event.session if isinstance(event, SessionEnded) else None
        meta = replace(base, session=after.session if after.session is not None else ended)
        position = position_of(after) or position_of(state)
        if position is not None and not isinstance(event, STRUCTURAL_EVENTS):
            meta = replace(meta, encounter=position.encounter, round=position.round, turn=position.turn,
                           turn_character=position.character_id)
            after = campaign_state([Recorded(seq, event, meta)], initial=state)
        state = after
        metas.append(meta)
    return metas, state


class Checked:
    """A stamp that runs the one-fold and the two-fold stamps and requires them to agree."""

    def __init__(self) -> None:
        self.turn_events = 0

    def __call__(
        self, state: CampaignState, events: Sequence[Event], first_seq: int, base: EventMeta
    ) -> tuple[list[EventMeta], CampaignState]:
        metas, after = stamp(state, events, first_seq, base)
        assert (metas, after) == two_fold_stamp(state, events, first_seq, base)
        self.turn_events += sum(m.encounter is not None for m in metas)
        return metas, after


STORIES: list[Callable[[], None]] = [
    getattr(module, name)
    for module in (test_undo_d100, test_undo_wng, test_redo_permission, test_oaths_in_d100)
    for name in sorted(vars(module))
    if name.startswith("test_") and callable(getattr(module, name))
    and not getattr(getattr(module, name), "hypothesis", None)
    and getattr(module, name).__code__.co_argcount == 0
]


@pytest.mark.parametrize("story", STORIES, ids=lambda story: f"{story.__module__.rsplit('.', 1)[-1]}.{story.__name__}")
def test_stamp_folds_once_exactly_as_folding_the_stamped_event(
    story: Callable[[], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    checked = Checked()
    # The table stamps a campaign's creation itself and every command through the service's write step.
    monkeypatch.setattr(campaign_table, "stamp", checked)
    monkeypatch.setattr(write_step, "stamp", checked)
    story()


def test_stamp_stories_cover_events_inside_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    checked = Checked()
    # The table stamps a campaign's creation itself and every command through the service's write step.
    monkeypatch.setattr(campaign_table, "stamp", checked)
    monkeypatch.setattr(write_step, "stamp", checked)
    for story in STORIES:
        story()
    assert len(STORIES) >= 10 and checked.turn_events >= 50


def test_stamp_refuses_a_base_that_names_a_turn() -> None:
    with pytest.raises(ValueError, match="names no turn"):
        stamp(CampaignState(), [], 1, EventMeta(encounter="e1"))
