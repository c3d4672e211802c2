"""Tests, degrees, skills, assistance, opposed and extended tests as RULES A1–A2 state them."""

from __future__ import annotations

import pytest

from domain.d100.characteristics import characteristic_bonus, unnatural_extra_degrees
from domain.d100.checks import (
    CheckResult,
    ExtendedProgress,
    advance_extended,
    assistance_extra_degrees,
    assistance_modifiers,
    degrees_of,
    resolve_opposed,
    resolve_test,
    skill_base,
)
from domain.d100.modifiers import (
    DIFFICULTIES,
    SPANISH_DIFFICULTIES,
    Modifier,
    difficulty_modifier,
    sum_modifiers,
)
from domain.d100.percentile import is_double, percentile_from_d10s, roll_d100
from domain.dice import FixedDice
from domain.errors import RuleViolation


def test_percentile_owen_rolls_39_with_blue_3_and_red_9() -> None:
    assert percentile_from_d10s(3, 9) == 39


def test_percentile_double_zero_is_100() -> None:
    assert percentile_from_d10s(10, 10) == 100
    assert percentile_from_d10s(10, 5) == 5
    assert percentile_from_d10s(5, 10) == 50


def test_percentile_d100_is_one_recorded_die() -> None:
    die = roll_d100(FixedDice([39]))
    assert (die.k, die.sides, die.value) == (0, 100, 39)


def test_percentile_doubles_are_11_to_99_and_100() -> None:
    assert [n for n in range(1, 101) if is_double(n)] == [11, 22, 33, 44, 55, 66, 77, 88, 99, 100]


def test_characteristic_bonus_is_the_tens_digit() -> None:
    assert characteristic_bonus(43) == 4
    assert characteristic_bonus(9) == 0
    assert characteristic_bonus(100) == 10


def test_characteristic_bonus_adds_unnatural() -> None:
    assert characteristic_bonus(43, unnatural=4) == 8


def test_unnatural_extra_degrees_are_half_rounded_down() -> None:
    assert [unnatural_extra_degrees(x) for x in (0, 1, 2, 3, 4, 5)] == [0, 0, 1, 1, 2, 2]


def test_modifiers_sum_clamps_to_plus_60() -> None:
    total = sum_modifiers([Modifier("aim (full)", 20), Modifier("unaware target", 30), Modifier("point blank", 30)])
    assert (total.raw, total.total, total.clamped) == (80, 60, True)


def test_modifiers_sum_clamps_to_minus_60() -> None:
    total = sum_modifiers([Modifier("darkness", -30), Modifier("called shot", -20), Modifier("extreme", -30)])
    assert (total.raw, total.total, total.clamped) == (-80, -60, True)


def test_modifiers_sum_keeps_names_and_drops_zeroes() -> None:
    total = sum_modifiers([Modifier("a", 10), Modifier("nothing", 0), Modifier("b", -20)])
    assert total.modifiers == (Modifier("a", 10), Modifier("b", -20))
    assert (total.total, total.clamped) == (-10, False)


def test_difficulties_have_the_seed_numbers() -> None:
    assert DIFFICULTIES == {
        "easy": 30, "routine": 20, "ordinary": 10, "challenging": 0,
        "difficult": -10, "hard": -20, "very_hard": -30,
    }
    assert difficulty_modifier("hard") == Modifier("difficulty: hard", -20)


def test_difficulties_spanish_names_map_to_numbers_not_words() -> None:
    assert DIFFICULTIES[SPANISH_DIFFICULTIES["complicado"]] == -10
    assert DIFFICULTIES[SPANISH_DIFFICULTIES["difícil"]] == -20
    assert DIFFICULTIES[SPANISH_DIFFICULTIES["muy difícil"]] == -30


def test_test_succeeds_when_roll_equals_target() -> None:
    assert resolve_test(39, 39).success
    assert not resolve_test(39, 40).success


@pytest.mark.parametrize(
    ("target", "roll", "success", "degrees"),
    [(45, 45, True, 0), (45, 36, True, 0), (45, 35, True, 1), (45, 5, True, 4),
     (45, 46, False, 0), (45, 55, False, 1), (45, 100, False, 5)],
)
def test_degrees_default_rule_counts_whole_tens_of_margin(target: int, roll: int, success: bool, degrees: int) -> None:
    assert resolve_test(target, roll) == CheckResult(target=target, roll=roll, success=success, degrees=degrees)


