"""What the reads and a command's answer show besides the folded state: pending complications above all."""

from __future__ import annotations

from collections.abc import Sequence

from domain.errors import RuleViolation
from domain.events import Event
from domain.wrath_and_glory.encounter_state import EncounterState
from domain.wrath_and_glory.events import ComplicationResolved, DiceRerolled, TestRolled
from domain.wrath_and_glory.ruling_events import ResistanceTestRolled
from domain.wrath_and_glory.state import PendingComplication, WngState


class EncounterView(EncounterState, frozen=True, kw_only=True):
    """The running encounter as the encounter read shows it, with its participants' Wrath dice 1 still
    awaiting the GM's choice."""

    complications_pending: tuple[PendingComplication, ...] = ()


def encounter_view(state: WngState) -> EncounterView | None:
    running = state.encounter
    if running is None:
        return None
    fields = {name: getattr(running, name) for name in running.__struct_fields__}
    return EncounterView(**fields, complications_pending=state.complications(running.participants))


def answer(events: Sequence[Event]) -> dict[str, object]:
    """The command's result for its Wrath & Glory events: each complication it raised or settled."""
    complications: list[dict[str, str]] = []
    for event in events:
        match event:
            case TestRolled(wrath="complication") | ResistanceTestRolled(wrath="complication"):
                complications.append({"test_id": event.test_id, "character_id": event.character_id,
                                      "status": "pending"})
            case DiceRerolled(wrath="complication", wrath_rerolled=True):
                # A reroll names its test, not the roller: the state's character shows whose it is.
                complications.append({"test_id": event.test_id, "status": "pending"})
            case ComplicationResolved(test_id=test_id, choice=choice):
                complications.append({"test_id": test_id, "status": choice})
    return {"complications": complications} if complications else {}


def check_session_may_end(state: WngState) -> None:
    """A session ends only once every Wrath die 1 of it has its complication or its Ruin (RULES B1)."""
    pending = state.complications()
    if pending:
        listed = ", ".join(f"{p.test_id} ({state.characters[p.character_id].sheet.name})" for p in pending)
        raise RuleViolation("complication_pending", tests=listed, command="wng_resolve_complication")
