"""The warm command's fast path (issue 23): a route-level ASGI middleware on `send_command` that answers the plain
common case itself, without Litestar's kwargs model, and hands every other request to the handler unchanged.

Route-level middleware runs after routing (the route's exception handlers are in the scope), inside the app's
exception handling and its `before_send` wrapper (security headers), so what it raises or sends is treated as
the handler's would be. It answers only when every check the normal path makes would pass, made by the same
functions: the before_request hook (the app's own, `refuse_deep_bodies`, as its two checks on the body read here),
`remembered_actor` (of the first Authorization header, whatever the case of its name, as `request.headers` gives
it, found in the scan of the headers), Litestar's JSON decoding (`decode_json`, as `request.json()` calls it; the
body and its JSON kept in the scope where Litestar keeps them, so the handler's request finds them), the signature
model's
conversion of `data` (same type, same options), `_checked`, and `execute_remembered`. Until the command is executed, any
failure or doubt falls back (a body read only in part is replayed), and the normal path, which repeats those
checks, gives today's answer; a TokenUnchecked means nothing was written, and the handler then reads the
token first without trying the remembered one again. The answer is built by `told_answer`, as the handler's is,
and sent as the two messages the route handler's `to_response` would make of it (`_Rendering`), through the same
`send`: the app's before_send hooks (security headers) and the exception middleware see them as they see the
handler's.
"""

from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import msgspec
from litestar import Litestar, Response
from litestar.enums import MediaType
from litestar.exceptions import SerializationException
from litestar.serialization import decode_json, get_serializer
from litestar.utils.helpers import get_enum_string_value
from litestar.utils.scope.state import ScopeState

from service.api.auth import remembered_of
from service.api.limits import refuse_deep_bodies, refuse_deep_body, refuse_nul_in_url
from service.api.security_headers import ENCODED as SECURITY_HEADERS
from service.api.security_headers import add_security_headers
from service.api.services import services_of

if TYPE_CHECKING:
    from litestar.handlers import HTTPRouteHandler
    from litestar.types import ASGIApp, HTTPScope, Receive, ReceiveMessage, Scope, Send, Serializer

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

try:
    # The app's exception middleware (private to Litestar): the fast path sends to the server itself only when it
    # knows the wrappers between them (`_sends_to_server`).
    from litestar.middleware._internal.exceptions import ExceptionHandlerMiddleware
except ImportError:  # pragma: no cover - depends on the installed Litestar
    ExceptionHandlerMiddleware = None  # type: ignore[assignment,misc]

# Where `ServedApp` keeps the server's own `send` in a request's scope.
SERVER_SEND = "lexmechanic.server_send"

# The answer's buffer is kept between answers up to this size.
KEPT_BUFFER_BYTES = 65_536

# The media types Litestar renders with `encode_json` (litestar/response/base.py, `Response.render`).
_JSON = re.compile(r"^application/(?:.+\+)?json")

# Tests switch the fast path off to compare both paths' answers.
ENABLED = _deserializer is not None


class Counts:
    taken = 0
    passed = 0


