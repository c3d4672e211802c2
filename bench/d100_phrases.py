"""What telling the d100 events costs: every event the d100 tests' tables produce, each told in English and in
Spanish by the engine's phrases (the catalog lookup and the filling in), timed. Run: python -m bench.d100_phrases"""

from __future__ import annotations

import timeit

from domain.d100.phrases import PHRASES
from tests.d100.phrase_samples import logged_events


def main() -> None:
    log = logged_events()
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
