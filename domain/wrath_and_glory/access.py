"""Who may command what: the GM everything, a player only the characters it owns (observers: the dispatch's gate)."""

from __future__ import annotations

from domain.commands import Actor
from domain.errors import Forbidden
from domain.wrath_and_glory.state import CharacterState


def require_gm(actor: Actor, what: str) -> None:
    """Only the GM may do `what` (Ruin, NPCs, awards, sessions)."""
    if not actor.is_gm:
        raise Forbidden(f"only the GM may {what}")


def require_control(actor: Actor, character: CharacterState) -> None:
    """The GM acts for anyone; a player only for characters whose owner it is."""
    if actor.is_gm:
        return
    if actor.role == "player" and character.owner == actor.participant_id:
        return
    raise Forbidden(f"{actor.participant_id} does not control {character.sheet.name} ({character.id})")
