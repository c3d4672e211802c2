"""The slots of a line form: each reads some tokens into one field of the command and writes the field back.

Positional slots (names, numbers, dice, text) take tokens in their order; the others claim their tokens
anywhere: keywords from a list (`semi`, `esquivar`), `key=value` options, signed modifiers, `#ids`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from .context import Env, is_me
from .directory import Ambiguous, Candidate, Resolved, resolve
from .folding import fold, nearest
from .messages import Failure
from .tokens import Token, quote
from .words import Lang, Words

UNNAMED = "modifier"  # the name of a modifier written without one (`+10`)
_REQUIRED = "required"
REQUIRED: object = _REQUIRED  # a slot default: the line must give the field
_DICE = re.compile(r"^(\d*d\d+|\d+)([+-](\d*d\d+|\d+))*$", re.IGNORECASE)
_DICE_TERM = re.compile(r"^[+-](\d*d\d+|\d+)$", re.IGNORECASE)
_BARE = re.compile(r"^[^\W\d][\w'.-]*$")
_BARE_ID = re.compile(r"^[\w.-]+$")
_SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


class Scope(Protocol):
    """Where a slot reads and stores: the values of its segment, the line's environment, other fields."""

    @property
    def values(self) -> dict[str, object]: ...

    @property
    def env(self) -> Env: ...

    @property
    def suffix(self) -> str: ...

    def value_of(self, name: str) -> object: ...


class Source(Protocol):
    """Where a name is looked up: what it may name, and the current one (the running encounter …)."""

    @property
    def kind(self) -> str: ...

    def candidates(self, scope: Scope) -> Sequence[Candidate]: ...

    def current(self, scope: Scope) -> tuple[str, ...]: ...


class Render(Protocol):
    """What writing a slot back needs: the words that must be quoted, and each field's default."""

    def bare(self, text: str) -> str: ...

    def is_default(self, name: str, value: object) -> bool: ...

    def field_value(self, name: str) -> object: ...


@dataclass(frozen=True, kw_only=True, eq=False)
class Slot:
    """Base of every slot: the field it fills, what it is called in messages, its `key=` option words."""

    field: str
    what: Words
    key: Words | None = None
    positional: bool = False
    many: bool = False
    takes_id: bool = False
    rest: bool = False

    def meanings(self) -> tuple[tuple[Words, object], ...]:
        return ()

    def units(self) -> frozenset[str]:
        return frozenset()

    def claim(self, word: str) -> object | None:
        """A value for a bare word this slot recognises by its shape (`12m`), else None."""
        return None

    def satisfied(self, scope: Scope) -> bool:
        return self.field in scope.values

    def skippable(self, scope: Scope) -> bool:
        return True

    def accept(self, tokens: Sequence[Token], i: int, scope: Scope, exact: bool) -> int:
        return 0

    def take_keyword(self, value: object, word: str, scope: Scope) -> None:
        self.store(scope, value, word)

    def take_option(self, token: Token, scope: Scope) -> None:
        self.store(scope, token.value, token.text)

    def take_signed(self, token: Token, label: str | None, scope: Scope) -> None:
        raise Failure("unknown_word", token.text, self.what)

    def take_id(self, token: Token, scope: Scope) -> None:
        self.store(scope, token.value, token.text)

    def store(self, scope: Scope, value: object, word: str) -> None:
        if self.many:
            existing = scope.values.setdefault(self.field, [])
            assert isinstance(existing, list)
            existing.append(value)
        elif self.field in scope.values:
            raise Failure("duplicate", word, self.what)
        else:
            scope.values[self.field] = value

    def default_value(self, scope: Scope) -> object:
        return None

    def finish(self, scope: Scope) -> None:
        return None

    def render(self, value: object, lang: Lang, r: Render) -> list[str]:
        return []

    def keyed(self, lang: Lang, text: str) -> str:
        assert self.key is not None, f"{self.field} has no key= form"
        return f"{self.key.canonical(lang)}={text}"


RefDefault = Literal["required", "none", "me", "active", "author"]


