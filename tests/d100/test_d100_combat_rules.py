"""Hit locations, bursts, jams, attack modifiers, damage, injury, movement, hordes and comrades (RULES A4–A10)."""

from __future__ import annotations

import pytest

from domain.d100.combat_modifiers import (
    action_modifier,
    aim_modifier,
    circumstance_modifier,
    off_hand_modifier,
    range_band,
    range_modifier,
    two_weapon_penalties,
    unarmed_modifier,
)
from domain.d100.comrades import (
    comrade_after_hit,
    comrade_can_run,
    hit_goes_to_comrade,
    in_cohesion,
    take_cover_shrugs_off,
)
from domain.d100.damage import (
    DamageExpr,
    apply_degrees_minimum,
    damage_total,
    demo_critical_fallback,
    effective_armour,
    face,
    natural_tens,
    parse_damage,
    roll_damage_dice,
    roll_fury_chain,
    take_damage,
    through_cover,
    wounding_damage,
)
from domain.d100.firing import burst_hits, hits_negated_by_dodge, jam_threshold, jams
from domain.d100.hit_location import hit_location, location_of, multiple_hit_locations, reverse_digits
from domain.d100.hordes import (
    blast_hits_on_horde,
    comrade_bonus_hits,
    explosive_bonus_hit,
    flame_fixed_hits,
    horde_extra_damage_dice,
    horde_morale,
    horde_ranged_shots,
    magnitude_after,
    melee_hits_on_horde,
    psychic_hits_on_horde,
    ranged_hits_on_horde,
)
from domain.d100.injury import (
    fatigue_knocks_out,
    fatigue_modifier,
    fatigue_unconscious_minutes,
    health_state,
)
from domain.d100.modifiers import Modifier
from domain.d100.movement import movement
from domain.dice import Die, FixedDice
from domain.errors import RuleViolation

# --- hit locations -------------------------------------------------------------------------------

def test_hit_location_reverses_56_to_65_body() -> None:
    assert reverse_digits(56) == 65
    assert hit_location(56) == "body"


def test_hit_location_reverses_05_to_50_and_keeps_100() -> None:
    assert reverse_digits(5) == 50
    assert reverse_digits(10) == 1
    assert reverse_digits(100) == 100
    assert hit_location(100) == "left_leg"
    assert hit_location(10) == "head"


@pytest.mark.parametrize(
    ("value", "location"),
    [(1, "head"), (10, "head"), (11, "right_arm"), (20, "right_arm"), (21, "left_arm"), (30, "left_arm"),
     (31, "body"), (70, "body"), (71, "right_leg"), (85, "right_leg"), (86, "left_leg"), (100, "left_leg")],
)
def test_hit_location_table_bounds(value: int, location: str) -> None:
    assert location_of(value) == location


def test_hit_location_multiple_hits_from_head() -> None:
    assert multiple_hit_locations("head", 7) == (
        "head", "head", "right_arm", "body", "left_arm", "body", "body")


def test_hit_location_multiple_hits_from_an_arm_stay_on_that_side() -> None:
    assert multiple_hit_locations("left_arm", 6) == (
        "left_arm", "left_arm", "body", "head", "body", "left_arm")


def test_hit_location_multiple_hits_from_body_and_leg() -> None:
    assert multiple_hit_locations("body", 5) == ("body", "body", "right_arm", "head", "left_arm")
    assert multiple_hit_locations("right_leg", 6) == (
        "right_leg", "right_leg", "body", "right_arm", "head", "body")
    assert multiple_hit_locations("body", 0) == ()


# --- firing ----------------------------------------------------------------------------------------

def test_jam_single_shot_on_96_to_100() -> None:
    assert jam_threshold("single") == 96
    assert not jams(95, "single") and jams(96, "single") and jams(100, "single")


@pytest.mark.parametrize("mode", ["semi", "full", "suppressing"])
def test_jam_bursts_on_94_to_100(mode: str) -> None:
    assert not jams(93, mode) and jams(94, mode)  # type: ignore[arg-type]


def test_jam_reliable_only_on_100_and_unreliable_from_91() -> None:
    assert not jams(99, "full", "reliable") and jams(100, "single", "reliable")
    assert jams(91, "single", "unreliable") and not jams(90, "full", "unreliable")
    assert jam_threshold("single", "never_jams") is None


