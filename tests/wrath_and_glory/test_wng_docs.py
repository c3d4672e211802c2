"""docs/rules-wrath-and-glory.md names every Wrath & Glory command and event with each of its fields, and its
played session shows each of them at least once (tests/service/test_docs_examples.py plays it)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec
import pytest

from domain.wrath_and_glory.commands import AddCharacter, StartSession
from domain.wrath_and_glory.engine import ENGINE

DOC = (Path(__file__).resolve().parents[2] / "docs" / "rules-wrath-and-glory.md").read_text()
_BLOCK = re.compile(r"^```json\n(.*?)^```", re.MULTILINE | re.DOTALL)
SHAPES = [*ENGINE.commands, AddCharacter, *ENGINE.events]
COMMON = {"post", "expected_version"}


def _tag(kind: type[msgspec.Struct]) -> str:
    return str(kind.__struct_config__.tag)


def _section(tag: str) -> str:
    found = re.search(rf"^#### `{tag}`\n(.*?)(?=^#|\Z)", DOC, re.MULTILINE | re.DOTALL)
    assert found, f"docs/rules-wrath-and-glory.md has no #### `{tag}` shape"
    return found.group(1)


@pytest.mark.parametrize("kind", SHAPES, ids=_tag)
def test_wng_docs_give_every_shape_with_its_fields(kind: type[msgspec.Struct]) -> None:
    section = _section(_tag(kind))
    listed = set(re.findall(r"^\| `([a-z_]+)` \|", section, re.MULTILINE))
    assert listed == {f.name for f in msgspec.structs.fields(kind)} - COMMON


def test_wng_docs_story_shows_every_command_and_event() -> None:
    shown = {json.loads(line).get("type") for block in _BLOCK.findall(DOC) for line in block.splitlines()
             if line.startswith("{")}
    expected = {_tag(kind) for kind in SHAPES if kind is not StartSession}  # internal: start_session runs it
    assert sorted(expected - shown) == []