@dataclass(frozen=True, kw_only=True, eq=False)
class Ref(Slot):
    """A name of something in the directory (a character, weapon, encounter …), stored as its id."""

    source: Source
    default: RefDefault = "required"
    positional: bool = True
    verbatim_key: bool = False
    minimum: int = 0

    def skippable(self, scope: Scope) -> bool:
        if self.many:
            return len(_list(scope.values.get(self.field))) >= self.minimum
        return self.default != "required" or self.satisfied(scope)

    def accept(self, tokens: Sequence[Token], i: int, scope: Scope, exact: bool) -> int:
        token = tokens[i]
        if token.kind not in ("word", "quoted"):
            return 0
        if self.source.kind == "character" and token.kind == "word" and is_me(token.value):
            self.store(scope, scope.env.my_character(token.value), token.text)
            return 1
        if self.many and token.kind == "word" and "," in token.value:
            for piece in (p for p in token.value.split(",") if p):
                self.store(scope, self._resolve_or_fail(piece, scope), token.text)
            return 1
        candidates = self.source.candidates(scope)
        for n in (4, 3, 2):
            phrase = tokens[i:i + n]
            if len(phrase) == n and all(t.kind == "word" for t in phrase):
                joined = fold(" ".join(t.value for t in phrase))
                whole = [c for c in candidates if joined in (fold(c.label), fold(c.id))]
                if len({c.id for c in whole}) == 1:
                    self.store(scope, whole[0].id, token.text)
                    return n
        found = resolve(token.value, candidates, prefix=not exact)
        if isinstance(found, Ambiguous):
            raise Failure("ambiguous", token.value, self.what, options=tuple(c.shown() for c in found.candidates))
        if isinstance(found, Resolved):
            self.store(scope, found.id, token.text)
            return 1
        return 0

    def _resolve_or_fail(self, word: str, scope: Scope) -> str:
        if self.source.kind == "character" and is_me(word):
            return scope.env.my_character(word)
        candidates = self.source.candidates(scope)
        found = resolve(word, candidates)
        if isinstance(found, Resolved):
            return found.id
        if isinstance(found, Ambiguous):
            raise Failure("ambiguous", word, self.what, options=tuple(c.shown() for c in found.candidates))
        raise Failure("unknown_name", word, self.what, self.name_suggestions(word, scope), kind=self.source.kind)

    def name_suggestions(self, word: str, scope: Scope) -> tuple[str, ...]:
        labels = [label for c in self.source.candidates(scope) for label in (c.label, c.id)]
        return nearest(word, labels)

    def take_option(self, token: Token, scope: Scope) -> None:
        if self.verbatim_key:
            self.store(scope, token.value, token.text)
            return
        pieces = token.value.split(",") if self.many and token.value_form == "bare" else [token.value]
        for piece in (p for p in pieces if p or not self.many):
            self.store(scope, self._resolve_or_fail(piece, scope), token.text)

    def default_value(self, scope: Scope) -> object:
        if self.many:
            return ()
        if self.default == "me":
            return scope.env.my_character("yo" if scope.env.lang == "es" else "me")
        if self.default == "author":
            return scope.env.context.author
        if self.default == "active":
            current = self.source.current(scope)
            return current[0] if len(current) == 1 else None
        return None

    def finish(self, scope: Scope) -> None:
        if self.field.startswith("_") or self.satisfied(scope):
            if self.many and len(_list(scope.values.get(self.field))) < self.minimum:
                raise Failure("missing", None, self.what, listing=self._labels(scope))
            return
        if self.many:
            if self.minimum:
                raise Failure("missing", None, self.what, listing=self._labels(scope))
            scope.values[self.field] = []
            return
        if self.default == "required":
            raise Failure("missing", None, self.what, listing=self._labels(scope))
        if self.default in ("me", "author"):
            value = self.default_value(scope)
            if value is None:
                raise Failure("missing", None, self.what, listing=self._labels(scope))
            scope.values[self.field] = value
        elif self.default == "active":
            current = self.source.current(scope)
            if len(current) != 1:
                raise Failure("missing", None, self.what, listing=current or self._labels(scope))
            scope.values[self.field] = current[0]

    def _labels(self, scope: Scope) -> tuple[str, ...]:
        return tuple(c.id for c in self.source.candidates(scope))

    def render(self, value: object, lang: Lang, r: Render) -> list[str]:
        items = [str(v) for v in _list(value)] if self.many else ([] if value is None else [str(value)])
        if not items:
            return []
        if self.positional:
            return [r.bare(item) for item in items]
        if self.verbatim_key:
            return [self.keyed(lang, quote(item)) for item in items]
        shown = [r.bare(item) for item in items]
        if self.many and all(s == i and "," not in i for s, i in zip(shown, items, strict=True)):
            return [self.keyed(lang, ",".join(items))]
        return [self.keyed(lang, s) for s in shown]


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
        items = _list(value) if self.many else [value]
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
            self.store(scope, self._value(piece, scope.env.lang), token.text)

    def _value(self, word: str, lang: Lang) -> object:
        key = fold(word)
        exact = [value for value, words in self.options if key in words.folded()]
        if exact:
            return exact[0]
        starts = {id(value): value for value, words in self.options if len(key) >= 2 and any(
            f.startswith(key) for f in words.folded())}
        if len(starts) == 1:
            return next(iter(starts.values()))
        raise Failure("bad_value", word, self.what, nearest(word, self.words(lang)), listing=self.words(lang))

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
            words = [self._word(v, lang) for v in _list(value)]
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
        for modifier in _list(value):
            name, number = getattr(modifier, self.name), getattr(modifier, "value")
            signed = f"{number:+d}{unit}"
            out.append(signed if name == UNNAMED else quote(str(name)) + signed)
        return out


