"""Names instead of ids: a character's name, a weapon's name (`<character>/<weapon>`), a participant's."""

from __future__ import annotations

from collections.abc import Callable

from domain.campaign.decide import DEFAULT_GM_NAME
from domain.campaign.state import CampaignState
from domain.catalog import text
from domain.directory_from_state import weapons_of
from domain.message import Lang, message

Namer = Callable[[str], str]


def namer(state: CampaignState) -> Namer:
    """Ids to the names a reader knows, as `state` has them; an id nobody named is shown as it is."""
    # Read off the state name by name, as the directory has them (domain/directory_from_state.py): a command
    # is told with a few names, and building the whole directory (pending rolls, encounters, missions) for
    # them cost more than the rest of its telling.
    characters = state.characters
    participants: dict[str, str] | None = None

    def name(key: str) -> str:
        nonlocal participants
        owner, _, weapon = key.partition("/")
        if weapon:
            found = next((w.name for w in weapons_of(state, owner) if w.id == weapon), None) \
                if owner in characters else None
            return found or weapon
        if key in characters:
            return characters[key].name
        if participants is None:
            participants = {p.participant_id: p.name for p in state.participants.values()}
        return participants.get(key, key)

    return name


def participant_name(name: str, role: str, lang: Lang) -> str:
    """A participant's name as a reader is shown it: a GM nobody named (the default "Game Master", English)
    is the reader's word for the role ("DJ" in Spanish); any name a person gave stays as typed."""
    if role == "gm" and name == DEFAULT_GM_NAME and lang != "en":
        return text(message("reply.word.gm"), lang)
    return name
