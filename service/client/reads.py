"""Reading a campaign from the command line: its log, its state at any point, an encounter, a transcript."""

from __future__ import annotations

import argparse
from typing import Any

from service.client.boards import Json, character_board, encounter_board, names, running_encounter
from service.client.exits import NOT_FOUND, OK, ClientError
from service.client.session import Session, emit_board, emit_json, emit_lines, terminal_width
from service.client.tables import Cell, table
from service.client.transport import segment
from service.client.words import say

PAGE = 1000


def _when(recorded_at: str | None) -> str | None:
    """'2026-12-01T11:14:29.908372Z' → '2026-12-01 11:14:29' (UTC, as stored)."""
    return recorded_at[:19].replace("T", " ") if recorded_at else None


def _events(session: Session, first: int, last: int) -> list[Json]:
    found: list[Json] = []
    after = first - 1
    while after < last:
        page = session.api.get(session.campaign("/events"), {"after_seq": after, "limit": min(PAGE, last - after)})
        events = [e for e in page["events"] if e["seq"] <= last]
        if not events:
            break
        found.extend(events)
        after = events[-1]["seq"]
    return found


def log(args: argparse.Namespace) -> int:
    with Session(args) as session:
        head = int(session.api.get(session.campaign("/events"), {"limit": 1})["version"])
        last = min(args.to or head, head)
        first = args.start or max(1, last - args.limit + 1)
        events = _events(session, first, last) if first <= last else []
        frames: dict[int, Json] = {}
        if events:
            span = {"from_seq": first, "to_seq": last, "format": "json", "lang": args.lang}
            transcript = session.api.get(session.campaign("/transcript"), span)
            frames = {f["seq"]: f for f in transcript.get("frames") or ()}
    listed = [_logged(event, frames.get(event["seq"], {})) for event in events]
    if args.json:
        emit_json({"version": head, "events": listed})
        return OK
    # --lang is the summaries' language: the words around them follow it, so a Spanish row has no English.
    lang = args.lang
    rows: list[list[Cell]] = [
        [e["seq"], _when(e["recorded_at"]), e["actor_name"] or e["actor"], e["type"],
         say("client.log.undone", lang, summary=e["summary"] or "") if e["undone"] else (e["summary"] or "")]
        for e in listed
    ]
    name = session.profile.campaign_name or session.profile.campaign_id
    print(say("client.log.span", lang, name=str(name), first=first, last=last, head=head))
    headings = [say(f"client.column.{column}", lang) for column in ("seq", "when", "who", "type", "what")]
    emit_lines(table(headings, rows, terminal_width()) if rows else say("client.none", lang))
    return OK


def _logged(event: Json, frame: Json) -> Json:
    meta = event.get("meta") or {}
    return {
        "seq": event["seq"],
        "recorded_at": event.get("recorded_at"),
        "actor": meta.get("actor"),
        "actor_name": frame.get("actor_name"),
        "type": event["type"],
        "summary": frame.get("summary"),
        "undone": bool(frame.get("undone")),
        "post": meta.get("post"),
        "hash": event.get("hash"),
    }


def _point(args: argparse.Namespace) -> dict[str, Any]:
    return {"at_seq": args.at_seq, "at_post": getattr(args, "at_post", None), "at_turn": getattr(args, "at_turn", None)}


def state(args: argparse.Namespace) -> int:
    with Session(args) as session:
        found: Json = session.api.get(session.campaign("/state"), _point(args))
    if args.json:
        emit_json(found)
        return OK
    lang = args.lang
    board = character_board(found, lang)
    held, rolls, characters = found.get("sessions_held", 0), found.get("rolls", 0), len(found.get("characters") or {})
    # `rolls` counts `!roll` lines only: "0 rolls" after a fight of tests and attacks read as a fault.
    session_line = (say("client.state.session_open", lang, session=found["session"]) if found.get("session")
                    else say("client.state.no_session", lang))
    print(say("client.state.at", lang, name=str(found.get("name")), ruleset=str(found.get("ruleset")),
              version=str(found.get("version"))))
    counts = (say("client.state.sessions_held", lang, count=int(held)),
              say("client.state.free_rolls", lang, count=int(rolls)),
              say("client.state.characters", lang, count=characters))
    print(" · ".join((session_line, *counts)))
    for line in board.heading:
        print(line)
    running = running_encounter(found)
    if running is not None:
        print(say("client.state.encounter_running", lang, encounter=str(running["id"]),
                  round=str(running.get("round"))))
    missions = (found.get("missions") or {}).get("missions") or {}
    if missions:
        listed = ", ".join(f"{mid} ({_phase(m.get('phase'), lang)})" for mid, m in missions.items())
        print(say("client.state.missions", lang, missions=listed))
    print()
    none = say("client.state.no_characters", lang)
    emit_lines(table(board.headers, board.rows, terminal_width()) if board.rows else none)
    return OK


_PHASES = ("preparation", "execution", "rewards", "closed")


def _phase(phase: object, lang: str) -> str:
    """A mission's phase in the reader's language; one this client does not know, as the service said it."""
    return say(f"client.phase.{phase}", lang) if phase in _PHASES else str(phase)


def encounter(args: argparse.Namespace) -> int:
    with Session(args) as session:
        found: Json = session.api.get(session.campaign("/state"), {"at_seq": args.at_seq})
        encounter_id = args.encounter
        if encounter_id is None:
            running = running_encounter(found)
            if running is None:
                known = ", ".join(found.get("encounters") or ()) or say("client.encounter.none_known", args.lang)
                raise ClientError(NOT_FOUND, say("client.encounter.none_running", args.lang,
                                                 seq=str(found.get("version")), known=known))
            encounter_id = str(running["id"])
        read: Json = session.api.get(
            session.campaign(f"/encounters/{segment(encounter_id)}"), {"at_seq": found.get("version")}
        )
    if args.json:
        who = names(found)
        rules = (found.get("rules") or {}).get("characters") or {}
        characters = {cid: {"name": who.get(cid, cid), "rules": c} for cid, c in rules.items()}
        emit_json({"encounter": read, "characters": characters})
        return OK
    emit_board(encounter_board(found, read, args.lang), args.lang)
    return OK


def transcript(args: argparse.Namespace) -> int:
    params: dict[str, Any] = {"session": args.session, "encounter": args.encounter, "from_seq": args.start,
                              "to_seq": args.to, "lang": args.lang, "split": args.split,
                              "format": "json" if args.json and args.split is None else args.format}
    with Session(args) as session:
        if args.json or args.split is not None:
            found = session.api.get(session.campaign("/transcript"), params)
        else:
            text = session.api.text(session.campaign("/transcript"), params)
    if args.json:
        emit_json(found)
    elif args.split is not None:
        messages = [str(m) for m in found.get("messages") or ()]
        for index, message in enumerate(messages, start=1):
            emit_lines(message, end="" if message.endswith("\n") else "\n")
            if index < len(messages):
                print(say("client.transcript.scissors", args.lang, index=index + 1, total=len(messages)))
    else:
        emit_lines(text, end="" if text.endswith("\n") else "\n")
    return OK
