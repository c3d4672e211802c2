"""The timeline page's fragments: each event's frame as a row, rows grouped by forum post, in sessions and encounters.

A row says what the transcripts say (the frame's sentence, who changed and how, its dice and proof, its
undo) in the same words; this module only groups them the way a reader scans a forum thread: a heading when a session
or an encounter begins, one block per post (its author and its link), its events inside.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.commands import PostRef
from domain.dice import Die
from projections.rendering.frames import Frame
from projections.rendering.vocabulary import Lang, position


class Row(msgspec.Struct, frozen=True, kw_only=True):
    """One event as the timeline shows it."""

    seq: int
    type: str
    line: str
    details: tuple[str, ...]
    dice: tuple[Die, ...]
    proof: str | None
    recorded_at: str | None
    undone: bool
    undone_by: int | None
    undone_by_name: str | None
    undone_at: str | None
    # Voided by a retraction (a GM's "this roll does not count"), not by an undone turn.
    retracted: bool = False
    where: str | None
    # Told with the events around it (an action paid for an attack): shown quieter.
    minor: bool = False
    # A refused attempt (docs/fairness.md): nothing of it counts, its dice stay: struck through.
    refused: bool = False


class PostBlock(msgspec.Struct, frozen=True, kw_only=True):
    """The consecutive events of one forum post (or of one command sent without a post)."""

    post: PostRef | None
    author: str | None
    # What the forum post said its author was, when that is not the participant who sent it (docs/web.md).
    posted_as: str | None = None
    session: int | None
    encounter: str | None
    rows: tuple[Row, ...]

    @property
    def last_seq(self) -> int:
        return self.rows[-1].seq


def row(frame: Frame, lang: Lang, undone_at: str | None = None) -> Row:
    """The frame as a row: its sentence, who changed and how (its effects), where in the encounter it happened."""
    where = position(frame.round, frame.turn, lang) if frame.encounter else None
    return Row(
        seq=frame.seq, type=frame.type, line=frame.summary, details=frame.effects, dice=frame.dice,
        proof=frame.proof, recorded_at=frame.recorded_at, undone=frame.undone, undone_by=frame.undone_by,
        undone_by_name=frame.undone_by_name or frame.undone_by_actor, undone_at=undone_at, where=where,
        minor=frame.minor, retracted=frame.undone_by_retraction, refused=frame.refused,
    )


def blocks(frames: Sequence[Frame], rows: Sequence[Row]) -> list[PostBlock]:
    """Rows grouped by post: consecutive events of one post (or one unposted actor) in one block."""
    found: list[PostBlock] = []
    current: list[Row] = []
    named: list[str] = []
    key: tuple[object, ...] | None = None
    head: Frame | None = None
    for frame, line in zip(frames, rows, strict=True):
        post_id = frame.post.id if frame.post is not None else None
        # Consecutive events of one post stay together; so do an actor's consecutive unposted events.
        this = (post_id, frame.actor, frame.session, frame.encounter)
        if this != key and current and head is not None:
            found.append(_block(head, current, named))
            current, named = [], []
        if this != key:
            head, key = frame, this
        current.append(line)
        named += [frame.actor_name] if frame.actor_name and frame.type != "campaign_created" else []
    if current and head is not None:
        found.append(_block(head, current, named))
    return found


def _block(head: Frame, rows: Sequence[Row], named: Sequence[str] = ()) -> PostBlock:
    # The campaign's first event comes before its author joins (the GM joins at event 2), so its frame names
    # the role ("GM"): the block takes the name a later event of the block knows, as every later block shows it.
    first_name = next(iter(named), None)
    actor_name = (first_name or head.actor_name) if head.type == "campaign_created" else head.actor_name or first_name
    # Who posted is the participant whose token sent it; `post.author` is only what the client said (issue 18).
    author = actor_name or head.actor
    claimed = head.post.author if head.post is not None else None
    posted_as = claimed if claimed and claimed != author else None
    return PostBlock(post=head.post, author=author, posted_as=posted_as, session=head.session,
                     encounter=head.encounter, rows=tuple(rows))
