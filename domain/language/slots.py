"""The slots of a line form: each reads some tokens into one field of the command and writes the field back.

Positional slots (names, numbers, dice, text) take tokens in their order; the others claim their tokens
anywhere: keywords from a list (`semi`, `esquivar`), `key=value` options, signed modifiers, `#ids`.
This module holds what every slot shares; `name_slots` and `value_slots` hold the kinds.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .context import Env, is_me
from .directory import Candidate
from .folding import fold
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


def id_token(value: str) -> str:
    return "#" + (value if _BARE_ID.fullmatch(value) else quote(value))


def as_list(value: object) -> list[object]:
    if isinstance(value, (list, tuple)):
        return list(value)
    return []


def bare_safe(text: str, reserved: frozenset[str]) -> bool:
    """Whether `text` reads back as itself when written bare: a plain word that is no keyword of the line."""
    folded = fold(text)
    return bool(_BARE.fullmatch(text)) and bool(folded) and not text.endswith("-") and folded not in reserved \
        and not is_me(text) and not _DICE.fullmatch(text)