def test_burst_hits_semi_one_per_two_degrees_capped_by_rof() -> None:
    assert [burst_hits("semi", d, 3) for d in (0, 1, 2, 3, 4, 5, 9)] == [1, 1, 2, 2, 3, 3, 3]


def test_burst_hits_full_one_per_degree_capped_by_rof() -> None:
    assert [burst_hits("full", d, 4) for d in (0, 1, 2, 3, 7)] == [1, 2, 3, 4, 4]


def test_burst_hits_suppressing_one_per_two_degrees_capped_by_full_rof() -> None:
    assert burst_hits("suppressing", 4, 10) == 3
    assert burst_hits("single", 6, 1) == 1


def test_dodge_negates_one_hit_plus_one_per_degree_against_bursts() -> None:
    assert hits_negated_by_dodge("full", 5, 2) == 3
    assert hits_negated_by_dodge("semi", 2, 4) == 2
    assert hits_negated_by_dodge("single", 1, 4) == 1


# --- attack modifiers ----------------------------------------------------------------------------------

def test_action_modifiers_by_name() -> None:
    assert action_modifier("all_out", "melee") == Modifier("all out", 20)
    assert action_modifier("called_shot", "ranged") == Modifier("called shot", -20)
    assert action_modifier("charge", "melee") == Modifier("charge", 10)
    assert action_modifier("charge", "melee", charge_bonus=20) == Modifier("charge", 20)
    assert action_modifier("guarded", "melee") == Modifier("guarded", -10)
    assert action_modifier("semi_auto", "ranged") == Modifier("semi auto", 10)
    assert action_modifier("full_auto", "ranged") == Modifier("full auto", 20)
    assert action_modifier("suppressing", "ranged") == Modifier("suppressing", -20)
    assert action_modifier("stun", "melee") == Modifier("stun", -20)
    assert action_modifier("standard", "melee") is None


def test_action_full_auto_on_the_move_loses_the_bonus() -> None:
    assert action_modifier("full_auto", "ranged", moved=True) == Modifier("full auto burst on the move", -10)


def test_action_modifiers_refuse_the_wrong_style() -> None:
    with pytest.raises(RuleViolation, match="melee"):
        action_modifier("all_out", "ranged")
    with pytest.raises(RuleViolation, match="ranged"):
        action_modifier("full_auto", "melee")


def test_aim_half_10_full_20() -> None:
    assert aim_modifier("half") == Modifier("aim (half)", 10)
    assert aim_modifier("full") == Modifier("aim (full)", 20)
    assert aim_modifier("none") is None


def test_unarmed_against_an_armed_opponent_is_minus_20() -> None:
    assert unarmed_modifier(True) == Modifier("unarmed against an armed opponent", -20)
    assert unarmed_modifier(False) is None


def test_two_weapon_penalties_follow_the_001_list() -> None:
    assert two_weapon_penalties(True, False) == (-20, -20)
    assert two_weapon_penalties(False, False) == (-20, -40)
    assert two_weapon_penalties(True, True) == (-10, -10)
    assert two_weapon_penalties(False, True) == (-10, -30)
    assert two_weapon_penalties(True, True, blade_dance=True) == (0, 0)
    assert off_hand_modifier(False) == Modifier("off hand", -20)
    assert off_hand_modifier(True) is None


@pytest.mark.parametrize(
    ("name", "melee", "ranged"),
    [("darkness", -20, -30), ("fog_mist_shadow", None, -20), ("difficult_terrain", -10, None),
     ("arduous_terrain", -30, None), ("shooting_into_melee", None, -20), ("ganging_up_2_to_1", 10, None),
     ("ganging_up_3_to_1", 20, None), ("higher_ground", 10, None), ("prone_target", 10, -10),
     ("prone_attacker", -10, None), ("stunned_target", 20, 20), ("unaware_target", 30, 30),
     ("bad_weather", -20, -20), ("running_target", 20, -20), ("hidden_target", None, -30),
     ("pinned_attacker", None, -20), ("unbraced_heavy_weapon", None, -30), ("volley", None, 5)],
)
def test_circumstance_modifiers_by_name(name: str, melee: int | None, ranged: int | None) -> None:
    got_melee = circumstance_modifier(name, "melee")  # type: ignore[arg-type]
    got_ranged = circumstance_modifier(name, "ranged")  # type: ignore[arg-type]
    assert (got_melee.value if got_melee else None) == melee
    assert (got_ranged.value if got_ranged else None) == ranged


