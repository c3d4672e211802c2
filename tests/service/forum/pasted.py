"""What a forum or a Discord client makes of the text a GM pastes, read with parsers that are not ours.

Markdown goes through markdown-it-py (CommonMark) and Python-Markdown; BBCode through a tag scanner written
from the forums' own guides (phpBB, vBulletin, XenForo, MyBB all read a tag as `[name]`, `[name=value]` or
`[/name]`, the name starting right after the bracket). Both report the structure only (tag names, links),
so an attack and a harmless text of the same shape can be compared: player text must change no structure.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import markdown
from markdown_it import MarkdownIt

_COMMONMARK = MarkdownIt("commonmark")

# Every tag a real forum reads: the name begins right after `[` (or `[/`), letters, digits or `*`.
_BB_TAG = re.compile(r"\[(/?)([A-Za-z*][A-Za-z0-9*_-]*)(?:=([^\]]*))?\]")
# The tags our writer emits (docs/history.md): anything else in a paste came from someone's text.
WRITER_TAGS = {"b", "i", "u", "size", "color", "url", "list", "*"}
# A link a paste may hold: absolute http(s), or a path under the service; nothing a markup reads specially.
SAFE_LINK = re.compile(r"^(?:https?://[A-Za-z0-9.-]+(?::\d+)?|(?=/[^/\\]))[A-Za-z0-9\-._~%!$&*+,;=:@/?#]*\Z")


class _Structure(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.hrefs: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "a":
            self.hrefs.append(dict(attrs).get("href") or "")

    def handle_endtag(self, tag: str) -> None:
        self.tags.append("/" + tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def markdown_structures(text: str) -> list[_Structure]:
    """The HTML structure CommonMark and Python-Markdown each make of `text`."""
    found = []
    for html in (_COMMONMARK.render(text), markdown.markdown(text)):
        structure = _Structure()
        structure.feed(html)
        found.append(structure)
    return found


def assert_markdown_safe(attacked: str, harmless: str) -> None:
    """The attacked paste has exactly the harmless one's structure in both parsers, and only safe links."""
    for attack, plain in zip(markdown_structures(attacked), markdown_structures(harmless), strict=True):
        assert attack.tags == plain.tags, (attack.tags, plain.tags, attacked)
        for href in attack.hrefs:
            assert SAFE_LINK.match(href), href
        for tag in attack.tags:
            assert tag.lstrip("/") not in {"img", "script", "iframe", "style", "blockquote", "pre", "hr", "h3"}


def bbcode_structure(text: str) -> list[str]:
    """Every tag a forum would read in `text`, in order (a url tag with its address)."""
    return [f"{slash}{name.lower()}" + (f"={value}" if value is not None and name.lower() == "url" else "")
            for slash, name, value in _BB_TAG.findall(text)]


def assert_bbcode_safe(attacked: str, harmless: str) -> None:
    """Every tag in the attacked paste is one the writer emits, where the harmless one has it."""
    tags = bbcode_structure(attacked)
    for tag in tags:
        name, _, value = tag.lstrip("/").partition("=")
        assert name in WRITER_TAGS, (tag, attacked)
        if value:
            assert SAFE_LINK.match(value), value
    assert [t.partition("=")[0] for t in tags] == [t.partition("=")[0] for t in bbcode_structure(harmless)], (
        tags, bbcode_structure(harmless))


def plain_text(markdown_text: str) -> str:
    """What a reader sees of a Markdown paste (CommonMark), tags dropped and entities decoded."""
    return "".join(markdown_structures(markdown_text)[0].text)
