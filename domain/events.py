"""The base of every event: a frozen msgspec Struct with a stable snake_case tag and a schema version.

An event is a fact in the past tense. It carries every raw die and every number a projection needs;
the envelope (campaign, seq, hash, time, actor, post) belongs to the store, not to the event.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar, get_args

import msgspec

T = TypeVar("T")
# Plain JSON, for the one part of a shared command or event that a rules engine types (a character's sheet):
# the engine converts it to its own Struct and refuses what does not fit. The only Any of the domain.
JsonObject = dict[str, Any]


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", gc=False):
    """Base of all events; subclasses set `tag=` once and never change it.

    Events are immutable trees without cycles, so the garbage collector need not track them: folding
    a long campaign creates hundreds of thousands of them.
    """

    # Bumped when a field's meaning changes; readers upcast older payloads (see domain.upcasting).
    schema_version: ClassVar[int] = 1


# Each class's tag, read once (msgspec builds a new StructConfig at every `__struct_config__`).
_TAGS: dict[type[Event], str] = {}


def event_type(event: Event) -> str:
    """The stable tag under which this event is stored."""
    kind = type(event)
    found = _TAGS.get(kind)
    if found is None:
        tag = kind.__struct_config__.tag
        assert isinstance(tag, str), f"{kind.__name__} has no string tag"
        found = _TAGS[kind] = tag
    return found


def all_event_classes() -> dict[str, type[Event]]:
    """Every concrete event class imported so far, keyed by tag; duplicate tags are a bug."""
    found: dict[str, type[Event]] = {}
    stack: list[type[Event]] = list(Event.__subclasses__())
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        tag = cls.__struct_config__.tag
        # Abstract bases (VoidingEvent, a ruleset's shared base) get msgspec's default tag, their class
        # name; real events always have an explicit snake_case tag.
        if not isinstance(tag, str) or tag == cls.__name__:
            continue
        if tag in found and found[tag] is not cls:
            raise TypeError(f"event tag {tag!r} is used by {found[tag].__name__} and {cls.__name__}")
        found[tag] = cls
    return found


class VoidingEvent(Event, frozen=True, kw_only=True):
    """An event that makes the fold skip earlier events (by seq); they stay in the log."""

    voids: tuple[int, ...]


class RestoringEvent(Event, frozen=True, kw_only=True):
    """An event that makes earlier voided events count again."""

    restores: tuple[int, ...]


def members(union: object, base: type[T]) -> tuple[type[T], ...]:
    """The classes of a union type (`A | B | C`), each checked to be a `base`: the union is the only list."""
    found = get_args(union) or (union,)
    classes: list[type[T]] = []
    for member in found:
        if not (isinstance(member, type) and issubclass(member, base)):
            raise TypeError(f"{member!r} in a union of {base.__name__}s is not one")
        classes.append(member)
    return tuple(classes)
