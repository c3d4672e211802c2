"""The campaign's own events, one sentence each from the catalog (campaign.po), in English and Spanish.

Expectations written by hand: one event or several, with Spanish's article ("el evento", "los eventos"), and
the words a sentence takes from another message (a role) told in the same language.
"""

from __future__ import annotations

from domain.campaign.events import EventsReinstated, EventsRetracted, ParticipantJoined, SessionStarted, TurnUndone
from domain.campaign.state import CampaignState
from projections.rendering.summaries import campaign_sentence

STATE = CampaignState()


def _both(event: object) -> tuple[str | None, str | None]:
    return campaign_sentence(event, STATE, "en"), campaign_sentence(event, STATE, "es")  # type: ignore[arg-type]


def test_campaign_sentence_names_one_event_or_several() -> None:
    assert _both(EventsRetracted(voids=(7,), reason="misclick")) == (
        "The GM retracts event 7: misclick", "El DJ anula el evento 7: misclick")
    assert _both(EventsReinstated(restores=(7, 9, 12), reason="fair")) == (
        "The GM reinstates events 7, 9, 12: fair", "El DJ restablece los eventos 7, 9, 12: fair")


def test_campaign_sentence_an_undone_turn_lists_its_events_without_an_article() -> None:
    assert _both(TurnUndone(encounter="gate", round=2, turn=3, voids=(40,))) == (
        "Turn 3 of round 2 of gate is undone (event 40)", "Se deshace el turno 3 del asalto 2 de gate (evento 40)")
    assert _both(TurnUndone(encounter="gate", round=2, turn=3, voids=(40, 41))) == (
        "Turn 3 of round 2 of gate is undone (events 40, 41)",
        "Se deshace el turno 3 del asalto 2 de gate (eventos 40, 41)")


def test_campaign_sentence_tells_a_role_and_a_title_in_the_readers_language() -> None:
    assert _both(ParticipantJoined(participant_id="p2", name="Ana", role="gm")) == (
        "Ana joins as GM", "Ana se une como DJ")
    assert _both(SessionStarted(session=4, title="The {gate}")) == (
        "Session 4 begins: The {gate}", "Empieza la sesión 4: The {gate}")
