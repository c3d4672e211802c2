"""What a command answers besides its events: a small summary derived from those events alone.

Because it is derived, a retried command (same idempotency key) answers exactly the original result.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

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
from domain.dice import Die
from domain.engine import Lang
from domain.events import Event
from domain.message import LANGS
from domain.rulesets import engines, surface_for
from projections.permalinks import Links, proof_parts
from projections.recorded import Recorded
from projections.rendering.markup import WRITERS, both_lines, safe_url, safe_url_around
from projections.rendering.reply import told_item
from projections.rendering.summaries import roll_sentences, rolled_dice
from projections.rendering.told import rolled, tell_in
from projections.rendering.vocabulary import bare_word

Result = dict[str, object]


# Every engine's own event classes: `Engine.result` reads only these (domain/engine.py).
_ENGINE_EVENTS = frozenset(cls for engine in engines() for cls in engine.events)


def result_of(events: Sequence[Event]) -> Result:
    """The command's result: the numbers a client wants without reading every event."""
    # Each engine's part first (a complication awaiting the GM …); each reads only its own events, so a command
    # with none of them (a roll, a session's start …) has no engine part, and is spared asking every engine.
    result: Result = {}
    for event in events:  # a loop: nothing allocated for a command's one or few events
        if type(event) in _ENGINE_EVENTS:
            result = {key: value for engine in engines() for key, value in engine.result(events).items()}
            break
    for event in events:
        if type(event) is DiceRolled:  # a roll, the most frequent: its case below, without the tests before it
            expression = event.expression
            result["expression"] = expression
            result["total"] = event.total
            result["roll"] = f"{expression}: {rolled_dice(event.terms, event.dice, event.total)}"
            continue
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
    if len(records) == 1 and type(records[0].event) is DiceRolled:
        roll = told_roll(records[0], before, after, links, campaign_id)
        if roll is not None:
            return roll
    return told_in_general(records, before, after, links, campaign_id)


def told_in_general(
    records: Sequence[Recorded], before: CampaignState, after: CampaignState, links: Links, campaign_id: str
) -> Result:
    """`told_result` of any command, through `tell_in` and `told_item` (what a free roll's shortcut must equal)."""
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


_MARKDOWN, _BBCODE = WRITERS["markdown"], WRITERS["bbcode"]


@cache
def _roll_words() -> tuple[tuple[Lang, str, str], ...]:
    """For each of LANGS, what a roll's answer writes before its seq in its proof's label ("rolls #") and between
    its sentence and its proof ("\\nproof: "): the code's own words, fixed once the process has started."""
    return tuple((lang, f"{bare_word('rolls', lang)} #", f"\n{bare_word('proof', lang)}: ") for lang in LANGS)


def told_roll(
    recorded: Recorded, before: CampaignState, after: CampaignState, links: Links, campaign_id: str
) -> Result | None:
    """A free roll (a command's most frequent answer) told exactly as `tell_in` and `told_item` tell it, without
    their general machinery (issue 23: the told answer was a tenth of a roll's CPU): one sentence, nobody's
    standing changed, at most one proof. None when the roll is not that case: the general path tells it."""
    event = recorded.event
    assert type(event) is DiceRolled
    # `standing_changes`' own test: the same rules' state before and after, nothing changed. The engine's
    # numbers of a free roll (none, today) are summed by the general path.
    if before.rules is not after.rules or surface_for(before.ruleset).phrases.numbers(event):
        return None
    sentences = roll_sentences(event, before, LANGS)
    if "" in sentences:
        return None
    dice = event.dice
    # `rolled`'s own shortcut: a tuple of dice is where `has_dice` finds a die.
    if dice and type(dice[0]) is Die or rolled(event):
        seq = recorded.seq
        number = str(seq)  # written as an f-string writes it, once for the proof and the two labels
        # `proof_link`, and `safe_url` of it (its parts around the seq are the same for every roll of the campaign).
        head, tail = proof_parts(links, campaign_id)
        proof = head + number + tail
        around = safe_url_around(head, tail)
        safe = around[0] + number + around[1] if around is not None else safe_url(proof)
        rendered: dict[str, str] = {}
        markdown: dict[str, str] = {}
        bbcode: dict[str, str] = {}
        for (lang, rolls, said_proof), sentence in zip(_roll_words(), sentences, strict=True):
            label = rolls + number
            rendered[lang] = sentence + said_proof + proof
            marked, tagged = both_lines(sentence)
            # `Writer.link` of the proof: its label alone where the url may not be linked.
            if safe is None:
                markdown[lang] = f"{marked} · {label}"
                bbcode[lang] = f"{tagged} · {label}"
            else:
                markdown[lang] = f"{marked} · [{label}]({safe})"
                bbcode[lang] = f"{tagged} · [url={safe}]{label}[/url]"
        return {"rendered": rendered, "rendered_markdown": markdown, "rendered_bbcode": bbcode, "changed": [],
                "rolls": [{"seq": seq, "proof": proof}]}
    return {"rendered": dict(zip(LANGS, sentences, strict=True)),
            "rendered_markdown": {lang: _MARKDOWN.lines(s) for lang, s in zip(LANGS, sentences, strict=True)},
            "rendered_bbcode": {lang: _BBCODE.lines(s) for lang, s in zip(LANGS, sentences, strict=True)},
            "changed": [], "rolls": []}
