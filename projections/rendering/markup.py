"""The two forum markups every text for people is written in: Markdown and BBCode, and THE escaper of each.

Markdown stays inside what CommonMark and Python-Markdown render alike: paragraphs, flat `-` lists after a
blank line, `**bold**`, `*italics*`, `[links](url)` and backslash escapes of the characters both know. No
strikethrough (neither has it): an undone event carries a word mark. BBCode uses only phpBB's default
tags (`b`, `i`, `u`, `color`, `size`, `url`, `list`, `*`): no `[s]`, no tables.

Whatever a participant typed goes through `Writer.text` (one line) or `Writer.lines` (a note's lines), and
every link through `Writer.link`; nothing else writes their text into a paste. The contract (docs/history.md,
"Escaping"): no tag, link, image, raw HTML or line-start construct of theirs survives, control and invisible
characters show as visible marks, a link is an absolute http(s) url or a path of this service.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal
from urllib.parse import quote

from domain.plain_text import REFUSED_IN_LINE

Markup = Literal["markdown", "bbcode"]

# Invisible joiner that every forum and both Markdown parsers keep as text and no parser reads inside a tag
# name, a url scheme or a mention: "[\u200bspoiler]" shows as "[spoiler]" and is no tag.
_BREAK = "\u200b"
# What both CommonMark and Python-Markdown unescape anywhere: backslash (first, so that no backslash this
# escaper writes is escaped again), backtick, emphasis, brackets. A chain of `in` and `replace` is several
# times faster than one regex substitution on the short, mostly clean lines told here.
_MD_SPECIAL = ("\\", "`", "*", "_", "[", "]")
# The signs `_MD_LINE_START` looks for first (besides a digit, any script's, as its `\d`): a line that starts
# with none of them opens no block.
_MD_LINE_STARTERS = frozenset("#>+-=~|:")
# A line that would open a block: a heading, a quote, a list item, a thematic break or a setext underline.
_MD_LINE_START = re.compile(r"^(?:([#>+-])|(\d{1,9})([.)])|([=~|:]))")
# What turns text into a link or a ping where the paste lands: a url scheme, "www.", an email or a
# Discord mention (@everyone); a run of Discord's strikethrough or spoiler marks.
_WWW = re.compile(r"(?i)(?<=www)(?=\.)")
# A bracket a forum could read as a tag's start: before a letter, "/", "*" or any other sign. Before a digit
# or a space (dice faces, "[7, 6]") no forum reads a tag, so those stay as written.
_BB_OPEN = re.compile(r"\[(?![\d\s])")
_LINE_BREAK = re.compile(r"\r\n|[\n\r]")
# A link's url: absolute http(s) on a plain host (and port), or a path of this service (never "//host").
_ABSOLUTE = re.compile(r"^(https?)://([A-Za-z0-9.-]+(?::[0-9]{1,5})?)(?=[/?#]|$)(.*)", re.I | re.S)
_SERVICE_PATH = re.compile(r"^/(?![/\\])(.*)", re.S)
# Kept as written in a url: RFC 3986 unreserved and reserved characters that no markup reads specially.
_URL_SAFE = "/?#&=+;,:@!$~._-%"
_LONE_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
# A url's rest that `quote` would leave as it is (what it never encodes and `_URL_SAFE`, no `%`): a proof link.
_URL_PLAIN = re.compile(r"[A-Za-z0-9_.~/?#&=+;,:@!$-]*")


def _visible(char: str) -> str:
    """A control or invisible character as a mark a reader sees: C0 as its control picture, the rest as �."""
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)
    return "\u2421" if code == 0x7F else "\ufffd"


# Unicode Cc, Cf, Zl, Zp and Cs: the characters the edge refuses in one-line fields (domain/plain_text.py).
_INVISIBLE = re.compile(REFUSED_IN_LINE)


def _inert(value: str) -> str:
    """The text with tabs as spaces and every other control, format or separator character made visible."""
    value = value.replace("\t", " ")
    if value.isprintable():  # the common case, at C speed: no Cc, Cf, Zl, Zp or Cs in it
        return value
    return _INVISIBLE.sub(lambda found: _visible(found.group(0)), value)


def _unlinked(value: str) -> str:
    """No url, address or mention: a zero-width space after `:` of `://`, `www` and `@`."""
    if "://" in value:
        value = value.replace("://", ":" + _BREAK + "//")
    if "@" in value:
        value = value.replace("@", "@" + _BREAK)
    return _WWW.sub(_BREAK, value) if "." in value and "www" in value.lower() else value


def _undoubled(value: str, mark: str) -> str:
    """No run of two `mark`s (Discord's `~~` strikethrough, `||` spoiler): a zero-width space between."""
    while mark * 2 in value:
        value = value.replace(mark * 2, mark + _BREAK + mark)
    return value


# Pure and asked for the same url once per language and markup of an answer; bounded.
@lru_cache(maxsize=1024)
def safe_url(url: str) -> str | None:
    """The url as a paste may carry it (absolute http(s) or a path of this service, every character a
    markup reads specially percent-encoded), or None: such a url is not linked at all."""
    found = _ABSOLUTE.match(url)
    if found is not None:
        prefix, rest = f"{found.group(1).lower()}://{found.group(2)}", found.group(3)
    elif (path := _SERVICE_PATH.match(url)) is not None:
        prefix, rest = "/", path.group(1)
    else:
        return None
    if _URL_PLAIN.fullmatch(rest) is not None:
        return prefix + rest
    return prefix + quote(_LONE_PERCENT.sub("%25", rest), safe=_URL_SAFE)


@lru_cache(maxsize=256)
def safe_url_around(head: str, tail: str) -> tuple[str, str] | None:
    """`safe_url` of every url `head + n + tail`, n a whole number in digits (a roll's seq in its proof link),
    as the two parts around n, worked out once for all of them; None when such urls are not linked, or when
    `head` does not end with "/rolls/" (then ask `safe_url` of each).

    Why the parts hold for every n: the head's "/rolls/" ends any host (and port) before n, so whether the url
    is linked, and its scheme and host, are the head's alone; percent-encoding is character by character, and
    a `%` is read with the two characters after it only, never n's (the head ends with "s/", and n has none)."""
    if not head.endswith("/rolls/"):
        return None
    whole = safe_url(f"{head}0{tail}")
    if whole is None:
        return None
    before = safe_url(f"{head}0")
    if before is None or not whole.startswith(before):  # never, by the above: then each url is asked for itself
        return None
    return before[:-1], whole[len(before):]


def _markdown_line(value: str) -> str:
    text = _inert(value).strip()
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    for special in _MD_SPECIAL:
        if special in text:
            text = text.replace(special, "\\" + special)
    first = text[:1]
    start = _MD_LINE_START.match(text) if first in _MD_LINE_STARTERS or first.isdecimal() else None
    if start is not None:
        if start.group(1):
            text = "\\" + text
        elif start.group(2):
            text = f"{start.group(2)}\\{text[len(start.group(2)):]}"
        else:
            text = _BREAK + text
    text = _unlinked(text)
    if "~~" in text:
        text = _undoubled(text, "~")
    return _undoubled(text, "|") if "||" in text else text


def _bbcode_line(value: str) -> str:
    value = _inert(value)
    return _unlinked(_BB_OPEN.sub("[" + _BREAK, value) if "[" in value else value)


def slack_line(value: str) -> str:
    """One line for Slack's mrkdwn (and the chats that read Slack's webhook format): Slack's own three escapes
    (`&`, `<`, `>`: so no `<@U…>` mention, `<!here>` or `<url|label>` link of a participant's survives), no
    auto-linked url, address or `@` name, control and invisible characters as marks."""
    return _unlinked(_inert(value).strip().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))


