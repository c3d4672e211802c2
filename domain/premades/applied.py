"""A premade named by `create_character`: its sheet with the command's partial sheet merged over it."""

from __future__ import annotations

from domain.characters import CreateCharacter
from domain.events import JsonObject
from domain.premades import Premade, find, merged, named

# The GM's side: a character made from one of these is an npc whatever `kind` the command left at its default.
ENEMY_KINDS = frozenset({"horde", "elite", "troop", "adversary"})


def premade_sheet(ruleset: str, command: CreateCharacter) -> tuple[JsonObject, bool, bool]:
    """The sheet the engine receives, whether it is a comrade and whether an npc (the GM's side); an id
    unknown in `ruleset` is refused."""
    assert command.premade is not None
    premade = find(ruleset, command.premade)
    return _over(premade, command), command.comrade or premade.comrade, premade.kind in ENEMY_KINDS


def enemy(command: CreateCharacter) -> bool:
    """Whether the command names a premade of the GM's side (a horde, an elite, a troop, an adversary)."""
    premade = named(command.premade) if command.premade is not None else None
    return premade is not None and premade.kind in ENEMY_KINDS


def given_sheet(command: CreateCharacter) -> JsonObject | None:
    """The sheet a line's later lines may read before the rules decide (its weapons, its skills): the premade's
    with the overrides, or the sheet as given; None when the premade is unknown (the rules refuse it)."""
    if command.premade is None:
        return command.sheet
    premade = named(command.premade)
    return _over(premade, command) if premade is not None else None


def _over(premade: Premade, command: CreateCharacter) -> JsonObject:
    # A Wrath & Glory sheet carries a name of its own: the character's, unless the overrides give one.
    overrides = command.sheet or {}
    sheet = merged(premade.sheet, overrides)
    if "name" in premade.sheet and "name" not in overrides:
        sheet["name"] = command.name
    return sheet
