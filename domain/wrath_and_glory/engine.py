"""The Wrath & Glory engine behind the one interface, domain.engine.Engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import msgspec

from domain.characters import CreateCharacter
from domain.commands import Actor, Command
from domain.dice import Dice
from domain.encounter import TurnPosition
from domain.engine import (
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
from domain.errors import RuleViolation
from domain.events import Event, JsonObject
from domain.language import LineForms
from domain.wrath_and_glory.commands import COMMANDS, AddCharacter, StartSession, StartTurn, WngCommand
from domain.wrath_and_glory.decide import decide
from domain.wrath_and_glory.events import EVENTS, WngEvent
from domain.wrath_and_glory.evolve import evolve
from domain.wrath_and_glory.phrases import PHRASES, WngPhrases
from domain.wrath_and_glory.resource_decisions import recruit
from domain.wrath_and_glory.skipped import wng_skip
from domain.wrath_and_glory.state import WngState, initial_state
from domain.wrath_and_glory.views import answer, check_session_may_end, encounter_view
from domain.wrath_and_glory.vocabulary import VOCABULARY


def _added(command: Command) -> Command:
    """wng_add_character, the older spelling, as the one create_character (a hero is a pc, an NPC the GM's)."""
    assert isinstance(command, AddCharacter)
    return CreateCharacter(
        character_id=command.character_id, name=command.sheet.name, owner=command.owner,
        kind="pc" if command.sheet.kind == "hero" else "npc", sheet=msgspec.to_builtins(command.sheet),
        post=command.post, expected_version=command.expected_version,
    )


def _own(state: RulesState) -> WngState:
    assert isinstance(state, WngState), f"the Wrath & Glory engine was handed {type(state).__name__}"
    return state


class WngEngine(EngineRules, EngineReads, EngineSurface):
    """Wrath & Glory: dice pools, Wrath, Glory and Ruin, alternating activation."""

    name = "wrath_and_glory"
    label = "Wrath & Glory"
    rulesets = (Ruleset(name="wrath_and_glory", title="Wrath & Glory"),)
    command_prefix = "wng"
    turn_moves: frozenset[type[Command]] = frozenset({StartTurn})
    # Two older versions copied, as die objects, dice a reroll replaced (docs/fairness.md): their v2 name
    # only the replaced faces.
    legacy_die_copies: Mapping[tuple[str, int], str] = {
        ("wng_dice_rerolled", 1): "rerolls[].before",
        ("wng_soak_rerolled", 1): "before",
    }
    command_union: object = WngCommand
    event_union: object = WngEvent
    commands = COMMANDS
    events = EVENTS
    internal_commands: tuple[type[Command], ...] = (StartSession,)
    aliases: Mapping[type[Command], Callable[[Command], Command]] = {AddCharacter: _added}
    state_type = WngState
    phrases: WngPhrases = PHRASES
    vocabulary: LineForms = VOCABULARY

    def option_defaults(self, ruleset: str) -> Mapping[str, OptionValue]:
        return {"tier": 3}

    def initial_state(self, ruleset: str, options: Mapping[str, OptionValue]) -> RulesState:
        tier = options.get("tier", 3)
        if not isinstance(tier, int) or isinstance(tier, bool) or not 1 <= tier <= 5:
            raise RuleViolation("campaign_options", case="wng_tier")
        return initial_state(tier=tier)

    def decide(
        self, state: RulesState, command: Command, dice: Dice, actor: Actor, around: Surroundings
    ) -> list[Event]:
        return decide(_own(state), command, dice, actor, around)

    def evolve(self, state: RulesState, event: Event) -> RulesState:
        return evolve(_own(state), event)

    def session_started(self, state: RulesState, dice: Dice, actor: Actor) -> list[Event]:
        """Every hero's Wrath and Reloads, and the Glory and Ruin pools, reset for the new session."""
        return decide(_own(state), StartSession(), dice, actor)

    def session_ended(self, state: RulesState, dice: Dice, actor: Actor) -> list[Event]:
        """Refused while a Wrath die 1 awaits the GM's choice: the session's end would close its test."""
        check_session_may_end(_own(state))
        return []

    def result(self, events: Sequence[Event]) -> dict[str, object]:
        return answer(events)

    def recruit(self, state: RulesState, new: NewCharacter) -> JsonObject | None:
        part: JsonObject = msgspec.to_builtins(recruit(new))
        return part

    def characters(self, state: RulesState) -> Mapping[str, msgspec.Struct]:
        return _own(state).characters

    def encounters(self, state: RulesState) -> Mapping[str, msgspec.Struct]:
        running = encounter_view(_own(state))
        return {running.id: running} if running is not None else {}

    def position(self, state: RulesState) -> TurnPosition | None:
        return _own(state).position

    def pools(self, state: RulesState) -> dict[str, int]:
        rules = _own(state)
        return {"glory": rules.glory, "glory_cap": rules.glory_cap, "ruin": rules.ruin, "ruin_cap": rules.ruin_cap}

    def skip(self, command: Command, rule: str, earlier: Sequence[Event]) -> tuple[SkipReason, str] | None:
        return wng_skip(command, rule, earlier)


ENGINE = WngEngine()
