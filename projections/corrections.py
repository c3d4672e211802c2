"""Corrections: the events that void earlier ones (an undone turn, a retracted roll) and the events that make
them count again (a redone turn, a reinstated roll). Nothing is erased: a correction is a new event, and a
reader sees every voided event marked with the correction that voided it.

What counts as a correction is the class, never a list of names: every `VoidingEvent` and `RestoringEvent`
of the service's unions (`correction_types`), so a new kind of correction is read everywhere at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import msgspec

from domain.campaign.events import EventsRetracted
from domain.events import Event, RestoringEvent, VoidingEvent
from projections.recorded import Recorded


def is_correction(cls: type[Event]) -> bool:
    return issubclass(cls, (VoidingEvent, RestoringEvent))


def correction_types(classes: Mapping[str, type[Event]]) -> tuple[str, ...]:
    """The tags, among the tagged event classes given, of every correction, in tag order."""
    return tuple(sorted(tag for tag, cls in classes.items() if is_correction(cls)))


def touched(event: Event) -> tuple[int, ...]:
    """The seqs a correction voids or restores (none for any other event)."""
    if isinstance(event, VoidingEvent):
        return event.voids
    if isinstance(event, RestoringEvent):
        return event.restores
    return ()


class Voider(msgspec.Struct, frozen=True):
    """The event that voided an event, who wrote it, and when (when known)."""

    seq: int
    actor: str | None
    # A retraction, not an undone turn: a reader must not read "retracted by" as an undo.
    retracted: bool = False
    recorded_at: str | None = None


def voided_by(records: Iterable[tuple[Recorded, str | None]]) -> dict[int, Voider]:
    """For each event voided at the end of `records` (the corrections, each with the time it was recorded, in seq
    order), the correction that voided it: a later restoring event takes the mark away."""
    found: dict[int, Voider] = {}
    for recorded, recorded_at in records:
        event = recorded.event
        if isinstance(event, VoidingEvent):
            mark = Voider(recorded.seq, recorded.meta.actor, isinstance(event, EventsRetracted), recorded_at)
            found.update({seq: mark for seq in event.voids})
        elif isinstance(event, RestoringEvent):
            for seq in event.restores:
                found.pop(seq, None)
    return found
