"""Names instead of ids: a character's name, a weapon's name (`<character>/<weapon>`), a participant's."""

from __future__ import annotations

from collections.abc import Callable

from domain.campaign.state import CampaignState
from domain.directory_from_state import build_directory

Namer = Callable[[str], str]


def namer(state: CampaignState) -> Namer:
    """Ids to the names a reader knows, as `state` has them; an id nobody named is shown as it is."""
    directory = build_directory(state)
    characters = {c.id: c for c in directory.characters}
    participants = {p.participant_id: p.name for p in state.participants.values()}

    def name(key: str) -> str:
        owner, _, weapon = key.partition("/")
        if weapon:
            entry = characters.get(owner)
            found = next((w.name for w in entry.weapons if w.id == weapon), None) if entry is not None else None
            return found or weapon
        if key in characters:
            return characters[key].name
        return participants.get(key, key)

    return name
