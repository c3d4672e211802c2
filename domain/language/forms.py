"""A line form: a command's verbs and slots, split in segments by `->`; a vocabulary is a ruleset's forms."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import msgspec

from ..commands import Command
from .codecs import INT
from .directory import Directory
from .slots import Slot
from .value_slots import Mods, Option
from .words import Words, w

# What a parsed command teaches the directory (given the post's author), for the post's later lines.
Learn = Callable[[Directory, Command, str | None], Directory]
_NO_DEFAULT = msgspec.NODEFAULT


class Segment:
    """The slots of one stretch of the line (before the first `->`, or after one); `into` names the field of
    a nested Struct the segment fills (with `many`, one per repeated `->`)."""

    def __init__(
        self,
        *slots: Slot,
        into: str | None = None,
        struct: type[msgspec.Struct] | None = None,
        many: bool = False,
        lead: Words | None = None,
    ) -> None:
        self.slots = slots
        self.into = into
        self.struct = struct
        self.many = many
        self.lead = lead
        self.positionals = tuple(s for s in slots if s.positional)
        self.rest = next((s for s in slots if s.rest), None)
        self.keywords: dict[str, tuple[Slot, object, Words]] = {}
        for slot in slots:
            for words, value in slot.meanings():
                for word in words.folded():
                    known = self.keywords.get(word)
                    if known is not None and (known[0] is not slot or known[1] != value):
                        raise ValueError(f"keyword {word!r} means both {known[0].field}={known[1]!r} "
                                         f"and {slot.field}={value!r}")
                    self.keywords[word] = (slot, value, words)
        self.options: dict[str, Slot] = {}
        for slot in slots:
            if slot.key is not None:
                for word in slot.key.folded():
                    if word in self.options and self.options[word] is not slot:
                        raise ValueError(f"option key {word!r} is used by {self.options[word].field} and {slot.field}")
                    self.options[word] = slot
        self.id_slot = next((s for s in slots if s.takes_id), None)
        self.shaped = tuple(s for s in slots if isinstance(s, Option) and s.shape is not None)

    def slot_for(self, name: str) -> Slot | None:
        return next((s for s in self.slots if s.field == name), None)

    def mods_for(self, unit: str) -> Mods | None:
        return next((s for s in self.slots if isinstance(s, Mods) and unit in s.units()), None)

    def defaults(self) -> dict[str, object]:
        return {} if self.struct is None else _defaults(self.struct)


def _defaults(struct: type[msgspec.Struct]) -> dict[str, object]:
    """Each field's default, those made by a factory (`{}`, `()`) too: a line leaves out what equals one."""
    found: dict[str, object] = {}
    for f in msgspec.structs.fields(struct):
        if f.default is not _NO_DEFAULT:
            found[f.name] = f.default
        elif f.default_factory is not _NO_DEFAULT:
            found[f.name] = f.default_factory()
    return found


VERSION = Option(field="expected_version", what=w("the expected campaign version", "la versión esperada de la campaña"),
                 key=w("version|expect", "version|esperada"), codec=INT)


@dataclass(frozen=True)
class Form:
    """The line form of one command: its verbs (en/es), its segments and the slots claimable anywhere,
    fields the verb itself sets (`presets`, e.g. `!dodge` sets reaction=dodge) and what it teaches the
    directory for the following lines (`learn`)."""

    command: type[Command]
    verbs: Words
    segments: tuple[Segment, ...] = ()
    slots: tuple[Slot, ...] = ()
    presets: dict[str, object] = field(default_factory=dict)
    repeat: Segment | None = None
    # Every slot the command's own values take (flat segments' and the command-level ones), and the latter.
    top_segment: Segment = field(init=False)
    command_segment: Segment = field(init=False)

    def __post_init__(self) -> None:
        flat = [s for segment in self.segments if segment.into is None for s in segment.slots]
        top = Segment(*flat, *self.slots, VERSION)
        object.__setattr__(self, "top_segment", top)
        object.__setattr__(self, "command_segment", Segment(*self.slots, VERSION))
        names = {f.name for f in msgspec.structs.fields(self.command)}
        for slot in top.slots:
            if not slot.field.startswith("_") and slot.field.split(".")[0] not in names:
                raise ValueError(f"{self.command.__name__} has no field {slot.field}")
        for segment in (*self.segments, *((self.repeat,) if self.repeat else ())):
            if segment.into is not None:
                for word, meaning in segment.keywords.items():
                    if word in top.keywords and top.keywords[word][0] is not meaning[0]:
                        raise ValueError(f"keyword {word!r} is claimed twice in {self.command.__name__}")

    def all_segments(self) -> tuple[Segment, ...]:
        return (*self.segments, *((self.repeat,) if self.repeat else ()), self.command_segment)

    def reserved(self) -> frozenset[str]:
        """Every keyword (and each word of a several-word keyword) of the form: names equal to one are quoted."""
        words: set[str] = set()
        for segment in (*self.all_segments(), self.top_segment):
            for key in segment.keywords:
                words.add(key)
                words.update(key.split("-"))
        return frozenset(words)

    def defaults(self) -> dict[str, object]:
        return _defaults(self.command)

    def matches(self, command: Command) -> bool:
        return all(getattr(command, name) == value for name, value in self.presets.items())

    def fields_covered(self) -> frozenset[str]:
        covered = {s.field.split(".")[0] for s in self.top_segment.slots} | set(self.presets)
        covered |= {seg.into for seg in self.all_segments() if seg.into is not None}
        return frozenset(covered)


@dataclass(frozen=True)
class LineForms:
    """A ruleset's (or the campaign's, or the missions') line forms, and what each command teaches the
    directory so later lines of the same post can name what earlier lines created. What a participant may type;
    the words the renderings print are `projections.rendering.vocabulary.RenderedWords`."""

    name: str
    forms: tuple[Form, ...]
    learn: Learn | None = None

    def form_for(self, command: Command) -> Form | None:
        return next((f for f in self.forms if type(command) is f.command and f.matches(command)), None)


def form(
    command: type[Command],
    verbs: Words,
    *parts: Slot | Segment,
    anywhere: tuple[Slot, ...] = (),
    presets: dict[str, object] | None = None,
    repeat: Segment | None = None,
) -> Form:
    """A form from its slots (one segment) or its segments; `anywhere` slots may be claimed in any segment."""
    slots = tuple(p for p in parts if isinstance(p, Slot))
    segments = tuple(p for p in parts if isinstance(p, Segment))
    if slots and segments:
        raise ValueError("give a form either slots or segments")
    return Form(command, verbs, segments or ((Segment(*slots),) if slots else ()), anywhere, dict(presets or {}),
                repeat)


__all__ = ["Form", "Learn", "Segment", "VERSION", "LineForms", "form"]
