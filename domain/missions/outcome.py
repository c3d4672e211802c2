"""Whether a mission succeeded: it fails if any primary objective failed or was left unfinished (002)."""

from __future__ import annotations

from .events import Outcome
from .state import Mission


def failed_primaries(found: Mission) -> tuple[str, ...]:
    return tuple(o.id for o in found.objectives.values() if o.kind == "primary" and o.status == "failed")


def unfinished_primaries(found: Mission) -> tuple[str, ...]:
    return tuple(o.id for o in found.objectives.values() if o.kind == "primary" and o.status == "open")


def outcome_of(found: Mission) -> Outcome:
    """Success unless a primary objective failed or is still open."""
    return "failure" if failed_primaries(found) or unfinished_primaries(found) else "success"