class _Rendering:
    """How the route handler's `to_response` renders a `Response(content, status_code=status)` without headers of
    its own (litestar/response/base.py: `Response.to_asgi_response`, `ASGIResponse`): the body is the content
    encoded by `encode_json` with the handler's type encoders, and the start message's headers are the content
    type and the length, in that order. Only for a handler that answers JSON and whose layers add nothing to such
    a response (headers, cookies, an after_request hook, a background task, a return DTO); `of` answers None for
    any other, and the answer then goes through `to_response`."""

    def __init__(self, content_type: bytes, serializer: Serializer) -> None:
        self.content_type = content_type
        self.serializer = serializer
        # `encode_json(content, serializer)` is `msgspec.json.encode(content, enc_hook=serializer)`: the same
        # encoder, kept, writing into a kept buffer (an answer's ~2 kB are not grown from a few bytes each time).
        self.encoder = msgspec.json.Encoder(enc_hook=serializer)
        self.buffer = bytearray()

    @classmethod
    def of(cls, handler: HTTPRouteHandler) -> _Rendering | None:
        adds = (
            any(not header.documentation_only for header in handler.resolve_response_headers())
            or any(not cookie.documentation_only for cookie in handler.resolve_response_cookies())
            or any(layer.after_request for layer in handler.ownership_layers)
            or handler.background is not None
            or handler.resolve_return_dto() is not None
        )
        if adds:
            return None
        media_type = get_enum_string_value(handler.media_type or MediaType.JSON)
        if not _JSON.match(media_type):
            return None  # rendered otherwise than by encode_json (litestar/response/base.py, `Response.render`)
        encoders = handler.resolve_type_encoders()
        return cls(media_type.encode("latin-1"), get_serializer(dict(encoders) if encoders else None))

    def encoded(self, content: Any) -> bytes:
        """`encode_json(content, self.serializer)`: the same bytes, and its error."""
        buffer = self.buffer
        try:
            self.encoder.encode_into(content, buffer)
        except (TypeError, msgspec.EncodeError) as error:
            raise SerializationException(str(error)) from error
        body = bytes(buffer)
        if len(buffer) > KEPT_BUFFER_BYTES:
            self.buffer = bytearray()  # an unusually large answer is not kept in memory
        return body

    async def send(self, send: Send, content: Any, status: int) -> None:
        body = self.encoded(content)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", self.content_type), (b"content-length", b"%d" % len(body))]})
        await send({"type": "http.response.body", "body": body, "more_body": False})

    async def send_to_server(self, server_send: Send, state: ScopeState, content: Any, status: int) -> None:
        """`send`'s two messages as they leave the app's wrappers (`_sends_to_server`), handed to the server's
        `send` itself: the start recorded as the exception middleware's `capture_response_started` records it
        (before sending it), and its headers those `add_security_headers` gives two headers of none of its names:
        the two, then its four in their order."""
        body = self.encoded(content)
        state.response_started = True
        await server_send({"type": "http.response.start", "status": status,
                           "headers": [(b"content-type", self.content_type), (b"content-length", b"%d" % len(body)),
                                       *SECURITY_HEADERS]})
        await server_send({"type": "http.response.body", "body": body, "more_body": False})


class _Route:
    """What the fast path reads of its route handler, resolved once: Litestar memoizes each of these
    resolutions (`resolve_guards`, `resolve_before_request` …), so they do not change while the app runs."""

    def __init__(self, handler: HTTPRouteHandler) -> None:
        # The handler's module (imported here: it installs this middleware), whose functions the fast path calls
        # by name at each request, as the handler does.
        from service.api import campaigns

        self.edge = campaigns
        self.handler = handler
        self.request_class = handler.resolve_request_class()
        before = handler.resolve_before_request()
        # The app's own hook (service/api/limits.py) is made of two checks, run here on the body already read;
        # any other hook is awaited as Litestar awaits it.
        self.refuses_deep = before is refuse_deep_bodies
        self.before = None if self.refuses_deep else before
        self.after = handler.resolve_after_response()
        # The signature model's conversion hook, as Litestar builds it for each request (the same partial).
        self.dec_hook = partial(_deserializer, default_deserializer=handler.default_deserializer)
        # A struct of one field, `data`, of the type the signature model converts it to (its msgspec field, not
        # the annotation Litestar reads): msgspec keeps a struct's decoding plan, so the union of commands is
        # planned once, not at each request.
        data = next(f.type for f in msgspec.structs.fields(handler.signature_model) if f.name == "data")
        self.body_model: Any = msgspec.defstruct("CommandData", [("data", data)])
        self.rendering: _Rendering | None | bool = False  # False: not resolved yet (at the first answer)
        self.to_server: bool | None = None  # None: not resolved yet (at the first answer)


