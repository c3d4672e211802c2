"""`both_lines` writes a text as `Writer.lines` writes it in each markup (a roll's sentence, issue 23)."""

from __future__ import annotations

import pytest

from projections.rendering.markup import WRITERS, both_lines

ZW = "\u200b"


def test_a_rolls_sentence_in_both_markups() -> None:
    # Written by hand from docs/history.md, "Escaping": Markdown escapes brackets; BBCode keeps "[" before a digit.
    assert both_lines("Kai rolls d10 (x): [7] = 7") == ("Kai rolls d10 (x): \\[7\\] = 7", "Kai rolls d10 (x): [7] = 7")
    assert both_lines("see [b]x[/b]") == ("see \\[b\\]x\\[/b\\]", f"see [{ZW}b]x[{ZW}/b]")


@pytest.mark.parametrize("value", ["plain", "  ", "\u00a0", "a\nb", "a\r\nb\rc", "\n\n- x", "# h", "~~s~~ ||x||",
                                   "tab\there", "ctrl \x00", "1. one", "a@b www.x.com https://e.example"])
def test_as_lines_writes_it(value: str) -> None:
    assert both_lines(value) == (WRITERS["markdown"].lines(value), WRITERS["bbcode"].lines(value))
