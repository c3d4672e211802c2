"""A command written back as its canonical line: the verb, then each segment's slots, positional first.

Every field that is not its default is written, ids included, so the line reads back as the same command.
"""

from __future__ import annotations

from ..commands import Command
from .forms import Form, Segment
from .slots import bare_safe
from .tokens import quote
from .words import Lang


class _Help:
    def __init__(self, reserved: frozenset[str], defaults: dict[str, object], source: object) -> None:
        self.reserved = reserved
        self.defaults = defaults
        self.source = source

    def bare(self, text: str) -> str:
        return text if bare_safe(text, self.reserved) else quote(text)

    def is_default(self, name: str, value: object) -> bool:
        head, _, tail = name.partition(".")
        if tail:
            parent = self.defaults.get(head)
            return parent is not None and value_at(parent, tail) == value
        return name in self.defaults and self.defaults[name] == value

    def field_value(self, name: str) -> object:
        return value_at(self.source, name)


def value_at(source: object, name: str) -> object:
    """The value of a field, or of a nested one (`options.aim`)."""
    for part in name.split("."):
        source = getattr(source, part, None)
    return source


def render_form(form: Form, command: Command, lang: Lang, verb_parts: frozenset[str]) -> str:
    reserved = form.reserved() | verb_parts
    out = [form.verbs.canonical(lang)]
    for k, segment in enumerate(form.segments):
        if k:
            out.append("->")
        source = command if segment.into is None else getattr(command, segment.into)
        out += _segment(segment, source, lang, reserved, form.defaults() if segment.into is None else None)
    if form.repeat is not None and form.repeat.into is not None:
        for item in getattr(command, form.repeat.into):
            out.append("->")
            out += _segment(form.repeat, item, lang, reserved, None)
    out += _segment(form.command_segment, command, lang, reserved, form.defaults())
    return " ".join(out)


def _segment(segment: Segment, source: object, lang: Lang, reserved: frozenset[str],
             defaults: dict[str, object] | None) -> list[str]:
    help_ = _Help(reserved, defaults if defaults is not None else segment.defaults(), source)
    positional = [s for s in segment.slots if s.positional and not s.rest]
    claimed = [s for s in segment.slots if not s.positional]
    rest = [s for s in segment.slots if s.rest]
    out: list[str] = []
    for slot in (*positional, *claimed, *rest):
        if slot.field.startswith("_"):
            continue
        out += slot.render(value_at(source, slot.field), lang, help_)
    return out