class CommandFastPath:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._route: _Route | None = None

    def _route_of(self, handler: HTTPRouteHandler) -> _Route:
        route = self._route
        if route is None or route.handler is not handler:
            route = self._route = _Route(handler)
        return route

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
        if cast("HTTPScope", scope)["method"] != "POST":  # the route's only method: a guard, not a branch
            return receive
        length: int | None = None
        authorization: bytes | None = None
        for name, value in scope["headers"]:
            if name in _NORMAL_ONLY:
                return receive
            if authorization is None and len(name) == 13 and name.lower() == b"authorization":
                authorization = value
            if name == b"content-length":
                if length is not None or not value.isdigit():
                    return receive
                length = int(value)
        if length is None or length > FAST_BODY_BYTES:
            return receive
        handler = cast("HTTPRouteHandler", scope["route_handler"])
        if handler.resolve_guards() or handler.cache:
            return receive
        message = await receive()
        body = message.get("body", b"")  # optional in ASGI
        if message["type"] != "http.request" or message.get("more_body", False) or type(body) is not bytes \
                or len(body) > FAST_BODY_BYTES:
            whole = await _whole_body(message, receive)  # not the one small message uvicorn gives
            if not isinstance(whole, bytes):
                return whole
            body = whole
        # Kept where Litestar keeps a body it read (its before_request hook reads it so): the handler's request
        # finds it there, as the hook leaves it.
        state = ScopeState.from_scope(scope)
        state.body = body
        if not body:
            return receive
        route = self._route_of(handler)
        edge = route.edge
        app = scope["litestar_app"]
        services = services_of(app)
        campaign_id = scope["path_params"]["campaign_id"]
        request = route.request_class(scope=scope, receive=receive, send=send)
        try:
            remembered = remembered_of(authorization.decode("latin-1") if authorization is not None else None,
                                       services.known_tokens, campaign_id)
            if remembered is None:
                return receive
            if route.refuses_deep:  # the app's hook, `refuse_deep_bodies`, on the body read above
                refuse_nul_in_url(request)
                refuse_deep_body(body)
            elif route.before is not None and await route.before(request) is not None:
                return receive
            # `request.json()`'s decoding of the body (litestar/connection/request.py: `decode_json` without a
            # target type), kept where it keeps it; then the signature model's conversion, with its options, of
            # `data` alone.
            decoded = state.json = decode_json(body)
            data = msgspec.convert({"data": decoded}, route.body_model, strict=False, dec_hook=route.dec_hook,
                                   str_keys=True).data
            command, key, digest = edge._checked(data, None, None)
        except Exception:  # noqa: BLE001 - nothing ran yet: the normal path gives this request's answer
            return receive
        actor, hashed = remembered
        done = await edge.remembered_outcome(services, campaign_id, actor, command, key, digest, hashed)
        if done is None:
            scope["state"][REMEMBERED_TRIED] = True
            return receive
        content, status = await edge.told_answer(request, services, campaign_id, *done, minimal=False)
        if route.rendering is False:
            route.rendering = _Rendering.of(handler)
        if route.to_server is None:
            route.to_server = _sends_to_server(app, handler)
        server_send = cast("Send|None", scope.get(SERVER_SEND)) if route.to_server else None
        if server_send is not None and isinstance(route.rendering, _Rendering):
            await route.rendering.send_to_server(server_send, state, content, status)
        elif isinstance(route.rendering, _Rendering):
            await route.rendering.send(send, content, status)
        else:
            asgi_response = await handler.to_response(app=app, data=Response(content, status_code=status),
                                                      request=request)
            await asgi_response(scope, receive, send)
        if route.after is not None:
            await route.after(request)
        return None


class ServedApp(Litestar):
    """The app, keeping the server's `send` in each request's scope (`SERVER_SEND`) for the fast path."""

    def _wrap_send(self, send: Send, scope: Scope) -> Send:
        scope[SERVER_SEND] = send  # type: ignore[literal-required]
        return super()._wrap_send(send, scope)


def _sends_to_server(app: Litestar, handler: HTTPRouteHandler) -> bool:
    """Whether the `send` the fast path is given is the server's wrapped only by the app's exception middleware's
    `capture_response_started` and its before_send hooks, the hooks being `add_security_headers` alone (Litestar's
    `_wrap_send`): no app middleware around the router (CORS, OpenTelemetry), and no route middleware around the
    fast path. Litestar's router passes `send` on as it gets it."""
    return (ExceptionHandlerMiddleware is not None and isinstance(app, ServedApp)
            and type(app.asgi_handler) is ExceptionHandlerMiddleware
            and app.asgi_handler.app is app.asgi_router
            and list(app.before_send) == [add_security_headers]
            and list(handler.resolve_middleware()) == [CommandFastPath])


async def _whole_body(first: ReceiveMessage, receive: Receive) -> bytes | Receive:
    """The body of the messages from `first` on, or, for a disconnect or a body over FAST_BODY_BYTES, a `receive`
    replaying the messages read."""
    received: list[ReceiveMessage] = []
    chunks: list[bytes] = []
    size = 0
    message = first
    while True:
        received.append(message)
        if message["type"] != "http.request":
            return _replaying(received, receive)  # a disconnect: the normal path meets it as it reads
        chunk = message.get("body", b"")  # optional in ASGI
        chunks.append(chunk)
        size += len(chunk)
        if size > FAST_BODY_BYTES:
            return _replaying(received, receive)  # longer than announced: the normal path reads it all
        if not message.get("more_body", False):
            return b"".join(chunks)
        message = await receive()


def _replaying(received: list[ReceiveMessage], receive: Receive) -> Receive:
    """A `receive` that gives back the messages read, then reads on."""
    pending = list(received)

    async def replay() -> ReceiveMessage:
        return pending.pop(0) if pending else await receive()

    return replay
