"""Slots that hold a value: free text, numbers, dice, a word from a list (`Choice`), a `key=value` option
read by a codec, signed modifiers (`Mods`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .folding import fold, nearest
from .messages import Failure
from .slots import _DICE, _DICE_TERM, _REQUIRED, UNNAMED, Render, Scope, Slot, as_list
from .tokens import Token, quote
from .words import Lang, Words


@dataclass(frozen=True, kw_only=True, eq=False)
class Text(Slot):
    """Free text: one quoted string (or word), or with `rest` everything left on the line."""

    default: object = _REQUIRED
    default_from: str | None = None
    positional: bool = True
    quoted_only: bool = False

    def skippable(self, scope: Scope) -> bool:
        return self.default != _REQUIRED or self.default_from is not None or self.satisfied(scope)

    def accept(self, tokens: Sequence[Token], i: int, scope: Scope, exact: bool) -> int:
        token = tokens[i]
        if self.rest:
            pieces = scope.values.setdefault(self.field, [])
            assert isinstance(pieces, list)
            pieces.append(token.value if token.kind == "quoted" else token.text)
            return 1
        if token.kind == "quoted" or token.kind == "word" and not self.quoted_only:
            self.store(scope, token.value, token.text)
            return 1
        return 0

    def take_option(self, token: Token, scope: Scope) -> None:
        if not self.rest:
            self.store(scope, token.value, token.text)
        elif self.field in scope.values:
            raise Failure("duplicate", token.text, self.what)
        else:
            scope.values[self.field] = [token.value]

    def finish(self, scope: Scope) -> None:
        value = scope.values.get(self.field)
        if isinstance(value, list):
            scope.values[self.field] = " ".join(str(v) for v in value)
        elif value is None:
            if self.default_from is not None:
                scope.values[self.field] = scope.value_of(self.default_from)
            elif self.default == _REQUIRED:
                raise Failure("missing", None, self.what)
            elif self.default is not None:
                scope.values[self.field] = self.default

    def render(self, value: object, lang: Lang, r: Render) -> list[str]:
        if value is None or (self.default != _REQUIRED and value == self.default):
            return []
        if self.default_from is not None and value == r.field_value(self.default_from):
            return []
        text = quote(str(value))
        return [text] if self.positional else [self.keyed(lang, text)]


@dataclass(frozen=True, kw_only=True, eq=False)
class Number(Slot):
    """A whole number (or, with `real`, a decimal one); positional when unsigned, else `key=-3`."""

    real: bool = False
    default: object = _REQUIRED
    positional: bool = True

    def skippable(self, scope: Scope) -> bool:
        return self.default != _REQUIRED or self.satisfied(scope) or self.many

    def _read(self, text: str, word: str) -> int | float:
        try:
            return float(text) if self.real else int(text)
        except ValueError:
            expected = ("a number", "un número") if self.real else ("a whole number", "un número entero")
            raise Failure("bad_value", word, expected) from None

    def accept(self, tokens: Sequence[Token], i: int, scope: Scope, exact: bool) -> int:
        token = tokens[i]
        pattern = r"\d+(\.\d+)?" if self.real else r"\d+"
        if token.kind == "word" and re.fullmatch(pattern, token.value):
            self.store(scope, self._read(token.value, token.text), token.text)
            return 1
        return 0

    def take_option(self, token: Token, scope: Scope) -> None:
        pieces = token.value.split(",") if self.many else [token.value]
        for piece in pieces:
            self.store(scope, self._read(piece, token.text), token.text)

    def finish(self, scope: Scope) -> None:
        if self.satisfied(scope):
            return
        if self.default == _REQUIRED:
            raise Failure("missing", None, self.what)
        if self.default is not None and not self.many:
            scope.values[self.field] = self.default

    def render(self, value: object, lang: Lang, r: Render) -> list[str]:
        items = as_list(value) if self.many else [value]
        if not items or (not self.many and (value is None or r.is_default(self.field, value))):
            return []
        texts = [repr(v) if isinstance(v, float) else str(v) for v in items]
        pattern = r"\d+(\.\d+)?" if self.real else r"\d+"
        if self.positional and all(re.fullmatch(pattern, t) for t in texts):
            return texts
        return [self.keyed(lang, ",".join(texts))]


@dataclass(frozen=True, kw_only=True, eq=False)
class Dice(Slot):
    """A dice expression (`2d10+3`, `d100`); terms written apart (`2d10 +3`) are joined."""

    positional: bool = True

    def skippable(self, scope: Scope) -> bool:
        return self.satisfied(scope)

    def accept(self, tokens: Sequence[Token], i: int, scope: Scope, exact: bool) -> int:
        token = tokens[i]
        if token.kind != "word" or not _DICE.fullmatch(token.value):
            return 0
        text, n = token.value, 1
        while i + n < len(tokens):
            nxt = tokens[i + n]
            after = tokens[i + n + 1] if i + n + 1 < len(tokens) else None
            if nxt.kind == "signed" and not nxt.unit and nxt.label is None or nxt.kind == "word" and _DICE_TERM.match(
                nxt.value
            ):
                text += nxt.value
                n += 1
            elif nxt.kind == "word" and nxt.value in ("+", "-") and after is not None and after.kind == "word" \
                    and _DICE_TERM.match(nxt.value + after.value):
                text += nxt.value + after.value
                n += 2
            else:
                break
        self.store(scope, text, token.text)
        return n

    def finish(self, scope: Scope) -> None:
        if not self.satisfied(scope):
            raise Failure("missing", None, self.what)

    def render(self, value: object, lang: Lang, r: Render) -> list[str]:
        text = str(value)
        return [text] if _DICE.fullmatch(text) else [self.keyed(lang, quote(text))]


_MISSING = object()


@dataclass(frozen=True, kw_only=True, eq=False)
class Choice(Slot):
    """One of a list of meanings, each with its words (`semi`, `auto` …); bare or `key=word`."""

    options: tuple[tuple[object, Words], ...]
    default: object = _MISSING
    bare: bool = True

    def meanings(self) -> tuple[tuple[Words, object], ...]:
        return tuple((words, value) for value, words in self.options) if self.bare else ()

    def skippable(self, scope: Scope) -> bool:
        return True

    def take_option(self, token: Token, scope: Scope) -> None:
        pieces = token.value.split(",") if self.many and token.value_form == "bare" else [token.value]
        for piece in pieces:
            self.store(scope, self._value(piece, scope.env.lang, scope.env.suggest), token.text)

    def _value(self, word: str, lang: Lang, suggest: bool = True) -> object:
        key = fold(word)
        exact = [value for value, words in self.options if key in words.folded()]
        if exact:
            return exact[0]
        starts = {id(value): value for value, words in self.options if len(key) >= 2 and any(
            f.startswith(key) for f in words.folded())}
        if len(starts) == 1:
            return next(iter(starts.values()))
        near = nearest(word, self.words(lang)) if suggest else ()
        raise Failure("bad_value", word, self.what, near, listing=self.words(lang))

    def words(self, lang: Lang) -> tuple[str, ...]:
        return tuple(words.canonical(lang) for _, words in self.options)

    def finish(self, scope: Scope) -> None:
        if self.many:
            scope.values.setdefault(self.field, [])
            return
        if self.satisfied(scope):
            return
        if self.default == _REQUIRED:
            raise Failure("missing", None, self.what, listing=self.words(scope.env.lang))
        if self.default is not _MISSING:
            scope.values[self.field] = self.default

    def render(self, value: object, lang: Lang, r: Render) -> list[str]:
        if self.many:
            words = [self._word(v, lang) for v in as_list(value)]
            if not words:
                return []
            return words if self.bare else [self.keyed(lang, ",".join(words))]
        if r.is_default(self.field, value) or (self.default not in (_MISSING, _REQUIRED) and value == self.default):
            return []
        word = self._word(value, lang)
        return [word] if self.bare else [self.keyed(lang, word)]

    def _word(self, value: object, lang: Lang) -> str:
        for option, words in self.options:
            if option == value:
                return words.canonical(lang)
        raise ValueError(f"{self.field}: no words for {value!r}")


def flag(name: str, words: Words, what: Words, *, value: bool = True) -> Choice:
    """A keyword that sets a yes/no field (to False with `value=False`, for fields that default to True)."""
    return Choice(field=name, what=what, options=((value, words),))


def required(name: str, options: tuple[tuple[object, Words], ...], what: Words, **kwargs: object) -> Choice:
    return Choice(field=name, what=what, options=options, default=_REQUIRED, **kwargs)  # type: ignore[arg-type]


class Codec(Protocol):
    """How an option's value is read from its token and written back."""

    def read(self, token: Token, lang: Lang) -> object: ...

    def write(self, value: object, lang: Lang) -> str: ...


