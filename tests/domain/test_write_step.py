"""The write step (projections/step.py): given a state, a command and dice, the events, each event's envelope
and the state after them — what every writer of the log records (docs/architecture.md, "The write path")."""

from __future__ import annotations

import sys

import pytest

from domain.campaign.commands import EndSession, GmNote, Roll, StartSession, UndoTurn
from domain.campaign.decide import CommandContext
from domain.campaign.events import DiceRolled, GmNoted
from domain.dice import FixedDice
from domain.errors import RuleViolation
from projections.recorded import DiceProvenance, EventMeta
from projections.replay import campaign_state
from projections.step import settled, step
from tests.domain.test_undo_d100 import ambush
from tests.support.campaign_table import GM, CampaignTable

BASE = EventMeta(actor="gm", role="gm", command_id="c-1", command_type="x", dice=DiceProvenance(epoch=1, nonce=9))


def context(table: CampaignTable) -> CommandContext:
    return CommandContext(next_seq=len(table.records) + 1, fresh_id="c-x", fresh_commitment="11" * 32,
                          active_seed="22" * 32)


def test_step_keeps_the_dice_provenance_only_on_a_command_that_drew_a_die() -> None:
    table = CampaignTable()
    rolled = step(table.state, Roll(expression="2d10", reason="scatter"), FixedDice([3, 7]), GM, context(table), BASE)
    noted = step(table.state, GmNote(text="the hive sleeps"), FixedDice([]), GM, context(table), BASE)
    assert isinstance(rolled.events[0], DiceRolled) and rolled.events[0].total == 10
    assert rolled.metas[0].dice == DiceProvenance(epoch=1, nonce=9)
    assert isinstance(noted.events[0], GmNoted) and noted.metas[0].dice is None


def test_step_keeps_the_command_body_on_its_first_event_only_without_post_or_expected_version() -> None:
    # docs/audit-format.md, "Replaying the rules": meta.command is on a command's first event, its JSON body
    # without `post` and `expected_version`.
    table = CampaignTable()
    table.run(StartSession(title="One"))
    done = step(table.state, EndSession(expected_version=len(table.records)), FixedDice([]), GM, context(table), BASE)
    assert len(done.events) >= 2
    assert done.metas[0].command == {"type": "end_session"}
    assert [meta.command for meta in done.metas[1:]] == [None] * (len(done.metas) - 1)
    assert done.metas[0].session == 1 and {meta.actor for meta in done.metas} == {"gm"}


def test_step_refuses_a_command_that_decides_nothing_as_no_change(monkeypatch: pytest.MonkeyPatch) -> None:
    table = CampaignTable()
    # Stand in for any rule that rightly has nothing to record (tests/domain/test_dispatch.py does the same).
    monkeypatch.setattr(sys.modules["projections.step"], "decide", lambda *decision: [])
    with pytest.raises(RuleViolation) as refused:
        step(table.state, GmNote(text="x"), FixedDice([]), GM, context(table), BASE)
    assert refused.value.rule == "no_change" and "gm_note changes nothing here" in refused.value.message


def test_step_that_undoes_a_turn_is_settled_by_folding_the_whole_log() -> None:
    table, _ = ambush()
    undone = step(table.state, UndoTurn(encounter="ambush"), FixedDice([]), GM, context(table), EventMeta(actor="gm"))
    assert undone.changes_live
    log = [*table.records, *undone.records(len(table.records) + 1)]
    assert settled(undone, log) == campaign_state(log) != undone.after
    assert [r.seq for r in log] == list(range(1, len(log) + 1))
