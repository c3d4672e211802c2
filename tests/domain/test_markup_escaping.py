"""THE escaper of each markup (projections/rendering/markup.py), tried on any text: whatever a participant
types comes out as plain text — no tag a forum reads, no block, link, image or raw HTML either Markdown
parser makes, no extra line, no control or invisible character but the escaper's own zero-width space."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from projections.rendering.markup import WRITERS, safe_url
from tests.service.forum.pasted import markdown_structures

# Any tag shape a forum reads (phpBB, vBulletin, XenForo, MyBB): `[name`, `[/name`, `[*`, the name right
# after the bracket.
_TAG_START = re.compile(r"\[/?[A-Za-z*]")
# Text that leans on markup: brackets, tags, emphasis, line starts, entities, urls, mentions, controls.
_MARKUP_BITS = st.sampled_from([
    "[", "]", "[b]", "[/list]", "[*]", "[spoiler]", "[url=", "*", "_", "`", "```", "~~", "||", "#", "> ", "- ",
    "+ ", "1. ", "2) ", "===", "---", "<", ">", "<script>", "<img src=x>", "&", "&#x202e;", "&lt;", "\\", "!",
    "(", ")", "https://e.example", "www.e.example", "@everyone", "a@b.example", "\n", "\r\n", "\r", "\t",
    "    ", "\u202e", "\u2028", "\u0085", "\x00", "\u200b", "x", " ",
])
TEXTS = st.one_of(st.text(), st.lists(_MARKUP_BITS | st.text(max_size=3), max_size=12).map("".join))


def _allowed(char: str) -> bool:
    return char == "\u200b" or unicodedata.category(char) not in {"Cc", "Cf", "Zl", "Zp", "Cs"}


@settings(max_examples=400, deadline=None)
@given(TEXTS)
def test_escaping_bbcode_leaves_no_tag_shape_link_or_extra_line(text: str) -> None:
    written = WRITERS["bbcode"].text(text)
    assert not _TAG_START.search(written), written
    assert "\n" not in written and "\r" not in written and all(_allowed(c) for c in written), written
    assert "://" not in written and "www." not in written.lower() and "@" not in written.replace("@\u200b", "")


@settings(max_examples=400, deadline=None)
@given(TEXTS)
def test_escaping_bbcode_lines_keeps_every_line_inside_its_item(text: str) -> None:
    written = WRITERS["bbcode"].lines(text)
    assert not _TAG_START.search(written), written
    assert all(line.startswith("\u00a0" * 4) for line in written.split("\n")[1:]), written


@settings(max_examples=400, deadline=None)
@given(TEXTS, st.sampled_from(["{}", "- {}", "- **#3** · {}: x", "**{}**", "# Mission: {}"]))
def test_escaping_markdown_makes_no_structure_in_either_parser(text: str, place: str) -> None:
    written = WRITERS["markdown"].text(text)
    assert "\n" not in written and all(_allowed(c) for c in written), written
    assert "://" not in written and "www." not in written.lower()
    # The same place with a plain word: any tag more than it has came from the text.
    for escaped, plain in zip(markdown_structures(place.format(written)), markdown_structures(place.format("w")),
                              strict=True):
        if written.strip():  # a text of spaces alone makes no paragraph (Python-Markdown strips U+00A0 too)
            assert escaped.tags == plain.tags, (text, written, escaped.tags)


@settings(max_examples=400, deadline=None)
@given(TEXTS, st.sampled_from(["{}", "- {}", "- a\n    - {}"]))
def test_escaping_markdown_lines_adds_no_line_of_its_own(text: str, place: str) -> None:
    written = WRITERS["markdown"].lines(text)
    for escaped, plain in zip(markdown_structures(place.format(written)), markdown_structures(place.format("w")),
                              strict=True):
        if written.strip():  # a text of spaces alone makes no paragraph (Python-Markdown strips U+00A0 too)
            assert escaped.tags == plain.tags, (text, written, escaped.tags)


@settings(max_examples=400, deadline=None)
@given(st.text() | st.sampled_from(["javascript:alert(1)", " https://e.example", "//e.example", "/\\e.example",
                                    "https://a@b.example", "data:text/html,x", "HTTPS://E.EXAMPLE/[x]"]))
def test_escaping_urls_keeps_only_http_and_service_paths_with_nothing_markup_reads(url: str) -> None:
    safe = safe_url(url)
    if safe is None:
        return
    assert re.match(r"^(?:https?://[A-Za-z0-9.-]+(?::\d+)?(?=[/?#]|$)|/(?![/\\]))", safe), safe
    assert re.fullmatch(r"[A-Za-z0-9\-._~%!$&+,;=:@/?#]*", safe), safe


def test_a_line_of_unicode_spaces_alone_leaves_no_empty_first_line() -> None:
    """Hypothesis found it: "\xa0\n0" wrote an empty first line, and the indented line after it read as code."""
    assert WRITERS["markdown"].lines("\xa0\n0") == "0"
    assert [s.tags for s in markdown_structures(WRITERS["markdown"].lines("\u2003\nnote"))] == \
        [s.tags for s in markdown_structures("note")]
