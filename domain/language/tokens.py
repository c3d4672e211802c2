"""One command line as tokens: words, quoted strings, `->`, `#ids`, signed modifiers and `key=value` options.

Forums turn straight quotes into curly ones, so “…”, «…» and „…“ quote too. Inside quotes `\\"`, `\\\\`,
`\\n`, `\\t`, `\\r`, `\\/`, `\\uXXXX` and `\\UXXXXXXXX` are escapes; any other backslash stays as written.
"""

from __future__ import annotations

import re
from typing import Literal

import msgspec

TokenKind = Literal["word", "quoted", "option", "id", "arrow", "signed"]

_CLOSING: dict[str, str] = {'"': '"', "“": "”", "«": "»", "„": "“”"}
_ARROWS = ("->", "→")
_SIGNED = re.compile(r"^([+-])(\d{1,18})([^\W\d_]*)$")
# Every scan below stops where its token ends, so a line is read in time linear in its length (issue 18:
# a scan to the end of the line from every token of a line without spaces, `a->a->…` or `"a""a"…`, was
# quadratic). A signed modifier glued to a quoted label: the whole rest of the bare run.
_SIGNED_RUN = re.compile(r"[+-]\d{1,18}[^\W\d_]*(?!\S)")
# A bare token: up to a space or an arrow.
_BARE_TOKEN = re.compile(r"(?:[^\s\-→]|-(?!>))*")
_RUN = re.compile(r"\S*")
# An option's key: a name right before the first `=` or `:` of the token.
_OPTION_KEY = re.compile(r"[^\W\d][\w-]*(?=[=:])")
_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "r": "\r", "t": "\t", "/": "/"}


class Token(msgspec.Struct, frozen=True, kw_only=True):
    """A token as written (`text`) and as read: the string `value`, an option's `key`, a signed `number`."""

    kind: TokenKind
    text: str
    value: str = ""
    key: str = ""
    value_form: Literal["bare", "quoted", "json"] = "bare"
    number: int = 0
    unit: str = ""
    label: str | None = None


class TokenError(ValueError):
    """The line cannot be split into tokens: an unclosed quote or an unbalanced JSON value."""

    def __init__(self, code: Literal["unclosed_quote", "bad_json"], text: str) -> None:
        super().__init__(f"{code}: {text}")
        self.code = code
        self.text = text


def tokenize(line: str) -> tuple[Token, ...]:
    """The tokens of one command line, or TokenError."""
    tokens: list[Token] = []
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if ch.isspace():
            i += 1
        elif ch in _CLOSING:
            value, end = _read_quoted(line, i)
            signed = _SIGNED_RUN.match(line, end)
            if signed:
                run = signed.group(0)
                tokens.append(_signed(line[i:end + len(run)], run, label=value))
                i = end + len(run)
            else:
                tokens.append(Token(kind="quoted", text=line[i:end], value=value))
                i = end
        elif ch == "#":
            if i + 1 < n and line[i + 1] in _CLOSING:
                value, end = _read_quoted(line, i + 1)
            else:
                run = _bare_run(line, i + 1)
                value, end = run, i + 1 + len(run)
            tokens.append(Token(kind="id", text=line[i:end], value=value))
            i = end
        else:
            i = _read_bare(line, i, tokens)
    return tuple(tokens)


def _read_bare(line: str, start: int, tokens: list[Token]) -> int:
    """Read a bare run (splitting off arrows); an option's value may be quoted or JSON."""
    for arrow in _ARROWS:
        if line.startswith(arrow, start):
            tokens.append(Token(kind="arrow", text=arrow))
            return start + len(arrow)
    key = _OPTION_KEY.match(line, start)
    if key is not None:
        value_start = key.end() + 1
        if value_start < len(line) and line[value_start] in _CLOSING:
            value, end = _read_quoted(line, value_start)
            tokens.append(Token(kind="option", text=line[start:end], key=key.group(0), value=value,
                                value_form="quoted"))
            return end
        if value_start < len(line) and line[value_start] in "{[":
            end = _json_end(line, value_start)
            tokens.append(Token(kind="option", text=line[start:end], key=key.group(0), value=line[value_start:end],
                                value_form="json"))
            return end
    bare = _BARE_TOKEN.match(line, start)
    assert bare is not None  # it matches the empty string
    end = bare.end()
    run = line[start:end]
    if key is not None:
        tokens.append(Token(kind="option", text=run, key=key.group(0), value=line[key.end() + 1:end]))
        return end
    if _SIGNED.match(run):
        tokens.append(_signed(run, run, label=None))
    else:
        tokens.append(Token(kind="word", text=run, value=run))
    return start + len(run)


def _signed(text: str, run: str, label: str | None) -> Token:
    match = _SIGNED.match(run)
    assert match is not None
    number = int(match.group(2)) * (-1 if match.group(1) == "-" else 1)
    return Token(kind="signed", text=text, value=run, number=number, unit=match.group(3).casefold(), label=label)


def _bare_run(line: str, start: int) -> str:
    found = _RUN.match(line, start)
    assert found is not None  # `\S*` matches the empty string
    return found.group(0)


def _read_quoted(line: str, start: int) -> tuple[str, int]:
    """The unescaped content of the quoted string opening at `start`, and the index after its closing quote."""
    closing = _CLOSING[line[start]]
    out: list[str] = []
    i = start + 1
    while i < len(line):
        ch = line[i]
        if ch in closing:
            return "".join(out), i + 1
        if ch == "\\" and i + 1 < len(line):
            nxt = line[i + 1]
            if nxt in _ESCAPES:
                out.append(_ESCAPES[nxt])
                i += 2
                continue
            if nxt in closing:
                out.append(nxt)
                i += 2
                continue
            width = 4 if nxt == "u" else 8 if nxt == "U" else 0
            digits = line[i + 2:i + 2 + width]
            if width and len(digits) == width and all(c in "0123456789abcdefABCDEF" for c in digits):
                code = int(digits, 16)
                if code <= 0x10FFFF:
                    out.append(chr(code))
                    i += 2 + width
                    continue
        out.append(ch)
        i += 1
    raise TokenError("unclosed_quote", line[start:])


def _json_end(line: str, start: int) -> int:
    """The index after the JSON object or array opening at `start` (strings respected)."""
    depth, i, in_string = 0, start, False
    while i < len(line):
        ch = line[i]
        if in_string:
            if ch == "\\":
                i += 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise TokenError("bad_json", line[start:])


def quote(text: str) -> str:
    """`text` as a quoted token that reads back as exactly `text` (and never closes a `[lx]` block)."""
    out: list[str] = ['"']
    for ch in text:
        if ch in ('"', "\\"):
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif not ch.isprintable():
            out.append(f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out).replace("[/", "[\\/")
