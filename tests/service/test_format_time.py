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
