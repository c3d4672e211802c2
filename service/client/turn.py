"""`lexmechanic turn`: whose turn it is, in one line, then the order (GET /campaigns/{id}/turn)."""

from __future__ import annotations

import argparse

from service.client.boards import Json
from service.client.exits import OK
from service.client.session import Session, emit_json, emit_lines, terminal_width
from service.client.tables import Cell, table
from service.client.words import say

_HEADERS = ("character", "player", "acted")  # the catalog's client.turn.<header> (terminal.po)


def turn(args: argparse.Namespace) -> int:
    with Session(args) as session:
        found: Json = session.api.get(session.campaign("/turn"), {"lang": args.lang})
    if args.json:
        emit_json(found)
        return OK
    lines = [str(found["text"])]
    order = found.get("order") or []
    if order:
        acting = (found.get("acting") or {}).get("character_id")
        with_acted = any(seat.get("acted") is not None for seat in order)
        headers = ["", *(say(f"client.turn.{key}", args.lang) for key in _HEADERS[:3 if with_acted else 2])]
        yes, no = say("client.turn.yes", args.lang), say("client.turn.no", args.lang)
        rows: list[list[Cell]] = []
        for seat in order:
            row: list[Cell] = ["▶" if seat["character_id"] == acting else "", seat["name"], seat.get("player")]
            if with_acted:
                row.append(yes if seat.get("acted") else no)
            rows.append(row)
        lines += ["", table(list(headers), rows, terminal_width())]
    emit_lines("\n".join(lines))
    return OK
