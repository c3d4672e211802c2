"""The GM edits a d100 sheet with an event of its own; players may not."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.d100 import events as ev
from domain.d100.commands import EditSheet
from domain.errors import Forbidden, RuleViolation
from tests.d100.encounter_fixtures import ANNA, Table, horde, marine


def test_sheet_edit_replaces_the_sheet_and_keeps_the_damage() -> None:
    table = Table()
    table.register("brother", "anna", marine())
    table.state = replace(table.state, characters={
        "brother": replace(table.char("brother"), damage=7)})
    advanced = replace(marine(), characteristics={**marine().characteristics, "BS": 55}, talents=("swift_attack",))
    (edited,) = table.run(EditSheet(character_id="brother", sheet=advanced, reason="advance: BS +5, Swift Attack"))
    assert isinstance(edited, ev.SheetEdited) and edited.reason.startswith("advance")
    brother = table.char("brother")
    assert brother.sheet.value("BS") == 55 and brother.sheet.has_talent("swift_attack")
    assert brother.damage == 7


def test_only_the_gm_edits_sheets() -> None:
    table = Table()
    table.register("brother", "anna", marine())
    with pytest.raises(Forbidden):
        table.run(EditSheet(character_id="brother", sheet=marine(), reason="x"), [], ANNA)


def test_a_horde_stays_a_horde() -> None:
    table = Table()
    table.register("orks", "gm-1", horde())
    with pytest.raises(RuleViolation, match="horde"):
        table.run(EditSheet(character_id="orks", sheet=marine(), reason="x"))
