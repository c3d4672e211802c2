"""The two forum markups every text for people is written in: Markdown and BBCode.

Markdown stays inside what CommonMark and Python-Markdown render alike: paragraphs, flat `-` lists after a
blank line, `**bold**`, `*italics*`, `[links](url)` and backslash escapes of the characters both know. No
strikethrough (neither has it): an undone event carries a word mark. BBCode uses only phpBB's default
tags (`b`, `i`, `u`, `color`, `size`, `url`, `list`, `*`, `quote`, `code`): no `[s]`, no tables.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Markup = Literal["markdown", "bbcode"]

# What both CommonMark and Python-Markdown unescape: backslash, backtick, emphasis, brackets, parentheses.
_MD_SPECIAL = re.compile(r"([\\`*_\[\]])")
# A word in brackets that phpBB would read as one of its tags.
_BB_TAG = re.compile(r"\[(/?)(b|i|u|s|color|size|url|list|\*|quote|code|img|email|flash|attachment)(\W)", re.I)


@dataclass(frozen=True)
class Writer:
    """How one markup writes text, emphasis, links and lists."""

    markup: Markup

    def text(self, value: str) -> str:
        """Text as a reader sees it, whatever it holds: markup characters lose their meaning."""
        if self.markup == "markdown":
            return _MD_SPECIAL.sub(r"\\\1", value).replace("<", "&lt;")
        return _BB_TAG.sub(lambda m: f"[\u200b{m.group(1)}{m.group(2)}{m.group(3)}", value)

    def bold(self, value: str) -> str:
        return f"**{value}**" if self.markup == "markdown" else f"[b]{value}[/b]"

    def italic(self, value: str) -> str:
        return f"*{value}*" if self.markup == "markdown" else f"[i]{value}[/i]"

    def muted(self, value: str) -> str:
        """Greyed out where the markup can (BBCode), in italics where it cannot (Markdown)."""
        return f"*{value}*" if self.markup == "markdown" else f"[color=gray]{value}[/color]"

    def link(self, label: str, url: str) -> str:
        if self.markup == "markdown":
            return f"[{label}](<{url}>)" if " " in url else f"[{label}]({url})"
        return f"[url={url}]{label}[/url]"

    def title(self, value: str) -> str:
        return f"**{value}**" if self.markup == "markdown" else f"[b][size=150]{value}[/size][/b]"

    def items(self, lines: Sequence[str]) -> str:
        """A flat list, one item per line (empty: nothing)."""
        if not lines:
            return ""
        if self.markup == "markdown":
            return "\n".join(f"- {line.strip()}" for line in lines)
        return "[list]\n" + "\n".join(f"[*]{line.strip()}" for line in lines) + "\n[/list]"

    def small(self, value: str) -> str:
        return f"*{value}*" if self.markup == "markdown" else f"[size=85][color=gray]{value}[/color][/size]"


WRITERS: dict[Markup, Writer] = {"markdown": Writer("markdown"), "bbcode": Writer("bbcode")}