IdDefault = Literal["generated", "required", "none"]


@dataclass(frozen=True, kw_only=True, eq=False)
class Id(Slot):
    """The id of what the line creates, written `#id` (or, if positional, as a bare slug); else made up."""

    default: IdDefault = "generated"
    takes_id: bool = True

    def skippable(self, scope: Scope) -> bool:
        return self.default != "required" or self.satisfied(scope)

    def accept(self, tokens: Sequence[Token], i: int, scope: Scope, exact: bool) -> int:
        token = tokens[i]
        if token.kind == "word" and _SLUG.match(token.value):
            self.store(scope, token.value, token.text)
            return 1
        return 0

    def finish(self, scope: Scope) -> None:
        if self.satisfied(scope):
            return
        if self.default == "required":
            raise Failure("missing", None, self.what)
        if self.default == "generated":
            scope.values[self.field] = scope.env.new_id(scope.suffix)

    def render(self, value: object, lang: Lang, r: Render) -> list[str]:
        return [] if value is None else [_id_token(str(value))]


@dataclass(frozen=True, kw_only=True, eq=False)
class Pending(Slot):
    """Something earlier this line refers to (the attack to dodge, the test to reroll): `#id`, else the
    latest pending entry of `kind` whose actor (or target) is the character in field `who`."""

    kinds: tuple[str, ...]
    who: str
    role: Literal["actor", "target"]
    tags: tuple[str, ...] = ()
    default: Literal["required", "none"] = "required"
    when: tuple[str, tuple[object, ...]] | None = None  # only looked up when this field has one of these values
    takes_id: bool = True

    def finish(self, scope: Scope) -> None:
        if self.satisfied(scope):
            return
        if self.when is not None and scope.value_of(self.when[0]) not in self.when[1]:
            return
        entries = [p for p in scope.env.directory.pending if p.kind in self.kinds and set(self.tags) <= set(p.tags)]
        try:
            who = scope.value_of(self.who)
        except Failure:
            if len(entries) != 1:
                raise
            who = None
        if who is not None:
            entries = [p for p in entries if (p.actor == who if self.role == "actor" else who in p.targets)]
        if entries:
            scope.values[self.field] = entries[-1].id
        elif self.default == "required":
            raise Failure("nothing_pending", None, self.what)

    def render(self, value: object, lang: Lang, r: Render) -> list[str]:
        return [] if value is None else [_id_token(str(value))]


def _id_token(value: str) -> str:
    return "#" + (value if _BARE_ID.fullmatch(value) else quote(value))


def _list(value: object) -> list[object]:
    if isinstance(value, (list, tuple)):
        return list(value)
    return []


def bare_safe(text: str, reserved: frozenset[str]) -> bool:
    """Whether `text` reads back as itself when written bare: a plain word that is no keyword of the line."""
    folded = fold(text)
    return bool(_BARE.fullmatch(text)) and bool(folded) and not text.endswith("-") and folded not in reserved \
        and not is_me(text) and not _DICE.fullmatch(text)


__all__ = [
    "REQUIRED", "UNNAMED", "Choice", "Codec", "Dice", "Id", "Mods", "Number", "Option", "Pending", "Ref", "Render", "Scope",
    "Slot", "Source", "Text", "bare_safe", "flag", "required",
]
