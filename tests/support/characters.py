"""Engine-level tests bring characters in as the one registry does: the engine's part of character_created.

Rules tests fold an engine's state alone, without a campaign around it; the older per-engine spellings
(d100_register_character, wng_add_character) are turned into create_character and then into the event the
campaign would record, the owner being a GM when it is the acting GM.
"""

from __future__ import annotations

from domain.campaign.commands import CreateCharacter
from domain.campaign.events import CharacterCreated
from domain.commands import Actor, Command
from domain.engine import NewCharacter, RulesState
from domain.errors import RuleViolation
from domain.events import Event
from domain.rulesets import engine_of_state


def is_joining(state: RulesState, command: Command) -> bool:
    return isinstance(command, CreateCharacter) or type(command) in engine_of_state(state).aliases


def joined(state: RulesState, command: Command, actor: Actor) -> list[Event]:
    """The character_created the campaign would record for this command, decided by the engine alone."""
    engine = engine_of_state(state)
    if type(command) in engine.aliases:
        command = engine.aliases[type(command)](command)
    assert isinstance(command, CreateCharacter)
    character_id = command.character_id or command.id or "c-new"
    if character_id in engine.characters(state):
        raise RuleViolation("unique_character_id", f"a character with id {character_id!r} already exists")
    owner = command.owner or actor.participant_id
    owner_role = "gm" if owner == actor.participant_id and actor.is_gm else "player"
    kind = command.kind or ("npc" if owner_role == "gm" else "pc")
    new = NewCharacter(character_id=character_id, name=command.name, owner=owner, owner_role=owner_role, kind=kind,
                       sheet=command.sheet, stats=command.stats, comrade=command.comrade)
    return [CharacterCreated(character_id=character_id, name=command.name, owner=owner, kind=kind,
                             stats=command.stats, rules=engine.recruit(state, new))]
