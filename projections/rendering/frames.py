"""Frames: each event of a span with its post, actor, a sentence for a reader, the standing it changed, its
proof, and its undo — built one at a time, so a transcript of any length streams in constant memory.

The changes of an event are those it caused when it happened: the state right before it against the
state right after it, both as time travel sees them. An event undone later keeps its changes and is
marked undone, with the event (and actor) that undid it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from domain.campaign.entropy import CONTRIBUTIONS_LISTED
from domain.campaign.events import AttemptRefused, CampaignCreated
from domain.campaign.state import CampaignState
from domain.commands import PostRef
from domain.dice import Die, dice_in
from domain.events import event_type
from projections.corrections import Voider, voided_by
from projections.permalinks import Links, proof_link
from projections.recorded import Recorded
from projections.rendering.changes import Change, diff, plain
from projections.rendering.names import namer, participant_name
from projections.rendering.standing import StandingChange, change_text, standing_changes
from projections.rendering.summaries import describe
from projections.rendering.vocabulary import Lang, word
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
    # Whether `summary` already shows every die (an engine's sentence does); else the renderers list them.
    dice_told: bool = False
    # Told with the events around it (an action paid for an attack): Markdown and BBCode leave it out.
    minor: bool = False
    proof: str | None = None
    # Dice algorithm 2: the seqs of the contributions the dice mixed in (docs/fairness.md), the last
    # CONTRIBUTIONS_LISTED of them, and how many there were (an old epoch may hold hundreds; the proof links all).
    entropy_from: tuple[int, ...] = ()
    entropy_count: int = 0
    # Who changed and how, for a reader ("Brother Kai: 12 → 7 wounds") and as data (`standing`).
    effects: tuple[str, ...] = ()
    standing: tuple[StandingChange, ...] = ()
    # The raw difference of the folded state (paths like rules.characters.kai.damage): JSON only.
    changes: tuple[Change, ...] = ()
    undone: bool = False
    undone_by: int | None = None
    undone_by_actor: str | None = None
    undone_by_name: str | None = None
    # A GM's retraction voided it, not an undo of its turn: the mark says which.
    undone_by_retraction: bool = False
    # A refused attempt (docs/fairness.md): nothing of it counts, its dice stay; shown struck through.
    refused: bool = False


class FrameBuilder:
    """Frames of consecutive events, one at a time: it keeps only the state before the next event."""

    def __init__(
        self,
        before: CampaignState,
        lang: Lang,
        campaign_id: str,
        links: Links,
        undone: Mapping[int, Voider],
        raw_changes: bool = False,
    ) -> None:
        self.state = before
        self.lang = lang
        self.campaign_id = campaign_id
        self.links = links
        self.undone = undone
        self.raw_changes = raw_changes

    def frame(self, recorded: Recorded, refolded: CampaignState | None = None, recorded_at: str | None = None
              ) -> Frame:
        """The next event's frame; `refolded` is the state after a voiding or restoring event (folded again
        from the log: an incremental fold cannot take voided events back)."""
        before = self.state
        if refolded is None:
            assert not is_voiding(recorded), "a voiding event needs the state after it folded again"
            after = campaign_state([recorded], initial=before)
        else:
            after = refolded
        self.state = after
        return _frame(recorded, before, after, self, recorded_at)


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
    """Frames for events first..last, all in memory (tests and short spans; the service streams them).

    `records` runs from seq 1, or from right after the seq `initial` was folded to; it runs on to the head,
    so that undos after `last` still mark the events they undid.
    """
    builder = FrameBuilder(campaign_state([r for r in records if r.seq < first], initial=initial), lang,
                           campaign_id, links or Links(), voided_by((r, None) for r in records), raw_changes=True)
    frames: list[Frame] = []
    for index, recorded in enumerate(records):
        if recorded.seq < first:
            continue
        if recorded.seq > last:
            break
        refolded = campaign_state(records[: index + 1], initial=initial) if is_voiding(recorded) else None
        frames.append(builder.frame(recorded, refolded, (times or {}).get(recorded.seq)))
    return frames


def _frame(recorded: Recorded, before: CampaignState, after: CampaignState, builder: FrameBuilder,
           recorded_at: str | None) -> Frame:
    meta, event = recorded.meta, recorded.event
    # An event may hold a die twice (its `dice` list and the hit or roll that used it): k names one die of
    # the command, so each k is shown once, where it first appears (docs/fairness.md, "the dice of one command").
    first_of_k: dict[int, Die] = {}
    for found in dice_in(msgspec.to_builtins(event)):
        first_of_k.setdefault(found["k"], Die(**found))
    dice = tuple(first_of_k.values())
    if isinstance(event, AttemptRefused):
        # An attempt numbers its dice per line, each line with its own nonce: every die is shown.
        dice = tuple(d for line in event.lines for d in line.dice)
    epoch, provenance = before.epoch, meta.dice
    entropy_from: tuple[int, ...] = ()
    entropy_count = 0
    mixed = provenance is not None and provenance.entropy is not None
    if mixed and provenance is not None and epoch is not None and epoch.epoch == provenance.epoch:
        entropy_from, entropy_count = epoch.contributions[-CONTRIBUTIONS_LISTED:], len(epoch.contributions)
    actor = after.participants.get(meta.actor or "")
    actor_name = participant_name(actor.name, actor.role, builder.lang) if actor is not None else None
    if actor_name is None and isinstance(event, CampaignCreated):
        # The creator is the campaign's GM, who joins (by name) in the command's next event: until then
        # the reader is told the role ("GM" / "DJ"), never the participant id.
        actor_name = word("gm", builder.lang)
    voider = builder.undone.get(recorded.seq)
    name = namer(after)
    standing = standing_changes(before, after, name)
    described = describe(event, before, builder.lang, name)
    return Frame(
        seq=recorded.seq,
        type=event_type(event),
        summary=described.text,
        minor=described.minor,
        recorded_at=recorded_at,
        post=meta.post,
        actor=meta.actor,
        actor_name=actor_name,
        session=meta.session,
        encounter=meta.encounter,
        round=meta.round,
        turn=meta.turn,
        dice=dice,
        dice_told=described.told,
        proof=proof_link(builder.links, builder.campaign_id, recorded.seq) if dice else None,
        effects=tuple(change_text(c, builder.lang, after.ruleset) for c in standing),
        standing=tuple(standing),
        changes=tuple(diff(plain(before), plain(after))) if builder.raw_changes else (),
        entropy_from=entropy_from if dice else (),
        entropy_count=entropy_count if dice else 0,
        undone=voider is not None,
        undone_by=voider.seq if voider is not None else None,
        undone_by_actor=voider.actor if voider is not None else None,
        undone_by_name=_participant(after, voider.actor, builder.lang) if voider is not None else None,
        undone_by_retraction=voider.retracted if voider is not None else False,
        refused=isinstance(event, AttemptRefused),
    )


def _participant(state: CampaignState, participant_id: str | None, lang: Lang) -> str | None:
    found = state.participants.get(participant_id or "")
    return participant_name(found.name, found.role, lang) if found is not None else participant_id
