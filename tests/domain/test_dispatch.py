"""The d100 dispatch is one flat match: a command that rightly decides nothing is not an unknown command."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from domain.campaign.commands import GmNote
from domain.d100 import decide
from domain.d100.commands import TakeAction
from domain.dice import FixedDice
from domain.errors import RuleViolation
from tests.d100.encounter_fixtures import GM, Table, marine


def test_a_combat_command_that_decides_nothing_answers_nothing(monkeypatch: Any) -> None:
    table = Table()
    table.register("kai", "anna", marine())
    # Stand in for any combat rule that rightly has nothing to record: the dispatch passes that on (the
    # service then refuses it as rule no_change), where it used to fall through to "unknown command".
    monkeypatch.setattr(sys.modules["domain.d100.action_decisions"], "decide_action", lambda *decision: [])
    assert table.run(TakeAction(character_id="kai", action="ready")) == []


def test_an_unknown_command_is_named_as_one() -> None:
    with pytest.raises(RuleViolation) as refused:
        decide(Table().state, GmNote(text="x"), FixedDice([]), GM)
    assert refused.value.rule == "unknown_command"
