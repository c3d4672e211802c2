"""Attack options, range, Reloads, troops and interaction attacks."""

from __future__ import annotations

import pytest

from domain.errors import RuleViolation
from domain.wrath_and_glory.attacks import (
    AttackOptions,
    CalledShot,
    interaction_dn,
    plan_attack,
    range_band,
    troop_attack_bonus,
    troop_members_hit,
)
from domain.wrath_and_glory.modifiers import Modifier, total
from domain.wrath_and_glory.sheet import Weapon

CHAINSWORD = Weapon(name="chainsword", kind="melee", damage=5, ed=1, range=1)
LASPISTOL = Weapon(name="laspistol", kind="ranged", damage=7, ed=1, range=12, salvo=1, traits=("pistol",))
BOLTER = Weapon(name="boltgun", kind="ranged", damage=10, ed=1, ap=-1, range=24, salvo=2)
LASCANNON = Weapon(name="lascannon", kind="ranged", damage=18, ed=3, range=48)


def test_melee_uses_weapon_skill_and_adds_strength() -> None:
    plan = plan_attack(CHAINSWORD, AttackOptions(), 0)
    assert plan.skill == "weapon_skill"
    assert plan.add_strength
    assert plan.bonus_dice == ()


def test_melee_charge_gives_one_die() -> None:
    assert plan_attack(CHAINSWORD, AttackOptions(charge=True), 0).bonus_dice == (Modifier("charge", 1),)


def test_melee_all_out_gives_two_dice_and_minus_two_defence() -> None:
    plan = plan_attack(CHAINSWORD, AttackOptions(all_out=True), 0)
    assert plan.bonus_dice == (Modifier("all-out attack", 2),)
    assert plan.defence_penalty == -2


def test_melee_all_out_cannot_be_a_charge() -> None:
    with pytest.raises(RuleViolation, match="cannot be a Charge"):
        plan_attack(CHAINSWORD, AttackOptions(all_out=True, charge=True), 0)


def test_melee_cannot_aim() -> None:
    with pytest.raises(RuleViolation, match="Aim is for ranged"):
        plan_attack(CHAINSWORD, AttackOptions(aim=True), 0)


def test_melee_beyond_reach_is_refused() -> None:
    with pytest.raises(RuleViolation, match="reach"):
        plan_attack(CHAINSWORD, AttackOptions(distance=3), 0)


def test_ranged_uses_ballistic_skill_without_strength() -> None:
    plan = plan_attack(BOLTER, AttackOptions(distance=20), 0)
    assert plan.skill == "ballistic_skill"
    assert not plan.add_strength
    assert plan.range_band == "medium"


@pytest.mark.parametrize(
    ("distance", "band"), [(0, "short"), (12, "short"), (12.5, "medium"), (24, "medium"), (25, "long"), (48, "long")]
)
def test_ranged_band_half_range_short_double_range_long(distance: float, band: str) -> None:
    assert range_band(distance, 24) == band


def test_ranged_beyond_twice_range_is_impossible() -> None:
    with pytest.raises(RuleViolation, match="beyond twice the weapon's range"):
        range_band(48.5, 24)


def test_ranged_short_range_gives_one_die() -> None:
    assert plan_attack(BOLTER, AttackOptions(distance=10), 0).bonus_dice == (Modifier("short range", 1),)


def test_ranged_long_range_adds_two_dn() -> None:
    assert plan_attack(BOLTER, AttackOptions(distance=40), 0).dn_penalties == (Modifier("long range", 2),)


def test_ranged_aim_gives_one_die() -> None:
    assert Modifier("aim", 1) in plan_attack(BOLTER, AttackOptions(aim=True), 0).bonus_dice


def test_ranged_cannot_charge_or_all_out() -> None:
    with pytest.raises(RuleViolation):
        plan_attack(BOLTER, AttackOptions(charge=True), 0)
    with pytest.raises(RuleViolation):
        plan_attack(BOLTER, AttackOptions(all_out=True), 0)


def test_engaged_only_pistols_fire() -> None:
    with pytest.raises(RuleViolation, match="not a Pistol"):
        plan_attack(BOLTER, AttackOptions(engaged=True), 0)


