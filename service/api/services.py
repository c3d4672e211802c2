"""The service objects the lifespan creates, and how a handler receives them: by Litestar dependency injection.

A handler names what it uses as a typed parameter (`store: Injected[EventStore]`); the app's `dependencies`
map each name to a provider that reads it from what the lifespan made. No handler looks the services up
itself. A dependency that is not a request parameter never appears in the OpenAPI document.
"""

from __future__ import annotations

from typing import Annotated, TypeAlias, TypeVar

import msgspec
from litestar import Litestar
from litestar.datastructures import State
from litestar.di import Dependency, Provide
from litestar.params import SkipValidationMarker

from service.commanding import Commander
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


def services_of(app: Litestar) -> Services:
    """What the app's lifespan made: for the providers, for what runs outside a handler (a guard, the pages'
    lifespan) and for tests."""
    return _made(app.state)


def _made(state: State) -> Services:
    found = state.services
    assert isinstance(found, Services), "the app's lifespan has not started"
    return found


def _settings(state: State) -> Settings:
    return _made(state).settings


def _store(state: State) -> EventStore:
    return _made(state).store


def _cache(state: State) -> StateCache:
    return _made(state).cache


def _commander(state: State) -> Commander:
    return _made(state).commander


def _snapshots(state: State) -> Snapshots:
    return _made(state).snapshots


def service_dependencies() -> dict[str, Provide]:
    """The app's dependencies, one per service object (new `Provide`s for each app: a test starts many)."""
    return {
        name: Provide(provider, sync_to_thread=False)
        for name, provider in (
            ("settings", _settings), ("store", _store), ("cache", _cache), ("commander", _commander),
            ("snapshots", _snapshots),
        )
    }