def test_circumstance_blinded_shooter_fails_automatically() -> None:
    assert circumstance_modifier("blinded_attacker", "melee") == Modifier("blinded attacker", -30)
    with pytest.raises(RuleViolation):
        circumstance_modifier("blinded_attacker", "ranged")


def test_range_bands_for_a_20_m_weapon() -> None:
    assert [range_band(d, 20) for d in (2, 9, 10, 40, 41, 60, 61, 80)] == [
        "point_blank", "short", "normal", "normal", "long", "long", "extreme", "extreme"]
    with pytest.raises(RuleViolation, match="beyond four times"):
        range_band(81, 20)


def test_range_modifiers_point_blank_not_when_engaged_and_no_bonus_if_hidden() -> None:
    assert range_modifier("point_blank") == Modifier("range: point blank", 30)
    assert range_modifier("point_blank", engaged_with_target=True) is None
    assert range_modifier("short", hidden=True) is None
    assert range_modifier("extreme", hidden=True) == Modifier("range: extreme", -30)


# --- damage --------------------------------------------------------------------------------------------

def test_damage_expressions_parse() -> None:
    assert parse_damage("1d10+5") == DamageExpr(1, 10, 5)
    assert parse_damage("2d10") == DamageExpr(2, 10, 0)
    assert parse_damage("1d5-3") == DamageExpr(1, 5, -3)
    assert str(parse_damage("d10+2")) == "1d10+2"
    with pytest.raises(ValueError):
        parse_damage("1d6")


