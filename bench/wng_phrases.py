"""What telling the Wrath & Glory events costs: every event the W&G tests' tables decide, each told in English
and in Spanish by the engine's phrases (the catalog lookups and the filling in), timed.
Run: python -m bench.wng_phrases  (`--dump FILE` writes every sentence, to compare two versions' words)"""

from __future__ import annotations

import inspect
import sys
from importlib import import_module
from pathlib import Path

from bench.phrases import time_telling
from domain.events import Event
from domain.wrath_and_glory.phrases import PHRASES
from tests.wrath_and_glory import scenario


def events() -> list[Event]:
    """The events of every fixture-free test of tests/wrath_and_glory, as their tables decided them."""
    seen: list[Event] = []
    original = scenario.assert_pools_chain

    def chained(state: scenario.WngState, found: list[Event]) -> None:
        seen.extend(found)
        original(state, found)

    scenario.assert_pools_chain = chained  # type: ignore[assignment]
    try:
        for path in sorted(Path(scenario.__file__).parent.glob("test_*.py")):
            module = import_module(f"tests.wrath_and_glory.{path.stem}")
            for name, test in vars(module).items():
                if name.startswith("test_") and callable(test) and not inspect.signature(test).parameters:
                    try:
                        test()
                    except Exception:  # noqa: BLE001, S112  # a test's own failure is not this bench's business
                        continue
    finally:
        scenario.assert_pools_chain = original
    return seen


def main() -> None:
    log = events()
    if "--dump" in sys.argv:
        name = str.title
        lines = [f"{type(e).__name__}\t{lang}\t{PHRASES.sentence(e, name, lang)!r}\t{PHRASES.aside(e, name, lang)!r}"
                 for e in log for lang in ("en", "es")]
        Path(sys.argv[sys.argv.index("--dump") + 1]).write_text("\n".join(lines) + "\n")
    print(time_telling(log, PHRASES, asides=True))


if __name__ == "__main__":
    main()
