"""What telling the d100 events costs: every event the d100 tests' tables produce, each told in English and in
Spanish by the engine's phrases (the catalog lookup and the filling in), timed. Run: python -m bench.d100_phrases"""

from __future__ import annotations

import inspect
import timeit
from importlib import import_module

from domain.d100.phrases import PHRASES
from domain.events import Event
from tests.d100 import encounter_fixtures

MODULES = ("test_d100_phrases", "test_d100_flow", "test_d100_encounters", "test_d100_mounted", "test_d100_tested",
           "test_d100_suppressing_fire", "test_d100_manoeuvres", "test_d100_comrades", "test_d100_multiple_attacks")


def events() -> list[Event]:
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
                    except Exception:  # noqa: BLE001, S112  # a test's own failure is not this bench's business
                        continue
    finally:
        encounter_fixtures.Table.run = original  # type: ignore[method-assign]
    return seen


def main() -> None:
    log = events()
    name = str.title

    def tell() -> None:
        for event in log:
            PHRASES.sentence(event, name, "en")
            PHRASES.sentence(event, name, "es")

    tell()  # the catalogs loaded once, as a running service has them
    best = min(timeit.repeat(tell, number=20, repeat=5)) / 20
    told = sum(PHRASES.sentence(e, name, "en") is not None for e in log)
    print(f"{len(log)} events ({told} told), both languages: {best * 1e3:.2f} ms a pass, "
          f"{best / (2 * len(log)) * 1e6:.2f} µs a sentence")


if __name__ == "__main__":
    main()
