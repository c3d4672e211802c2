"""What a table sees of a campaign's state, as rows: characters, and an encounter's turn and order.

The rows are read from the JSON the service answers (GET /state, GET /encounters/{id}); each rules
engine names its numbers differently (d100: wounds taken, magnitude, fatigue; Wrath & Glory: wounds and
shock left, troop members), so each has its own columns, chosen by the state's `engine` tag.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from service.client.tables import Cell
from service.client.words import Lang, say

Json = dict[str, Any]


def _rules_word(value: str, state: Json, lang: Lang) -> str:
    """A condition or a kind as the campaign's rules engine says it in the reader's language."""
    # The engines' terms come with every engine: imported when a board shows a condition, not at start. A state
    # without a ruleset (an older server's) reads as the registry's first game, as an empty campaign does.
    from domain.rulesets import ENGINES
    from projections.rendering.vocabulary import term

    return term(value, lang, str(state.get("ruleset") or next(iter(ENGINES))))


def _columns(lang: Lang, *columns: str) -> list[str]:
    """A table's headings ("" for a column without one: the marker of who acts)."""
    return [say(f"client.column.{column}", lang) if column else "" for column in columns]


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


def _d100_conditions(c: Json, state: Json, lang: Lang, extra: tuple[str, ...] = ()) -> str | None:
    listed = [
        f"{_rules_word(x['name'], state, lang)} ({x['rounds']})" if x.get("rounds") is not None
        else _rules_word(str(x["name"]), state, lang)
        for x in c.get("conditions") or ()
    ]
    listed += [say("client.jammed", lang, weapon=str(w)) for w in c.get("jammed") or ()]
    if c.get("break_test_due"):
        listed.append(say("client.break_test_due", lang))
    return ", ".join([*extra, *listed]) or None


def _d100_health(c: Json) -> list[Cell]:
    return [_d100_wounds(c), _fraction(c.get("magnitude"), c.get("magnitude_start")), c.get("fatigue", 0)]


def _kind(registry: Json, cid: str, lang: Lang) -> str | None:
    kind = registry.get(cid, {}).get("kind")
    return say(f"client.kind.{kind}", lang) if kind in ("pc", "npc") else kind


def _d100_characters(state: Json, lang: Lang) -> Board:
    who, owners, registry = names(state), people(state), state.get("characters") or {}
    rows: list[list[Cell]] = [
        [who.get(cid, cid), cid, owners.get(c.get("owner") or "", c.get("owner")), _kind(registry, cid, lang),
         *_d100_health(c), _fraction(c.get("fate"), c.get("fate_max")), _d100_conditions(c, state, lang)]
        for cid, c in _rules_characters(state).items()
    ]
    headers = _columns(lang, "character", "id", "owner", "kind", "wounds", "magnitude", "fatigue", "fate", "conditions")
    return Board([], headers, rows)


def _d100_encounter(state: Json, running: Json, lang: Lang) -> Board:
    who, characters = names(state), _rules_characters(state)
    initiative: dict[str, int] = running.get("initiative") or {}
    order = list(running.get("order") or sorted(running["participants"], key=lambda c: -initiative.get(c, 0)))
    turn, turn_over = int(running.get("turn") or 0), bool(running.get("turn_over"))
    current = order[turn - 1] if 0 < turn <= len(order) else None
    where = {"encounter": str(running["id"]), "round": str(running.get("round", 1))}
    if current is None:
        heading = say("client.d100.no_turn_yet", lang, **where)
    else:
        heading = say("client.d100.turn_ended" if turn_over else "client.d100.acts", lang, **where, turn=turn,
                      turns=len(order), who=who.get(current, current))
    surprised = set(running.get("surprised") or ()) if running.get("round", 1) == 1 else set()
    rows: list[list[Cell]] = []
    for index, cid in enumerate(order, start=1):
        c = characters.get(cid, {"sheet": {}})
        marker = ">" if cid == current else ""
        extra = (say("client.surprised", lang),) if cid in surprised else ()
        rows.append([marker, index, who.get(cid, cid), initiative.get(cid), *_d100_health(c),
                     _d100_conditions(c, state, lang, extra)])
    headers = ["", "#", *_columns(lang, "character", "initiative", "wounds", "magnitude", "fatigue", "conditions")]
    return Board([heading], headers, rows)


# Wrath & Glory: wounds and shock count down to 0; troops lose members.


def _wng_health(c: Json) -> list[Cell]:
    sheet = c.get("sheet") or {}
    members = _fraction(c.get("members_left"), sheet.get("members")) if sheet.get("kind") == "troop" else None
    return [_fraction(c.get("wounds"), sheet.get("wounds")), _fraction(c.get("shock"), sheet.get("shock")), members]


