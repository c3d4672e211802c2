"""Where an event happens inside an encounter: the contract between the rules engines and undo/replay.

Every rules engine's state exposes `position -> TurnPosition | None`: the encounter, round and turn the
campaign is in right now (None outside any encounter). The service stamps each event's meta with the
position after folding that event, so the event that starts a turn belongs to that turn. Round-level
events that happen before the first turn of a round (round start effects) have turn 0.
Undo pops the latest live (round, turn) of an encounter; every event stamped with it is voided.
"""

from __future__ import annotations

import msgspec


class TurnPosition(msgspec.Struct, frozen=True):
    encounter: str
    round: int
    turn: int
    # The character whose turn it is (None for round-level steps): a player may undo only its own turn.
    character_id: str | None = None
