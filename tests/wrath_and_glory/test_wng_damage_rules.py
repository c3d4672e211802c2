"""Damage against Resilience, soak, death tests and troop losses."""

from __future__ import annotations

import pytest

from domain.wrath_and_glory.damage import (
    DamageTotal,
    death_test,
    ed_icons,
    effective_resilience,
    instantly_killed,
    shock_recovered,
    soak,
    troop_members_lost,
    wounds_from,
)


def test_damage_total_adds_value_strength_ed_icons_shifts_and_glory() -> None:
    damage = DamageTotal(weapon=7, strength=0, ed_icons=ed_icons([6]), shifts=1, glory=2)
    assert damage.total == 12


def test_damage_laspistol_seven_plus_one_ed_adds_the_ed_die_icons() -> None:
    assert [7 + ed_icons([f]) for f in range(1, 7)] == [7, 7, 7, 8, 8, 9]


def test_damage_at_or_below_resilience_makes_no_wounds() -> None:
    assert wounds_from(total=8, resilience=8) == 0


def test_damage_above_resilience_wounds_by_the_excess() -> None:
    assert wounds_from(total=11, resilience=8) == 3


def test_damage_ap_lowers_only_the_armour_part_of_resilience() -> None:
    assert effective_resilience(resilience=8, armour=3, ap=2) == 6
    assert effective_resilience(resilience=8, armour=3, ap=5) == 5
    assert effective_resilience(resilience=8, armour=0, ap=5) == 8


def test_damage_twice_starting_wounds_in_one_attack_kills() -> None:
    assert instantly_killed(10, 5)
    assert not instantly_killed(9, 5)


def test_soak_icons_remove_wounds_and_cost_one_shock_plus_one_per_wound() -> None:
    result = soak(icons=3, wounds=5)
    assert (result.ignored, result.remaining, result.shock_cost) == (3, 2, 4)


def test_soak_never_ignores_more_than_the_wounds() -> None:
    result = soak(icons=6, wounds=2)
    assert (result.ignored, result.remaining, result.shock_cost) == (2, 0, 3)


def test_soak_with_no_icons_still_costs_one_shock() -> None:
    assert soak(icons=0, wounds=2).shock_cost == 1


@pytest.mark.parametrize(
    ("face", "result", "failures"),
    [
        (6, "wakes", 0),
        (5, "stabilised", 0),
        (4, "stabilised", 0),
        (3, "one_failure", 1),
        (2, "one_failure", 1),
        (1, "two_failures", 2),
    ],
)
def test_death_test_reads_the_d6(face: int, result: str, failures: int) -> None:
    test = death_test(face, 0)
    assert (test.result, test.failures) == (result, failures)


def test_death_test_wrath_spent_beforehand_adds_one() -> None:
    assert death_test(5, 1).result == "wakes"
    assert death_test(1, 1).result == "one_failure"
    assert death_test(6, 1).total == 6


def test_troop_loses_a_member_each_time_shock_loss_reaches_one_members_shock() -> None:
    assert troop_members_lost(0, 2, 3) == 0
    assert troop_members_lost(2, 3, 3) == 1
    assert troop_members_lost(3, 9, 3) == 2


def test_wrath_shock_recovery_is_d3_plus_3() -> None:
    assert [shock_recovered(f) for f in (1, 2, 3)] == [4, 5, 6]
