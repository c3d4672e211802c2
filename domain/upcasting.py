"""Old event payloads are upcast when read, never rewritten: a registry keyed by (type, from_version).

Each upcaster turns the payload of version v into version v + 1; reading applies them in a chain
until the class's current schema_version. An event type that no longer exists is read as the one that
replaced it (RETYPED), then upcast on. Stored bytes, and so the hash chain, stay as written.
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


def _d100_action_taken_v1_to_v2(payload: Payload) -> Payload:
    # Version 2 records the metres of a movement action (move, full move, run …) by AgB; version 1 did not
    # compute them, so an old action says nothing about its distance.
    return {**payload, "move_m": None}


def _d100_sheet_edited_v1_to_v2(payload: Payload) -> Payload:
    # Version 2's sheet has comrade_armour (the armour points of an Only War comrade); a version-1 sheet had
    # no comrade armour to speak of: 0.
    sheet = payload.get("sheet")
    if not isinstance(sheet, dict):
        raise ValueError("d100_sheet_edited v1 without a sheet")
    return {**payload, "sheet": {**sheet, "comrade_armour": sheet.get("comrade_armour", 0)}}


def _d100_reaction_rolled_v1_to_v2(payload: Payload) -> Payload:
    # Version 2 adds the rider's `sidestep` to the reactions; a version-1 reaction is a dodge, a parry or none,
    # all still valid as written.
    return payload


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


def _wng_next_action_penalty_added_v1_to_v2(payload: Payload) -> Payload:
    # Version 2 marks the reload's penalty as weighing on a shot only (RULES B3); a version-1 penalty was put
    # on the next test of any kind, and the tests that followed were decided so.
    return {**payload, "shooting_only": False}


UPCASTERS: dict[tuple[str, int], Upcaster] = {
    ("dice_rolled", 1): _dice_rolled_v1_to_v2,
    ("d100_action_taken", 1): _d100_action_taken_v1_to_v2,
    ("d100_sheet_edited", 1): _d100_sheet_edited_v1_to_v2,
    ("d100_reaction_rolled", 1): _d100_reaction_rolled_v1_to_v2,
    ("wng_dice_rerolled", 1): _wng_dice_rerolled_v1_to_v2,
    ("wng_soak_rerolled", 1): _wng_soak_rerolled_v1_to_v2,
    ("wng_next_action_penalty_added", 1): _wng_next_action_penalty_added_v1_to_v2,
}


def _d100_registered_as_created(payload: Payload) -> Payload:
    # d100_character_registered v1 -> character_created v1: the d100 part is the sheet and the comrade
    # flag. The fold used to call a character owned by a GM an npc; the campaign's creator is "gm".
    owner = payload["owner"]
    return {
        "character_id": payload["character_id"],
        "name": payload["name"],
        "owner": owner,
        "kind": "npc" if owner == "gm" else "pc",
        "rules": {"sheet": payload["sheet"], "comrade": payload.get("comrade", False)},
    }


def _wng_added_as_created(payload: Payload) -> Payload:
    # wng_character_added v1 -> character_created v1: the name was the sheet's, an NPC without owner the
    # GM's (the campaign's creator, "gm"), a hero a pc; the Wrath & Glory part keeps the starting resources.
    sheet = payload["sheet"]
    if not isinstance(sheet, dict):
        raise ValueError("wng_character_added v1 without a sheet")
    return {
        "character_id": payload["character_id"],
        "name": sheet["name"],
        "owner": payload.get("owner") or "gm",
        "kind": "pc" if sheet.get("kind") == "hero" else "npc",
        "rules": {"sheet": sheet, "wrath": payload["wrath"], "reloads": payload["reloads"]},
    }


# Stored type -> (the type it is read as, that type's schema version the step yields, the step).
RETYPED: dict[str, tuple[str, int, Upcaster]] = {
    "d100_character_registered": ("character_created", 1, _d100_registered_as_created),
    "wng_character_added": ("character_created", 1, _wng_added_as_created),
}


def read_as(event_type: str, version: int, payload: Payload) -> tuple[str, int, Payload]:
    """The type, version and payload a stored event is read as: itself, or the type that replaced it."""
    retyped = RETYPED.get(event_type)
    if retyped is None:
        return event_type, version, payload
    new_type, new_version, step = retyped
    return new_type, new_version, step(payload)


def upcast(event_type: str, version: int, current: int, payload: Payload) -> Payload:
    """The payload brought from `version` to `current`; a missing step is an error, not a guess."""
    while version < current:
        step = UPCASTERS.get((event_type, version))
        if step is None:
            raise LookupError(f"no upcaster for {event_type} from schema version {version}")
        payload = step(payload)
        version += 1
    return payload
