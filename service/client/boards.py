"""What a table sees of a campaign's state, as rows: characters, and an encounter's turn and order.

The rows are read from the JSON the service answers (GET /state, GET /encounters/{id}); each rules
engine names its numbers differently (d100: wounds taken, magnitude, fatigue; Wrath & Glory: wounds and
shock left, troop members), so each has its own columns, chosen by the state's `engine` tag.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from service.client.tables import Cell

Json = dict[str, Any]


class Board(NamedTuple):
    heading: list[str]
    headers: list[str]
    rows: list[list[Cell]]


def names(state: Json) -> dict[str, str]:
    """Character id → name, from the one character registry."""
    return {cid: str(c.get("name") or cid) for cid, c in (state.get("characters") or {}).items()}


def people(state: Json) -> dict[str, str]:
    """Participant id → name."""
    return {pid: str(p.get("name") or pid) for pid, p in (state.get("participants") or {}).items()}


def _rules_characters(state: Json) -> dict[str, Json]:
    rules = state.get("rules") or {}
    found: dict[str, Json] = rules.get("characters") or {}
    return found


def _fraction(left: int | None, most: int | None) -> str | None:
    return None if left is None or not most else f"{left}/{most}"


# d100 (Deathwatch, Dark Heresy, Only War): damage counts up from 0 against the sheet's wounds.


def _d100_wounds(c: Json) -> str | None:
    most = int(c["sheet"].get("wounds") or 0)
    if not most:
        return None  # a horde: its magnitude is its health
    text = f"{max(most - int(c.get('damage') or 0), 0)}/{most}"
    return f"{text} crit {c['critical']}" if c.get("critical") else text


def _d100_conditions(c: Json, extra: tuple[str, ...] = ()) -> str | None:
    listed = [
        f"{x['name']} ({x['rounds']})" if x.get("rounds") is not None else str(x["name"])
        for x in c.get("conditions") or ()
    ]
    listed += [f"jammed {w}" for w in c.get("jammed") or ()]
    if c.get("break_test_due"):
        listed.append("break test due")
    return ", ".join([*extra, *listed]) or None


def _d100_health(c: Json) -> list[Cell]:
    return [_d100_wounds(c), _fraction(c.get("magnitude"), c.get("magnitude_start")), c.get("fatigue", 0)]


def _d100_characters(state: Json) -> Board:
    who, owners, registry = names(state), people(state), state.get("characters") or {}
    rows: list[list[Cell]] = [
        [who.get(cid, cid), cid, owners.get(c.get("owner") or "", c.get("owner")), registry.get(cid, {}).get("kind"),
         *_d100_health(c), _fraction(c.get("fate"), c.get("fate_max")), _d100_conditions(c)]
        for cid, c in _rules_characters(state).items()
    ]
    headers = ["character", "id", "owner", "kind", "wounds", "magnitude", "fatigue", "fate", "conditions"]
    return Board([], headers, rows)


def _d100_encounter(state: Json, running: Json) -> Board:
    who, characters = names(state), _rules_characters(state)
    initiative: dict[str, int] = running.get("initiative") or {}
    order = list(running.get("order") or sorted(running["participants"], key=lambda c: -initiative.get(c, 0)))
    turn, turn_over = int(running.get("turn") or 0), bool(running.get("turn_over"))
    current = order[turn - 1] if 0 < turn <= len(order) else None
    where = f"Encounter {running['id']} — round {running.get('round', 1)}"
    if current is None:
        heading = f"{where}: initiative rolled, no turn begun yet (the GM posts `!next-turn` to begin one)"
    else:
        doing = "has ended its turn" if turn_over else "acts"
        heading = f"{where}, turn {turn} of {len(order)}: {who.get(current, current)} {doing}"
    surprised = set(running.get("surprised") or ()) if running.get("round", 1) == 1 else set()
    rows: list[list[Cell]] = []
    for index, cid in enumerate(order, start=1):
        c = characters.get(cid, {"sheet": {}})
        marker = ">" if cid == current else ""
        extra = ("surprised",) if cid in surprised else ()
        rows.append([marker, index, who.get(cid, cid), initiative.get(cid), *_d100_health(c),
                     _d100_conditions(c, extra)])
    headers = ["", "#", "character", "init", "wounds", "magnitude", "fatigue", "conditions"]
    return Board([heading], headers, rows)


# Wrath & Glory: wounds and shock count down to 0; troops lose members.


def _wng_health(c: Json) -> list[Cell]:
    sheet = c.get("sheet") or {}
    members = _fraction(c.get("members_left"), sheet.get("members")) if sheet.get("kind") == "troop" else None
    return [_fraction(c.get("wounds"), sheet.get("wounds")), _fraction(c.get("shock"), sheet.get("shock")), members]


def _wng_conditions(c: Json) -> str | None:
    listed = sorted(str(x) for x in c.get("conditions") or ())
    if c.get("death_test_due"):
        listed.append("death test due")
    return ", ".join(listed) or None


def _wng_side(c: Json) -> str:
    return "players" if (c.get("sheet") or {}).get("kind") == "hero" else "gm"


def _wng_characters(state: Json) -> Board:
    who, owners, registry = names(state), people(state), state.get("characters") or {}
    rules = state.get("rules") or {}
    rows: list[list[Cell]] = [
        [who.get(cid, cid), cid, owners.get(c.get("owner") or "", c.get("owner")), registry.get(cid, {}).get("kind"),
         *_wng_health(c), c.get("wrath"), _wng_conditions(c)]
        for cid, c in _rules_characters(state).items()
    ]
    headers = ["character", "id", "owner", "kind", "wounds", "shock", "members", "wrath", "conditions"]
    pools = [f"Glory {rules.get('glory', 0)} · Ruin {rules.get('ruin', 0)} · tier {rules.get('tier', '?')}"]
    return Board(pools, headers, rows)


def _wng_encounter(state: Json, running: Json) -> Board:
    who, characters = names(state), _rules_characters(state)
    acting, acted = running.get("acting"), set(running.get("acted") or ())
    where = f"Encounter {running['id']} — round {running.get('round', 1)}"
    if acting is not None:
        heading = f"{where}, turn {running.get('turn', 0)}: {who.get(acting, acting)} acts"
    else:
        last = running.get("last_side")
        heading = f"{where}: no one is acting" + (f" (the {last} acted last)" if last else " (no one has acted yet)")
    rows: list[list[Cell]] = []
    for cid in running["participants"]:
        c = characters.get(cid, {})
        rows.append([">" if cid == acting else "", who.get(cid, cid), _wng_side(c), "yes" if cid in acted else "no",
                     *_wng_health(c), _wng_conditions(c)])
    headers = ["", "character", "side", "acted", "wounds", "shock", "members", "conditions"]
    return Board([heading, "Sides alternate: each pick is one character who has not acted this round."], headers, rows)


def _any_characters(state: Json) -> Board:
    who, owners = names(state), people(state)
    rows: list[list[Cell]] = [
        [who[cid], cid, owners.get(c.get("owner") or "", c.get("owner")), c.get("kind")]
        for cid, c in (state.get("characters") or {}).items()
    ]
    return Board([], ["character", "id", "owner", "kind"], rows)


_CHARACTERS: dict[str, Callable[[Json], Board]] = {"d100": _d100_characters, "wrath_and_glory": _wng_characters}
_ENCOUNTERS: dict[str, Callable[[Json, Json], Board]] = {"d100": _d100_encounter, "wrath_and_glory": _wng_encounter}


def engine(state: Json) -> str:
    return str((state.get("rules") or {}).get("engine") or "")


def running_encounter(state: Json) -> Json | None:
    """The encounter the rules engine is running, if any."""
    found = (state.get("rules") or {}).get("encounter")
    return found if isinstance(found, dict) else None


def character_board(state: Json) -> Board:
    return _CHARACTERS.get(engine(state), _any_characters)(state)


def encounter_board(state: Json, encounter: Json) -> Board:
    """The encounter's turn, its order and everyone's health; its turns, once it is no longer running."""
    running = running_encounter(state)
    board = _ENCOUNTERS.get(engine(state))
    if running is not None and running.get("id") == encounter["encounter"] and board is not None:
        return board(state, running)
    who = names(state)
    rows: list[list[Cell]] = [
        [t.get("round"), t.get("turn"), who.get(t.get("character_id") or "", t.get("character_id")),
         ", ".join(str(s) for s in t.get("seqs") or ())]
        for t in encounter.get("turns") or ()
    ]
    heading = f"Encounter {encounter['encounter']} is not running at seq {state.get('version')}; its turns:"
    return Board([heading], ["round", "turn", "character", "events"], rows)
