"""The one interface every rules engine implements, in three parts; `domain.rulesets` maps each ruleset to its engine.

An engine is a ruleset's whole plug-in, split by who uses it: its `EngineRules` (the games it plays, its
command and event unions — the only lists of them —, its state and how options make it, one `decide`, one
`evolve`, its part of the one character registry), its `EngineReads` (the characters, encounters, turn
position and pools the shared reads and renderers look at) and its `EngineSurface` (its label, its phrases:
titles, sentences and standing for its events, and its forum command vocabulary). Each part gives the
answer most engines share (nothing to add, nothing to reset) as a default an engine overrides when it has
something to say. Everything shared — the campaign fold, the HTTP schema, the codec, the reads, the
renderers — asks the registry, never a ruleset package, and holds only the part it uses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

import msgspec

from domain.characters import CharacterKind
from domain.commands import Actor, Command, Role
from domain.dice import Dice
from domain.encounter import TurnPosition
from domain.events import Event, JsonObject
from domain.language.forms import LineForms
from domain.message import Lang as Lang  # the engines name the reader's language through this module

if TYPE_CHECKING:
    from domain.missions.state import MissionsState

OptionValue = int | str | bool


class RulesState(msgspec.Struct, frozen=True, kw_only=True, tag_field="engine"):
    """Base of every engine's folded state; the tag (the engine's name) tells the states apart in snapshots."""


class NewCharacter(msgspec.Struct, frozen=True, kw_only=True):
    """A character the one registry is about to create, as the engine is asked to take it in."""

    character_id: str
    name: str
    owner: str
    owner_role: Role
    kind: CharacterKind
    # The engine's typed sheet as the client sent it (JSON); None: the engine builds one from `stats`, or refuses.
    sheet: JsonObject | None = None
    stats: Mapping[str, int | str] = {}
    comrade: bool = False


@dataclass(frozen=True)
class Surroundings:
    """What the campaign around an engine tells one of its decisions (today: the missions and their oaths)."""

    missions: MissionsState


class Ruleset(msgspec.Struct, frozen=True, kw_only=True):
    """One game an engine plays, as the engine declares it: the only place its name and title are written."""

    name: str  # the campaign's `ruleset` (create_campaign), a registry key: "deathwatch"
    title: str  # the game's own title, the same in every language: "Deathwatch"
    # Whether the missions' squad leader and oaths (Deathwatch's Squad Mode, RULES A11) are played.
    oaths: bool = False


# What a reader follows about one character, by key (wounds, shock, fate, magnitude …): a number, or the
# names of its conditions. The renderers show what changed as "Brother Kai: 12 → 7 wounds".
Standing = Mapping[str, int | tuple[str, ...]]


class Phrases(Protocol):
    """The engine's words for its own events: a title per event type, its own terms (conditions, locations,
    skills, modifiers … in English and Spanish), sentences for its events, and what a reader follows about
    a character."""

    @property
    def titles(self) -> Mapping[str, tuple[str, str]]:
        """Event tag -> (English, Spanish) title."""
        ...

    @property
    def terms(self) -> Mapping[str, tuple[str, str]]:
        """The engine's words (a value of its events or a key of its standing) -> (English, Spanish)."""
        ...

    def sentence(self, event: Event, name: Callable[[str], str], lang: Lang) -> str | None:
        """One line for a reader, numbers from the event and names from `name` (a character id, or
        `<character id>/<weapon id>` for a weapon); None: title and facts suffice; "": the event is told by
        the events around it (a reply leaves it out; a transcript shows its title and facts).

        A sentence shows every die of its event (the renderers then list none of them again)."""
        ...

    def aside(self, event: Event, name: Callable[[str], str], lang: Lang) -> str | None:
        """The sentence of an event `sentence` leaves to the events around it (it said ""), for a page that lists
        every event (a timeline, a proof page); None when the engine has none (the page shows its title)."""
        ...

    def standing(self, state: RulesState, character_id: str) -> Standing:
        """What a reader follows about the character now (empty when the engine does not know it)."""
        ...

    def standing_source(self, state: RulesState, character_id: str) -> object:
        """What `standing` reads the character's standing from (its record in `state`; None when the engine
        does not know it): a command that leaves it the very same object left the standing as it was, and
        its answer compares no further (a campaign's every character is looked at after every command)."""
        ...

    def numbers(self, event: Event) -> Mapping[str, int]:
        """The event's numbers a bot adds up: `hits`, `damage` (wounds dealt), `shock` …; empty when none."""
        ...


# Why a line of a post was skipped (the API's `skipped.reason`; docs/commands.md lists them):
# attack_missed: the post's attack (or its Fate reroll) missed, so it has no damage to roll or deal;
# hits_avoided: the post's reaction line negated every hit of the post's attack (d100);
# roll_succeeded: the post's roll succeeded, so a Fate reroll of it has nothing to reroll (d100).
SkipReason = Literal["attack_missed", "hits_avoided", "roll_succeeded"]


