"""Who may command what: the GM everything, a player only the characters it owns (observers: the dispatch's gate)."""

from __future__ import annotations

from domain.commands import Actor
from domain.errors import Forbidden
from domain.message import Message
from domain.wrath_and_glory.state import CharacterState


def require_gm(actor: Actor, what: Message) -> None:
    """Only the GM may do `what` (Ruin, NPCs, awards, sessions): a `term.wng.gm_may.*` message, the verb phrase
    the catalog's "only the GM may …" completes."""
    if not actor.is_gm:
        raise Forbidden(case="wng_gm_only", what=what)


def require_control(actor: Actor, character: CharacterState) -> None:
    """The GM acts for anyone; a player only for characters whose owner it is."""
    if actor.is_gm:
        return
    if actor.role == "player" and character.owner == actor.participant_id:
        return
    raise Forbidden(case="wng_control", participant=actor.participant_id, character=character.sheet.name,
                    character_id=character.id)