@dataclass(frozen=True)
class Writer:
    """How one markup writes text, emphasis, links and lists."""

    markup: Markup
    # The markup's escaper, chosen once (every line of every answer goes through it).
    _line: Callable[[str], str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_line", _markdown_line if self.markup == "markdown" else _bbcode_line)

    def text(self, value: str) -> str:
        """Text as a reader sees it, whatever it holds, on one line: markup characters lose their meaning,
        control and invisible characters (a line break too) show as marks."""
        return self._line(value)

    def lines(self, value: str) -> str:
        """Text that may hold line breaks (a note): each line escaped as `text`, blank lines dropped, the
        lines after the first indented, so none of them opens a block, an item or a paragraph of its own."""
        # Blank by any measure (Unicode spaces too: U+00A0 alone left an empty first line, and the indented
        # line after it became a code block) is dropped.
        if "\n" not in value and "\r" not in value:  # one line, the common case
            written = self._line(value)
            return written if written and not written.isspace() else ""  # `strip()`'s test, without a copy
        lines = [written for line in _LINE_BREAK.split(value) if (written := self.text(line)).strip()]
        return ("\n" + _INDENT[self.markup]).join(lines)

    def bold(self, value: str) -> str:
        return f"**{value}**" if self.markup == "markdown" else f"[b]{value}[/b]"

    def italic(self, value: str) -> str:
        return f"*{value}*" if self.markup == "markdown" else f"[i]{value}[/i]"

    def muted(self, value: str) -> str:
        """Greyed out where the markup can (BBCode), in italics where it cannot (Markdown)."""
        return f"*{value}*" if self.markup == "markdown" else f"[color=gray]{value}[/color]"

    def link(self, label: str, url: str) -> str:
        """`label` (already written in this markup) linked to `url`; a url that is neither absolute http(s)
        nor a path of this service is not linked: the label stands alone."""
        safe = safe_url(url)
        if safe is None:
            return label
        return f"[{label}]({safe})" if self.markup == "markdown" else f"[url={safe}]{label}[/url]"

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


# A continuation line: in Markdown four spaces (a lazy continuation in both parsers, never a code block
# after a line of text); in BBCode no-break spaces, which forums keep, so the line reads as part of its item.
_INDENT: dict[Markup, str] = {"markdown": "    ", "bbcode": "\u00a0\u00a0\u00a0\u00a0"}

WRITERS: dict[Markup, Writer] = {"markdown": Writer("markdown"), "bbcode": Writer("bbcode")}


def both_lines(value: str) -> tuple[str, str]:
    """`lines` of the value in Markdown and in BBCode: a roll's sentence is written in both for every answer, and
    its one line (the common case) is told once."""
    if "\n" in value or "\r" in value:
        return WRITERS["markdown"].lines(value), WRITERS["bbcode"].lines(value)
    markdown, bbcode = _markdown_line(value), _bbcode_line(value)
    return (markdown if markdown and not markdown.isspace() else "",
            bbcode if bbcode and not bbcode.isspace() else "")