@pytest.mark.parametrize(
    ("target", "roll", "degrees"),
    [(45, 45, 1), (45, 41, 1), (45, 39, 2), (45, 5, 5), (45, 46, 1), (45, 51, 2), (45, 100, 7)],
)
def test_degrees_dark_heresy_2e_is_one_plus_tens_difference(target: int, roll: int, degrees: int) -> None:
    assert degrees_of(target, roll, "dark_heresy_2e") == degrees


def test_degrees_unnatural_adds_half_on_success_only() -> None:
    assert resolve_test(50, 30, unnatural=4).degrees == 2 + 2
    assert resolve_test(50, 70, unnatural=4).degrees == 2


def test_skill_base_trained_uses_the_characteristic() -> None:
    assert skill_base(41, "basic", "trained", "Awareness") == 41
    assert skill_base(41, "advanced", "plus10", "Tech-Use") == 51
    assert skill_base(41, "advanced", "plus20", "Tech-Use") == 61


def test_skill_base_untrained_basic_halves_rounding_down() -> None:
    assert skill_base(41, "basic", "untrained", "Dodge") == 20


def test_skill_base_untrained_advanced_is_refused() -> None:
    with pytest.raises(RuleViolation) as refused:
        skill_base(41, "advanced", "untrained", "Trade (Armourer)")
    assert refused.value.rule == "untrained_advanced_skill"
    assert refused.value.message == "Trade (Armourer) is an advanced skill: the character is untrained"


def test_assistance_gives_10_per_helper_and_one_degree() -> None:
    mods = assistance_modifiers(["brother-a", "brother-b"], "action", "none")
    assert [m.value for m in mods] == [10, 10]
    assert assistance_extra_degrees(["brother-a", "brother-b"]) == 1
    assert assistance_extra_degrees([]) == 0


def test_assistance_refuses_a_third_helper() -> None:
    with pytest.raises(RuleViolation, match="no more than two"):
        assistance_modifiers(["a", "b", "c"], "action", "none")


@pytest.mark.parametrize(("kind", "resisting"), [("reaction", "none"), ("free", "none"), ("action", "fear"),
                                                 ("action", "poison"), ("action", "disease")])
def test_assistance_refused_for_reactions_free_actions_and_resistance(kind: str, resisting: str) -> None:
    with pytest.raises(RuleViolation):
        assistance_modifiers(["a"], kind, resisting)  # type: ignore[arg-type]


def _r(target: int, roll: int) -> CheckResult:
    return resolve_test(target, roll)


def test_opposed_success_beats_failure() -> None:
    result = resolve_opposed(_r(30, 25), 3, _r(60, 61), 6)
    assert (result.winner, result.reason) == ("first", "only_one_succeeded")


def test_opposed_defender_degrees_cancel_attacker_degrees() -> None:
    result = resolve_opposed(_r(60, 10), 3, _r(50, 30), 5)
    assert (result.winner, result.reason, result.net_degrees) == ("first", "more_degrees", 3)


def test_opposed_tie_in_degrees_goes_to_higher_bonus() -> None:
    result = resolve_opposed(_r(40, 30), 3, _r(50, 40), 5)
    assert (result.winner, result.reason) == ("second", "higher_bonus")


def test_opposed_tie_in_bonus_goes_to_lower_roll() -> None:
    result = resolve_opposed(_r(45, 35), 4, _r(45, 32), 4)
    assert (result.winner, result.reason) == ("second", "lower_roll")


def test_opposed_both_failing_is_a_stalemate() -> None:
    assert resolve_opposed(_r(30, 50), 3, _r(30, 60), 3).winner == "none"


def test_extended_test_completes_after_the_needed_successes() -> None:
    progress = ExtendedProgress(needed=2)
    progress = advance_extended(progress, True)
    progress = advance_extended(progress, False)
    assert not progress.complete
    progress = advance_extended(progress, True)
    assert progress.complete and progress.attempts == 3
    with pytest.raises(RuleViolation):
        advance_extended(progress, True)
