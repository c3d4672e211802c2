"""The one `decide` the service calls for every command: the observers' gate, then campaign, missions or engine.

Campaign commands (sessions, characters, rolls, notes …) are ruleset-neutral; mission commands serve every
ruleset; any other command belongs to a rules engine of the registry and needs a campaign of that engine.
Starting a session also runs the engine's own session reset, in the same command; ending one asks the
engine too (it may refuse, or record its own events).
"""

from __future__ import annotations

from domain import missions
from domain.campaign.commands import CAMPAIGN_COMMANDS, PARTICIPANT_COMMANDS, EndSession, StartSession
from domain.campaign.decide import CommandContext, decide_campaign
from domain.campaign.permissions import authorize
from domain.campaign.sealed_tests import is_sealed_test, seal_test
from domain.campaign.state import CampaignState
from domain.commands import Actor, Command, command_tag
from domain.dice import Dice
from domain.engine import Surroundings
from domain.errors import DomainError, Forbidden, RuleViolation
from domain.events import Event
from domain.message import Message, Param
from domain.rulesets import engine_for, engine_of_command, reads_of

# The commands the campaign decides (every ruleset's), as one tuple made once.
_CAMPAIGN_SIDE = (*CAMPAIGN_COMMANDS, *PARTICIPANT_COMMANDS)


def decide(state: CampaignState, command: Command, dice: Dice, actor: Actor, context: CommandContext) -> list[Event]:
    """The events any command appends, or the DomainError that refuses it, naming people by name."""
    try:
        return _decide(state, command, dice, actor, context)
    except DomainError as error:
        if error.said is not None:
            error.said = named(error.said, state)
        raise


def named(said: Message, state: CampaignState) -> Message:
    """The message with every participant id among its parameters replaced by the participant's name.

    The engines and the missions know participants by id only (their states hold no names): a reader must
    never be told "p-92efb5c9 does not own …" (issue 21 §6), so the one place that holds both the refusal and
    the campaign's participants names them."""
    params: dict[str, Param] = {}
    for key, value in said.params.items():
        if isinstance(value, Message):
            params[key] = named(value, state)
        elif isinstance(value, str) and value in state.participants:
            params[key] = state.participants[value].name
        else:
            params[key] = value
    return Message(said.id, params)


def _decide(state: CampaignState, command: Command, dice: Dice, actor: Actor, context: CommandContext) -> list[Event]:
    if actor.role == "observer":  # the one gate: observers read everything and send nothing
        raise Forbidden(case="observer", command=command_tag(command))
    if is_sealed_test(command):
        # Decided now with the sealed roll's dice; only its seal is recorded (domain/campaign/sealed_tests.py).
        return [seal_test(state, command, dice, actor, context, decide, context.roll_key, context.roll_commitment)]
    engine = engine_for(state.ruleset)
    owner = engine_of_command(type(command))
    if owner is not None and owner is not engine:
        raise RuleViolation("ruleset", case="other_engine", command=command_tag(command), label=owner.label,
                            ruleset=state.ruleset)
    if owner is not None and type(command) in engine.aliases:
        command = engine.aliases[type(command)](command)
    if isinstance(command, _CAMPAIGN_SIDE):
        authorize(state, actor, command)
        events = decide_campaign(state, command, dice, actor, context)
        if isinstance(command, StartSession) and state.rules is not None:
            events += engine.session_started(state.rules, dice, actor)
        if isinstance(command, EndSession) and state.rules is not None:
            events += engine.session_ended(state.rules, dice, actor)
        return events
    if isinstance(command, missions.COMMANDS):
        return missions.decide(state.missions, command, dice, actor, mission_characters(state))
    if owner is None or state.rules is None:
        raise RuleViolation("unknown_command", case="service", command=command_tag(command))
    if type(command) in engine.internal_commands:
        raise RuleViolation("internal_command", command=command_tag(command))
    return engine.decide(state.rules, command, dice, actor, Surroundings(missions=state.missions))


def mission_characters(state: CampaignState) -> dict[str, missions.CharacterInfo]:
    """What the missions rules know of each character: name, owner and Deathwatch speciality if given."""
    return {
        cid: missions.CharacterInfo(
            id=cid, name=character.name, owner=character.owner, speciality=_speciality(state, cid)
        )
        for cid, character in state.characters.items()
    }


def _speciality(state: CampaignState, character_id: str) -> missions.Speciality | None:
    # The engine's sheet may name it ("speciality": "Apothecary" or "apotecario"), else the free-form stats.
    sheet_value = reads_of(state.rules).speciality(state.rules, character_id) if state.rules else None
    generic = state.characters.get(character_id)
    raw = sheet_value or (generic.stats.get("speciality") if generic is not None else None)
    if not isinstance(raw, str):
        return None
    key = raw.strip().casefold()
    english = key.replace(" ", "_")
    if english in missions.characters.SPECIALITIES:
        return english
    return missions.characters.SPANISH_SPECIALITIES.get(key)
