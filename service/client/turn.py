"""`lexmechanic turn`: whose turn it is, in one line, then the order (GET /campaigns/{id}/turn)."""

from __future__ import annotations

import argparse

from service.client.boards import Json
from service.client.exits import OK
from service.client.session import Session, emit_json, emit_lines, terminal_width
from service.client.tables import Cell, table

_HEADERS = {"en": ("", "character", "player", "acted"), "es": ("", "personaje", "jugador", "ha actuado")}
_YES_NO = {"en": ("yes", "no"), "es": ("sí", "no")}


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
        headers = _HEADERS[args.lang] if with_acted else _HEADERS[args.lang][:3]
        yes, no = _YES_NO[args.lang]
        rows: list[list[Cell]] = []
        for seat in order:
            row: list[Cell] = ["▶" if seat["character_id"] == acting else "", seat["name"], seat.get("player")]
            if with_acted:
                row.append(yes if seat.get("acted") else no)
            rows.append(row)
        lines += ["", table(list(headers), rows, terminal_width())]
    emit_lines("\n".join(lines))
    return OK
