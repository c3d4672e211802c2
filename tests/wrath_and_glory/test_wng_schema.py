"""Event and command types: stable wng_ tags, JSON round trips, and a pure, import-clean engine."""

from __future__ import annotations

import ast
from pathlib import Path

import msgspec

from domain.events import all_event_classes, event_type
from domain.wrath_and_glory import COMMANDS, EVENTS, WngCommand, WngEvent
from domain.wrath_and_glory.attacks import AttackOptions
from domain.wrath_and_glory.commands import Attack, RollTest

from .scenario import ALICE, hero, run, table

ROOT = Path(__file__).resolve().parents[2]


def test_schema_every_event_and_command_tag_is_wng_prefixed_and_unique() -> None:
    event_tags = [cls.__struct_config__.tag for cls in EVENTS]
    command_tags = [cls.__struct_config__.tag for cls in COMMANDS]
    assert all(isinstance(t, str) and t.startswith("wng_") for t in event_tags + command_tags)
    assert len(set(event_tags)) == len(event_tags)
    assert len(set(command_tags)) == len(command_tags)
    registered = all_event_classes()
    assert all(registered[str(t)] in EVENTS for t in event_tags)


def test_schema_decided_events_round_trip_through_json() -> None:
    events = run(table(), RollTest(character_id="h1", skill="persuasion"), [1, 2, 3, 3, 4, 6, 6], ALICE)
    encoded = msgspec.json.encode(events)
    assert msgspec.json.decode(encoded, type=list[WngEvent]) == events
    assert [event_type(e) for e in events] == ["wng_test_rolled", "wng_glory_gained"]


def test_schema_commands_decode_from_their_json_form() -> None:
    body = (
        b'{"type": "wng_attack", "attacker_id": "h1", "targets": ["boss"], "weapon": "boltgun",'
        b' "options": {"aim": true, "distance": 10}, "post": {"id": "p1"}}'
    )
    command = msgspec.json.decode(body, type=WngCommand)
    assert isinstance(command, Attack)
    assert command.options == AttackOptions(aim=True, distance=10)


def test_schema_sheet_round_trips() -> None:
    sheet = hero()
    assert msgspec.json.decode(msgspec.json.encode(sheet), type=type(sheet)) == sheet


def test_schema_engine_imports_nothing_impure() -> None:
    forbidden = {"random", "time", "datetime", "logging", "os", "asyncio", "asyncpg", "service", "projections"}
    files = list((ROOT / "domain" / "wrath_and_glory").glob("*.py"))  # the fold (evolve.py) among them
    for path in files:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                assert top not in forbidden, f"{path.name} imports {name}"
