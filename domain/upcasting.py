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


def _face(die: object) -> int:
    if not isinstance(die, dict) or not isinstance(die.get("value"), int):
        raise ValueError("a v1 reroll without the face of the die it replaced")
    value: int = die["value"]
    return value


def _wng_dice_rerolled_v1_to_v2(payload: Payload) -> Payload:
    # Version 1 copied each replaced die (a die of the earlier command that rolled the test, with that
    # command's k) as `before`; version 2 keeps only its face, so no die object is recorded twice.
    rerolls = payload.get("rerolls")
    if not isinstance(rerolls, list):
        raise ValueError("wng_dice_rerolled v1 without rerolls")
    upcast_rerolls = [
        {key: value for key, value in r.items() if key != "before"} | {"before_face": _face(r.get("before"))}
        for r in rerolls
        if isinstance(r, dict)
    ]
    return {**payload, "rerolls": upcast_rerolls}


def _wng_soak_rerolled_v1_to_v2(payload: Payload) -> Payload:
    # Version 1 copied the replaced soak dice as `before`; version 2 keeps their faces only.
    before = payload.get("before")
    if not isinstance(before, list):
        raise ValueError("wng_soak_rerolled v1 without before")
    rest = {key: value for key, value in payload.items() if key != "before"}
    return {**rest, "before_faces": [_face(die) for die in before]}


UPCASTERS: dict[tuple[str, int], Upcaster] = {
    ("dice_rolled", 1): _dice_rolled_v1_to_v2,
    ("wng_dice_rerolled", 1): _wng_dice_rerolled_v1_to_v2,
    ("wng_soak_rerolled", 1): _wng_soak_rerolled_v1_to_v2,
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
