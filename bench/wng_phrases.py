"""What telling the Wrath & Glory events costs: every event the W&G tests' tables decide, each told in English
and in Spanish by the engine's phrases (the catalog lookups and the filling in), timed.
Run: python -m bench.wng_phrases  (`--dump FILE` writes every sentence, to compare two versions' words)"""

from __future__ import annotations

import inspect
import sys
import timeit
from importlib import import_module
from pathlib import Path

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
    name = str.title

    def tell() -> None:
        for event in log:
            PHRASES.sentence(event, name, "en")
            PHRASES.sentence(event, name, "es")
            PHRASES.aside(event, name, "en")
            PHRASES.aside(event, name, "es")

    if "--dump" in sys.argv:
        lines = [f"{type(e).__name__}\t{lang}\t{PHRASES.sentence(e, name, lang)!r}\t{PHRASES.aside(e, name, lang)!r}"
                 for e in log for lang in ("en", "es")]
        Path(sys.argv[sys.argv.index("--dump") + 1]).write_text("\n".join(lines) + "\n")
    tell()  # the catalogs loaded once, as a running service has them
    best = min(timeit.repeat(tell, number=20, repeat=5)) / 20
    told = sum(PHRASES.sentence(e, name, "en") is not None for e in log)
    print(f"{len(log)} events ({told} told), both languages, sentence and aside: {best * 1e3:.2f} ms a pass, "
          f"{best / (4 * len(log)) * 1e6:.2f} µs a call")


if __name__ == "__main__":
    main()
