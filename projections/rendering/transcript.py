"""Transcripts as JSON, Markdown or BBCode (forum posts use BBCode); undone events struck through."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import msgspec

from projections.rendering.changes import Change
from projections.rendering.formats import Format
from projections.rendering.frames import Frame
from projections.rendering.vocabulary import Lang, field, word


def _value(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return str(value)


def change_line(change: Change, names: dict[str, str], lang: Lang) -> str:
    """ "Brother Kai: damage 3 → 7" from the path rules.characters.kai.damage."""
    parts = change.path.split(".")
    subject = ""
    for container in ("characters", "objectives", "missions"):
        if container in parts[:-1]:
            at = len(parts) - 1 - parts[::-1].index(container)
            subject = names.get(parts[at + 1], parts[at + 1])
            parts = parts[at + 2 :]
            break
    name = field(parts[-1], lang) if parts else ""
    if change.before is None and isinstance(change.after, dict):
        text = f"{name} {word('added', lang)}".strip()
    elif change.after is None and isinstance(change.before, dict):
        text = f"{name} {word('removed', lang)}".strip()
    else:
        text = f"{name} {_value(change.before)} → {_value(change.after)}".strip()
    return f"{subject}: {text}" if subject else text


def _line(frame: Frame, names: dict[str, str], lang: Lang) -> tuple[str, list[str]]:
    where = f" · {word('round_turn', lang, round=frame.round, turn=frame.turn)}" if frame.encounter else ""
    who = f"{frame.actor_name or frame.actor}" if frame.actor else ""
    head = f"#{frame.seq}{where} · {who}: {frame.summary}" if who else f"#{frame.seq}{where} · {frame.summary}"
    details = [change_line(c, names, lang) for c in frame.changes]
    if frame.dice:
        faces = ", ".join(f"d{d.sides}={d.value}" for d in frame.dice)
        mixed = ""
        if frame.entropy_from:
            mixed = f"; {word('entropy_from', lang)}: {', '.join(f'#{seq}' for seq in frame.entropy_from)}"
        details.append(f"{word('dice', lang)}: {faces} ({word('proof', lang)}: {frame.proof}{mixed})")
    if frame.undone:
        details.append(word("undone_by", lang, actor=frame.undone_by_actor or "?", seq=frame.undone_by))
    return head, details


class ChainHead(msgspec.Struct, frozen=True):
    """The campaign's head when the transcript was made: a forum post that shows it is a witness."""

    version: int
    head_hash: str


def render(
    frames: Sequence[Frame], fmt: Format, lang: Lang, names: dict[str, str], title: str, chain: ChainHead | None = None
) -> str:
    """The transcript in one format; names maps character ids to their names for the change lines."""
    if fmt == "json":
        return msgspec.json.encode({"title": title, "lang": lang, "frames": frames, "head": chain}).decode()
    lines = [f"# {title}" if fmt == "markdown" else f"[b][size=150]{title}[/size][/b]", ""]
    for frame in frames:
        head, details = _line(frame, names, lang)
        if fmt == "markdown":
            lines.append(f"- ~~{head}~~" if frame.undone else f"- {head}")
            lines.extend(f"  - {d}" for d in details)
        else:
            lines.append(f"[s]{head}[/s]" if frame.undone else head)
            if details:
                lines.append("[list]" + "".join(f"[*]{d}" for d in details) + "[/list]")
    if chain is not None:
        lines += ["", word("chain_head", lang, version=chain.version, hash=chain.head_hash)]
    return "\n".join(lines) + "\n"
