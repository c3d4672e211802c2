"""Reading one line's tokens (after its verb) into the form's command.

Each token is tried, in this order: an `#id`, a `key=value` option or a signed modifier goes to the slot
that claims it; a word that is exactly a keyword of the form (`semi`, `esquivar`, `muy difícil`); the next
positional slot if the word or quoted string exactly names what it wants; a word before a signed number is
that modifier's name (`aim +10`); then unique prefixes of keywords and of names (not in lines ending in
free text, where every unclaimed word is text). Anything else is an error naming the word, what was
expected and the nearest valid words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec

from domain.message import message

from ..commands import Command
from ..plain_text import plain_text_rule
from .context import Env
from .folding import fold, nearest
from .forms import Form, Segment
from .messages import Failure, either
from .name_slots import Ref
from .slots import Slot
from .tokens import Token
from .value_slots import Mods

_GLUED_LABEL = re.compile(r"^([^\W\d][^\W\d+]*?)([+-]\d{1,18})([^\W\d_]*)$")


class SegmentScope:
    """One segment being read: its values (shared with the command for flat segments) and its cursor."""

    def __init__(self, segment: Segment, values: dict[str, object], top: SegmentScope | None, env: Env,
                 suffix: str = "", next_lead: tuple[str, str] | None = None) -> None:
        self.segment = segment
        self._values = values
        self.top = top
        self._env = env
        self._suffix = suffix
        self.cursor = 0
        self.next_lead = next_lead

    @property
    def values(self) -> dict[str, object]:
        return self._values

    @property
    def env(self) -> Env:
        return self._env

    @property
    def suffix(self) -> str:
        return self._suffix

    def value_of(self, name: str) -> object:
        if name in self._values:
            return self._values[name]
        slot = self.segment.slot_for(name)
        if slot is not None:
            return slot.default_value(self)
        return self.top.value_of(name) if self.top is not None else None

    def claimers(self) -> tuple[tuple[Segment, SegmentScope], ...]:
        if self.top is None:
            return ((self.segment, self),)
        return ((self.segment, self), (self.top.segment, self.top))


def read_command(form: Form, tokens: Sequence[Token], env: Env) -> Command:
    """The command the tokens after the verb describe, or a Failure."""
    parts = _split(form, tokens)
    try:
        return _build(form, parts, env)
    except Failure:
        # `!attack cultists bolter`: no `->`, so the words may all be meant for the second segment.
        if len(parts) == 1 and len(form.segments) >= 2 and tokens:
            try:
                return _build(form, [[], *parts], env)
            except Failure:
                pass
        raise


def _split(form: Form, tokens: Sequence[Token]) -> list[list[Token]]:
    parts: list[list[Token]] = [[]]
    for token in tokens:
        if token.kind == "arrow":
            parts.append([])
        else:
            parts[-1].append(token)
    limit = len(form.segments)
    if form.repeat is None and len(parts) > max(1, limit):
        last = form.segments[-1] if form.segments else form.command_segment
        if last.rest is None:
            raise Failure("unknown_word", "->", message("lines.expected.nothing_more"), kind="nothing_more")
        arrow = Token(kind="word", text="->", value="->")
        merged = [t for part in parts[limit - 1:] for t in (arrow, *part)][1:]
        parts = [*parts[:limit - 1], merged]
    return parts


def _build(form: Form, parts: list[list[Token]], env: Env) -> Command:
    command: dict[str, object] = {}
    top = SegmentScope(form.top_segment, command, None, env)
    specs: list[Segment] = list(form.segments) or [Segment()]
    if form.repeat is not None:
        if len(parts) <= len(specs):
            lead = form.repeat.lead
            raise Failure("missing", None, (lead.en[0], lead.es[0]) if lead else ("->", "->"))
        specs += [form.repeat] * (len(parts) - len(specs))
    scopes: list[SegmentScope] = []
    for k, spec in enumerate(specs):
        repeated = spec is form.repeat
        suffix = f".{k - len(form.segments) + 1}" if repeated else ""
        following = specs[k + 1] if k + 1 < len(specs) else form.repeat if repeated else None
        lead = following.lead if following is not None else None
        scope = SegmentScope(spec, command if spec.into is None else {}, top, env, suffix,
                             (lead.en[0], lead.es[0]) if lead else None)
        _consume(scope, parts[k] if k < len(parts) else [])
        scopes.append(scope)
    for scope in scopes:
        for slot in scope.segment.slots:
            slot.finish(scope)
    for slot in form.command_segment.slots:
        slot.finish(top)
    for scope in scopes:
        into = scope.segment.into
        if into is None:
            continue
        item = {k: v for k, v in scope.values.items() if not k.startswith("_")}
        if scope.segment.many:
            items = command.setdefault(into, [])
            assert isinstance(items, list)
            items.append(item)
        else:
            command[into] = item
    command.update(form.presets)
    clean = {k: v for k, v in command.items() if not k.startswith("_")}
    for key in [k for k in clean if "." in k]:
        head, tail = key.split(".", 1)
        nested = clean.setdefault(head, {})
        assert isinstance(nested, dict)
        nested[tail] = clean.pop(key)
    try:
        return msgspec.convert(clean, form.command)
    except msgspec.ValidationError as error:
        message, _, where = str(error).partition(" - at `$.")
        if plain_text_rule(message) is not None:
            raise Failure("not_plain_text", word=where.rstrip("`")) from None
        raise Failure("invalid", detail=str(error)) from None


def _consume(scope: SegmentScope, tokens: Sequence[Token]) -> None:
    i = 0
    while i < len(tokens):
        i = _step(scope, tokens, i)


def _owner(slot: Slot, scope: SegmentScope) -> SegmentScope:
    if slot in scope.segment.slots or scope.top is None:
        return scope
    return scope.top


def _step(scope: SegmentScope, tokens: Sequence[Token], i: int) -> int:
    token = tokens[i]
    claimers = scope.claimers()
    rest = scope.segment.rest
    if token.kind == "id":
        slot = next((seg.id_slot for seg, _ in claimers if seg.id_slot is not None), None)
        if slot is not None:
            slot.take_id(token, _owner(slot, scope))
            return i + 1
    elif token.kind == "option":
        option = _option(token.key, claimers, allow_prefix=rest is None)
        if option is not None:
            option.take_option(token, _owner(option, scope))
            return i + 1
        if rest is None:
            raise _unknown_option(token, scope)
    elif token.kind == "signed":
        mods = _mods(token.unit, claimers)
        if mods is not None:
            mods.take_signed(token, token.label, _owner(mods, scope))
            return i + 1
    elif token.kind == "word":
        taken = _keyword(tokens, i, scope, exact=True)
        if taken:
            return i + taken
        for seg, _ in claimers:
            for shaped in seg.shaped:
                value = shaped.claim(token.value)
                if value is not None:
                    shaped.store(_owner(shaped, scope), value, token.text)
                    return i + 1
    if token.kind in ("word", "quoted"):
        taken = _positional(scope, tokens, i, exact=True)
        if taken:
            return i + taken
        labelled = _label(scope, tokens, i)
        if labelled:
            return i + labelled
        if rest is None:
            if token.kind == "word":
                taken = _keyword(tokens, i, scope, exact=False)
                if taken:
                    return i + taken
            taken = _positional(scope, tokens, i, exact=False)
            if taken:
                return i + taken
    if rest is not None and _rest_open(scope):
        scope.cursor = scope.segment.positionals.index(rest)
        return i + rest.accept(tokens, i, scope, exact=True)
    raise _unknown(scope, token)


def _option(key: str, claimers: Sequence[tuple[Segment, SegmentScope]], allow_prefix: bool) -> Slot | None:
    folded = fold(key)
    for seg, _ in claimers:
        if folded in seg.options:
            return seg.options[folded]
    if not allow_prefix or len(folded) < 2:
        return None
    hits = {id(slot): slot for seg, _ in claimers for k, slot in seg.options.items() if k.startswith(folded)}
    return next(iter(hits.values())) if len(hits) == 1 else None


def _mods(unit: str, claimers: Sequence[tuple[Segment, SegmentScope]]) -> Mods | None:
    return next((m for seg, _ in claimers if (m := seg.mods_for(unit)) is not None), None)


def _keyword(tokens: Sequence[Token], i: int, scope: SegmentScope, *, exact: bool) -> int:
    claimers = scope.claimers()
    for n in (5, 4, 3, 2, 1):
        words = tokens[i:i + n]
        if len(words) < n or any(t.kind != "word" for t in words):
            continue
        key = fold("-".join(t.value for t in words))
        for seg, _ in claimers:
            if key in seg.keywords:
                slot, value, _words = seg.keywords[key]
                slot.take_keyword(value, " ".join(t.text for t in words), _owner(slot, scope))
                return n
    if exact:
        return 0
    key = fold(tokens[i].value)
    if len(key) < 2:
        return 0
    hits: dict[tuple[int, str], tuple[Slot, object, str]] = {}
    for seg, _ in claimers:
        for word, (slot, value, meaning) in seg.keywords.items():
            if word.startswith(key):
                hits.setdefault((id(slot), repr(value)), (slot, value, meaning.canonical(scope.env.lang)))
    if len(hits) > 1:
        raise Failure("ambiguous", tokens[i].value, message("lines.expected.keyword"),
                      options=tuple(f"`{h[2]}`" for h in hits.values()))
    if hits:
        slot, value, _shown = next(iter(hits.values()))
        slot.take_keyword(value, tokens[i].text, _owner(slot, scope))
        return 1
    return 0


def _positional(scope: SegmentScope, tokens: Sequence[Token], i: int, *, exact: bool) -> int:
    positionals = [s for s in scope.segment.positionals if not s.rest]
    for j in range(scope.cursor, len(positionals)):
        slot = positionals[j]
        if slot.satisfied(scope) and not slot.many:
            continue
        taken = slot.accept(tokens, i, scope, exact)
        if taken:
            scope.cursor = j if slot.many else j + 1
            return taken
        if not slot.skippable(scope):
            break
    return 0


def _label(scope: SegmentScope, tokens: Sequence[Token], i: int) -> int:
    token = tokens[i]
    claimers = scope.claimers()
    if i + 1 < len(tokens):
        nxt = tokens[i + 1]
        if nxt.kind == "signed" and nxt.label is None:
            mods = _mods(nxt.unit, claimers)
            if mods is not None:
                mods.take_signed(nxt, token.value, _owner(mods, scope))
                return 2
    if token.kind == "word":
        glued = _GLUED_LABEL.match(token.value)
        if glued:
            mods = _mods(glued.group(3).casefold(), claimers)
            if mods is not None:
                signed = Token(kind="signed", text=token.text, value=glued.group(2) + glued.group(3),
                               number=int(glued.group(2)), unit=glued.group(3).casefold())
                mods.take_signed(signed, glued.group(1), _owner(mods, scope))
                return 1
    return 0


def _rest_open(scope: SegmentScope) -> bool:
    rest = scope.segment.rest
    assert rest is not None
    positionals = scope.segment.positionals
    return all(s.skippable(scope) or s.satisfied(scope) for s in positionals[scope.cursor:positionals.index(rest)])


def _open_slots(scope: SegmentScope) -> list[Slot]:
    found: list[Slot] = []
    for slot in scope.segment.positionals[scope.cursor:]:
        if slot.satisfied(scope) and not slot.many:
            continue
        found.append(slot)
        if not slot.skippable(scope):
            break
    return found


def _unknown(scope: SegmentScope, token: Token) -> Failure:
    lang = scope.env.lang
    opened = _open_slots(scope)
    suggest = scope.env.suggest
    keywords = nearest(token.value, _vocabulary(scope, lang)) if token.kind == "word" and suggest else ()
    refs = [s for s in opened if isinstance(s, Ref)]
    if refs and token.kind in ("word", "quoted"):
        # The name most likely meant: the first slot with a near name, else the one the line cannot skip.
        near = [(ref, ref.name_suggestions(token.value, scope)) for ref in refs]
        ref, names = next(((r, n) for r, n in near if n), None) or next(
            ((r, n) for r, n in near if not r.skippable(scope)), near[0])
        if names or not keywords:
            meant = tuple(dict.fromkeys((*names, *keywords)))[:3]
            return Failure("unknown_name", token.value, ref.what, meant, kind=ref.source.kind,
                           listing=() if meant else ref.existing(scope))
    descriptions = [(s.what.en[0], s.what.es[0]) for s in opened]
    if scope.next_lead is not None:
        descriptions.append(scope.next_lead)
    if not descriptions:
        return Failure("unknown_word", token.text, message("lines.expected.nothing_more"), keywords,
                       kind="nothing_more")
    shown = descriptions[:4]
    expected = (either(tuple(d[0] for d in shown), "en", quote=False),
                either(tuple(d[1] for d in shown), "es", quote=False))
    return Failure("unknown_word", token.text, expected, keywords)


def _vocabulary(scope: SegmentScope, lang: str) -> list[str]:
    words: list[str] = []
    for seg, _ in scope.claimers():
        for _slot, _value, meaning in seg.keywords.values():
            chosen = meaning.en if lang == "en" else meaning.es
            words.extend(w for w in chosen if w not in words)
    return words


def _unknown_option(token: Token, scope: SegmentScope) -> Failure:
    lang = scope.env.lang
    keys: list[str] = []
    for seg, _ in scope.claimers():
        for slot in seg.slots:
            if slot.key is not None:
                keys.extend(slot.key.en if lang == "en" else slot.key.es)
    shown = ", ".join(f"{k}=" for k in dict.fromkeys(keys))
    return Failure("unknown_word", token.key + "=", message("lines.expected.one_of_options", options=shown),
                   tuple(f"{k}=" for k in nearest(token.key, keys)) if scope.env.suggest else ())
