"""Undo and redo of encounter turns: voids the latest live turn, redo restores it, a new action clears redo."""

from __future__ import annotations

import pytest

from domain.campaign.commands import RedoTurn, UndoTurn
from domain.campaign.decide import CommandContext, decide_campaign
from domain.campaign.events import CampaignCreated, DiceRolled, GmNoted, TurnRedone, TurnUndone
from domain.campaign.state import CampaignState
from domain.commands import Actor
from domain.dice import Die, FixedDice
from domain.errors import Conflict, RuleViolation, UnknownEntity
from domain.events import Event
from projections.recorded import EventMeta, Recorded
from projections.replay import campaign_state

GM = Actor("gm", "gm")


class Log:
    """A campaign log being written: events in turns of encounter "ambush"."""

    def __init__(self) -> None:
        self.records: list[Recorded] = [Recorded(1, CampaignCreated(campaign_id="c", name="n", ruleset="deathwatch"), EventMeta())]

    def add(self, event: Event, round_: int | None = None, turn: int | None = None) -> int:
        seq = len(self.records) + 1
        meta = EventMeta(encounter="ambush", round=round_, turn=turn) if round_ is not None else EventMeta()
        self.records.append(Recorded(seq, event, meta))
        return seq

    @property
    def state(self) -> CampaignState:
        return campaign_state(self.records)

    def send(self, command: UndoTurn | RedoTurn) -> list[Event]:
        context = CommandContext(next_seq=len(self.records) + 1, fresh_id="x", fresh_commitment="00" * 32)
        events = decide_campaign(self.state, command, FixedDice([]), GM, context)
        for event in events:
            self.add(event)
        return events


def roll(value: int) -> DiceRolled:
    return DiceRolled(expression="d10", reason="hit", terms=(), dice=(Die(0, 10, value),), total=value)


def three_turns() -> Log:
    log = Log()
    log.add(roll(1), 1, 1)
    log.add(roll(2), 1, 1)
    log.add(roll(3), 1, 2)
    log.add(roll(4), 2, 1)
    return log


def test_turns_are_grouped_from_the_event_meta() -> None:
    turns = three_turns().state.encounters["ambush"].turns
    assert [(t.round, t.turn, t.seqs) for t in turns] == [(1, 1, (2, 3)), (1, 2, (4,)), (2, 1, (5,))]


def test_undo_voids_every_event_of_the_latest_live_turn() -> None:
    log = three_turns()
    assert log.send(UndoTurn(encounter="ambush")) == [TurnUndone(encounter="ambush", round=2, turn=1, voids=(5,))]
    assert log.state.rolls == 3


def test_repeated_undo_goes_further_back() -> None:
    log = three_turns()
    log.send(UndoTurn(encounter="ambush"))
    log.send(UndoTurn(encounter="ambush"))
    assert log.send(UndoTurn(encounter="ambush")) == [TurnUndone(encounter="ambush", round=1, turn=1, voids=(2, 3))]
    assert log.state.rolls == 0
    with pytest.raises(RuleViolation, match="no turn left to undo"):
        log.send(UndoTurn(encounter="ambush"))


def test_redo_restores_the_most_recently_undone_turn() -> None:
    log = three_turns()
    log.send(UndoTurn(encounter="ambush"))
    log.send(UndoTurn(encounter="ambush"))
    assert log.send(RedoTurn(encounter="ambush")) == [TurnRedone(encounter="ambush", round=1, turn=2, restores=(4,))]
    assert log.state.rolls == 3
    assert log.send(RedoTurn(encounter="ambush")) == [TurnRedone(encounter="ambush", round=2, turn=1, restores=(5,))]
    assert log.state.rolls == 4
    with pytest.raises(RuleViolation, match="nothing to redo"):
        log.send(RedoTurn(encounter="ambush"))


def test_undo_redo_undo_lands_where_a_single_undo_does() -> None:
    once, thrice = three_turns(), three_turns()
    once.send(UndoTurn(encounter="ambush"))
    for command in (UndoTurn(encounter="ambush"), RedoTurn(encounter="ambush"), UndoTurn(encounter="ambush")):
        thrice.send(command)
    assert thrice.state.rolls == once.state.rolls == 3
    assert thrice.state.encounters["ambush"].turns == once.state.encounters["ambush"].turns


def test_a_new_action_clears_what_could_be_redone() -> None:
    log = three_turns()
    log.send(UndoTurn(encounter="ambush"))
    log.add(roll(9), 2, 1)  # the turn is played again, differently
    with pytest.raises(RuleViolation, match="nothing to redo"):
        log.send(RedoTurn(encounter="ambush"))
    assert log.state.rolls == 4


def test_events_outside_the_encounter_are_never_undone() -> None:
    log = three_turns()
    log.add(GmNoted(text="out of combat"))
    log.send(UndoTurn(encounter="ambush"))
    assert log.state.notes == 1


def test_guarded_undo_refuses_a_stale_encounter_version() -> None:
    log = three_turns()
    with pytest.raises(Conflict, match="at version 5, not 4"):
        log.send(UndoTurn(encounter="ambush", expected_encounter_version=4))
    log.send(UndoTurn(encounter="ambush", expected_encounter_version=5))


def test_undo_of_an_unknown_encounter_is_unknown() -> None:
    with pytest.raises(UnknownEntity):
        three_turns().send(UndoTurn(encounter="nowhere"))


def test_undone_events_stay_in_the_log_and_time_travel_still_sees_them() -> None:
    log = three_turns()
    log.send(UndoTurn(encounter="ambush"))
    assert len(log.records) == 6
    assert campaign_state(log.records[:5]).rolls == 4
