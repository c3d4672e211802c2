"""The registry: which rules engine plays which ruleset. A new engine is one line here, and its own package.

Each engine declares the games it plays (their names and titles), its command prefix and its older
events' copied dice; everything that differs by ruleset derives from this table: the ruleset names the
HTTP schema accepts, the campaign fold's dispatch, the HTTP schema of accepted commands, the codec's event
types, the reads, the renderers' phrases and titles, and the verifiers' skipped fields.
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.commands import Command
from domain.d100 import ENGINE as D100
from domain.encounter import TurnPosition
from domain.engine import Engine, EngineReads, EngineRules, EngineSurface, OptionValue, Ruleset, RulesState
from domain.errors import RuleViolation
from domain.events import Event
from domain.wrath_and_glory import ENGINE as WRATH_AND_GLORY

_REGISTERED: tuple[Engine, ...] = (D100, WRATH_AND_GLORY)

# Each ruleset name, as its engine declares it, to the engine that plays it.
ENGINES: Mapping[str, Engine] = {ruleset.name: engine for engine in _REGISTERED for ruleset in engine.rulesets}
_TURN_MOVES = frozenset(str(cls.__struct_config__.tag) for engine in _REGISTERED for cls in engine.turn_moves)
RULESETS: Mapping[str, Ruleset] = {ruleset.name: ruleset for engine in _REGISTERED for ruleset in engine.rulesets}

# Options every campaign understands, whatever its ruleset.
CAMPAIGN_OPTIONS: dict[str, type] = {"players_may_undo_own_turn": bool}


def engines() -> tuple[Engine, ...]:
    """Each engine once, in registry order."""
    return _REGISTERED


def ruleset_title(ruleset: str) -> str:
    """The game's own title ("Only War"), the same in every language; an unknown name is shown as it is."""
    found = RULESETS.get(ruleset)
    return found.title if found is not None else ruleset


def plays_oaths(ruleset: str) -> bool:
    """Whether the ruleset plays the missions' squad leader and oaths (Deathwatch's Squad Mode)."""
    found = RULESETS.get(ruleset)
    return found is not None and found.oaths


def command_prefixes() -> tuple[str, ...]:
    """Each engine's command and event tag prefix ("d100", "wng")."""
    return tuple(engine.command_prefix for engine in _REGISTERED)


def turn_moving_commands() -> frozenset[str]:
    """The tags of every engine's commands that only move an encounter's turn (Engine.turn_moves)."""
    return _TURN_MOVES


def legacy_die_copies() -> Mapping[tuple[str, int], str]:
    """Every engine's older event fields that copied dice recorded elsewhere (docs/fairness.md's table)."""
    return {key: field for engine in _REGISTERED for key, field in engine.legacy_die_copies.items()}


def engine_for(ruleset: str) -> Engine:
    """The engine that plays `ruleset`; an unknown name is refused, naming the known ones."""
    found = ENGINES.get(ruleset)
    if found is None:
        raise RuleViolation("ruleset", case="unknown", ruleset=ruleset, known=", ".join(ENGINES))
    return found


def engine_of_state(state: RulesState) -> Engine:
    """The engine whose state this is (by its tag)."""
    return _BY_STATE[type(state)]


def rules_of(state: RulesState) -> EngineRules:
    """The rules of the engine whose state this is: what a decision asks of it."""
    return _BY_STATE[type(state)]


def reads_of(state: RulesState) -> EngineReads:
    """What a read looks at in this engine state: characters, encounters, position, pools."""
    return _BY_STATE[type(state)]


def surface_of(state: RulesState) -> EngineSurface:
    """The words of the engine whose state this is."""
    return _BY_STATE[type(state)]


def surface_for(ruleset: str) -> EngineSurface:
    """The words of the engine that plays `ruleset` (an unknown name is refused, naming the known ones)."""
    return engine_for(ruleset)


def surfaces() -> tuple[EngineSurface, ...]:
    """Each engine's words once, in registry order."""
    return _REGISTERED


def engine_of_command(command: type[Command]) -> Engine | None:
    """The engine a command type belongs to (its own, internal or older spelling); None for shared commands."""
    return _BY_COMMAND.get(command)


def position(rules: RulesState | None) -> TurnPosition | None:
    """Where the campaign is inside an encounter, as its rules engine says (None outside one)."""
    return reads_of(rules).position(rules) if rules is not None else None


def event_types() -> tuple[type[Event], ...]:
    """Every engine's event types."""
    return tuple(kind for engine in engines() for kind in engine.events)


def accepted_commands() -> tuple[type[Command], ...]:
    """Every engine command a client may send: its own and its older spellings, never its internal ones."""
    return tuple(
        kind
        for engine in engines()
        for kind in (*engine.commands, *engine.aliases)
        if kind not in engine.internal_commands
    )


def initial_rules(ruleset: str, options: Mapping[str, OptionValue]) -> RulesState:
    """The empty rules state of a new campaign, with its variant options; bad options are refused."""
    return engine_for(ruleset).initial_state(ruleset, options)


def check_options(ruleset: str, options: Mapping[str, OptionValue]) -> None:
    """Refuse an unknown ruleset, and unknown or ill-typed options, when a campaign is created."""
    engine = engine_for(ruleset)
    known = set(engine.option_defaults(ruleset)) | set(CAMPAIGN_OPTIONS)
    unknown = sorted(set(options) - known)
    if unknown:
        raise RuleViolation("campaign_options", case="unknown", unknown=", ".join(unknown), ruleset=ruleset,
                            known=", ".join(sorted(known)))
    for name, kind in CAMPAIGN_OPTIONS.items():
        if name in options and not isinstance(options[name], kind):
            raise RuleViolation("campaign_options", case="type", name=name, kind=kind.__name__)
    engine.initial_state(ruleset, options)


_BY_STATE: dict[type[RulesState], Engine] = {engine.state_type: engine for engine in engines()}
_BY_COMMAND: dict[type[Command], Engine] = {
    kind: engine
    for engine in engines()
    for kind in (*engine.commands, *engine.internal_commands, *engine.aliases)
}
