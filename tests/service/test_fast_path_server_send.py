"""The fast path hands its answer to the server's `send` itself (service/api/command_fast_path.py,
`_Rendering.send_to_server`): the messages are those the app's wrappers would have passed on (the security headers
of docs/api.md, "Security headers", after the content type and length), the exception middleware still learns that
the answer started, and only an app whose wrappers are known is answered so."""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar, post
from litestar.exceptions import LitestarException
from litestar.serialization import get_serializer
from litestar.utils.scope.state import ScopeState

from service.api.command_fast_path import SERVER_SEND, CommandFastPath, ServedApp, _Rendering, _sends_to_server
from service.api.security_headers import add_security_headers
from service.app import create_app
from service.settings import Settings

CONTENT = {"version": 3, "text": "é\"<b>"}
# docs/api.md, "Security headers": the JSON API's four, on every answer.
SECURITY = [
    (b"content-security-policy", b"default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]


async def test_the_server_gets_what_the_wrappers_would_pass_on() -> None:
    rendering = _Rendering(b"application/json", get_serializer(None))
    scope: Any = {"type": "http", "state": {}}
    direct: list[Any] = []
    started_when_sent: list[bool] = []

    async def server_send(message: Any) -> None:
        started_when_sent.append(ScopeState.from_scope(scope).response_started is True)
        direct.append(message)

    await rendering.send_to_server(server_send, ScopeState.from_scope(scope), CONTENT, 201)

    wrapped: list[Any] = []

    async def through_hook(message: Any) -> None:  # Litestar's `_wrap_send` with the app's hook
        await add_security_headers(message, scope)
        wrapped.append(message)

    await rendering.send(through_hook, CONTENT, 201)
    body = b'{"version":3,"text":"\xc3\xa9\\"<b>"}'
    assert direct == wrapped == [
        {"type": "http.response.start", "status": 201,
         "headers": [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body)), *SECURITY]},
        {"type": "http.response.body", "body": body, "more_body": False},
    ]
    assert started_when_sent == [True, True]  # recorded before the start left, as capture_response_started does


def test_only_an_app_of_known_wrappers_is_answered_directly() -> None:
    settings = Settings(database_url="postgresql://nobody@localhost/none")
    app = create_app(settings)
    assert _sends_to_server(app, _handler_of(app, "/campaigns/{campaign_id}/commands"))

    async def another_hook(message: Any, scope: Any) -> None:
        return None

    app.before_send.append(another_hook)
    assert not _sends_to_server(app, _handler_of(app, "/campaigns/{campaign_id}/commands"))


async def test_an_error_after_the_direct_answer_started_is_litestars() -> None:
    """Sent to the server's `send`, an answer still counts as started for the app's exception middleware: an error
    after it is Litestar's 'caught after response started', not a second answer."""
    rendering = _Rendering(b"application/json", get_serializer(None))

    class Answers:
        def __init__(self, app: Any) -> None:
            self.app = app

        async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
            await rendering.send_to_server(scope[SERVER_SEND], ScopeState.from_scope(scope), CONTENT, 201)
            raise RuntimeError("after the answer")

    @post("/x", middleware=[Answers])
    async def handler() -> None:
        return None

    app = ServedApp(route_handlers=[handler], before_send=[add_security_headers])
    sent: list[Any] = []

    async def receive() -> Any:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": "/x", "raw_path": b"/x", "root_path": "", "query_string": b"", "headers": [],
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 2), "state": {}}
    with pytest.raises(LitestarException, match="after response started"):
        await app(scope, receive, send)  # type: ignore[arg-type]
    assert [message["type"] for message in sent] == ["http.response.start", "http.response.body"]
    assert sent[0]["status"] == 201


def test_a_route_with_other_middleware_is_not_answered_directly() -> None:
    class Other:
        def __init__(self, app: Any) -> None:
            self.app = app

        async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
            await self.app(scope, receive, send)

    @post("/y", middleware=[Other, CommandFastPath])
    async def handler() -> None:
        return None

    app = ServedApp(route_handlers=[handler], before_send=[add_security_headers])
    assert not _sends_to_server(app, _handler_of(app, "/y"))
    assert not _sends_to_server(Litestar(route_handlers=[], before_send=[add_security_headers]),
                                _handler_of(app, "/y"))


def _handler_of(app: Litestar, path: str) -> Any:
    return next(handler for route in app.routes if route.path_format == path
                for handler in getattr(route, "route_handlers", ()))
