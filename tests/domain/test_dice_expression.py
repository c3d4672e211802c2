"""Free-form dice expressions: NdX±M sums, d5 from d10, and the bounds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.dice import FixedDice, dice_in, has_dice
from domain.dice_expression import MAX_DICE, ExpressionError, Term, evaluate, parse, render


def test_parse_reads_dice_and_constants() -> None:
    assert parse("2d10+3") == (Term(1, 2, 10), Term(1, 0, 0, 3))
    assert parse("d100") == (Term(1, 1, 100),)
    assert parse("4d6 - 1") == (Term(1, 4, 6), Term(-1, 0, 0, 1))
    assert parse("1d5+1d10-2") == (Term(1, 1, 5), Term(1, 1, 10), Term(-1, 0, 0, 2))


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("", "empty"),
        ("2x6", "cannot read"),
        ("2d6 3", "cannot read"),
        ("0d6", "at least one die"),
        ("1d1", "between 2 and 1000"),
        ("1d1001", "between 2 and 1000"),
        ("101d6", "at most 100"),
        ("60d6+41d6", "at most 100"),
    ],
)
def test_parse_refuses_with_a_reason(expression: str, message: str) -> None:
    with pytest.raises(ExpressionError, match=message):
        parse(expression)


def test_evaluate_sums_dice_in_order_and_renders_every_die() -> None:
    rolled = evaluate(parse("2d10+3"), FixedDice([7, 4]))
    assert rolled.total == 14
    assert [(d.k, d.sides, d.value) for d in rolled.dice] == [(0, 10, 7), (1, 10, 4)]
    assert render(rolled) == "[7, 4] + 3 = 14"


def test_d5_is_a_d10_halved_up_and_keeps_the_d10() -> None:
    rolled = evaluate(parse("3d5"), FixedDice([1, 2, 10]))
    assert rolled.total == 1 + 1 + 5
    assert all(d.sides == 10 for d in rolled.dice)
    # Each d10 as rolled, then the d5 it stands for: the proof page shows the d10s (1, 2, 10).
    assert render(rolled) == "[1, 2→1, 10→5] = 7"


def test_subtracted_dice_count_negative() -> None:
    assert evaluate(parse("1d10-1d10"), FixedDice([3, 8])).total == -5


def test_d100_is_one_hundred_sided_die() -> None:
    rolled = evaluate(parse("d100"), FixedDice([100]))
    assert rolled.total == 100 and rolled.dice[0].sides == 100


@given(st.integers(1, MAX_DICE), st.integers(2, 1000))
def test_totals_stay_within_the_faces(count: int, sides: int) -> None:
    low = evaluate(parse(f"{count}d{sides}"), FixedDice([1] * count)).total
    top_face = 10 if sides == 5 else sides  # a d5 is rolled on a d10
    high = evaluate(parse(f"{count}d{sides}"), FixedDice([top_face] * count)).total
    assert (low, high) == (count, count * sides)


@pytest.mark.parametrize("expression", ["", "2x6", "0d6", "1d1", "1d" + "9" * 7, "9" * 8, "101d6"])
def test_a_refused_expression_says_a_message_of_the_catalog_in_both_languages(expression: str) -> None:
    from domain.catalog import text

    with pytest.raises(ExpressionError) as refused:
        parse(expression)
    said = refused.value.said
    assert said.id.startswith("rule.dice_expression.")
    assert text(said, "en") == str(refused.value)
    assert text(said, "es") and text(said, "es") != text(said, "en")


@pytest.mark.parametrize(("value", "found"), [
    ({"k": 0, "sides": 10, "value": 7}, True),
    ({"roll": {"dice": [{"k": 0, "sides": 10, "value": 7}]}}, True),
    (({"hits": [[], {"k": 1, "sides": 6, "value": 2}]},), True),
    ({"k": 0, "sides": 10}, False),  # a die is exactly k, sides and value: no more, no less
    ({"k": 0, "sides": 10, "value": 7, "reason": "x"}, False),
    ({"terms": [{"sign": 1, "count": 2, "sides": 10, "constant": 0}], "total": 9}, False),
    ("k sides value", False),
])
def test_has_dice_finds_what_dice_in_lists(value: object, found: bool) -> None:
    assert has_dice(value) is found
    assert (next(dice_in(value), None) is not None) is found


def test_a_remembered_expression_reads_the_same_and_a_refused_one_is_refused_each_time() -> None:
    for _ in range(2):  # the second from what parse remembers
        assert parse("2d10 + 3") == (Term(sign=1, count=2, sides=10), Term(sign=1, count=0, sides=0, constant=3))
        assert parse("d100") == (Term(sign=1, count=1, sides=100),)
        with pytest.raises(ExpressionError) as refused:
            parse("2d1")
        assert refused.value.case == "sides"
