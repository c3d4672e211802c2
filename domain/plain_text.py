"""What a participant may type into a text field: the character classes the edge refuses, as msgspec patterns.

Every text a participant sends ends up pasted into a forum post (BBCode), a Discord message (Markdown) or a
terminal. A line break in a name forges a transcript line ("Game Master: GM note …", a fake head witness);
a bidirectional override or an invisible format character makes text read other than it is. So one-line
fields (names, reasons, titles, labels, ids) refuse every control (Unicode Cc), format (Cf), line- and
paragraph-separator (Zl, Zp) character and lone surrogates (Cs); multi-line fields (notes, briefings) allow
the line feed, carriage return and tab and refuse the rest. Urls are absolute http(s) urls.

The patterns are published in the OpenAPI schema, so they read alike in Python (msgspec) and ECMAScript: only
`\\uXXXX` escapes of the Basic Multilingual Plane, no surrogates (the JSON decoder refuses a lone one), no
`\\Z` (`$(?!\\n)` keeps Python's `$` from matching before a final line feed). The few format characters
beyond that plane (tags, Egyptian hieroglyph and musical format controls …) are refused by `refused_in`,
the walk every body with text goes through at the edge (service/api/plain_text.py).
"""

from __future__ import annotations

import re
from typing import Annotated, Any

import msgspec

# Cc (past C0), Cf, Zl and Zp of Unicode 15 in the Basic Multilingual Plane (Python 3.11 ships 14.0):
# tests/domain/test_plain_text.py checks these classes against the running Python's tables.
_INVISIBLE = (
    r"\u007f-\u009f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u2028-\u202e"
    r"\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
)
# Format characters beyond the Basic Multilingual Plane (13439–1343F became Cf in Unicode 15), and
# surrogates: for the walk and the renderers, which Python alone reads.
_ASTRAL = (
    r"\ud800-\udfff"
    r"\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    r"\U000e0001\U000e0020-\U000e007f"
)
ONE_LINE = rf"^[^\u0000-\u001f{_INVISIBLE}]*$(?!\n)"
MULTI_LINE = rf"^[^\u0000-\u0008\u000b\u000c\u000e-\u001f{_INVISIBLE}]*$(?!\n)"
# An absolute http(s) url: scheme, host, then anything but whitespace and the characters refused above.
WEB_URL = rf"^[Hh][Tt][Tt][Pp][Ss]?://[^\s/?#@\\{_INVISIBLE}\u0000-\u001f][^\s{_INVISIBLE}\u0000-\u001f]*$(?!\n)"

ShortText = Annotated[str, msgspec.Meta(min_length=1, max_length=200, pattern=ONE_LINE)]
"""A name, a reason, a title, a label: one line of at most 200 characters."""
LongText = Annotated[str, msgspec.Meta(min_length=1, max_length=20_000, pattern=MULTI_LINE)]
"""A briefing, a note: lines of text, at most 20,000 characters."""
WebUrl = Annotated[str, msgspec.Meta(max_length=2000, pattern=WEB_URL)]
"""Where a forum post is: an absolute http:// or https:// url."""

def plain_text_rule(message: str) -> str | None:
    """Which of the patterns above a decoder's message (msgspec's) says a text broke, or None."""
    for name, pattern in (("one_line", ONE_LINE), ("lines", MULTI_LINE), ("url", WEB_URL)):
        if message == f"Expected `str` matching regex {pattern!r}":
            return name
    return None


# Every character a one-line field refuses: what a renderer must show as a mark (projections/rendering/markup.py).
REFUSED_IN_LINE = rf"[\u0000-\u001f{_INVISIBLE}{_ASTRAL}]"
_REFUSED_IN_LINE = re.compile(REFUSED_IN_LINE)
_REFUSED_IN_LINES = re.compile(rf"[\u0000-\u0008\u000b\u000c\u000e-\u001f{_INVISIBLE}{_ASTRAL}]")
# The fields that hold lines of text (typed LongText or Note where a command declares them): every other
# text field of a command is one line.
MULTI_LINE_FIELDS = frozenset({"text", "note", "briefing", "rationale", "reason"})


def refused_in(value: object, where: str = "body", lines: bool = False) -> tuple[str, str] | None:
    """The first text of a decoded body (builtins: dicts, lists, strings) holding a character the edge refuses,
    as (where, the character), or None; `lines`: the texts may hold line breaks and tabs.

    Fields typed with the patterns above are refused by the decoder already; this walk covers the text fields
    of structures the log's events embed too (sheets, modifiers, critical tables), which can carry no
    pattern: an event written before the rule must still decode.
    """
    if isinstance(value, str):
        found = (_REFUSED_IN_LINES if lines else _REFUSED_IN_LINE).search(value)
        return (where, found.group(0)) if found is not None else None
    if isinstance(value, dict):
        for key, item in value.items():
            refused = refused_in(key, f"{where} key", False) or refused_in(
                item, f"{where}.{key}", isinstance(key, str) and key in MULTI_LINE_FIELDS)
            if refused is not None:
                return refused
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            refused = refused_in(item, f"{where}[{index}]", lines)
            if refused is not None:
                return refused
    return None


_PATH_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")
# A text each rule accepts, standing in for a recorded one while the rest of the body is checked.
_STAND_INS = {"one_line": "x", "lines": "x", "url": "https://x.invalid/"}


def convert_as_recorded(body: Any, kind: Any) -> Any:
    """`msgspec.convert(body, kind)` for a command the log recorded: a text the plain-text rules (added after
    it was written) refuse is kept as recorded, every other constraint still checked.

    The log keeps a command as it was accepted; replaying it (projections/rules_replay.py) must decide that
    same command, so a name with a line break recorded before the rule reads back with its line break.
    """
    kept: list[tuple[list[str | int], str]] = []
    while True:
        try:
            value = msgspec.convert(body, kind)
        except msgspec.ValidationError as error:
            message, _, where = str(error).partition(" - at `$")
            rule = plain_text_rule(message)
            steps: list[str | int] = [int(i) if i else name for name, i in _PATH_STEP.findall(where.rstrip("`"))]
            if rule is None or not steps or len(kept) > 1000:
                raise
            body, original = _put_builtin(body, steps, _STAND_INS[rule])
            kept.append((steps, original))
            continue
        for steps, original in kept:
            value = _put_struct(value, steps, original)
        return value


def _put_builtin(body: Any, steps: list[str | int], text: str) -> tuple[Any, str]:
    step, rest = steps[0], steps[1:]
    copy: Any = dict(body) if isinstance(body, dict) else list(body)
    if rest:
        copy[step], original = _put_builtin(copy[step], rest, text)
    else:
        original, copy[step] = copy[step], text
    return copy, original


def _put_struct(value: Any, steps: list[str | int], text: str) -> Any:
    step, rest = steps[0], steps[1:]
    if isinstance(step, int):
        items = list(value)
        items[step] = _put_struct(items[step], rest, text) if rest else text
        return type(value)(items) if isinstance(value, tuple) else items
    if isinstance(value, dict):
        return {**value, step: _put_struct(value[step], rest, text) if rest else text}
    inner = getattr(value, step)
    return msgspec.structs.replace(value, **{step: _put_struct(inner, rest, text) if rest else text})