@dataclass(frozen=True, kw_only=True, eq=False)
class Option(Slot):
    """A `key=value` option read by a codec; `shape` lets a bare word like `12m` give it too."""

    codec: Codec
    shape: re.Pattern[str] | None = None
    required: bool = False

    def finish(self, scope: Scope) -> None:
        if self.required and not self.satisfied(scope):
            raise Failure("missing", None, self.what)

    def claim(self, word: str) -> object | None:
        if self.shape is None:
            return None
        match = self.shape.fullmatch(word)
        return float(match.group(1)) if match else None

    def take_option(self, token: Token, scope: Scope) -> None:
        self.store(scope, self.codec.read(token, scope.env.lang), token.text)

    def render(self, value: object, lang: Lang, r: Render) -> list[str]:
        if value is None or r.is_default(self.field, value):
            return []
        written = self.codec.write(value, lang)
        if self.shape is not None and self.shape.fullmatch(written + "m"):
            return [written + "m"]
        return [self.keyed(lang, written)]


@dataclass(frozen=True, kw_only=True, eq=False)
class Mods(Slot):
    """Signed modifiers: `+10`, `-20`, named as `aim +10`, `aim+10` or `"long range"-10`; a unit such as
    `+2dn` sends them to the slot of that unit."""

    unit: Words | None = None
    name: str = "name"
    many: bool = True

    def units(self) -> frozenset[str]:
        return self.unit.folded() if self.unit is not None else frozenset({""})

    def take_signed(self, token: Token, label: str | None, scope: Scope) -> None:
        self.store(scope, {self.name: label if label is not None else UNNAMED, "value": token.number}, token.text)

    def render(self, value: object, lang: Lang, r: Render) -> list[str]:
        unit = self.unit.canonical(lang) if self.unit is not None else ""
        out: list[str] = []
        for modifier in as_list(value):
            name, number = getattr(modifier, self.name), getattr(modifier, "value")  # noqa: B009 - any modifier Struct
            signed = f"{number:+d}{unit}"
            out.append(signed if name == UNNAMED else quote(str(name)) + signed)
        return out
