"""What a command answers besides its events: a small summary derived from those events alone.

Because it is derived, a retried command (same idempotency key) answers exactly the original result.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.campaign.events import (
    CampaignCreated,
    CharacterCreated,
    DiceRolled,
    DiceSeedCommitted,
    DiceSeedRevealed,
    EventsReinstated,
    EventsRetracted,
    ParticipantJoined,
    SecretRollRevealed,
    SecretRollSealed,
    SessionEnded,
    SessionStarted,
)
from domain.campaign.state import CampaignState
from domain.events import Event
from domain.message import LANGS
from domain.rulesets import engines
from projections.permalinks import Links
from projections.recorded import Recorded
from projections.rendering.reply import told_item
from projections.rendering.summaries import rolled_dice
from projections.rendering.told import tell_in

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
                result["roll"] = f"{expression}: {rolled_dice(terms, dice, total)}"
            case SecretRollSealed(expression=expression, commitment=commitment):
                result["sealed_expression"] = expression
                result["sealed_commitment"] = commitment
            case SecretRollRevealed(roll=roll, total=total):
                result.setdefault("revealed_rolls", [])
                revealed = result["revealed_rolls"]
                assert isinstance(revealed, list)
                revealed.append({"seq": roll, "total": total})
            case EventsRetracted(voids=voids):
                result["retracted"] = list(voids)
            case EventsReinstated(restores=restores):
                result["reinstated"] = list(restores)
    return result


def told_result(
    records: Sequence[Recorded], before: CampaignState, after: CampaignState, links: Links, campaign_id: str
) -> Result:
    """What every command answers besides its own facts: `rendered` (en, es) for a person, in plain text
    (untrusted: it holds participants' words as typed), `rendered_markdown` and `rendered_bbcode` (en, es) to
    quote in a post (escaped, as the reply writes a line), and for a bot the numbers it adds up (`hits`,
    `damage` …), who changed (`changed`: each character's standing before and after) and the proofs of its
    rolls (`rolls`). Derived from the events and the states around them."""
    told = tell_in(records, before, after, LANGS, links, campaign_id)
    english = told["en"]
    # One pass over the languages fills the three forms (their keys in the order of LANGS, as before).
    rendered: dict[str, str] = {}
    markdown: dict[str, str] = {}
    bbcode: dict[str, str] = {}
    for lang, found in told.items():
        rendered[lang] = found.text()
        markdown[lang] = told_item(found, lang, "markdown")
        bbcode[lang] = told_item(found, lang, "bbcode")
    return {
        "rendered": rendered,
        "rendered_markdown": markdown,
        "rendered_bbcode": bbcode,
        **english.numbers,
        "changed": [msgspec.to_builtins(change) for change in english.changed] if english.changed else [],
        # A roll's two fields as `msgspec.to_builtins` writes them, without its generic walk.
        "rolls": [{"seq": roll.seq, "proof": roll.proof} for roll in english.rolls],
    }
