"""Share links from the command line (GM): a read-only link for the forum thread's readers, listed, revoked."""

from __future__ import annotations

import argparse
from typing import Any

from service.client.exits import OK
from service.client.session import Session, emit_json, emit_lines, terminal_width
from service.client.tables import Cell, table
from service.client.transport import segment
from service.client.words import say

_COLUMNS = ("link", "label", "created", "state", "web_timeline")


def _absolute(session: Session, url: str | None) -> str | None:
    """A link the service answered relative (no LEXMECHANIC_PUBLIC_URL) made absolute on the profile's URL."""
    if url is None or "://" in url:
        return url
    return f"{session.api.base_url}{url}"


def share(args: argparse.Namespace) -> int:
    lang = args.lang
    with Session(args) as session:
        path = session.campaign("/share-links")
        if args.revoke is not None:
            session.api.delete(f"{path}/{segment(args.revoke)}", {"lang": args.lang})
            if args.json:
                emit_json({"link_id": args.revoke, "revoked": True})
            else:
                print(say("client.share.revoked", lang, link_id=args.revoke))
            return OK
        if args.list:
            listed: list[dict[str, Any]] = session.api.get(path, {"lang": args.lang})["links"]
            links = [{**link, "page_url": _absolute(session, link.get("page_url")),
                      "transcript_url": _absolute(session, link.get("transcript_url"))} for link in listed]
            if args.json:
                emit_json({"links": links})
                return OK
            rows: list[list[Cell]] = [
                [link["link_id"], link.get("label"), str(link["created_at"])[:19].replace("T", " "),
                 say("client.share.valid", lang) if link.get("revoked_at") is None
                 else say("client.share.revoked_at", lang, when=str(link["revoked_at"])[:19].replace("T", " ")),
                 link.get("page_url")]
                for link in links
            ]
            headings = [say(f"client.column.{column}", lang) for column in _COLUMNS]
            emit_lines(table(headings, rows, terminal_width()) if rows else say("client.share.none", lang))
            return OK
        _, created = session.api.post(path, {"label": args.label} if args.label else None, {"lang": args.lang})
    made = {**created, "page_url": _absolute(session, created.get("page_url")),
            "transcript_url": _absolute(session, created.get("transcript_url"))}
    if args.json:
        emit_json(made)
        return OK
    if made.get("label"):
        print(say("client.share.created.labelled", lang, link_id=made["link_id"], label=made["label"]))
    else:
        print(say("client.share.created", lang, link_id=made["link_id"]))
    print(say("client.share.page", lang), made["page_url"])
    print(say("client.share.transcript", lang), made["transcript_url"])
    print(say("client.share.note", lang, link_id=made["link_id"]))
    return OK
