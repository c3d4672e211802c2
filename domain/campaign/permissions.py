"""Who may send which command: the GM everything, a player for itself and its own characters, an observer nothing."""

from __future__ import annotations

from domain.campaign.commands import CreateCharacter, Roll
from domain.campaign.state import CampaignState
from domain.commands import Actor, Command
from domain.errors import Forbidden


def authorize(state: CampaignState, actor: Actor, command: Command) -> None:
    """Raise Forbidden, saying why, unless `actor` may send `command` in this campaign."""
    if actor.role == "gm":
        return
    tag = type(command).__struct_config__.tag
    if actor.role == "observer":
        raise Forbidden(f"observers may read the campaign but not send commands ({tag})")
    match command:
        case Roll(character_id=None):
            return
        case Roll(character_id=str(character_id)):
            character = state.characters.get(character_id)
            if character is not None and character.owner != actor.participant_id:
                raise Forbidden(f"a player may roll only for its own characters; {character.name} is not yours")
            return
        case CreateCharacter(kind="pc", owner=owner) if owner in (None, actor.participant_id):
            return
        case CreateCharacter():
            raise Forbidden("a player may create only player characters (kind pc) owned by itself")
    raise Forbidden(f"only the GM may send {tag}")


def ensure_controls(state: CampaignState, actor: Actor, character_id: str) -> None:
    """Raise Forbidden unless the actor is the GM or owns the character (rulesets call this)."""
    if actor.role == "gm":
        return
    character = state.characters.get(character_id)
    if actor.role != "player" or character is None or character.owner != actor.participant_id:
        raise Forbidden(f"only the GM or the character's owner may act for {character_id}")
