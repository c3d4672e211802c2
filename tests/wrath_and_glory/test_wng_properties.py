"""Invariants under any dice: icons are monotone, Glory never passes its cap, shock and wounds never go negative."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.dice import Die
from domain.errors import DomainError
from domain.wrath_and_glory import decide
from domain.wrath_and_glory.commands import (
    Attack,
    GainGlory,
    ResolveAttack,
    RollTest,
    ShiftIcons,
    Soak,
    TakeWounds,
    WngCommand,
)
from domain.wrath_and_glory.events import ShiftUse
from domain.wrath_and_glory.evolve import replay
from domain.wrath_and_glory.icons import count_icons
from domain.wrath_and_glory.outcome import max_shifts
from domain.wrath_and_glory.state import WngState

from .scenario import GM, table

face = st.integers(min_value=1, max_value=6)
faces = st.lists(face, min_size=0, max_size=15)


@given(faces, face)
def test_property_icons_never_fall_when_a_die_is_added(rolled: list[int], extra: int) -> None:
    assert count_icons([*rolled, extra]) >= count_icons(rolled)


@given(faces.filter(bool), st.data())
def test_property_icons_never_fall_when_a_face_rises(rolled: list[int], data: st.DataObject) -> None:
    i = data.draw(st.integers(min_value=0, max_value=len(rolled) - 1))
    higher = data.draw(st.integers(min_value=rolled[i], max_value=6))
    raised = [*rolled[:i], higher, *rolled[i + 1 :]]
    assert count_icons(raised) >= count_icons(rolled)


@given(st.integers(0, 40), st.integers(0, 20), st.integers(0, 20))
def test_property_shifts_keep_the_dn_met(icons: int, exalted: int, dn: int) -> None:
    k = max_shifts(icons, exalted, dn)
    assert 0 <= k <= exalted
    assert k == 0 or icons - 2 * k >= dn


class FoldedDice:
    """Drawn faces fitted to each die's sides (a 6 asked of a d3 reads 3), then 1s when they run out."""

    def __init__(self, drawn: list[int]) -> None:
        self._drawn = drawn
        self._k = 0

    def roll(self, sides: int) -> Die:
        drawn = self._drawn[self._k] if self._k < len(self._drawn) else 1
        die = Die(k=self._k, sides=sides, value=(drawn - 1) % sides + 1)
        self._k += 1
        return die


def attempt(state: WngState, command: WngCommand, rolled: list[int]) -> WngState:
    """Apply a command if the rules allow it with these dice, else keep the state."""
    try:
        return replay(decide(state, command, FoldedDice(rolled), GM), state)
    except DomainError:
        return state


glory_moves = st.lists(
    st.tuples(st.sampled_from(["roll", "award", "shift"]), st.integers(1, 4), st.lists(face, min_size=12, max_size=12)),
    max_size=12,
)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 7), glory_moves)
def test_property_glory_never_above_its_cap(heroes: int, moves: list[tuple[str, int, list[int]]]) -> None:
    state = table(heroes, troop=False, boss=False)
    for kind, amount, rolled in moves:
        if kind == "roll":
            state = attempt(state, RollTest(character_id="h1", skill="persuasion"), rolled)
        elif kind == "award":
            state = attempt(state, GainGlory(amount=amount), rolled)
        else:
            glory: ShiftUse = "glory"
            uses = tuple(glory for _ in range(amount))
            state = attempt(state, ShiftIcons(test_id=f"t{state.tests_rolled}", uses=uses), rolled)
        assert 0 <= state.glory <= state.glory_cap


combat_moves = st.lists(
    st.tuples(st.sampled_from(["boss_hits", "hero_hits", "soak", "take"]), st.integers(0, 4),
              st.lists(face, min_size=12, max_size=12)),
    max_size=15,
)


@settings(max_examples=60, deadline=None)
@given(combat_moves)
def test_property_shock_and_wounds_never_negative(moves: list[tuple[str, int, list[int]]]) -> None:
    state = table()
    for kind, shifts, rolled in moves:
        if kind == "boss_hits":
            state = attempt(state, Attack(attacker_id="boss", targets=("h1",), weapon="choppa"), rolled)
            resolve = ResolveAttack(test_id=f"t{state.tests_rolled}", target_id="h1", shifts=shifts)
            state = attempt(state, resolve, rolled)
        elif kind == "hero_hits":
            for target in ("boss", "orks"):
                state = attempt(state, Attack(attacker_id="h1", targets=(target,), weapon="boltgun"), rolled)
                state = attempt(
                    state, ResolveAttack(test_id=f"t{state.tests_rolled}", target_id=target, shifts=shifts), rolled
                )
        elif kind == "soak":
            state = attempt(state, Soak(character_id="h1"), rolled)
            state = attempt(state, Soak(character_id="boss"), rolled)
        else:
            state = attempt(state, TakeWounds(character_id="h1"), rolled)
            state = attempt(state, TakeWounds(character_id="boss"), rolled)
        for character in state.characters.values():
            assert 0 <= character.shock <= character.sheet.shock
            assert 0 <= character.wounds <= character.sheet.wounds
            assert 0 <= character.members_left <= character.sheet.members
        assert 0 <= state.ruin <= state.ruin_cap
