"""Commands every campaign accepts whatever its ruleset."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.campaign.events import CharacterKind, StatValue
from domain.commands import Command, LongText, Role, ShortText, Slug
from domain.events import JsonObject

Seqs = Annotated[tuple[Annotated[int, msgspec.Meta(ge=1)], ...], msgspec.Meta(min_length=1, max_length=1000)]


class InviteParticipant(Command, frozen=True, tag="invite_participant"):
    name: ShortText
    role: Role


class StartSession(Command, frozen=True, tag="start_session"):
    title: ShortText | None = None


class EndSession(Command, frozen=True, tag="end_session"):
    pass


class CreateCharacter(Command, frozen=True, tag="create_character"):
    """The one way a character joins a campaign, with its ruleset's typed sheet.

    `sheet` is the sheet of the campaign's rules engine (docs/rules-*.md); the engine checks it. Without one,
    a d100 character's sheet comes from `stats` (its characteristics and speciality); `stats` stay a free-form
    note either way. `id` is the older name of `character_id`, still accepted; `kind` null means npc when a GM
    owns the character, else pc (as d100_register_character decided it).
    """

    name: ShortText
    character_id: Slug | None = None
    id: Slug | None = None
    kind: CharacterKind | None = "pc"
    owner: str | None = None
    stats: dict[Annotated[str, msgspec.Meta(min_length=1, max_length=64)], StatValue] = {}
    sheet: JsonObject | None = None
    comrade: bool = False  # d100 (Only War): a comrade of its owner rather than a character of its own


class Roll(Command, frozen=True, tag="roll"):
    expression: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    reason: ShortText
    character_id: str | None = None


class GmNote(Command, frozen=True, tag="gm_note"):
    text: LongText


class RevealDiceSeed(Command, frozen=True, tag="reveal_dice_seed"):
    pass


class Retract(Command, frozen=True, tag="retract"):
    seqs: Seqs
    reason: ShortText


class Reinstate(Command, frozen=True, tag="reinstate"):
    seqs: Seqs
    reason: ShortText


class UndoTurn(Command, frozen=True, tag="undo_turn"):
    """Undo the latest live turn of the encounter; `expected_encounter_version` guards against surprises."""

    encounter: Slug
    expected_encounter_version: Annotated[int, msgspec.Meta(ge=0)] | None = None


class RedoTurn(Command, frozen=True, tag="redo_turn"):
    encounter: Slug


CAMPAIGN_COMMANDS: tuple[type[Command], ...] = (
    StartSession,
    EndSession,
    CreateCharacter,
    Roll,
    GmNote,
    RevealDiceSeed,
    Retract,
    Reinstate,
    UndoTurn,
    RedoTurn,
)
