"""A command (or one event) as a reader is told it: its sentences, who changed and how, the proofs of its
rolls, and the numbers a bot adds up; everything derived from the events and the states around them, so a
retried command is told exactly as the first time."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.campaign.state import CampaignState
from domain.dice import dice_in
from domain.engine import Lang
from domain.rulesets import engine_for
from projections.permalinks import Links, proof_link
from projections.recorded import Recorded
from projections.rendering.names import namer
from projections.rendering.standing import StandingChange, change_text, standing_changes
from projections.rendering.summaries import summarize
from projections.replay import campaign_state, is_voiding


class Roll(msgspec.Struct, frozen=True):
    """An event that rolled dice, and the permalink of its proof."""

    seq: int
    proof: str


class Told(msgspec.Struct, frozen=True, kw_only=True):
    """What a command did, in one language: one sentence per event, the standing changes, the rolls."""

    lang: Lang
    sentences: list[str]
    changed: list[StandingChange]
    changes: list[str]
    rolls: list[Roll]
    numbers: dict[str, int]

    def text(self) -> str:
        """Plain text: the sentences, then who changed, then the proofs (one per line)."""
        proof = "prueba" if self.lang == "es" else "proof"
        return "\n".join([*self.sentences, *self.changes, *(f"{proof}: {r.proof}" for r in self.rolls)])


def tell(records: Sequence[Recorded], before: CampaignState, after: CampaignState, lang: Lang, links: Links,
         campaign_id: str) -> Told:
    """The command whose events are `records`, folded from `before` to `after` (the caller folds `after`
    again when an event voids or restores earlier ones)."""
    name = namer(after)
    sentences: list[str] = []
    state = before
    numbers: dict[str, int] = {}
    rolls: list[Roll] = []
    phrases = engine_for(before.ruleset).phrases
    minor: list[str] = []
    for recorded in records:
        sentence = summarize(recorded.event, state, lang, name, brief=True)
        if sentence:
            sentences.append(sentence)
        else:
            minor.append(summarize(recorded.event, state, lang, name))
        for key, value in phrases.numbers(recorded.event).items():
            numbers[key] = numbers.get(key, 0) + value
        if next(dice_in(msgspec.to_builtins(recorded.event)), None) is not None:
            rolls.append(Roll(recorded.seq, proof_link(links, campaign_id, recorded.seq)))
        state = after if is_voiding(recorded) else campaign_state([recorded], initial=state)
    # A command whose every event is told with others (none here to tell it) still gets its line.
    sentences = sentences or minor
    changed = standing_changes(before, after, name)
    return Told(lang=lang, sentences=sentences, changed=changed,
                changes=[change_text(c, lang, before.ruleset or after.ruleset) for c in changed], rolls=rolls,
                numbers=numbers)
