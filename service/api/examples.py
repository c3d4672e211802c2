"""An example body for every command, derived from its msgspec type, for the interactive docs.

Each example holds the command's `type` and its required fields only (the optional ones are documented
by the schema beside it). Values come from the names a table would use: a field named like a character,
weapon, encounter … takes a name from the one scene below (Brother Kai against a cultist horde at the
hive gate); any other field takes the smallest value its type and constraints allow. A test decodes
every example with the command union, so an example the service would refuse cannot ship.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
from msgspec import inspect

# The scene every example is written in: field name → the value a table would write there.
SCENE: dict[str, Any] = {
    "character_id": "kai", "attacker_id": "kai", "target_id": "cultists", "npc_id": "magus", "owner": "p-ana",
    "weapon_id": "bolter", "weapon": "bolter", "encounter_id": "hive-gate", "encounter": "hive-gate",
    "mission_id": "purge-the-hive", "objective_id": "generator", "attack_id": "a1", "test_id": "t1",
    "contest_id": "c1", "id": "kai", "name": "Brother Kai", "title": "Into the hive", "expression": "2d10+3",
    "reason": "bolter damage", "text": "The hive trembles.", "briefing": "Purge the hive's lower levels.",
    "cause": "the GM's ruling", "source": "the GM's ruling", "location": "body", "damage": "1d10+9",
    "participants": ["kai", "cultists"], "targets": ["cultists"], "involved": ["kai"], "seqs": [12],
    "characteristics": {"WS": 45, "BS": 45, "S": 40, "T": 40, "Ag": 40, "Int": 35, "Per": 40, "WP": 40, "Fel": 35},
}
_DEPTH = 6  # nested required structs deeper than this are cut (none are today)


def tag_of(kind: type[msgspec.Struct]) -> str:
    return str(kind.__struct_config__.tag)


def example_of(kind: type[msgspec.Struct]) -> dict[str, Any]:
    """The body a client would send for `kind`: its tag and every required field."""
    value = _value(inspect.type_info(kind), None, 0)
    assert isinstance(value, dict)
    return value


def _fits(value: Any, kind: inspect.Type) -> bool:
    match kind:
        case inspect.StrType(pattern=pattern, min_length=low, max_length=high):
            return isinstance(value, str) and len(value) >= (low or 0) and (high is None or len(value) <= high) and (
                pattern is None or re.search(pattern, value) is not None)
        case inspect.IntType():
            return isinstance(value, int) and not isinstance(value, bool) and value == _int(kind, value)
        case inspect.FloatType():
            return isinstance(value, (int, float)) and not isinstance(value, bool)
        case inspect.VarTupleType(item_type=item) | inspect.ListType(item_type=item):
            return isinstance(value, list) and all(_fits(v, item) for v in value)
        case inspect.DictType():
            return isinstance(value, dict)
        case inspect.UnionType(types=types):
            return any(_fits(value, t) for t in types)
    return False


def _int(kind: inspect.IntType, wanted: int) -> int:
    low = kind.ge if kind.ge is not None else (kind.gt + 1 if kind.gt is not None else None)
    high = kind.le if kind.le is not None else (kind.lt - 1 if kind.lt is not None else None)
    value = max(wanted, low) if low is not None else wanted
    return min(value, high) if high is not None else value


def _value(kind: inspect.Type, name: str | None, depth: int) -> Any:
    if name in SCENE and _fits(SCENE[name], kind):
        return SCENE[name]
    match kind:
        case inspect.StructType(cls=cls, fields=fields):
            body: dict[str, Any] = {}
            if cls.__struct_config__.tag is not None:
                body[str(cls.__struct_config__.tag_field)] = tag_of(cls)
            if depth < _DEPTH:
                body.update({f.encode_name: _value(f.type, f.name, depth + 1) for f in fields if f.required})
            return body
        case inspect.UnionType(types=types):
            chosen = next((t for t in types if not isinstance(t, inspect.NoneType)), types[0])
            return _value(chosen, name, depth)
        case inspect.LiteralType(values=values):
            return values[0]
        case inspect.StrType(pattern=pattern, min_length=low):
            text = (name or "x").ljust(low or 0, "x")
            return text if pattern is None or re.search(pattern, text) else "x1"
        case inspect.IntType():
            return _int(kind, 1)
        case inspect.FloatType():
            return 10.0
        case inspect.BoolType():
            return False
        case inspect.VarTupleType(item_type=item, min_length=low) | inspect.ListType(item_type=item, min_length=low):
            return [_value(item, None, depth + 1) for _ in range(max(low or 0, 1))]
        case inspect.DictType(min_length=low):
            return {} if not low else {"x": _value(kind.value_type, None, depth + 1)}
        case inspect.NoneType():
            return None
    return None
