"""`base_of` (service/api/sharing.py) remembers the base per (scheme, server, root path, Host): each request still
gets the address it reached, never another request's."""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Request

from service.api import sharing
from service.api.sharing import base_of


def _request(host: bytes | None, scheme: str = "http", server: Any = ("10.0.0.1", 8000), root_path: str = "",
             app_root_path: str | None = None) -> Request[Any, Any, Any]:
    headers = [(b"accept", b"*/*")] + ([(b"host", host)] if host is not None else [])
    scope: dict[str, Any] = {"type": "http", "method": "POST", "scheme": scheme, "server": server, "path": "/x",
                             "root_path": root_path, "query_string": b"", "headers": headers, "state": {}}
    if app_root_path is not None:
        scope["app_root_path"] = app_root_path
    return Request(scope)  # type: ignore[arg-type]


@pytest.mark.parametrize(("request_args", "expected"), [
    ({"host": b"forum.example:8080"}, "http://forum.example:8080"),
    ({"host": b"other.example"}, "http://other.example"),
    ({"host": b"other.example", "scheme": "https"}, "https://other.example"),
    ({"host": None}, "http://10.0.0.1:8000"),
    ({"host": None, "server": ("10.0.0.2", 80)}, "http://10.0.0.2"),
    ({"host": b"forum.example:8080", "root_path": "/lex"}, "http://forum.example:8080/lex"),
    ({"host": b"forum.example:8080", "root_path": "/lex", "app_root_path": "/app"}, "http://forum.example:8080/app"),
])
def test_each_request_gets_the_address_it_reached(request_args: dict[str, Any], expected: str) -> None:
    for _ in range(2):  # the second from what was remembered
        assert base_of(_request(**request_args)) == expected
        assert str(_request(**request_args).base_url).rstrip("/") == expected  # what Litestar says


def test_what_is_remembered_is_bounded() -> None:
    for number in range(sharing._BASES_LIMIT * 2):
        assert base_of(_request(f"h{number}.example".encode())) == f"http://h{number}.example"
        assert len(sharing._BASES) <= sharing._BASES_LIMIT
