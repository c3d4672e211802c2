"""Wrath, Glory, Ruin and Reloads: session values, caps and overflow."""

from __future__ import annotations

import pytest

from domain.errors import RuleViolation
from domain.wrath_and_glory.resources import (
    SESSION_GLORY,
    SESSION_RELOADS,
    SESSION_WRATH,
    gain,
    glory_cap,
    ruin_cap,
    spend,
)


def test_session_values_wrath_2_glory_0_reloads_3() -> None:
    assert (SESSION_WRATH, SESSION_GLORY, SESSION_RELOADS) == (2, 0, 3)


def test_glory_cap_is_6_for_3_characters() -> None:
    assert glory_cap(3) == 6


def test_glory_cap_is_8_for_6_characters() -> None:
    assert glory_cap(6) == 8


@pytest.mark.parametrize(("characters", "cap"), [(0, 6), (1, 6), (4, 6), (5, 7), (10, 12)])
def test_glory_cap_is_the_larger_of_6_and_characters_plus_2(characters: int, cap: int) -> None:
    assert glory_cap(characters) == cap


def test_ruin_cap_is_the_number_of_characters() -> None:
    assert ruin_cap(4) == 4


def test_gain_overflow_beyond_the_cap_is_lost_and_shown() -> None:
    change = gain(5, 3, 6)
    assert (change.before, change.after, change.lost) == (5, 6, 2)


def test_gain_without_cap_keeps_everything() -> None:
    assert gain(5, 3, None).after == 8


def test_gain_never_lowers_a_pool_already_above_its_cap() -> None:
    change = gain(7, 1, 6)
    assert (change.after, change.lost) == (7, 1)


def test_spend_refuses_more_than_there_is() -> None:
    with pytest.raises(RuleViolation, match="not enough Glory"):
        spend(1, 2, resource="Glory", rule="glory")


def test_spend_takes_the_amount() -> None:
    assert spend(3, 2, resource="Wrath", rule="wrath").after == 1
