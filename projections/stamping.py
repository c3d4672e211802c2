"""The envelope facts the fold itself decides: which session and which encounter turn an event belongs to.

An event belongs to the turn the campaign is in once it is folded (so a turn's opening event is part
of that turn); an event that ends the encounter still belongs to the turn it ended. Structural events
(sessions, dice epochs, people, corrections, undo) never belong to a turn, so undo cannot void them.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from domain.campaign.events import STRUCTURAL_EVENTS, SessionEnded
from domain.campaign.evolve import in_its_turn
from domain.campaign.state import CampaignState
from domain.encounter import TurnPosition
from domain.events import Event
from domain.rulesets import position
from projections.campaign import evolve
from projections.recorded import EventMeta, Recorded


def position_of(state: CampaignState) -> TurnPosition | None:
    """Where the campaign is inside an encounter, as the rules engine says."""
    return position(state.rules)


def stamp(
    state: CampaignState, events: Sequence[Event], first_seq: int, base: EventMeta
) -> tuple[list[EventMeta], CampaignState]:
    """Each new event's meta (base plus session and turn) and the state after all of them.

    The returned state is an incremental fold: when `events` void or restore earlier events the caller
    folds the log again from the start.

    Each event is folded once. The fold reads an event's envelope in one place only, `in_its_turn`, which
    files the event under its encounter turn before anything else and changes nothing but `encounters`
    (which no other step of the fold of a turn's event reads or writes). So folding the event with `base`
    (no turn: `in_its_turn` files nothing) and then filing it with its stamped meta gives exactly the
    state that folding the stamped event gives; tests/domain/test_stamping.py checks it against that.
    """
    if base.encounter is not None:
        raise ValueError("the base meta of a command names no turn: stamping decides it")
    metas: list[EventMeta] = []
    for index, event in enumerate(events):
        seq = first_seq + index
        after = evolve(state, Recorded(seq, event, base))
        ended = event.session if isinstance(event, SessionEnded) else None
        meta = replace(base, session=after.session if after.session is not None else ended)
        position = position_of(after)
        if position is None and after.rules is not state.rules:  # the same rules are in the same position
            position = position_of(state)
        if position is not None and not isinstance(event, STRUCTURAL_EVENTS):
            meta = replace(
                meta,
                encounter=position.encounter,
                round=position.round,
                turn=position.turn,
                turn_character=position.character_id,
            )
            after = in_its_turn(after, Recorded(seq, event, meta))
        state = after
        metas.append(meta)
    return metas, state
