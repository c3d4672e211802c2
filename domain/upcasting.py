"""Old event payloads are upcast when read, never rewritten: a registry keyed by (type, from_version).

Each upcaster turns the payload of version v into version v + 1; reading applies them in a chain
until the class's current schema_version. Stored bytes, and so the hash chain, stay as written.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.dice_expression import parse

Payload = dict[str, object]
Upcaster = Callable[[Payload], Payload]


def _dice_rolled_v1_to_v2(payload: Payload) -> Payload:
    # Version 1 stored only the expression; version 2 also stores its parsed terms so a transcript
    # can show which die belongs to which term without re-parsing.
    expression = payload.get("expression")
    if not isinstance(expression, str):
        raise ValueError("dice_rolled v1 without an expression")
    terms = [{"sign": t.sign, "count": t.count, "sides": t.sides, "constant": t.constant} for t in parse(expression)]
    return {**payload, "terms": terms}


UPCASTERS: dict[tuple[str, int], Upcaster] = {
    ("dice_rolled", 1): _dice_rolled_v1_to_v2,
}


def upcast(event_type: str, version: int, current: int, payload: Payload) -> Payload:
    """The payload brought from `version` to `current`; a missing step is an error, not a guess."""
    while version < current:
        step = UPCASTERS.get((event_type, version))
        if step is None:
            raise LookupError(f"no upcaster for {event_type} from schema version {version}")
        payload = step(payload)
        version += 1
    return payload
