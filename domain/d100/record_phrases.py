"""Sentences for the d100 events the pages once told as a title and a list of fields (a blood loss roll, a
manoeuvre's outcome, a heroic sacrifice, the critical tables, a sheet edit), and the sentence of an action's
cost, which a reply leaves to the action itself but a page that lists every event shows.

The words are the catalog's (`sentence.d100.*`, domain/catalog/*/sentences.po)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..catalog import has, text
from ..dice import Die
from ..engine import Lang
from ..events import Event
from ..message import message
from .encounter_events import (
    ActionUsed,
    BloodLossRolled,
    CriticalTableLoaded,
    HeroicSacrificeDeclared,
    ManoeuvreResolved,
)
from .events import SheetEdited
from .phrase_terms import term

Name = Callable[[str], str]

# Every outcome a manoeuvre records (domain/d100/manoeuvre_decisions.py, injury_decisions.py): each its own
# sentence, so that no Spanish phrase is put together from parts that must agree.
_OUTCOMES = frozenset({
    "no_effect", "target_prone", "target_prone_and_hurt", "attacker_prone", "feint_won", "feint_lost", "grappled",
    "released", "readied", "slipped_free", "held", "hurt", "taken_down", "pushed", "stood", "broke_free",
    "took_control", "stood_firm",
})


def faces(dice: Sequence[Die]) -> str:
    return "".join(f"[{die.value}]" for die in dice)


def _manoeuvre(event: ManoeuvreResolved, name: Name, lang: Lang) -> str:
    shown = f" ({faces(event.dice)})" if event.dice else ""
    said = {"who": name(event.actor_id), "whom": name(event.opponent_id), "dice": shown}
    if event.outcome == "pushed" and event.push_m is not None:
        return text(message("sentence.d100.manoeuvre.pushed", count=event.push_m, **said), lang)
    outcome = event.outcome if event.outcome in _OUTCOMES and event.outcome != "pushed" else "other"
    return text(message(f"sentence.d100.manoeuvre.{outcome}", **said), lang)


def record_sentence(event: Event, name: Name, lang: Lang) -> str | None:
    """The sentence of one of these events, or None for another event."""
    match event:
        case BloodLossRolled():
            case = "died" if event.died else "lived"
            return text(message(f"sentence.d100.blood_loss.{case}", who=name(event.character_id),
                                dice=faces(event.dice), roll=event.roll), lang)
        case ManoeuvreResolved():
            return _manoeuvre(event, name, lang)
        case HeroicSacrificeDeclared():
            return text(message("sentence.d100.heroic_sacrifice", who=name(event.character_id), count=event.turns,
                                fate_after=event.fate_after, fate_max_after=event.fate_max_after), lang)
        case CriticalTableLoaded(table=table):
            return text(message("sentence.d100.critical_tables." + ("default" if table is None else "loaded")), lang)
        case SheetEdited(reason=reason):
            who = name(event.character_id)
            if reason:
                return text(message("sentence.d100.sheet_edited", who=who, reason=reason), lang)
            return text(message("sentence.d100.sheet_edited.bare", who=who), lang)
    return None


def action_name(action: str, lang: Lang) -> str:
    """An action's name in a sentence ("a full-auto burst"), not the word a player types for it ("auto")."""
    own = f"sentence.d100.action.{action}"
    return text(message(own), lang) if has(own, lang) else term(action, lang)


def aside_sentence(event: Event, name: Name, lang: Lang) -> str | None:
    """The sentence of an event a reply leaves to the events around it (an action's cost)."""
    if isinstance(event, ActionUsed):
        paid = "" if event.use == "turn" else text(message(f"sentence.d100.action_paid.{event.use}"), lang)
        return text(message(f"sentence.d100.action_used.{event.cost}", who=name(event.character_id),
                            action=action_name(event.action, lang), paid=paid), lang)
    return None
