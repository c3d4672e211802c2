"""Events to and from their stored form, with every registered ruleset's event types and upcasters."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.campaign.events import EVENTS as CAMPAIGN_EVENTS
from domain.events import Event, event_type
from domain.missions.events import EVENTS as MISSION_EVENTS
from domain.rulesets import event_types
from domain.upcasting import RETYPED, read_as, upcast
from projections.corrections import correction_types
from projections.recorded import EventMeta, Recorded

_meta_decoder = msgspec.json.Decoder(EventMeta)
_decoders: dict[str, tuple[type[Event], msgspec.json.Decoder[Any]]] = {}


class UnknownEventType(LookupError):
    """A stored event type that no registered module defines."""


def event_classes() -> dict[str, type[Event]]:
    """Every event class the service reads, by tag: the campaign's, the missions' and each engine's unions."""
    found: dict[str, type[Event]] = {}
    for cls in (*CAMPAIGN_EVENTS, *MISSION_EVENTS, *event_types()):
        tag = event_type_of(cls)
        if found.setdefault(tag, cls) is not cls:
            raise TypeError(f"event tag {tag!r} is used by {found[tag].__name__} and {cls.__name__}")
    return found


def event_type_of(cls: type[Event]) -> str:
    tag = cls.__struct_config__.tag
    assert isinstance(tag, str), f"{cls.__name__} has no string tag"
    return tag


_CLASSES = event_classes()

# The stored types of every correction (projections/corrections.py), and of any older type read as one: the
# store reads a campaign's corrections by type.
_CORRECTIONS = correction_types(_CLASSES)
CORRECTION_TYPES = (*_CORRECTIONS, *sorted(old for old, (new, _, _) in RETYPED.items() if new in _CORRECTIONS))


def _decoder(kind: str) -> tuple[type[Event], msgspec.json.Decoder[Any]]:
    found = _decoders.get(kind)
    if found is None:
        cls = _CLASSES.get(kind)
        if cls is None:
            raise UnknownEventType(f"no event class is registered for {kind!r}")
        found = _decoders[kind] = (cls, msgspec.json.Decoder(cls))
    return found


def prepare_decoders() -> int:
    """Build now the decoder of every registered event type, which a first read would otherwise build for each
    type it meets (≈ 0.1 ms a type: msgspec's type information); answers how many there are."""
    for kind in _CLASSES:
        _decoder(kind)
    return len(_CLASSES)


def payload(event: Event) -> dict[str, Any]:
    """The event's data as stored in `events.data`: its fields, without the type tag."""
    data = msgspec.to_builtins(event)
    assert isinstance(data, dict)
    data.pop("type", None)
    return data


def meta_payload(meta: EventMeta) -> dict[str, Any]:
    data = msgspec.to_builtins(meta)
    assert isinstance(data, dict)
    return data


def decode_event(kind: str, schema_version: int, data: str | bytes) -> Event:
    """The typed event from its stored JSON, upcast first when it was written by an older version.

    A type that was replaced (domain.upcasting.RETYPED) is read as its successor.
    """
    if kind not in _CLASSES:
        kind, schema_version, raw = read_as(kind, schema_version, msgspec.json.decode(data))
        data = msgspec.json.encode(raw)
    cls, decoder = _decoder(kind)
    if schema_version == cls.schema_version:
        event = decoder.decode(data)
    else:
        raw = msgspec.json.decode(data)
        event = msgspec.convert(upcast(kind, schema_version, cls.schema_version, raw), cls)
    assert isinstance(event, Event)
    return event


def decode_meta(data: str | bytes) -> EventMeta:
    meta = _meta_decoder.decode(data)
    assert isinstance(meta, EventMeta)
    return meta


def meta_of(meta: dict[str, Any]) -> EventMeta:
    """The envelope of a stored event, from its decoded JSON (keys it lacks read as their defaults)."""
    return msgspec.convert(meta, EventMeta)


def recorded(seq: int, kind: str, schema_version: int, data: str | bytes, meta: str | bytes) -> Recorded:
    return Recorded(seq=seq, event=decode_event(kind, schema_version, data), meta=decode_meta(meta))


def type_of(event: Event) -> str:
    return event_type(event)
