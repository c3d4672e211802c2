"""What the edge refuses before anything else reads it: bodies nested too deep, integers no column holds.

Decoders recurse once per level of nesting, so a body of a few thousand `[` exhausts the stack; and
JSON integers are unbounded while PostgreSQL's are 64-bit. Both are a client's mistake (400), never a
server error.
"""

from __future__ import annotations

import re
from typing import Any

from litestar import Request

from domain.message import message
from service.api.problems import ApiError

MAX_DEPTH = 32
# Arrays, objects and items (commas) a body may hold: the decoder builds every one of them before the handler
# (and authentication) runs, about 0.3 s a million. The largest command, a critical table of 2,000 rows of a
# few effects each, holds some 30,000.
MAX_VALUES = 100_000
# What a bigint column holds: every integer of a body must fit, whatever field it is in.
INT_MIN, INT_MAX = -(2**63), 2**63 - 1
# What an int column holds (encounter rounds and turns in time travel).
INT32_MAX = 2**31 - 1

# The bytes of a body each route reads (docs/api.md, "Limits"); a larger body is a 413 before anything reads
# it (Litestar refuses a larger Content-Length at once, and stops reading a chunked body at the limit). Each is
# what the route's schema can hold with every character escaped as `\uXXXX` (6 bytes), plus room for
# whitespace; tests/service/test_edge_limits.py recomputes the schemas' bounds.
POST_BODY_BYTES = 140_000  # text 20,000 characters, post id 200, url 2,000, author 200: 134,464 escaped
# The largest command: a critical table of 2,000 rows of 500 characters and three effects each is 6,370,481.
COMMAND_BODY_BYTES = 6_500_000
CAMPAIGN_BODY_BYTES = 16_384  # name and GM 200 characters each (2,494), and the ruleset's few options
SMALL_BODY_BYTES = 4_096  # an invitation (1,248), a share link's label (1,212)
FORM_BODY_BYTES = 8_192  # the sign-in form: a token and the page asked for
# Every other route (GETs, DELETEs, sign-out) reads no body: this bounds what the depth check would read.
DEFAULT_BODY_BYTES = 16_384

# A string is a quote, then anything but an unescaped quote, then its closing quote or the end of the body.
# Once started it cannot fail (an unterminated string runs to the end), and it is possessive: no quote ever
# restarts a scan, which made the plain pattern quadratic on a string of escaped quotes (6 minutes for 200 kB).
_STRINGS = re.compile(rb'"(?:[^"\\]++|\\.?)*+(?:"|\Z)', re.S)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_SQUARE = bytes.maketrans(b"{}", b"[]")


def nesting_depth(body: bytes, bound: int = MAX_DEPTH) -> int:
    """How deep the arrays and objects of a JSON text nest (brackets inside strings do not count), counted only
    up to `bound` + 1: what is deeper than that is refused, not measured."""
    return _depth(_STRINGS.sub(b"", body), bound)


def _depth(structure: bytes, bound: int) -> int:
    # All at C speed: every byte but a bracket goes; each pass then removes the innermost pairs, so a valid
    # body of depth d is empty after d passes, and a deeper one is known after bound + 1.
    brackets = structure.translate(None, _NOT_BRACKETS).translate(_SQUARE)
    passes = 0
    while brackets and passes <= bound:
        inner_removed = brackets.replace(b"[]", b"")
        if len(inner_removed) == len(brackets):
            break
        brackets, passes = inner_removed, passes + 1
    # Brackets no pass removes were left open (or closed before opening): a decoder nests into each open one.
    return passes + brackets.count(b"[")


async def refuse_deep_bodies(request: Request[Any, Any, Any]) -> None:
    """An app-wide before_request hook: a NUL in the path or the query, a body nested deeper than MAX_DEPTH or
    holding more than MAX_VALUES values, is a 400 before anything decodes it (and before authentication); a
    body over the route's limit is a 413 as it is read."""
    refuse_nul_in_url(request)
    if request.method not in ("POST", "PUT", "PATCH"):
        return
    refuse_deep_body(await request.body())


def refuse_deep_body(body: bytes) -> None:
    """The body's part of `refuse_deep_bodies`, for a body already read (the command's fast path)."""
    if body.count(b"[") + body.count(b"{") + body.count(b",") <= MAX_DEPTH:
        return  # too few brackets to nest too deep, or to hold too many values
    structure = _STRINGS.sub(b"", body)
    values = structure.count(b"[") + structure.count(b"{") + structure.count(b",")
    if values > MAX_VALUES:
        raise ApiError(400, "bad-request", message("edge.too_many_values", limit=MAX_VALUES))
    if _depth(structure, MAX_DEPTH) > MAX_DEPTH:
        raise ApiError(400, "bad-request", message("edge.too_deep", depth=MAX_DEPTH))


def refuse_nul_in_url(request: Request[Any, Any, Any]) -> None:
    """Path and query values reach text columns (a post id, an encounter, a share key, a link id), and
    PostgreSQL text cannot hold U+0000: refused here, like the same character in a body."""
    scope = request.scope
    # Every request passes here: the URL object and the parsed query (about 7 µs) are built only when the raw
    # path or query could hold a NUL. The query's values are percent-decoded, so `%00` is one too.
    query = scope.get("query_string", b"")
    if "\x00" not in scope["path"] and "\x00" not in scope.get("root_path", "") and b"\x00" not in query \
            and b"%00" not in query:
        return
    if "\x00" in request.url.path:
        raise ApiError(400, "invalid-request", message("edge.nul_in_path"))
    for name, value in request.query_params.multi_items():
        if "\x00" in name or "\x00" in value:
            raise ApiError(400, "invalid-request", message("edge.nul_in_query", name=repr(name.replace(chr(0), "%00"))))


def plain_and_bounded(fields: Any) -> bool:
    """Whether a body's builtins are one flat object of printable ASCII texts, 64-bit integers, booleans and
    nulls, keys included: then neither `check_body` nor `check_plain_text` has anything to refuse (a printable
    ASCII character is no control, format or separator character, nor U+0000), and both walks are spared. A
    False says nothing: walk."""
    if type(fields) is not dict:
        return False
    for key, value in fields.items():
        if type(key) is not str or not (key.isascii() and key.isprintable()):
            return False
        kind = type(value)
        if kind is str:
            if not (value.isascii() and value.isprintable()):
                return False
        elif kind is int:
            if not INT_MIN <= value <= INT_MAX:
                return False
        elif value is not None and kind is not bool:
            return False
    return True


def check_body(value: Any, where: str = "body") -> None:
    """Refuse text PostgreSQL cannot hold (U+0000) and integers outside the 64-bit range, naming the field."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if not INT_MIN <= value <= INT_MAX:
            raise ApiError(400, "invalid-request", message("edge.integer_too_large", where=where, value=str(value)))
    elif isinstance(value, str):
        if "\x00" in value:
            raise ApiError(400, "invalid-request", message("edge.nul_in_text", where=where))
    elif isinstance(value, dict):
        for key, item in value.items():
            check_body(key, where)
            check_body(item, f"{where}.{key}")
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            check_body(item, f"{where}[{index}]")
