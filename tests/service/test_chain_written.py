"""The write path hashes with msgspec (`chain.link_written`); the contract is `json.dumps` (docs/audit-format.md).

These tests prove the claims `link_written`'s docstring makes, each from its own side: the types the service
writes hold no float and no untyped value but the meta's command, every Unicode scalar value is escaped alike,
keys sort alike across planes, integers of any size are written alike.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import msgspec
import msgspec.inspect as mi

from domain.campaign.decide import CreateCampaign
from domain.commands import Command
from domain.events import Event
from projections.recorded import EventMeta
from service import chain
from tests.support import docs_verifier


def _contract(value: Any) -> bytes:
    # docs/audit-format.md, word for word: keys sorted, no whitespace, UTF-8 unescaped.
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _loose_spots(info: mi.Type, path: str, seen: frozenset[type], found: set[str]) -> None:
    """Where a type admits a float, a decimal, an untyped value or a dict keyed by other than strings."""
    if isinstance(info, (mi.FloatType, mi.DecimalType, mi.AnyType)):
        found.add(f"{path}: {type(info).__name__}")
    if isinstance(info, mi.DictType) and not isinstance(info.key_type, (mi.StrType, mi.LiteralType)):
        found.add(f"{path}: dict keyed by {type(info.key_type).__name__}")
    if isinstance(info, mi.StructType):
        if info.cls in seen:
            return
        for field in info.fields:
            _loose_spots(field.type, f"{info.cls.__name__}.{field.name}", seen | {info.cls}, found)
    if isinstance(info, mi.UnionType):
        for member in info.types:
            _loose_spots(member, path, seen, found)
    if isinstance(info, mi.TupleType):
        for member in info.item_types:
            _loose_spots(member, path, seen, found)
    for name in ("item_type", "key_type", "value_type"):
        inner = getattr(info, name, None)
        if isinstance(inner, mi.Type):
            _loose_spots(inner, path, seen, found)


def test_what_the_service_writes_holds_no_float_and_nothing_untyped_but_the_command() -> None:
    found: set[str] = set()
    _loose_spots(mi.type_info(Event), "event", frozenset(), found)
    _loose_spots(mi.type_info(EventMeta), "meta", frozenset(), found)
    assert found == {"EventMeta.command: AnyType"}
    # ... and the command it holds is a typed command's builtins (projections.step.recorded_command).
    commands: set[str] = set()
    _loose_spots(mi.type_info(Command), "command", frozenset(), commands)
    _loose_spots(mi.type_info(CreateCampaign), "command", frozenset(), commands)
    assert commands == set()


def test_every_unicode_scalar_value_is_escaped_as_the_contract_escapes_it() -> None:
    scalars = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    # Escaping is per character, so chunks of them compare as well as each alone (and 300 times faster).
    for start in range(0, len(scalars), 4096):
        text = "".join(scalars[start:start + 4096])
        value = {text: [text, "\\" + text + '"']}
        assert msgspec.json.encode(value, order="sorted") == _contract(value), hex(ord(scalars[start]))


def test_keys_sort_by_code_point_across_planes() -> None:
    # UTF-16 would put the astral characters (surrogates D800-DFFF) before U+E000..U+FFFF: code points do not.
    alphabet = ["A", "a", "\x7f", "é", "\u0800", "\u2028", "\ue000", "\ufffd", "\uffff", "\U00010000", "\U0001f600"]
    chooser = random.Random(23)
    for _ in range(3000):
        value = {"".join(chooser.choice(alphabet) for _ in range(chooser.randint(0, 3))): chooser.randint(-9, 9)
                 for _ in range(6)}
        assert msgspec.json.encode(value, order="sorted") == _contract(value)


def _record(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "campaign_id": "1eb852c0-c6df-4030-9b94-3088ad36406a", "seq": 4, "type": "dice_rolled", "schema_version": 2,
        "data": data, "meta": {"actor": "gm", "role": "gm", "command": {"type": "roll", "reason": "Ñ [/quote]"}},
        "idempotency_key": None, "recorded_at": "2026-12-04T13:22:00.123456Z",
    }


def test_a_written_record_hashes_as_an_independent_verifier_recomputes_it() -> None:
    record = _record({"expression": "2d10+3", "dice": [8, 3], "total": 14, "reason": 'Awareness "ü" \n\t'})
    prev = "ab" * 32
    expected = hashlib.sha256(bytes.fromhex(prev) + docs_verifier.canonical(record)).hexdigest()
    assert chain.link_written(prev, record) == chain.link(prev, record) == expected


def test_integers_beyond_64_bits_are_written_as_the_contract_writes_them() -> None:
    record = _record({"total": 2**70, "least": -(2**65)})
    prev = chain.GENESIS
    assert chain.link_written(prev, record) == hashlib.sha256(bytes.fromhex(prev) + _contract(
        {name: record[name] for name in chain.HASHED_FIELDS})).hexdigest()


def _encoded(record: dict[str, Any]) -> dict[str, Any]:
    body = {name: record[name] for name in chain.HASHED_FIELDS}
    return {**body, "data": msgspec.Raw(msgspec.json.encode(record["data"], order="sorted")),
            "meta": msgspec.Raw(msgspec.json.encode(record["meta"], order="sorted"))}


def test_a_record_with_its_data_and_meta_encoded_once_hashes_as_the_verifier_recomputes_it() -> None:
    # `chain.link_encoded`: the store encodes data and meta once, for the hash and the statement alike.
    for data in ({"expression": "2d10+3", "dice": [8, 3], "total": 14, "reason": 'Awareness "ü" \n\t\u2028'},
                 {"z": {"b": 1, "a": [{"y": None, "x": 2**70}]}, "\U0001f600": "é", "\ue000": -(2**65)}, {}):
        record = _record(data)
        for prev in (chain.GENESIS, "ab" * 32):
            expected = hashlib.sha256(bytes.fromhex(prev) + docs_verifier.canonical(record)).hexdigest()
            assert chain.link_encoded(prev, _encoded(record)) == expected


def test_the_hashed_fields_struct_writes_the_bytes_of_the_sorted_dict() -> None:
    # `chain.link_fields` (the store's writes): the same hash as `link_encoded` and as docs/audit-format.md.
    assert list(chain.HashedFields.__struct_fields__) == sorted(chain.HASHED_FIELDS)
    for data in ({"expression": "2d10+3", "dice": [8, 3], "total": 14, "reason": 'Awareness "ü" \n\t\u2028'},
                 {"z": {"b": 1, "a": [{"y": None, "x": 2**70}]}, "\U0001f600": "é", "\ue000": -(2**65)}, {}):
        record = _record(data)
        for key in (None, "post-ü"):
            record = {**record, "idempotency_key": key}
            encoded = _encoded(record)
            fields = chain.HashedFields(**encoded)
            for prev in (chain.GENESIS, "ab" * 32):
                expected = hashlib.sha256(bytes.fromhex(prev) + docs_verifier.canonical(record)).hexdigest()
                assert chain.link_fields(prev, fields) == chain.link_encoded(prev, encoded) == expected