def _wng_conditions(c: Json, state: Json, lang: Lang) -> str | None:
    listed = sorted(_rules_word(str(x), state, lang) for x in c.get("conditions") or ())
    if c.get("death_test_due"):
        listed.append(say("client.death_test_due", lang))
    return ", ".join(listed) or None


def _wng_side(c: Json, lang: Lang) -> str:
    hero = (c.get("sheet") or {}).get("kind") == "hero"
    return say("client.side.players" if hero else "client.side.gm", lang)


def _wng_characters(state: Json, lang: Lang) -> Board:
    who, owners, registry = names(state), people(state), state.get("characters") or {}
    rules = state.get("rules") or {}
    rows: list[list[Cell]] = [
        [who.get(cid, cid), cid, owners.get(c.get("owner") or "", c.get("owner")), _kind(registry, cid, lang),
         *_wng_health(c), c.get("wrath"), _wng_conditions(c, state, lang)]
        for cid, c in _rules_characters(state).items()
    ]
    headers = _columns(lang, "character", "id", "owner", "kind", "wounds", "shock", "members", "wrath", "conditions")
    glory, ruin, tier = rules.get("glory", 0), rules.get("ruin", 0), rules.get("tier", "?")
    pools = [say("client.wng.pools", lang, glory=str(glory), ruin=str(ruin), tier=str(tier))]
    return Board(pools, headers, rows)


def _wng_encounter(state: Json, running: Json, lang: Lang) -> Board:
    who, characters = names(state), _rules_characters(state)
    acting, acted = running.get("acting"), set(running.get("acted") or ())
    where = {"encounter": str(running["id"]), "round": str(running.get("round", 1))}
    last = running.get("last_side")
    if acting is not None:
        heading = say("client.wng.acts", lang, **where, turn=str(running.get("turn", 0)),
                      who=str(who.get(acting, acting)))
    elif not last:
        heading = say("client.wng.no_one_acting", lang, **where)
    elif last in ("players", "gm"):
        # One sentence per side: Spanish agrees its verb with it ("actuaron … los jugadores", "actuó … el DJ").
        heading = say(f"client.wng.no_one_acting.{last}", lang, **where)
    else:
        heading = say("client.wng.no_one_acting.side", lang, **where, side=str(last))
    rows: list[list[Cell]] = []
    for cid in running["participants"]:
        c = characters.get(cid, {})
        done = say("client.yes" if cid in acted else "client.no", lang)
        rows.append([">" if cid == acting else "", who.get(cid, cid), _wng_side(c, lang), done,
                     *_wng_health(c), _wng_conditions(c, state, lang)])
    headers = _columns(lang, "", "character", "side", "acted", "wounds", "shock", "members", "conditions")
    alternate = say("client.wng.alternate", lang)
    return Board([heading, alternate], headers, rows)


def _any_characters(state: Json, lang: Lang) -> Board:
    who, owners, registry = names(state), people(state), state.get("characters") or {}
    rows: list[list[Cell]] = [
        [who[cid], cid, owners.get(c.get("owner") or "", c.get("owner")), _kind(registry, cid, lang)]
        for cid, c in (state.get("characters") or {}).items()
    ]
    headers = _columns(lang, "character", "id", "owner", "kind")
    return Board([], headers, rows)


_CHARACTERS: dict[str, Callable[[Json, Lang], Board]] = {"d100": _d100_characters, "wrath_and_glory": _wng_characters}
_ENCOUNTERS: dict[str, Callable[[Json, Json, Lang], Board]] = {
    "d100": _d100_encounter, "wrath_and_glory": _wng_encounter,
}


def engine(state: Json) -> str:
    return str((state.get("rules") or {}).get("engine") or "")


def running_encounter(state: Json) -> Json | None:
    """The encounter the rules engine is running, if any."""
    found = (state.get("rules") or {}).get("encounter")
    return found if isinstance(found, dict) else None


def character_board(state: Json, lang: Lang = "en") -> Board:
    return _CHARACTERS.get(engine(state), _any_characters)(state, lang)


def encounter_board(state: Json, encounter: Json, lang: Lang = "en") -> Board:
    """The encounter's turn, its order and everyone's health; its turns, once it is no longer running."""
    running = running_encounter(state)
    board = _ENCOUNTERS.get(engine(state))
    if running is not None and running.get("id") == encounter["encounter"] and board is not None:
        return board(state, running, lang)
    who = names(state)
    rows: list[list[Cell]] = [
        [t.get("round"), t.get("turn"), who.get(t.get("character_id") or "", t.get("character_id")),
         ", ".join(str(s) for s in t.get("seqs") or ())]
        for t in encounter.get("turns") or ()
    ]
    eid, seq = encounter["encounter"], state.get("version")
    heading = say("client.encounter.not_running", lang, encounter=str(eid), seq=str(seq))
    headers = _columns(lang, "round", "turn", "character", "events")
    return Board([heading], headers, rows)
