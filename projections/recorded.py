"""The fold's input, re-exported where the service and the tests have always imported it from.

`Recorded` and its envelope (`EventMeta`, `DiceProvenance`) are pure types the folds read; the campaign's
and the missions' folds live in `domain/`, which may not import `projections/`, so the types live in
`domain/recorded.py`.
"""

from domain.recorded import DiceProvenance, EventMeta, Recorded

__all__ = ["DiceProvenance", "EventMeta", "Recorded"]
