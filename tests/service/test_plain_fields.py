"""`plain_and_bounded` (service/api/limits.py) spares a flat command the two walks of the edge only when neither
could refuse it: it never says yes to a text docs/api.md ("Text fields") refuses, nor to an integer no bigint
column holds, and wherever it says yes both walks agree."""

from __future__ import annotations

import random
import unicodedata
from typing import Any

import msgspec
import pytest

from service.api.campaigns import _checked
from service.api.limits import check_body, plain_and_bounded
from service.api.plain_text import check_plain_text
from service.api.problems import ApiError
from service.api.schemas import CommandBody

# Written from docs/api.md alone: controls (Cc), format characters (Cf: bidirectional overrides and isolates,
# zero-width spaces and joiners, the soft hyphen), the line and paragraph separators, and the NUL.
REFUSED = ["\x00", "\t", "\n", "\r", "\x1b", "\x7f", "\x85", "\x9f", "\u00ad", "\u200b", "\u200d", "\u202e",
           "\u2066", "\u2028", "\u2029", "\ufeff", "\U000e0001"]


@pytest.mark.parametrize("char", REFUSED, ids=[f"U+{ord(c):04X}" for c in REFUSED])
def test_a_text_the_docs_refuse_is_never_spared_the_walks(char: str) -> None:
    assert not plain_and_bounded({"type": "roll", "reason": f"a{char}b"})
    assert not plain_and_bounded({f"k{char}": "x"})


def test_integers_beyond_a_bigint_are_never_spared_the_walks() -> None:
    assert plain_and_bounded({"n": 2**63 - 1, "m": -(2**63)})
    assert not plain_and_bounded({"n": 2**63})
    assert not plain_and_bounded({"n": -(2**63) - 1})


def test_nested_values_and_other_types_are_walked() -> None:
    for value in ({"a": 1}, [1], ("a",), 1.5, b"x"):
        assert not plain_and_bounded({"field": value})
    for body in ([], "text", 1, {1: "a"}):
        assert not plain_and_bounded(body)


def test_a_plain_roll_is_spared_the_walks() -> None:
    roll = msgspec.convert({"type": "roll", "expression": "2d10+3", "reason": "bench"}, CommandBody)
    assert plain_and_bounded(msgspec.to_builtins(roll))


def _walks_pass(fields: dict[str, Any]) -> bool:
    try:
        check_body(fields)
        check_plain_text(fields)
    except ApiError:
        return False
    return True


def test_wherever_it_spares_the_walks_they_pass() -> None:
    chosen = random.Random(23)
    alphabet = [chr(c) for c in range(0x100)] + REFUSED + ["é", "ß", "\u0600", "\ud800", "\U0001f600"]
    spared = 0
    for _ in range(20_000):
        fields: dict[str, Any] = {}
        for _ in range(chosen.randint(1, 4)):
            key = "".join(chosen.choice(alphabet) for _ in range(chosen.randint(0, 3)))
            kind = chosen.randrange(4)
            if kind == 0:
                fields[key] = "".join(chosen.choice(alphabet) for _ in range(chosen.randint(0, 6)))
            elif kind == 1:
                fields[key] = chosen.choice([0, -1, 2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 10**30])
            else:
                fields[key] = chosen.choice([None, True, False])
        if plain_and_bounded(fields):
            spared += 1
            assert _walks_pass(fields), fields
    assert spared > 1_000  # the shortcut is taken, not only refused


def test_every_printable_ascii_character_passes_both_ways() -> None:
    for code in range(0x20, 0x7F):
        fields = {"reason": chr(code)}
        assert plain_and_bounded(fields) and _walks_pass(fields), hex(code)
        assert unicodedata.category(chr(code))[0] != "C"


def test_checked_still_refuses_what_the_walks_refuse() -> None:
    # A structure the decoder's patterns do not cover: the walks run (the shortcut says no) and refuse it.
    note = msgspec.convert({"type": "roll", "expression": "2d10", "reason": "ok"}, CommandBody)
    bad = msgspec.structs.replace(note, reason="a\u202eb")
    with pytest.raises(ApiError):
        _checked(bad, None, None)
    assert _checked(note, None, None)[0] == note
