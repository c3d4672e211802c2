"""Icons, pools, DN, the Wrath die and shifts, checked against the seed's worked examples."""

from __future__ import annotations

import pytest

from domain.dice import FixedDice
from domain.errors import RuleViolation
from domain.wrath_and_glory.icons import count_exalted, count_icons, icons_of, is_failed_face
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.outcome import judge, max_shifts, wrath_outcome
from domain.wrath_and_glory.pool import DEFAULT_DN, bonus_dice_cap, build_pool, difficulty
from domain.wrath_and_glory.rolls import PoolDie, faces, rerollable_positions, roll_pool, wrath_face


@pytest.mark.parametrize(("face", "icons"), [(1, 0), (2, 0), (3, 0), (4, 1), (5, 1), (6, 2)])
def test_icons_each_face_is_worth_its_icons(face: int, icons: int) -> None:
    assert icons_of(face) == icons


@pytest.mark.parametrize("face", [0, 7, -1])
def test_icons_refuse_a_face_a_d6_cannot_show(face: int) -> None:
    with pytest.raises(ValueError):
        icons_of(face)


def test_icons_failed_dice_are_those_not_showing_four_to_six() -> None:
    assert [f for f in range(1, 7) if is_failed_face(f)] == [1, 2, 3]


def test_elena_persuasion_seven_dice_give_five_icons_and_succeed_against_dn_3() -> None:
    rolled = [1, 2, 3, 3, 4, 6, 6]
    outcome = judge(rolled, DEFAULT_DN)
    assert count_icons(rolled) == 5
    assert count_exalted(rolled) == 2
    assert outcome.success
    assert outcome.icons == 5
    assert wrath_outcome(rolled[-1]) == "glory"  # her last die, a six, is the Wrath die


def test_elena_pool_is_persuasion_plus_fellowship() -> None:
    pool = build_pool(skill=3, attribute=4, bonus=[], tier=3)
    assert pool.total == 7


def test_daniel_athletics_six_icons_allow_exactly_one_shift() -> None:
    outcome = judge([1, 2, 3, 4, 5, 6, 6], 3)
    assert outcome.icons == 6
    assert outcome.exalted == 2
    assert outcome.success
    assert outcome.shifts_possible == 1


def test_james_tech_nine_dice_against_dn_5_shift_three_exalted_icons() -> None:
    pool = build_pool(skill=4, attribute=5, bonus=[], tier=3)
    assert pool.total == 9
    rolled = [1, 4, 4, 4, 5, 5, 6, 6, 6]
    outcome = judge(rolled, 5)
    assert outcome.icons == 11
    assert outcome.shifts_possible == 3


def test_shifts_none_when_the_test_fails() -> None:
    assert judge([6, 6, 1], 5).shifts_possible == 0


def test_shifts_only_exalted_icons_can_be_shifted() -> None:
    assert max_shifts(icons=10, exalted=1, dn=2) == 1


def test_shifts_leave_the_dn_met() -> None:
    for icons in range(0, 20):
        for exalted in range(0, icons // 2 + 1):
            for dn in range(0, 10):
                k = max_shifts(icons, exalted, dn)
                assert k <= exalted
                if icons >= dn:
                    assert icons - 2 * k >= dn
                    assert k == exalted or icons - 2 * (k + 1) < dn
                else:
                    assert k == 0


def test_success_when_icons_equal_the_dn() -> None:
    assert judge([4, 5, 6], 4).success
    assert not judge([4, 5, 6], 5).success


@pytest.mark.parametrize(("face", "outcome"), [(1, "complication"), (2, "none"), (5, "none"), (6, "glory")])
def test_wrath_die_six_is_glory_one_is_complication(face: int, outcome: str) -> None:
    assert wrath_outcome(face) == outcome


def test_pool_bonus_dice_are_capped_at_twice_the_tier_and_the_cap_is_visible() -> None:
    pool = build_pool(skill=2, attribute=3, bonus=[Modifier("aim", 1), Modifier("gear", 6)], tier=3)
    assert pool.bonus_requested == 7
    assert pool.bonus_cap == 6
    assert pool.bonus_applied == 6
    assert pool.bonus_lost == 1
    assert pool.total == 11


def test_pool_bonus_cap_follows_the_tier() -> None:
    assert [bonus_dice_cap(t) for t in (1, 2, 3, 4, 5)] == [2, 4, 6, 8, 10]


def test_pool_penalties_never_remove_dice() -> None:
    with pytest.raises(RuleViolation, match="never remove dice"):
        build_pool(skill=2, attribute=3, bonus=[Modifier("wounded", -1)], tier=3)


def test_pool_needs_at_least_one_die() -> None:
    with pytest.raises(RuleViolation, match="at least one die"):
        build_pool(skill=0, attribute=0, bonus=[], tier=1)


def test_dn_defaults_to_3_and_penalties_raise_it() -> None:
    assert difficulty(DEFAULT_DN, []) == 3
    assert difficulty(DEFAULT_DN, [Modifier("long range", 2), Modifier("darkness", 1)]) == 6


def test_roll_pool_has_exactly_one_wrath_die_the_last_rolled() -> None:
    pool = roll_pool(FixedDice([1, 2, 3, 3, 4, 6, 6]), 7)
    assert [d.role for d in pool].count("wrath") == 1
    assert pool[-1].role == "wrath"
    assert wrath_face(pool) == 6
    assert faces(pool) == [1, 2, 3, 3, 4, 6, 6]
    assert [d.die.k for d in pool] == list(range(7))


def test_roll_pool_of_one_die_that_die_is_the_wrath_die() -> None:
    pool = roll_pool(FixedDice([4]), 1)
    assert [d.role for d in pool] == ["wrath"]


def test_roll_pool_special_rolls_have_no_wrath_die() -> None:
    pool = roll_pool(FixedDice([6, 1]), 2, wrath=False)
    assert wrath_face(pool) is None


def test_reroll_touches_only_failed_dice() -> None:
    pool = roll_pool(FixedDice([1, 3, 4, 5, 6, 2]), 6)
    assert rerollable_positions(pool) == [0, 1, 5]  # the Wrath die shows 2: it is a failed die


def test_reroll_never_touches_a_wrath_die_showing_one() -> None:
    pool = roll_pool(FixedDice([2, 1]), 2)
    assert rerollable_positions(pool) == [0]


def test_reroll_never_touches_dice_bought_with_glory() -> None:
    pool = roll_pool(FixedDice([2, 5]), 2)
    glory = PoolDie(die=FixedDice([1]).roll(6), role="glory")
    assert rerollable_positions([*pool, glory]) == [0]
