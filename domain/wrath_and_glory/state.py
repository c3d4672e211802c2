"""The folded state of a Wrath & Glory campaign: characters, open tests, Glory, Ruin, tier."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.encounter import TurnPosition
from domain.engine import RulesState
from domain.errors import UnknownEntity
from domain.wrath_and_glory.attacks import InteractionSkill
from domain.wrath_and_glory.encounter_state import EncounterState
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.resources import glory_cap, ruin_cap
from domain.wrath_and_glory.rolls import PoolDie
from domain.wrath_and_glory.sheet import Sheet, Weapon

Condition = Literal["exhausted", "unconscious", "dying", "dead", "dissolved"]
TestPurpose = Literal["skill", "attack", "interaction"]
InteractionEffect = Literal["dn", "defence"]
SpecialRollKind = Literal["initiative", "soak", "death_test"]


class DefenceEffect(msgspec.Struct, frozen=True, kw_only=True):
    """A change to a character's Defence that lasts until the start of its next turn."""

    source: str
    value: int


class PendingWounds(msgspec.Struct, frozen=True, kw_only=True):
    """Wounds dealt but not yet taken: the target may soak them first."""

    test_id: str
    wounds: int


class PendingComplication(msgspec.Struct, frozen=True, kw_only=True):
    """A Wrath die 1 awaiting the GM's choice: a complication, or 1 Ruin instead (RULES B1)."""

    test_id: str
    character_id: str


class CharacterState(msgspec.Struct, frozen=True, kw_only=True):
    """One hero, NPC or troop as play has left it; wounds and shock count down to 0."""

    id: str
    owner: str | None
    sheet: Sheet
    wounds: int
    shock: int
    wrath: int = 0
    reloads: int = 0
    personal_ruin: int = 0
    conditions: frozenset[Condition] = frozenset()
    death_failures: int = 0
    defence_effects: tuple[DefenceEffect, ...] = ()
    next_action_dn: tuple[Modifier, ...] = ()
    next_shot_dn: tuple[Modifier, ...] = ()  # +DN on the next test only if it is a ranged attack (after a reload)
    pending_wounds: PendingWounds | None = None
    members_left: int = 1
    troop_shock_lost: int = 0
    troop_wounds_lost: int = 0
    # Set only inside an encounter: outside one there is no turn to count (issue 11, defect 7).
    recovered_shock_this_turn: bool = False
    # A death test owed right now (fell unconscious, or wounded again while unconscious).
    death_test_due: bool = False
    # A troop whose members joined another troop (wng_troops_regrouped): it has none left and acts no more.
    regrouped_into: str | None = None
    # Tests of this character whose Wrath die 1 awaits the GM's choice (wng_resolve_complication).
    complications_pending: tuple[str, ...] = ()

    @property
    def is_hero(self) -> bool:
        return self.sheet.kind == "hero"

    @property
    def is_troop(self) -> bool:
        return self.sheet.kind == "troop"

    @property
    def defence(self) -> int:
        return self.sheet.defence + sum(e.value for e in self.defence_effects)

    def has(self, condition: Condition) -> bool:
        return condition in self.conditions


class AttackContext(msgspec.Struct, frozen=True, kw_only=True):
    """What an attack roll still needs to be resolved against each target."""

    targets: tuple[str, ...]
    resolved: tuple[str, ...] = ()
    weapon: Weapon | None = None
    add_strength: bool = False
    bonus_ed: int = 0
    interaction_skill: InteractionSkill | None = None


class OpenTest(msgspec.Struct, frozen=True, kw_only=True):
    """A rolled test that rerolls, Glory dice, shifts or a complication choice may still touch."""

    id: str
    character_id: str
    purpose: TestPurpose
    dn: int
    dice: tuple[PoolDie, ...]
    bonus_applied: int
    bonus_cap: int
    trivial: bool = False
    rerolled: bool = False
    shifted: int = 0
    complication_pending: bool = False
    attack: AttackContext | None = None
    # Settled when rolled (corruption and fear tests): no later reroll, Glory dice or shift.
    settled: str | None = None


class WngState(RulesState, frozen=True, kw_only=True, tag="wrath_and_glory"):
    """Everything the Wrath & Glory rules need to decide the next command."""

    tier: int = 3
    session: int = 0
    glory: int = 0
    ruin: int = 0
    characters: dict[str, CharacterState] = {}
    tests: dict[str, OpenTest] = {}
    special_rolls: dict[str, SpecialRollKind] = {}
    tests_rolled: int = 0
    encounter: EncounterState | None = None
    encounters_held: tuple[str, ...] = ()

    @property
    def position(self) -> TurnPosition | None:
        """Where the campaign is in its running encounter (None outside one); the service stamps events with it."""
        found = self.encounter
        if found is None:
            return None
        return TurnPosition(encounter=found.id, round=found.round, turn=found.turn, character_id=found.acting)

    @property
    def heroes(self) -> int:
        return sum(1 for c in self.characters.values() if c.is_hero)

    @property
    def glory_cap(self) -> int:
        return glory_cap(self.heroes)

    @property
    def ruin_cap(self) -> int:
        return ruin_cap(self.heroes)

    def takes_part(self, character_id: str) -> bool:
        """Whether the character is a participant of the running encounter (only there do turns count)."""
        return self.encounter is not None and character_id in self.encounter.participants

    def character(self, character_id: str) -> CharacterState:
        found = self.characters.get(character_id)
        if found is None:
            raise UnknownEntity(case="character", character=character_id)
        return found

    def test(self, test_id: str) -> OpenTest:
        found = self.tests.get(test_id)
        if found is None:
            raise UnknownEntity(case="wng_test", test=test_id)
        return found

    def complications(self, among: tuple[str, ...] | None = None) -> tuple[PendingComplication, ...]:
        """Wrath dice 1 still awaiting the GM's choice, in roll order (of the characters `among`, if given)."""
        found = [
            PendingComplication(test_id=test_id, character_id=c.id)
            for c in self.characters.values()
            if among is None or c.id in among
            for test_id in c.complications_pending
        ]
        return tuple(sorted(found, key=lambda p: int(p.test_id.removeprefix("t"))))

    def next_test_id(self) -> str:
        """Tests and special rolls are numbered t1, t2, … in the order they were rolled."""
        return f"t{self.tests_rolled + 1}"


def initial_state(tier: int = 3) -> WngState:
    """A campaign with no characters yet, at the given tier (the seed's campaign is tier 3)."""
    return WngState(tier=tier)
