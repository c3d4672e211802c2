"""One command that changes a pool twice charges both changes (issue 11, defect 6).

RULES B2: an NPC's soak costs 1 Ruin (or its personal Ruin) and a Ruin reroll of its failed dice 1 more, so
the second spend starts where the first left the pool. Every other path that changes one pool twice in a
command is checked here too: Glory dice bought before a roll and the Glory of its Wrath 6, a Ruin reroll of
a failed fear test and the Ruin that failure gives the GM. (No command changes Wrath or Reloads twice:
the Reloads of one attack are one `wng_reloads_spent` of their sum.) Beyond these cases, every decision the
W&G tests run is checked for chained pools by `scenario.run`."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.wrath_and_glory import WngCommand, decide
from domain.wrath_and_glory.attacks import AttackOptions
from domain.wrath_and_glory.commands import (
    AddCharacter,
    Attack,
    GainGlory,
    RecoverShock,
    ResolveAttack,
    RollTest,
    Soak,
)
from domain.wrath_and_glory.encounter_commands import RollResistanceTest, TotalDefence
from domain.wrath_and_glory.events import GloryGained, GlorySpent, ReloadsSpent, RuinGained, RuinSpent
from domain.wrath_and_glory.evolve import replay
from domain.wrath_and_glory.state import WngState

from .scenario import ALICE, GM, assert_pools_chain, of, ork_boss, run, table, then
from .test_wng_properties import FoldedDice

TWELVE_SIXES = [6] * 12


def _monster_wounded() -> WngState:
    """Ruin 3 (three heroes); a monster warboss (soak 6, Resilience 10) with 4 wounds pending: Sigma 19's
    boltgun, 10 + ED die 4 (1 icon) + 3 shifted icons = 14 against Resilience 10."""
    state = then(table(boss=False), AddCharacter(character_id="boss", sheet=ork_boss("monster")))
    state = then(state, Attack(attacker_id="h1", targets=("boss",), weapon="boltgun"), TWELVE_SIXES, ALICE)
    state = then(state, ResolveAttack(test_id="t1", target_id="boss", shifts=3), [4], ALICE)
    assert state.ruin == 3
    assert state.characters["boss"].pending_wounds is not None
    assert state.characters["boss"].pending_wounds.wounds == 4
    return state


def test_npc_soak_with_a_ruin_reroll_charges_two_ruin() -> None:
    # The case: both wng_ruin_spent said before 3, after 2, and Ruin ended at 2.
    state = _monster_wounded()
    soak = Soak(character_id="boss", reroll="ruin")
    events = run(state, soak, [1] * 6 + [1] * 6)  # six failed soak dice, rerolled and failed again
    assert of(events, RuinSpent) == [
        RuinSpent(amount=1, cause="soak", before=3, after=2, character_id="boss", test_id="t1"),
        RuinSpent(amount=1, cause="reroll", before=2, after=1, character_id="boss", test_id="t2"),
    ]
    assert then(state, soak, [1] * 12).ruin == 1


def test_npc_soak_with_a_personal_ruin_reroll_charges_two_personal_ruin() -> None:
    state = _monster_wounded()  # the warboss has 2 personal Ruin
    soak = Soak(character_id="boss", personal_ruin=True, reroll="personal_ruin")
    events = run(state, soak, [1] * 12)
    assert [(e.cause, e.before, e.after, e.personal_of) for e in of(events, RuinSpent)
            if isinstance(e, RuinSpent)] == [("soak", 2, 1, "boss"), ("reroll", 1, 0, "boss")]
    after = then(state, soak, [1] * 12)
    assert (after.characters["boss"].personal_ruin, after.ruin) == (0, 3)


def test_npc_soak_paid_from_two_pools_charges_each_once() -> None:
    state = _monster_wounded()
    events = run(state, Soak(character_id="boss", personal_ruin=True, reroll="ruin"), [1] * 12)
    assert [(e.before, e.after, e.personal_of) for e in of(events, RuinSpent) if isinstance(e, RuinSpent)] == [
        (2, 1, "boss"), (3, 2, None)
    ]


def test_glory_dice_and_the_glory_of_a_wrath_six_chain_in_one_test() -> None:
    state = then(table(), GainGlory(amount=2))
    # Persuasion 3 + Fellowship 4 and 1 Glory die: the Wrath die (the seventh) shows 6.
    events = run(state, RollTest(character_id="h1", skill="persuasion", glory_dice=1), [1, 1, 1, 1, 1, 1, 6, 4],
                 ALICE)
    assert of(events, GlorySpent) == [GlorySpent(amount=1, cause="bonus_dice", before=2, after=1, test_id="t1")]
    assert of(events, GloryGained) == [GloryGained(amount=1, cause="wrath_six", before=1, after=2, lost=0,
                                                   test_id="t1")]


def test_glory_dice_of_an_attack_and_its_wrath_six_chain() -> None:
    state = then(table(), GainGlory(amount=1))
    events = run(state, Attack(attacker_id="h1", targets=("orks",), weapon="boltgun", glory_dice=1),
                 [1] * 11 + [6] + [5], ALICE)
    assert [(type(e).__name__, e.before, e.after) for e in events
            if isinstance(e, (GlorySpent, GloryGained))] == [("GlorySpent", 1, 0), ("GloryGained", 0, 1)]


def test_glory_dice_of_total_defence_and_its_wrath_six_chain() -> None:
    state = then(table(), GainGlory(amount=1))
    events = run(state, TotalDefence(character_id="h1", glory_dice=1), [1, 1, 1, 1, 1, 6, 4], ALICE)
    assert [(type(e).__name__, e.before, e.after) for e in events
            if isinstance(e, (GlorySpent, GloryGained))] == [("GlorySpent", 1, 0), ("GloryGained", 0, 1)]


def test_ruin_reroll_of_a_failed_fear_test_and_the_ruin_it_gives_chain() -> None:
    state = then(table(), RollResistanceTest(character_id="boss", kind="fear", dn=5, reroll="ruin"),
                 [1, 1, 1, 2] + [1, 1, 1, 2])  # Resolve 4: four dice, failed, rerolled, failed again
    events = run(table(), RollResistanceTest(character_id="boss", kind="fear", dn=5, reroll="ruin"),
                 [1, 1, 1, 2] + [1, 1, 1, 2])
    assert [(type(e).__name__, e.before, e.after) for e in events if isinstance(e, (RuinSpent, RuinGained))] == [
        ("RuinSpent", 3, 2), ("RuinGained", 2, 3)
    ]
    assert state.ruin == 3


def test_reloads_of_one_attack_are_one_spend() -> None:
    shot = Attack(attacker_id="h1", targets=("orks", "boss"), weapon="boltgun",
                  options=AttackOptions(reloads_for_targets=1))
    events = run(table(), shot, [1] * 12, ALICE)
    assert of(events, ReloadsSpent) == [ReloadsSpent(character_id="h1", amount=1, cause="multiple_targets",
                                                     before=3, after=2, test_id="t1")]


MOVES: tuple[WngCommand, ...] = (
    GainGlory(amount=2),
    RollTest(character_id="h1", skill="persuasion", glory_dice=1),
    Attack(attacker_id="h1", targets=("boss",), weapon="boltgun", glory_dice=2),
    Attack(attacker_id="boss", targets=("h1",), weapon="choppa"),
    Soak(character_id="boss", reroll="ruin"),
    Soak(character_id="boss", personal_ruin=True, reroll="personal_ruin"),
    Soak(character_id="boss", personal_ruin=True, reroll="ruin"),
    Soak(character_id="h1", reroll="wrath"),
    RollResistanceTest(character_id="boss", kind="fear", dn=4, reroll="ruin", glory_dice=1),
    RollResistanceTest(character_id="h1", kind="corruption", dn=4, reroll="wrath", glory_dice=1),
    RecoverShock(character_id="boss"),
    RecoverShock(character_id="h1"),
    TotalDefence(character_id="h1", glory_dice=1),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(MOVES) + 1), st.integers(0, 6),
                          st.lists(st.integers(1, 6), min_size=20, max_size=20)), max_size=14))
def test_property_every_pool_change_of_a_command_starts_where_the_last_left_it(
    moves: list[tuple[int, int, list[int]]]
) -> None:
    state = _monster_wounded()  # its soak is possible from the first move
    for index, shifts, rolled in moves:
        if index < len(MOVES):
            command = MOVES[index]
        else:  # resolve the last attack roll against whoever it targeted
            test = state.tests.get(f"t{state.tests_rolled}")
            if test is None or test.attack is None:
                continue
            command = ResolveAttack(test_id=test.id, target_id=test.attack.targets[0], shifts=shifts,
                                    glory_damage=index - len(MOVES))
        try:
            events = decide(state, command, FoldedDice(rolled), GM)
        except DomainError:
            continue
        assert_pools_chain(state, events)
        state = replay(events, state)
