"""The fold: state at any seq is the fold of the live events up to it; voided events are skipped."""

from __future__ import annotations

from domain.campaign.events import (
    CampaignCreated,
    DiceRolled,
    EventsReinstated,
    EventsRetracted,
    GmNoted,
    SessionEnded,
    SessionStarted,
)
from domain.dice import Die
from domain.events import Event
from projections.recorded import EventMeta, Recorded
from projections.replay import campaign_state, campaign_state_at, voided_seqs


def log(*events: Event) -> list[Recorded]:
    return [Recorded(i + 1, e, EventMeta()) for i, e in enumerate(events)]


ROLL = DiceRolled(expression="d10", reason="x", terms=(), dice=(Die(0, 10, 5),), total=5)


def test_fold_counts_rolls_and_sessions() -> None:
    records = log(CampaignCreated(campaign_id="c", name="n", ruleset="only_war"), SessionStarted(session=1), ROLL, ROLL)
    state = campaign_state(records)
    assert (state.version, state.rolls, state.session, state.ruleset) == (4, 2, 1, "only_war")


def test_voided_events_are_skipped_but_keep_the_version_moving() -> None:
    records = log(CampaignCreated(campaign_id="c", name="n", ruleset="deathwatch"), ROLL, GmNoted(text="x"),
                  EventsRetracted(voids=(2, 3), reason="mistake"))
    state = campaign_state(records)
    assert (state.rolls, state.notes, state.version, state.retracted) == (0, 0, 4, (2, 3))


def test_time_travel_before_the_void_still_sees_the_event() -> None:
    records = log(CampaignCreated(campaign_id="c", name="n", ruleset="deathwatch"), ROLL,
                  EventsRetracted(voids=(2,), reason="mistake"))
    assert campaign_state_at(records, 2).rolls == 1
    assert campaign_state_at(records, 3).rolls == 0


def test_reinstated_events_count_again() -> None:
    records = log(CampaignCreated(campaign_id="c", name="n", ruleset="deathwatch"), ROLL,
                  EventsRetracted(voids=(2,), reason="x"), EventsReinstated(restores=(2,), reason="y"))
    assert voided_seqs(records) == set()
    assert campaign_state(records).rolls == 1


def test_session_end_closes_the_session() -> None:
    records = log(SessionStarted(session=1), SessionEnded(session=1), SessionStarted(session=2))
    state = campaign_state(records)
    assert (state.session, state.sessions_held) == (2, 2)


def test_incremental_fold_equals_full_fold() -> None:
    records = log(CampaignCreated(campaign_id="c", name="n", ruleset="deathwatch"), ROLL, SessionStarted(session=1), ROLL)
    head = campaign_state(records[:2])
    assert campaign_state(records[2:], initial=head) == campaign_state(records)
