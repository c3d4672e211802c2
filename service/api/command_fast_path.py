"""The warm command's fast path (issue 23): a route-level ASGI middleware on `send_command` that answers the plain
common case itself, without Litestar's kwargs model, and hands every other request to the handler unchanged.

Route-level middleware runs after routing (the route's exception handlers are in the scope), inside the app's
exception handling and its `before_send` wrapper (security headers), so what it raises or sends is treated as
the handler's would be. It answers only when every check the normal path makes would pass, made by the same
functions: the before_request hook, `remembered_actor`, Litestar's JSON decoding (of the body kept in the
scope where Litestar keeps one it read, so the handler's request finds it), the signature model's conversion
of `data` (same type, same options), `_checked`, and `execute_remembered`. Until the command is executed, any
failure or doubt falls back (a body read only in part is replayed), and the normal path, which repeats those
checks, gives today's answer; a TokenUnchecked means nothing was written, and the handler then reads the
token first without trying the remembered one again. The answer is built by `_told` and rendered by the route
handler's `to_response`, as the handler's return value is.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, cast

import msgspec
from litestar.utils.scope.state import ScopeState

from service.api.auth import remembered_actor
from service.api.services import services_of

if TYPE_CHECKING:
    from litestar.handlers import HTTPRouteHandler
    from litestar.types import ASGIApp, HTTPScope, Receive, ReceiveMessage, Scope, Send

# The bodies the fast path reads: a plain command is a few hundred bytes; a larger one goes the normal way.
FAST_BODY_BYTES = 16_384
# Headers whose handling only the normal path has (replays, versions, the compact answer), and a chunked body.
_NORMAL_ONLY = frozenset((b"idempotency-key", b"if-match", b"prefer", b"transfer-encoding"))
# Set in the scope's state when the remembered token was tried and the command left the one-statement path:
# the handler then reads the token first, without trying it again (nothing was written).
REMEMBERED_TRIED = "lexmechanic.remembered_tried"

try:
    # The hook the signature model converts a body with: private to Litestar, so a version without it (the
    # project allows any 2.x) turns the fast path off and every command takes the normal one.
    from litestar._signature.model import _deserializer
except ImportError:  # pragma: no cover - depends on the installed Litestar
    _deserializer = None  # type: ignore[assignment]

# Tests switch the fast path off to compare both paths' answers.
ENABLED = _deserializer is not None


class Counts:
    taken = 0
    passed = 0


class CommandFastPath:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._data_type: Any = None

    def _body_model(self, handler: HTTPRouteHandler) -> Any:
        # A struct of one field, `data`, of the type the signature model converts it to (its msgspec field, not
        # the annotation Litestar reads): msgspec keeps a struct's decoding plan, so the union of commands is
        # planned once, not at each request.
        if self._data_type is None:
            data = next(f.type for f in msgspec.structs.fields(handler.signature_model) if f.name == "data")
            self._data_type = msgspec.defstruct("CommandData", [("data", data)])
        return self._data_type

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if ENABLED:
            passed_on = await self._answered(scope, receive, send)
            if passed_on is None:
                Counts.taken += 1
                return
        else:
            passed_on = receive
        Counts.passed += 1
        await self.app(scope, passed_on, send)

    async def _answered(self, scope: Scope, receive: Receive, send: Send) -> Receive | None:
        """None when answered here; otherwise the `receive` the normal path reads the request from."""
        from service.api.campaigns import _checked, _told, remembered_outcome  # campaigns installs this middleware

        if cast("HTTPScope", scope)["method"] != "POST":  # the route's only method: a guard, not a branch
            return receive
        length: int | None = None
        for name, value in scope["headers"]:
            if name in _NORMAL_ONLY:
                return receive
            if name == b"content-length":
                if length is not None or not value.isdigit():
                    return receive
                length = int(value)
        if length is None or length > FAST_BODY_BYTES:
            return receive
        handler = cast("HTTPRouteHandler", scope["route_handler"])
        if handler.resolve_guards() or handler.cache:
            return receive
        received: list[ReceiveMessage] = []
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            received.append(message)
            if message["type"] != "http.request":
                return _replaying(received, receive)  # a disconnect: the normal path meets it as it reads
            chunk = message.get("body", b"")  # optional in ASGI
            chunks.append(chunk)
            size += len(chunk)
            if size > FAST_BODY_BYTES:
                return _replaying(received, receive)  # longer than announced: the normal path reads it all
            if not message.get("more_body", False):
                break
        # Kept where Litestar keeps a body it read (its before_request hook reads it so): the handler's request
        # finds it there, as the hook leaves it.
        body = ScopeState.from_scope(scope).body = b"".join(chunks)
        if not body:
            return receive
        app = scope["litestar_app"]
        services = services_of(app)
        campaign_id = scope["path_params"]["campaign_id"]
        request = handler.resolve_request_class()(scope=scope, receive=receive, send=send)
        try:
            remembered = remembered_actor(request, services.known_tokens, campaign_id)
            if remembered is None:
                return receive
            if (before := handler.resolve_before_request()) is not None and await before(request) is not None:
                return receive
            # The signature model's conversion, with its options, of `data` alone.
            data = msgspec.convert(
                {"data": await request.json()}, self._body_model(handler), strict=False,
                dec_hook=partial(_deserializer, default_deserializer=handler.default_deserializer), str_keys=True,
            ).data
            command, key, digest = _checked(data, None, None)
        except Exception:  # noqa: BLE001 - nothing ran yet: the normal path gives this request's answer
            return receive
        actor, hashed = remembered
        done = await remembered_outcome(services, campaign_id, actor, command, key, digest, hashed)
        if done is None:
            scope["state"][REMEMBERED_TRIED] = True
            return receive
        response = await _told(request, services, campaign_id, *done, None)
        asgi_response = await handler.to_response(app=app, data=response, request=request)
        await asgi_response(scope, receive, send)
        if (after := handler.resolve_after_response()) is not None:
            await after(request)
        return None


def _replaying(received: list[ReceiveMessage], receive: Receive) -> Receive:
    """A `receive` that gives back the messages read, then reads on."""
    pending = list(received)

    async def replay() -> ReceiveMessage:
        return pending.pop(0) if pending else await receive()

    return replay
