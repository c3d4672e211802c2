"""Names instead of ids: a character's name, a weapon's name (`<character>/<weapon>`), a participant's."""

from __future__ import annotations

from collections.abc import Callable

from domain.campaign.decide import DEFAULT_GM_NAME
from domain.campaign.state import CampaignState
from domain.catalog import text
from domain.directory_from_state import build_directory
from domain.message import Lang, message

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


def participant_name(name: str, role: str, lang: Lang) -> str:
    """A participant's name as a reader is shown it: a GM nobody named (the default "Game Master", English)
    is the reader's word for the role ("DJ" in Spanish); any name a person gave stays as typed."""
    if role == "gm" and name == DEFAULT_GM_NAME and lang != "en":
        return text(message("reply.word.gm"), lang)
    return name
