"""Share links from the command line (GM): a read-only link for the forum thread's readers, listed, revoked."""

from __future__ import annotations

import argparse
from typing import Any

from service.client.exits import OK
from service.client.session import Session, emit_json, emit_lines, terminal_width
from service.client.tables import Cell, table
from service.client.transport import segment

_WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "created": "Share link {link_id} created{label}.",
        "page": "Web timeline (paste it into the thread):",
        "transcript": "Transcript (BBCode):",
        "note": "Anyone with this link reads the campaign as an observer until you revoke it: "
                "lexmechanic share --revoke {link_id}",
        "revoked": "Share link {link_id} revoked: its key no longer opens anything.",
        "none": "(no share links)",
        "valid": "valid",
        "revoked_at": "revoked {when}",
        "headings": ["link", "label", "created", "state", "web timeline"],
    },
    "es": {
        "created": "Enlace para compartir {link_id} creado{label}.",
        "page": "Cronología web (pégala en el hilo):",
        "transcript": "Transcripción (BBCode):",
        "note": "Quien tenga este enlace lee la campaña como observador hasta que lo revoques: "
                "lexmechanic share --revoke {link_id}",
        "revoked": "Enlace para compartir {link_id} revocado: su clave ya no abre nada.",
        "none": "(ningún enlace para compartir)",
        "valid": "válido",
        "revoked_at": "revocado {when}",
        "headings": ["enlace", "etiqueta", "creado", "estado", "cronología web"],
    },
}


def _absolute(session: Session, url: str | None) -> str | None:
    """A link the service answered relative (no LEXMECHANIC_PUBLIC_URL) made absolute on the profile's URL."""
    if url is None or "://" in url:
        return url
    return f"{session.api.base_url}{url}"


def share(args: argparse.Namespace) -> int:
    words = _WORDS[args.lang]
    with Session(args) as session:
        path = session.campaign("/share-links")
        if args.revoke is not None:
            session.api.delete(f"{path}/{segment(args.revoke)}", {"lang": args.lang})
            if args.json:
                emit_json({"link_id": args.revoke, "revoked": True})
            else:
                print(words["revoked"].format(link_id=args.revoke))
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
                 words["valid"] if link.get("revoked_at") is None
                 else words["revoked_at"].format(when=str(link["revoked_at"])[:19].replace("T", " ")),
                 link.get("page_url")]
                for link in links
            ]
            emit_lines(table(words["headings"], rows, terminal_width()) if rows else words["none"])
            return OK
        _, created = session.api.post(path, {"label": args.label} if args.label else None, {"lang": args.lang})
    made = {**created, "page_url": _absolute(session, created.get("page_url")),
            "transcript_url": _absolute(session, created.get("transcript_url"))}
    if args.json:
        emit_json(made)
        return OK
    label = f" ({made['label']})" if made.get("label") else ""
    print(words["created"].format(link_id=made["link_id"], label=label))
    print(words["page"], made["page_url"])
    print(words["transcript"], made["transcript_url"])
    print(words["note"].format(link_id=made["link_id"]))
    return OK
