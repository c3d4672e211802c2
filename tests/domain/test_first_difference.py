"""Where a recorded event and the rules' event part: the first field in document order, with both values."""

from __future__ import annotations

from projections.rules_replay import first_difference


def test_first_difference_names_the_nested_field_and_both_values() -> None:
    recorded = {"hits": [{"total": 27, "location": "body"}], "dice": [{"k": 0, "sides": 10, "value": 8}]}
    decided = {"hits": [{"total": 22, "location": "body"}], "dice": [{"k": 0, "sides": 10, "value": 8}]}
    assert first_difference(recorded, decided) == ("hits[0].total", 27, 22)


def test_first_difference_a_missing_list_item_or_key_is_a_difference() -> None:
    assert first_difference({"dice": [1, 2]}, {"dice": [1, 2, 3]}) == ("dice[2]", None, 3)
    assert first_difference({"a": 1}, {"a": 1, "b": False}) == ("b", None, False)


def test_first_difference_one_kind_of_number_but_booleans_stay_booleans() -> None:
    assert first_difference({"max_metres": 6.0}, {"max_metres": 6}) is None
    assert first_difference({"success": True}, {"success": 1}) == ("success", True, 1)
    assert first_difference({"x": "6"}, {"x": 6}) == ("x", "6", 6)