def test_damage_d5_is_a_d10_halved_up() -> None:
    assert [face(Die(0, 10, v), 5) for v in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_damage_1d10_plus_2_with_a_4_is_6() -> None:
    dice = roll_damage_dice(parse_damage("1d10+2"), FixedDice([4]))
    assert damage_total((dice[0].value,), parse_damage("1d10+2"), 0, melee=False) == 6


def test_damage_strength_bonus_only_in_melee() -> None:
    expr = parse_damage("1d10+2")
    assert damage_total((4,), expr, 4, melee=True) == 10
    assert damage_total((4,), expr, 4, melee=False) == 6


def test_damage_never_negative() -> None:
    assert damage_total((1,), parse_damage("1d5-3"), 0, melee=True) == 0


def test_damage_degrees_replace_one_die_only_if_higher() -> None:
    # Seed 001: 4 degrees of success and a 3 on the die: the damage counts 4.
    assert apply_degrees_minimum((3,), 4) == ((4,), 0)
    assert apply_degrees_minimum((7, 2), 4) == ((7, 4), 1)
    assert apply_degrees_minimum((7, 5), 4) == ((7, 5), None)


def test_damage_natural_tens_count_d5_tens_too() -> None:
    assert natural_tens((Die(0, 10, 10), Die(1, 10, 9), Die(2, 10, 10))) == 2


def test_righteous_fury_confirmation_miss_adds_nothing() -> None:
    chain = roll_fury_chain(FixedDice([70]), 55, 10, confirm=True)
    assert not chain.confirmed and chain.extra_damage == 0


def test_righteous_fury_confirmed_chain_repeats_on_tens() -> None:
    chain = roll_fury_chain(FixedDice([30, 10, 10, 3]), 55, 10, confirm=True)
    assert chain.confirmed
    assert [d.value for d in chain.extra_dice] == [10, 10, 3]
    assert chain.extra_damage == 23


def test_righteous_fury_confirmation_in_jam_range_misses() -> None:
    assert not roll_fury_chain(FixedDice([97]), 120, 10, confirm=True, jam_from=96).confirmed


def test_righteous_fury_without_confirmation_rolls_straight_away() -> None:
    chain = roll_fury_chain(FixedDice([6]), 0, 10, confirm=False)
    assert chain.confirmation is None and chain.extra_damage == 6


def test_armour_primitive_doubles_then_penetration_lowers() -> None:
    assert effective_armour(8) == 8
    assert effective_armour(8, penetration=5) == 3
    assert effective_armour(4, penetration=9) == 0
    assert effective_armour(4, primitive=True) == 8
    assert effective_armour(4, penetration=3, primitive=True) == 5


def test_cover_stops_first_and_loses_an_ap_when_exceeded() -> None:
    assert through_cover(12, 8) .remaining == 4 and through_cover(12, 8).cover_damaged
    assert through_cover(8, 8).remaining == 0 and not through_cover(8, 8).cover_damaged


def test_wounding_subtracts_tb_and_armour() -> None:
    assert wounding_damage(15, 4, 6) == 5
    assert wounding_damage(9, 4, 6) == 0


def test_damage_beyond_wounds_becomes_critical_cumulative() -> None:
    first = take_damage(damage=10, critical=0, wounds=12, amount=5)
    assert (first.damage, first.critical, first.critical_added) == (12, 3, 3)
    second = take_damage(first.damage, first.critical, 12, 4)
    assert (second.damage, second.critical, second.critical_added) == (12, 7, 4)


def test_demo_fallback_four_over_unconscious_five_dead() -> None:
    assert [demo_critical_fallback(c) for c in (0, 1, 4, 5, 9)] == [
        "none", "unconscious", "unconscious", "dead", "dead"]


# --- injury and movement ---------------------------------------------------------------------------

def test_fatigue_any_level_is_minus_10() -> None:
    assert fatigue_modifier(0) is None
    assert fatigue_modifier(3) == Modifier("fatigued", -10)


def test_fatigue_more_levels_than_tb_knock_out() -> None:
    assert not fatigue_knocks_out(4, 4) and fatigue_knocks_out(5, 4)
    assert fatigue_unconscious_minutes(4) == 6 and fatigue_unconscious_minutes(12) == 1


def test_health_states_light_heavy_critical() -> None:
    assert health_state(0, 0, 4) == "unharmed"
    assert health_state(8, 0, 4) == "lightly_damaged"
    assert health_state(9, 0, 4) == "heavily_damaged"
    assert health_state(12, 1, 4) == "critically_damaged"


def test_movement_xanthia_agb_4_is_4_8_12_24() -> None:
    assert str(movement(4)) == "4/8/12/24"


# --- hordes -----------------------------------------------------------------------------------------

def test_horde_flamer_10_m_hits_1d5_plus_3() -> None:
    assert flame_fixed_hits(10) == 3
    assert flame_fixed_hits(20) == 5


def test_horde_melee_hits_one_per_two_degrees_plus_power_field() -> None:
    assert melee_hits_on_horde(5, power_field=False) == 3
    assert melee_hits_on_horde(5, power_field=True) == 4


def test_horde_ranged_hits_put_every_burst_hit_on_the_horde() -> None:
    assert ranged_hits_on_horde("full", 3, 10) == 4


def test_horde_blast_explosive_psychic_comrades() -> None:
    assert blast_hits_on_horde(4) == 4
    assert explosive_bonus_hit("explosive") == 1 and explosive_bonus_hit("impact") == 0
    assert psychic_hits_on_horde(3, None) == 3 and psychic_hits_on_horde(3, 7) == 10
    assert comrade_bonus_hits(5) == 2


def test_horde_magnitude_never_below_zero() -> None:
    assert magnitude_after(30, 4) == 26
    assert magnitude_after(3, 5) == 0


def test_horde_breaking_thresholds() -> None:
    assert horde_morale(40, 40, 30).must_test  # lost 10 of 40 in one turn: 25 %
    assert not horde_morale(40, 40, 31).must_test
    assert horde_morale(40, 30, 19).wp_modifier == -10
    assert horde_morale(40, 30, 20).wp_modifier == 0
    assert horde_morale(40, 20, 10).broken and not horde_morale(40, 20, 11).broken
    assert horde_morale(40, 40, 5, fearless=True) == horde_morale(40, 40, 40)


def test_horde_attacks_shots_and_extra_dice() -> None:
    assert horde_ranged_shots(37) == 3
    assert [horde_extra_damage_dice(m) for m in (9, 10, 25, 60)] == [0, 1, 2, 2]


# --- comrades -------------------------------------------------------------------------------------------

def test_comrade_takes_hits_rolled_as_doubles_in_cohesion() -> None:
    assert hit_goes_to_comrade(33, True, in_cohesion(5))
    assert hit_goes_to_comrade(100, True, True)
    assert not hit_goes_to_comrade(33, True, in_cohesion(6))
    assert not hit_goes_to_comrade(34, True, True)
    assert not hit_goes_to_comrade(33, False, True)


def test_comrade_health_unharmed_wounded_casualty() -> None:
    assert comrade_after_hit("unharmed") == "wounded"
    assert comrade_after_hit("wounded") == "casualty"
    assert comrade_after_hit("unharmed", heavy=True) == "casualty"
    assert not comrade_can_run("wounded")
    assert take_cover_shrugs_off(6, 4) and not take_cover_shrugs_off(7, 4)