def test_engaged_pistol_uses_weapon_skill_without_strength_or_range_bonus() -> None:
    plan = plan_attack(LASPISTOL, AttackOptions(engaged=True, distance=1), 0)
    assert plan.skill == "weapon_skill"
    assert not plan.add_strength
    assert plan.bonus_dice == ()


def test_engaged_pistol_cannot_aim_or_all_out() -> None:
    with pytest.raises(RuleViolation, match="cannot Aim"):
        plan_attack(LASPISTOL, AttackOptions(engaged=True, aim=True), 0)
    with pytest.raises(RuleViolation, match="All-Out"):
        plan_attack(LASPISTOL, AttackOptions(engaged=True, all_out=True), 0)


def test_called_shot_raises_dn_and_adds_ed() -> None:
    plan = plan_attack(BOLTER, AttackOptions(called_shot=CalledShot(location="head", dn=2, ed=2)), 0)
    assert plan.dn_penalties == (Modifier("called shot: head", 2),)
    assert plan.bonus_ed == 2


def test_salvo_spends_one_reload_for_salvo_dice() -> None:
    plan = plan_attack(BOLTER, AttackOptions(salvo=True), 0)
    assert plan.bonus_dice == (Modifier("salvo", 2),)
    assert plan.reloads == 1


def test_salvo_needs_a_salvo_value() -> None:
    with pytest.raises(RuleViolation, match="no Salvo"):
        plan_attack(LASCANNON, AttackOptions(salvo=True), 0)


def test_salvo_not_with_multiple_targets() -> None:
    with pytest.raises(RuleViolation, match="multiple-target"):
        plan_attack(BOLTER, AttackOptions(salvo=True), 1)


def test_multiple_targets_add_two_dn_each() -> None:
    assert total(plan_attack(BOLTER, AttackOptions(), 2).dn_penalties) == 4


def test_multiple_targets_reloads_remove_two_dn_each() -> None:
    plan = plan_attack(BOLTER, AttackOptions(reloads_for_targets=1), 2)
    assert total(plan.dn_penalties) == 2
    assert plan.reloads == 1


def test_multiple_targets_at_most_salvo_extra_targets() -> None:
    with pytest.raises(RuleViolation, match="at most 2 extra targets"):
        plan_attack(BOLTER, AttackOptions(), 3)


def test_multiple_targets_impossible_without_salvo() -> None:
    with pytest.raises(RuleViolation, match="at most 0 extra targets"):
        plan_attack(LASCANNON, AttackOptions(), 1)


def test_multiple_targets_reloads_cannot_exceed_extra_targets() -> None:
    with pytest.raises(RuleViolation, match="one extra target"):
        plan_attack(BOLTER, AttackOptions(reloads_for_targets=2), 1)


def test_sigma_19_nine_icons_against_defence_3_hit_four_orks() -> None:
    assert troop_members_hit(icons=9, defence=3, members_left=10) == 4


def test_troop_hit_never_more_members_than_are_left() -> None:
    assert troop_members_hit(icons=15, defence=3, members_left=3) == 3


@pytest.mark.parametrize(("icons", "hit"), [(2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3)])
def test_troop_one_member_plus_one_per_two_icons_above_defence(icons: int, hit: int) -> None:
    assert troop_members_hit(icons=icons, defence=3, members_left=20) == hit


@pytest.mark.parametrize(("members", "dice"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (10, 5)])
def test_troop_attack_one_die_per_member_up_to_half_rounded_up(members: int, dice: int) -> None:
    assert troop_attack_bonus(members) == dice


def test_troop_split_ten_orks_three_three_four_each_group_gets_two_dice() -> None:
    assert [troop_attack_bonus(n) for n in (3, 3, 4)] == [2, 2, 2]


def test_interaction_dn_is_the_higher_of_opposed_skill_and_resolve() -> None:
    assert interaction_dn(opposed_skill=2, resolve=4) == 4
    assert interaction_dn(opposed_skill=5, resolve=4) == 5
