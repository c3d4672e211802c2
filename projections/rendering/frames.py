"""Frames: each event of a span with its post, actor, summary, dice, the changes it caused, and its undo.

The changes of an event are those it caused when it happened: the state right before it against the
state right after it, both as time travel sees them. An event undone later keeps its changes and is
marked undone, with the event (and actor) that undid it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from domain.campaign.state import CampaignState
from domain.commands import PostRef
from domain.dice import Die, dice_in
from domain.events import RestoringEvent, VoidingEvent, event_type
from projections.permalinks import Links, proof_link
from projections.recorded import Recorded
from projections.rendering.changes import Change, diff, plain
from projections.rendering.summaries import summarize
from projections.rendering.vocabulary import Lang
from projections.replay import campaign_state, is_voiding


class Frame(msgspec.Struct, frozen=True, kw_only=True):
    seq: int
    type: str
    summary: str
    recorded_at: str | None = None
    post: PostRef | None = None
    actor: str | None = None
    actor_name: str | None = None
    session: int | None = None
    encounter: str | None = None
    round: int | None = None
    turn: int | None = None
    dice: tuple[Die, ...] = ()
    proof: str | None = None
    # Dice algorithm 2: the seqs of the contributions the dice mixed in (docs/fairness.md).
    entropy_from: tuple[int, ...] = ()
    changes: tuple[Change, ...] = ()
    undone: bool = False
    undone_by: int | None = None
    undone_by_actor: str | None = None


def voided_by(records: Sequence[Recorded]) -> dict[int, Recorded]:
    """For each event voided at the end of `records`, the event that voided it."""
    found: dict[int, Recorded] = {}
    for recorded in records:
        event = recorded.event
        if isinstance(event, VoidingEvent):
            found.update({seq: recorded for seq in event.voids})
        elif isinstance(event, RestoringEvent):
            for seq in event.restores:
                found.pop(seq, None)
    return found


def build_frames(
    records: Sequence[Recorded],
    first: int,
    last: int,
    lang: Lang,
    campaign_id: str,
    times: Mapping[int, str] | None = None,
    initial: CampaignState | None = None,
    links: Links | None = None,
) -> list[Frame]:
    """Frames for events first..last.

    `records` runs from seq 1, or from right after the seq `initial` was folded to when the caller
    knows no event of `records` voids anything before it; it runs on to the head, so that undos after
    `last` still mark the events they undid.
    """
    undone = voided_by(records)
    state = campaign_state([r for r in records if r.seq < first], initial=initial)
    frames: list[Frame] = []
    for index, recorded in enumerate(records):
        if recorded.seq < first:
            continue
        if recorded.seq > last:
            break
        after = (
            campaign_state(records[: index + 1], initial=initial)
            if is_voiding(recorded)
            else campaign_state([recorded], initial=state)
        )
        frames.append(
            _frame(recorded, state, after, lang, campaign_id, undone.get(recorded.seq), times or {}, links or Links())
        )
        state = after
    return frames


def _frame(
    recorded: Recorded,
    before: CampaignState,
    after: CampaignState,
    lang: Lang,
    campaign_id: str,
    voider: Recorded | None,
    times: Mapping[int, str],
    links: Links,
) -> Frame:
    meta, event = recorded.meta, recorded.event
    dice = tuple(Die(**d) for d in dice_in(msgspec.to_builtins(event)))
    epoch, provenance = before.epoch, meta.dice
    entropy_from: tuple[int, ...] = ()
    mixed = provenance is not None and provenance.entropy is not None
    if mixed and provenance is not None and epoch is not None and epoch.epoch == provenance.epoch:
        entropy_from = epoch.contributions
    actor = after.participants.get(meta.actor or "")
    return Frame(
        seq=recorded.seq,
        type=event_type(event),
        summary=summarize(event, before, lang),
        recorded_at=times.get(recorded.seq),
        post=meta.post,
        actor=meta.actor,
        actor_name=actor.name if actor is not None else None,
        session=meta.session,
        encounter=meta.encounter,
        round=meta.round,
        turn=meta.turn,
        dice=dice,
        proof=proof_link(links, campaign_id, recorded.seq) if dice else None,
        entropy_from=entropy_from if dice else (),
        changes=tuple(diff(plain(before), plain(after))),
        undone=voider is not None,
        undone_by=voider.seq if voider is not None else None,
        undone_by_actor=voider.meta.actor if voider is not None else None,
    )
