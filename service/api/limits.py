"""What the edge refuses before anything else reads it: bodies nested too deep, integers no column holds.

Decoders recurse once per level of nesting, so a body of a few thousand `[` exhausts the stack; and
JSON integers are unbounded while PostgreSQL's are 64-bit. Both are a client's mistake (400), never a
server error.
"""

from __future__ import annotations

import re
from typing import Any

from litestar import Request

from service.api.problems import ApiError

MAX_DEPTH = 32
# What a bigint column holds: every integer of a body must fit, whatever field it is in.
INT_MIN, INT_MAX = -(2**63), 2**63 - 1
# What an int column holds (encounter rounds and turns in time travel).
INT32_MAX = 2**31 - 1
_OPEN = (b"[", b"{")
# Strings (with their escapes) first, so only structural brackets are left to count; both in C.
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(rb"[\[\]{}]")


def nesting_depth(body: bytes) -> int:
    """The deepest nesting of arrays and objects in a JSON text (brackets inside strings do not count)."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub(b"", body)):
        if bracket in _OPEN:
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


async def refuse_deep_bodies(request: Request[Any, Any, Any]) -> None:
    """An app-wide before_request hook: a NUL in the path or the query, or a body nested deeper than MAX_DEPTH,
    is a 400 before anything reads it."""
    refuse_nul_in_url(request)
    if request.method not in ("POST", "PUT", "PATCH"):
        return
    body = await request.body()
    if body.count(b"[") + body.count(b"{") > MAX_DEPTH and nesting_depth(body) > MAX_DEPTH:
        raise ApiError(400, "bad-request",
                       f"the body nests arrays and objects deeper than {MAX_DEPTH} levels; flatten it",
                       f"el cuerpo anida listas y objetos a más de {MAX_DEPTH} niveles; aplánalo")


def refuse_nul_in_url(request: Request[Any, Any, Any]) -> None:
    """Path and query values reach text columns (a post id, an encounter, a share key, a link id), and
    PostgreSQL text cannot hold U+0000: refused here, like the same character in a body."""
    if "\x00" in request.url.path:
        raise ApiError(400, "invalid-request", "the path contains the NUL character (%00), which no id holds",
                       "la ruta contiene el carácter NUL (%00), que ningún id contiene")
    for name, value in request.query_params.multi_items():
        if "\x00" in name or "\x00" in value:
            raise ApiError(400, "invalid-request",
                           f"the query parameter {name.replace(chr(0), '%00')!r} contains the NUL character (%00), "
                           "which cannot be stored",
                           f"el parámetro {name.replace(chr(0), '%00')!r} contiene el carácter NUL (%00), que no se "
                           "puede guardar")


def check_body(value: Any, where: str = "body") -> None:
    """Refuse text PostgreSQL cannot hold (U+0000) and integers outside the 64-bit range, naming the field."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if not INT_MIN <= value <= INT_MAX:
            raise ApiError(400, "invalid-request", f"{where} is {value}, beyond any integer the log can hold (±2⁶³)",
                           f"{where} es {value}, fuera de los enteros que el registro puede guardar (±2⁶³)")
    elif isinstance(value, str):
        if "\x00" in value:
            raise ApiError(
                400, "invalid-request", f"{where} contains the NUL character (\\u0000), which cannot be stored",
                f"{where} contiene el carácter NUL (\\u0000), que no se puede guardar",
            )
    elif isinstance(value, dict):
        for key, item in value.items():
            check_body(key, where)
            check_body(item, f"{where}.{key}")
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            check_body(item, f"{where}[{index}]")
