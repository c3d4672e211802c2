"""The d100 engine (Deathwatch, Dark Heresy, Only War) behind the one interface, domain.engine.Engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, get_args

import msgspec

from ..characters import CreateCharacter
from ..commands import Actor, Command
from ..dice import Dice
from ..encounter import TurnPosition
from ..engine import (
    EngineReads,
    EngineRules,
    EngineSurface,
    NewCharacter,
    OptionValue,
    Ruleset,
    RulesState,
    SkipReason,
    Surroundings,
)
from ..errors import RuleViolation
from ..events import Event, JsonObject
from ..language import LineForms
from .commands import COMMANDS, D100Command, RegisterCharacter
from .decide import decide
from .encounter_commands import EndTurn, NextTurn
from .events import EVENTS, D100Event, Recruit
from .evolve import evolve
from .options import D100Options, D100Ruleset, options_for
from .phrases import PHRASES, D100Phrases
from .sheet import Sheet, sheet_from_stats
from .skipped import d100_skip
from .state import D100State, initial_state
from .vocabulary import VOCABULARY

# The games this engine plays; each is a D100Ruleset, whose options_for sets its variant defaults.
RULESETS = (
    Ruleset(name="deathwatch", title="Deathwatch", oaths=True),
    Ruleset(name="dark_heresy", title="Dark Heresy"),
    Ruleset(name="only_war", title="Only War"),
)
_VARIANTS: dict[str, D100Ruleset] = {variant: variant for variant in get_args(D100Ruleset)}


def _registered(command: Command) -> Command:
    """d100_register_character, the older spelling, as the one create_character (npc when a GM owns it)."""
    assert isinstance(command, RegisterCharacter)
    return CreateCharacter(
        character_id=command.character_id, name=command.name, owner=command.owner, kind=None,
        sheet=msgspec.to_builtins(command.sheet), comrade=command.comrade, post=command.post,
        expected_version=command.expected_version,
    )


def _own(state: RulesState) -> D100State:
    assert isinstance(state, D100State), f"the d100 engine was handed {type(state).__name__}"
    return state


class D100Engine(EngineRules, EngineReads, EngineSurface):
    """Deathwatch, Dark Heresy and Only War: one engine, the ruleset choosing the variant defaults."""

    name = "d100"
    label = "d100"
    rulesets = RULESETS
    command_prefix = "d100"
    turn_moves: frozenset[type[Command]] = frozenset({NextTurn, EndTurn})
    command_union: object = D100Command
    event_union: object = D100Event
    commands = COMMANDS
    events = EVENTS
    aliases: Mapping[type[Command], Callable[[Command], Command]] = {RegisterCharacter: _registered}
    state_type = D100State
    phrases: D100Phrases = PHRASES
    vocabulary: LineForms = VOCABULARY

    def option_defaults(self, ruleset: str) -> Mapping[str, OptionValue]:
        defaults: dict[str, OptionValue] = msgspec.to_builtins(options_for(self._variant(ruleset)))
        return defaults

    def initial_state(self, ruleset: str, options: Mapping[str, OptionValue]) -> RulesState:
        variant = self._variant(ruleset)
        defaults = dict(self.option_defaults(ruleset))
        merged: dict[str, Any] = {**defaults, **{k: v for k, v in options.items() if k in defaults}}
        try:
            return initial_state(variant, msgspec.convert(merged, D100Options))
        except msgspec.ValidationError as error:
            raise RuleViolation("campaign_options", case="d100", ruleset=ruleset, error=str(error)) from error

    def decide(
        self, state: RulesState, command: Command, dice: Dice, actor: Actor, around: Surroundings
    ) -> list[Event]:
        return decide(_own(state), command, dice, actor, around)

    def evolve(self, state: RulesState, event: Event) -> RulesState:
        return evolve(_own(state), event)

    def recruit(self, state: RulesState, new: NewCharacter) -> JsonObject | None:
        if new.sheet is None:
            sheet = sheet_from_stats(new.stats)
        else:
            try:
                sheet = msgspec.convert(new.sheet, Sheet)
            except msgspec.ValidationError as error:
                raise RuleViolation("sheet", case="d100", error=str(error)) from error
        part: JsonObject = msgspec.to_builtins(Recruit(sheet=sheet, comrade=new.comrade))
        return part

    def characters(self, state: RulesState) -> Mapping[str, msgspec.Struct]:
        return _own(state).characters

    def encounters(self, state: RulesState) -> Mapping[str, msgspec.Struct]:
        running = _own(state).encounter
        return {running.id: running} if running is not None else {}

    def position(self, state: RulesState) -> TurnPosition | None:
        return _own(state).position

    def speciality(self, state: RulesState, character_id: str) -> str | None:
        found = _own(state).characters.get(character_id)
        return found.sheet.speciality if found is not None else None

    def skip(self, command: Command, rule: str, earlier: Sequence[Event]) -> tuple[SkipReason, str] | None:
        return d100_skip(command, rule, earlier)

    def _variant(self, ruleset: str) -> D100Ruleset:
        variant = _VARIANTS.get(ruleset)
        if variant is None:
            raise RuleViolation("ruleset", case="d100", ruleset=ruleset)
        return variant


ENGINE = D100Engine()
