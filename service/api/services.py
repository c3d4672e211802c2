"""The service objects the lifespan creates and the handlers use."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request

from service.commanding import Commander
from service.settings import Settings
from service.snapshots import Snapshots
from service.state_cache import StateCache
from service.store import EventStore


class Services(msgspec.Struct, frozen=True):
    settings: Settings
    store: EventStore
    cache: StateCache
    commander: Commander
    snapshots: Snapshots


def services(request: Request[Any, Any, Any]) -> Services:
    found = request.app.state.services
    assert isinstance(found, Services)
    return found
