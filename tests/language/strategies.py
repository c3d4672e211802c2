"""Commands of any type, generated from their msgspec types; fields that name things draw from the table.

Every field is generated from the command's own type (so a field no line form covers would fail the
round trip); only names, which must exist to be resolved, come from the directory of tests/language/table.
"""

from __future__ import annotations

import msgspec
from hypothesis import strategies as st

from domain.commands import Command
from domain.d100.sheet import SKILL_CATALOGUE
from domain.language.forms import Form
from domain.language.name_slots import Ref
from domain.language.sources import Weapons
from domain.plain_text import MULTI_LINE, ONE_LINE

from . import table

Overrides = dict[tuple[type, str], st.SearchStrategy[object]]

_POOLS: dict[tuple[str, str], tuple[str, ...]] = {
    ("d100", "character"): tuple(c.id for c in table.D100_CHARACTERS),
    ("wng", "character"): tuple(c.id for c in table.WNG_CHARACTERS),
    ("d100", "weapon"): tuple(w.id for w in table.D100_WEAPONS),
    ("wng", "weapon"): tuple(w.id for w in table.WNG_WEAPONS),
    ("d100", "skill"): tuple(SKILL_CATALOGUE),
}


def _pool(family: str, kind: str) -> tuple[str, ...]:
    if (family, kind) in _POOLS:
        return _POOLS[(family, kind)]
    return {
        "participant": tuple(p.id for p in table.PARTICIPANTS),
        "encounter": tuple(e.id for e in table.ENCOUNTERS),
        "mission": tuple(m.id for m in table.MISSIONS),
        "objective": tuple(o.id for m in table.MISSIONS for o in m.objectives),
    }[kind]


def overrides_for(form: Form, family: str) -> Overrides:
    """The fields of the command (and its nested Structs) that name something, with the names to draw from."""
    found: Overrides = {(form.command, "post"): st.none()}
    for segment in form.all_segments():
        owner = segment.struct or form.command
        for slot in segment.slots:
            if isinstance(slot, Ref) and not slot.field.startswith("_"):
                extra = tuple(c.id for c in slot.source.extra) if isinstance(slot.source, Weapons) else ()
                names = st.sampled_from(_pool(family, slot.source.kind) + extra)
                found[(owner, slot.field)] = names
    return found


def strategy(kind: msgspec.inspect.Type, overrides: Overrides) -> st.SearchStrategy[object]:
    """Values of a msgspec type, within its constraints (numbers kept to what a post would write)."""
    match kind:
        case msgspec.inspect.StrType(pattern=pattern, min_length=low, max_length=high):
            if pattern in (ONE_LINE, MULTI_LINE):
                # The edge's plain text (domain/plain_text.py): no control, format or separator characters.
                extra = "\n\t" if pattern == MULTI_LINE else ""
                return st.text(st.characters(blacklist_categories=("Cc", "Cf", "Zl", "Zp", "Cs")) | st.sampled_from(
                    extra or " "), min_size=low or 0, max_size=min(high or 30, 30))
            if pattern is not None:
                return st.from_regex(pattern, fullmatch=True)
            return st.text(min_size=low or 0, max_size=min(high or 30, 30))
        case msgspec.inspect.IntType(ge=ge, gt=gt, le=le, lt=lt):
            lo = ge if ge is not None else (gt + 1 if gt is not None else -10**9)
            hi = le if le is not None else (lt - 1 if lt is not None else 10**9)
            return st.integers(min_value=max(lo, -10**9), max_value=min(hi, 10**9))
        case msgspec.inspect.FloatType():
            return st.floats(allow_nan=False)
        case msgspec.inspect.BoolType():
            return st.booleans()
        case msgspec.inspect.NoneType():
            return st.none()
        case msgspec.inspect.LiteralType(values=values):
            return st.sampled_from(values)
        case msgspec.inspect.UnionType(types=types):
            return st.one_of(*(strategy(t, overrides) for t in types))
        case msgspec.inspect.VarTupleType(item_type=item, min_length=low, max_length=high) | msgspec.inspect.ListType(
            item_type=item, min_length=low, max_length=high
        ):
            return st.lists(strategy(item, overrides), min_size=low or 0, max_size=min(high or 3, 3)).map(tuple)
        case msgspec.inspect.DictType(key_type=key, value_type=value):
            return st.dictionaries(strategy(key, overrides), strategy(value, overrides), max_size=3)
        case msgspec.inspect.StructType(cls=cls, fields=fields):
            return _struct(cls, fields, overrides)
        case msgspec.inspect.AnyType():
            return _JSON
    raise TypeError(f"no strategy for {kind}")


# Any JSON value (a sheet, a critical table): what a `key={…}` option carries.
_JSON: st.SearchStrategy[object] = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10**6, max_value=10**6) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


def _struct(cls: type, fields: tuple[msgspec.inspect.Field, ...], overrides: Overrides) -> st.SearchStrategy[object]:
    required: dict[str, st.SearchStrategy[object]] = {}
    optional: dict[str, st.SearchStrategy[object]] = {}
    for field in fields:
        chosen = overrides.get((cls, field.name))
        kind = field.type
        if chosen is None:
            chosen = strategy(kind, overrides)
        elif isinstance(kind, (msgspec.inspect.VarTupleType, msgspec.inspect.ListType)):
            chosen = st.lists(chosen, min_size=kind.min_length or 0, max_size=min(kind.max_length or 3, 3)).map(tuple)
        elif isinstance(kind, msgspec.inspect.UnionType) and any(
            isinstance(t, msgspec.inspect.NoneType) for t in kind.types
        ):
            chosen = st.one_of(chosen, st.none())
        (required if field.required else optional)[field.name] = chosen
    return st.fixed_dictionaries(required, optional=optional).map(lambda values: cls(**values))


def commands(cls: type[Command], form: Form, family: str) -> st.SearchStrategy[object]:
    return strategy(msgspec.inspect.type_info(cls), overrides_for(form, family))
