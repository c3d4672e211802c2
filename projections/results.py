"""What a command answers besides its events: a small summary derived from those events alone.

Because it is derived, a retried command (same idempotency key) answers exactly the original result.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.campaign.events import (
    CampaignCreated,
    CharacterCreated,
    DiceRolled,
    DiceSeedCommitted,
    DiceSeedRevealed,
    EventsReinstated,
    EventsRetracted,
    ParticipantJoined,
    SessionEnded,
    SessionStarted,
)
from domain.dice_expression import Evaluated, render
from domain.events import Event
from domain.rulesets import engines

Result = dict[str, object]


def result_of(events: Sequence[Event]) -> Result:
    """The command's result: the numbers a client wants without reading every event."""
    # Each engine's part first (a complication awaiting the GM …); each reads only its own events.
    result: Result = {key: value for engine in engines() for key, value in engine.result(events).items()}
    for event in events:
        match event:
            case CampaignCreated(campaign_id=campaign_id):
                result["campaign_id"] = campaign_id
            case ParticipantJoined(participant_id=pid, role=role):
                result["participant_id"] = pid
                result["role"] = role
            case DiceSeedCommitted(epoch=epoch, commitment=commitment):
                result["epoch"] = epoch
                result["commitment"] = commitment
            case DiceSeedRevealed(epoch=epoch, seed=seed):
                result["revealed_epoch"] = epoch
                result["revealed_seed"] = seed
            case SessionStarted(session=session) | SessionEnded(session=session):
                result["session"] = session
            case CharacterCreated(character_id=cid):
                result["character_id"] = cid
            case DiceRolled(terms=terms, dice=dice, total=total, expression=expression):
                result["expression"] = expression
                result["total"] = total
                result["rendered"] = f"{expression}: {render(Evaluated(terms=terms, dice=dice, total=total))}"
            case EventsRetracted(voids=voids):
                result["retracted"] = list(voids)
            case EventsReinstated(restores=restores):
                result["reinstated"] = list(restores)
    return result