class EngineRules(Protocol):
    """One ruleset's rules (DESIGN §8): what it plays, decides and folds."""

    @property
    def name(self) -> str:
        """The engine's tag: its state's `engine` field, its part of a character, its command prefix's family."""
        ...

    @property
    def rulesets(self) -> tuple[Ruleset, ...]:
        """The games this engine plays: the registry's names come from here and nowhere else."""
        ...

    @property
    def command_prefix(self) -> str:
        """The family prefix of every command and event tag of the engine ("d100" in `d100_attack`)."""
        ...

    @property
    def command_union(self) -> object:
        """The union of the engine's command classes: the only list of them."""
        ...

    @property
    def event_union(self) -> object:
        """The union of the engine's event classes: the only list of them."""
        ...

    @property
    def commands(self) -> tuple[type[Command], ...]:
        """The classes of `command_union` (domain.events.members), for lookups."""
        ...

    @property
    def events(self) -> tuple[type[Event], ...]:
        """The classes of `event_union`, for lookups."""
        ...

    @property
    def state_type(self) -> type[RulesState]: ...

    # Commands the engine decides but clients never send (a session reset runs inside start_session).
    internal_commands: tuple[type[Command], ...] = ()
    # Commands whose events only move an encounter's turn (end one, start the next or a round): a turn they
    # alone opened is empty, and an undo takes it back together with the turn before it (docs/history.md).
    turn_moves: frozenset[type[Command]] = frozenset()
    # Older spellings of shared commands still accepted over HTTP, and how each becomes the shared one.
    aliases: Mapping[type[Command], Callable[[Command], Command]] = {}
    # (event tag, schema version) -> the field of that older version that copied dice recorded elsewhere
    # (`before`, or `rerolls[].before` in each item of `rerolls`): a verifier skips exactly these
    # (docs/fairness.md, "Where the dice are in the log").
    legacy_die_copies: Mapping[tuple[str, int], str] = {}

    def option_defaults(self, ruleset: str) -> Mapping[str, OptionValue]:
        """The ruleset's own options and their defaults: what a campaign may set when it is created."""
        ...

    def initial_state(self, ruleset: str, options: Mapping[str, OptionValue]) -> RulesState:
        """The empty state of a new campaign; ill-typed options are a RuleViolation."""
        ...

    def decide(
        self, state: RulesState, command: Command, dice: Dice, actor: Actor, around: Surroundings
    ) -> list[Event]:
        """The events a command of this engine appends, or the DomainError that refuses it."""
        ...

    def evolve(self, state: RulesState, event: Event) -> RulesState:
        """The state after one live event: the engine's own, or the shared character_created."""
        ...

    def recruit(self, state: RulesState, new: NewCharacter) -> JsonObject | None:
        """The engine's part of a new character (JSON, kept in character_created), or a refusal; None: none."""
        ...

    def session_started(self, state: RulesState, dice: Dice, actor: Actor) -> list[Event]:
        """What starting a session also records for this engine (resources reset); by default nothing."""
        return []

    def session_ended(self, state: RulesState, dice: Dice, actor: Actor) -> list[Event]:
        """What ending a session also records for this engine, or the DomainError that keeps it open
        (Wrath & Glory: a Wrath die 1 still awaiting the GM's choice); by default nothing."""
        return []

    def result(self, events: Sequence[Event]) -> dict[str, object]:
        """What a command's answer says of this engine's events besides the events themselves (derived from
        them alone, so a retried command answers the same); by default nothing. It reads only the engine's own
        events (`events`): a command that wrote none of them is not asked (projections/results.py)."""
        return {}

    def skip(self, command: Command, rule: str, earlier: Sequence[Event]) -> tuple[SkipReason, str] | None:
        """Why a line of a post, refused under `rule`, is skipped instead because a roll of the post's `earlier`
        lines did not allow it (domain/skipping.py), and that roll's id; by default the refusal stands."""
        return None


class EngineReads(Protocol):
    """What the shared reads and renderers look at in one engine's state."""

    def characters(self, state: RulesState) -> Mapping[str, msgspec.Struct]: ...

    def encounters(self, state: RulesState) -> Mapping[str, msgspec.Struct]: ...

    def position(self, state: RulesState) -> TurnPosition | None: ...

    def pools(self, state: RulesState) -> dict[str, int]:
        """The shared pools a table watches (Glory and Ruin with their caps); by default none."""
        return {}

    def speciality(self, state: RulesState, character_id: str) -> str | None:
        """The character's speciality as its sheet names it (Deathwatch oaths need one); by default none."""
        return None


class EngineSurface(Protocol):
    """One engine's words: how a person names it, its events' phrases and its commands' line forms."""

    @property
    def label(self) -> str:
        """How a person names the rules ("d100", "Wrath & Glory")."""
        ...

    @property
    def phrases(self) -> Phrases: ...

    @property
    def vocabulary(self) -> LineForms:
        """The line forms of the engine's commands in English and Spanish (docs/commands.md)."""
        ...


class Engine(EngineRules, EngineReads, EngineSurface, Protocol):
    """One ruleset's whole plug-in: its rules, its reads and its surface."""
