"""Slots that name something: a character, weapon, encounter … by name (`Ref`), the id of what the line
creates (`Id`), or what it acts on that earlier commands left waiting (`Pending`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .context import is_me
from .directory import Ambiguous, Resolved, resolve
from .folding import fold, nearest
from .messages import Failure
from .slots import _SLUG, Render, Scope, Slot, Source, as_list, id_token
from .tokens import Token, quote
from .words import Lang

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
            return len(as_list(scope.values.get(self.field))) >= self.minimum
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
        near = self.name_suggestions(word, scope)
        raise Failure("unknown_name", word, self.what, near, kind=self.source.kind,
                      listing=() if near else self.existing(scope))

    def existing(self, scope: Scope) -> tuple[str, ...]:
        """The names that exist, for a name with no close match (issue 21 §6: "no weapon is called `boltgun`
        (one of: `bolter`, `combat knife`)"); none beyond a post's first few errors, as for suggestions."""
        if not scope.env.suggest:
            return ()
        return tuple(dict.fromkeys(c.label for c in self.source.candidates(scope)))

    def name_suggestions(self, word: str, scope: Scope) -> tuple[str, ...]:
        if not scope.env.suggest:
            return ()
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
            if self.many and len(as_list(scope.values.get(self.field))) < self.minimum:
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
        items = [str(v) for v in as_list(value)] if self.many else ([] if value is None else [str(value)])
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
        return [] if value is None else [id_token(str(value))]


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
    # Entries with one of these tags are never what the line means (a missed attack has no damage to roll).
    unless: tuple[str, ...] = ()

    def finish(self, scope: Scope) -> None:
        if self.satisfied(scope):
            return
        if self.when is not None and scope.value_of(self.when[0]) not in self.when[1]:
            return
        entries = [p for p in scope.env.directory.pending
                   if p.kind in self.kinds and set(self.tags) <= set(p.tags) and not set(self.unless) & set(p.tags)]
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
        return [] if value is None else [id_token(str(value))]
