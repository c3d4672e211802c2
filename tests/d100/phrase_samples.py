"""Every event the d100 tests' tables log, for the tests and the bench that tell all of them in both languages."""

from __future__ import annotations

import inspect
from functools import cache
from importlib import import_module
from pathlib import Path

from domain.events import Event
from tests.d100 import encounter_fixtures

# Every d100 test module that plays commands on a Table, so that a new command's own test gives its events a
# sample (tests/d100/test_d100_phrase_words.py needs one of every event type). Not this one's users, nor the
# hypothesis properties (random events, 1 s) and the refusals' words (no events, 0.6 s).
_SKIPPED = {"test_d100_phrase_words", "test_d100_properties", "test_d100_refusal_words"}
MODULES = tuple(sorted(p.stem for p in Path(__file__).parent.glob("test_d100_*.py") if p.stem not in _SKIPPED))


@cache
def logged_events() -> tuple[Event, ...]:
    """The events of every fixture-free test of the modules, as their tables logged them."""
    seen: list[Event] = []
    original = encounter_fixtures.Table.run

    def run(self: encounter_fixtures.Table, *args: object, **kwargs: object) -> list[Event]:
        found = original(self, *args, **kwargs)  # type: ignore[arg-type]
        seen.extend(found)
        return found

    encounter_fixtures.Table.run = run  # type: ignore[method-assign]
    try:
        for module_name in MODULES:
            module = import_module(f"tests.d100.{module_name}")
            for name, test in vars(module).items():
                if name.startswith("test_") and callable(test) and not inspect.signature(test).parameters:
                    try:
                        test()
                    except Exception:  # noqa: BLE001, S112  # a test's own failure is its module's to report
                        continue
    finally:
        encounter_fixtures.Table.run = original  # type: ignore[method-assign]
    return tuple(seen)
