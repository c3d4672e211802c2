"""`format_time` (service/store.py) writes the text the hash chain covers: RFC 3339 in UTC, microseconds, `Z`."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from service.store import format_time

ZONES = st.sampled_from([dt.UTC, dt.timezone(dt.timedelta(hours=5, minutes=30)), dt.timezone(-dt.timedelta(hours=8))])


def test_the_text_is_utc_with_microseconds_and_z() -> None:
    assert format_time(dt.datetime(2026, 12, 4, 15, 4, 5, 123, tzinfo=dt.UTC)) == "2026-12-04T15:04:05.000123Z"
    assert format_time(dt.datetime(2026, 1, 1, 1, 0, 0, tzinfo=dt.timezone(dt.timedelta(hours=2)))) == (
        "2025-12-31T23:00:00.000000Z")


@given(st.datetimes(min_value=dt.datetime(1, 1, 2), max_value=dt.datetime(9999, 12, 30), timezones=ZONES))
def test_the_text_is_what_strftime_wrote(moment: dt.datetime) -> None:
    assert format_time(moment) == moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@given(st.datetimes(min_value=dt.datetime(1, 1, 2), max_value=dt.datetime(9999, 12, 30), timezones=ZONES),
       st.integers(min_value=0, max_value=999_999), st.integers(min_value=-2, max_value=2))
def test_a_second_written_again_has_the_same_text(moment: dt.datetime, micro: int, years: int) -> None:
    # The text of the last second is remembered: another moment of it, or of the same time another year (999
    # against 1999 …), is written exactly as strftime writes it.
    again = moment.replace(microsecond=micro)
    other_year = moment.replace(year=min(max(moment.year + years * 1000, 1), 9999), day=min(moment.day, 28))
    for each in (moment, again, other_year, again, moment):
        assert format_time(each) == each.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def test_the_year_999_is_written_as_strftime_writes_it_after_the_year_1999() -> None:
    assert format_time(dt.datetime(1999, 5, 6, 7, 8, 9, 1, tzinfo=dt.UTC)) == "1999-05-06T07:08:09.000001Z"
    assert format_time(dt.datetime(999, 5, 6, 7, 8, 9, 2, tzinfo=dt.UTC)) == "999-05-06T07:08:09.000002Z"
    assert format_time(dt.datetime(1999, 5, 6, 7, 8, 9, 3, tzinfo=dt.UTC)) == "1999-05-06T07:08:09.000003Z"
