"""The service objects the lifespan creates, and how a handler receives them: by Litestar dependency injection.

A handler names them as one typed parameter (`services: Injected[Services]`; the pages,
`web: Injected[WebServices]`, service/web/common.py); the app's `dependencies` fill it from what the lifespan
made. No handler looks them up itself, and, not being a request parameter, the dependency never appears in
the OpenAPI document.

One dependency, not one per object: Litestar resolves the dependencies of a handler that sit at the same
depth in an anyio task group, which costs about 80 µs of CPU a request for three of them against about 10 µs
for one (measured on Litestar 2.25; the service spends about 0.5 ms of CPU on a whole roll). The provider takes
the request, not the `state` kwarg: Litestar copies the app's state into a new `State` for each request that
names it, through its signature model's conversion; `request` passes through that model unconverted.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeAlias, TypeVar

import msgspec
from litestar import Litestar, Request
from litestar.datastructures import State
from litestar.di import Dependency, Provide
from litestar.params import SkipValidationMarker

from service.commanding import Commander
from service.discord.followups import Followups
from service.known_tokens import KnownTokens
from service.settings import Settings
from service.snapshots import Snapshots
from service.state_cache import StateCache
from service.store import EventStore

T = TypeVar("T")

# A parameter filled by name from the app's dependencies. The service objects are the lifespan's own, so the
# signature model passes them through unchecked (validating an EventStore would mean nothing).
Injected: TypeAlias = Annotated[T, Dependency(kind="named"), SkipValidationMarker()]


class Services(msgspec.Struct, frozen=True):
    settings: Settings
    store: EventStore
    cache: StateCache
    commander: Commander
    snapshots: Snapshots
    # The Discord app's follow-up messages (service/discord/followups.py), sent after an interaction's answer.
    followups: Followups
    # The tokens the database accepted for a command, for the command path's one round trip (never trusted
    # alone: service/known_tokens.py).
    known_tokens: KnownTokens = msgspec.field(default_factory=KnownTokens)


def services_of(app: Litestar) -> Services:
    """What the app's lifespan made: for the provider, for what runs outside a handler (a guard, the pages'
    lifespan) and for tests."""
    return _found(app.state)


def _found(state: State) -> Services:
    found = state.services
    assert isinstance(found, Services), "the app's lifespan has not started"
    return found


def _provide(request: Request[Any, Any, Any]) -> Services:
    return _found(request.app.state)


def service_dependencies() -> dict[str, Provide]:
    """The app's dependency on its service objects (a new `Provide` for each app: a test starts many)."""
    return {"services": Provide(_provide, sync_to_thread=False)}
