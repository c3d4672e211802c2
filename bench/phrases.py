"""Timing an engine's phrases: each event told in English and in Spanish (the catalog lookups and the filling
in), best of five passes of twenty, after one pass that loads the catalogs as a running service has them.
Used by `bench.d100_phrases` and `bench.wng_phrases`."""

from __future__ import annotations

import timeit
from collections.abc import Sequence

from domain.engine import Phrases
from domain.events import Event

LANGS = ("en", "es")


def time_telling(log: Sequence[Event], phrases: Phrases, *, asides: bool) -> str:
    """One line: the events, how many have a sentence, the time a pass takes and per call."""
    name = str.title

    def tell() -> None:
        for event in log:
            for lang in LANGS:
                phrases.sentence(event, name, lang)
                if asides:
                    phrases.aside(event, name, lang)

    tell()
    best = min(timeit.repeat(tell, number=20, repeat=5)) / 20
    told = sum(phrases.sentence(e, name, "en") is not None for e in log)
    calls = len(LANGS) * (2 if asides else 1) * len(log)
    what = "sentence and aside" if asides else "sentences"
    return (f"{len(log)} events ({told} told), both languages, {what}: {best * 1e3:.2f} ms a pass, "
            f"{best / calls * 1e6:.2f} µs a call")
