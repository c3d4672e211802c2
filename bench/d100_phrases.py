"""What telling the d100 events costs: every event the d100 tests' tables produce, each told in English and in
Spanish by the engine's phrases (the catalog lookup and the filling in), timed. Run: python -m bench.d100_phrases"""

from __future__ import annotations

from bench.phrases import time_telling
from domain.d100.phrases import PHRASES
from tests.d100.phrase_samples import logged_events


def main() -> None:
    print(time_telling(logged_events(), PHRASES, asides=False))


if __name__ == "__main__":
    main()
