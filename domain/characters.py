"""The one character registry's message types: the one command that creates a character, and its event.

Every ruleset shares them: the campaign records who the character is (id, name, owner, kind, free-form
stats) and the rules engine its typed part (`rules`, kept as JSON and typed by the engine that decided it).
They sit below the campaign and the engines so that both can read them without importing each other.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.commands import Command, Ref, ShortText, Slug
from domain.events import Event, JsonObject
from domain.plain_text import ONE_LINE

CharacterKind = Literal["pc", "npc"]
StatValue = int | str


class CreateCharacter(Command, frozen=True, tag="create_character"):
    """The one way a character joins a campaign, with its ruleset's typed sheet.

    `sheet` is the sheet of the campaign's rules engine (docs/rules-*.md); the engine checks it. Without one,
    a d100 character's sheet comes from `stats` (its characteristics and speciality); `stats` stay a free-form
    note either way. `premade` names a shipped sheet (English or Spanish id, domain/premades): `sheet` is then a
    partial sheet merged over it. `id` is the older name of `character_id`, still accepted; `kind` null means npc
    when a GM owns the character, else pc (as d100_register_character decided it).
    """

    name: ShortText
    character_id: Slug | None = None
    id: Slug | None = None
    kind: CharacterKind | None = "pc"
    owner: Ref | None = None
    stats: dict[Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=ONE_LINE)], StatValue] = {}
    sheet: JsonObject | None = None
    comrade: bool = False  # d100 (Only War): a comrade of its owner rather than a character of its own
    premade: Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=ONE_LINE)] | None = None


class CharacterCreated(Event, frozen=True, tag="character_created"):
    """A character joins the one registry of the campaign; `rules` is its rules engine's part of it.

    `rules` is the engine's typed part as JSON (d100: the sheet and comrade; Wrath & Glory: the sheet and
    the starting Wrath and Reloads), decided by the engine and read back by its fold. The older
    d100_character_registered and wng_character_added events are read as this one (domain.upcasting).
    """

    character_id: str
    name: str
    owner: str
    kind: CharacterKind
    stats: dict[str, StatValue] = {}
    rules: JsonObject | None = None
