"""The edge's plain-text patterns (domain/plain_text.py) against this Python's own Unicode tables."""

from __future__ import annotations

import re
import sys
import unicodedata

from domain.plain_text import MULTI_LINE, ONE_LINE, WEB_URL, refused_in

_REFUSED = {"Cc", "Cf", "Zl", "Zp", "Cs"}


def test_plain_text_one_line_refuses_every_control_format_and_separator_character() -> None:
    # The published pattern covers the Basic Multilingual Plane (read alike by ECMAScript); the edge's walk
    # covers every plane.
    leaks = [f"U+{code:04X}" for code in range(0x10000)
             if unicodedata.category(chr(code)) in _REFUSED - {"Cs"} and re.search(ONE_LINE, f"a{chr(code)}b")]
    assert leaks == []
    walked = [f"U+{code:04X}" for code in range(sys.maxunicode + 1)
              if unicodedata.category(chr(code)) in _REFUSED and refused_in({"name": f"a{chr(code)}b"}) is None]
    assert walked == []


def test_plain_text_patterns_are_ecmascript_too() -> None:
    # Published in the OpenAPI schema: BMP `\uXXXX` escapes only, nothing a JavaScript validator reads otherwise.
    for pattern in (ONE_LINE, MULTI_LINE, WEB_URL):
        assert "\\U" not in pattern and "\\Z" not in pattern and "\\ud8" not in pattern, pattern


def test_plain_text_lines_allow_only_line_feed_carriage_return_and_tab_of_those() -> None:
    allowed = [code for code in range(sys.maxunicode + 1)
               if unicodedata.category(chr(code)) in _REFUSED and refused_in({"note": f"a{chr(code)}b"}) is None]
    assert allowed == [0x09, 0x0A, 0x0D]
    bmp = [code for code in range(0x10000)
           if unicodedata.category(chr(code)) in _REFUSED - {"Cs"} and re.search(MULTI_LINE, f"a{chr(code)}b")]
    assert bmp == [0x09, 0x0A, 0x0D]


def test_plain_text_accepts_what_people_write() -> None:
    for text in ("Brother Kai", "Hermano Ñúñez «el Rojo»", "Ork warboss (big'un) — 2× 🎲", "x" * 200, "a\u00a0b"):
        assert re.search(ONE_LINE, text), text
    assert re.search(MULTI_LINE, "Line one.\r\nLine two.\n\n\tIndented.")
    # Python's `$` matches before a final line feed: the pattern guards against it.
    assert not re.search(ONE_LINE, "Kai\n") and not re.search(WEB_URL, "https://forum.example/t/7\n")


def test_plain_text_urls_are_absolute_http_without_spaces() -> None:
    for url in ("https://forum.example/t/7#p1", "HTTP://forum.example:8080/t?x=[1]", "http://a.example"):
        assert re.search(WEB_URL, url), url
    for url in ("javascript:alert(1)", " https://a.example", "//a.example", "https:///x", "https://@a.example",
                "https://a.example/x y", "data:text/html,x", "https://a.example/\u202e", "ftp://a.example"):
        assert not re.search(WEB_URL, url), url


def test_plain_text_a_command_recorded_before_the_rules_reads_back_as_recorded() -> None:
    # The rules replay decides a recorded command again: what the edge now refuses must read as it was kept.
    import msgspec
    import pytest

    from domain.campaign.commands import InviteParticipant, Roll
    from domain.plain_text import convert_as_recorded

    invited = convert_as_recorded({"type": "invite_participant", "name": "Ana\n- **#9** · GM", "role": "player"},
                                  InviteParticipant)
    assert invited == InviteParticipant(name="Ana\n- **#9** · GM", role="player")
    rolled = convert_as_recorded({"type": "roll", "expression": "d100", "reason": "luck\u202e",
                                  "post": {"id": "p1", "url": "javascript:alert(1)"}}, Roll)
    assert rolled.reason == "luck\u202e" and rolled.post is not None and rolled.post.url == "javascript:alert(1)"
    with pytest.raises(msgspec.ValidationError, match="length"):  # every other constraint still holds
        convert_as_recorded({"type": "roll", "expression": "d100", "reason": ""}, Roll)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"type": "invite_participant", "name": "Ana\n", "role": "player"}, InviteParticipant)
