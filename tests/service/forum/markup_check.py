"""Markdown that CommonMark (markdown-it-py) and Python-Markdown render alike, and BBCode within phpBB's
default tags."""

from __future__ import annotations

import re

import markdown
from markdown_it import MarkdownIt

_COMMONMARK = MarkdownIt("commonmark")
# phpBB 3's default BBCodes (Posting → BBCode guide): anything else shows as text, and [s] is not there.
PHPBB_TAGS = {"b", "i", "u", "quote", "code", "list", "*", "img", "url", "email", "size", "color", "flash",
              "attachment"}
_TAG = re.compile(r"\[/?([a-z*]+)(?:=[^\]]*)?\]")


def _normal(html: str) -> str:
    # Whitespace next to a block tag renders as nothing (a nested list after an item's text: markdown-it
    # writes "text\n<ul>", Python-Markdown "text<ul>"); whitespace between inline tags is left to compare.
    html = re.sub(r"\s+(</?(?:ul|ol|li|p|h[1-6])>)", r"\1", html)
    return re.sub(r">\s+<", "><", html).strip()


def same_html(text: str) -> str:
    """The HTML both parsers make of `text` (asserting they agree)."""
    commonmark = _normal(_COMMONMARK.render(text))
    python_markdown = _normal(markdown.markdown(text))
    assert commonmark == python_markdown, (commonmark, python_markdown)
    return commonmark


def bbcode_tags(text: str) -> set[str]:
    """The BBCode tags a text uses (each must be a default phpBB tag)."""
    return {m.group(1) for m in _TAG.finditer(text) if m.group(1) in PHPBB_TAGS or m.group(1) in {"s", "table"}}
