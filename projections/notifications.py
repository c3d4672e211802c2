"""What a webhook delivers for one event: which kinds it belongs to, and its payload in each format.

Pure: the service's worker (service/webhooks/) reads the events, builds their frames (the transcript's own
sentences, in the table's language) and the state after each, and sends what this module makes. The kinds
and the payloads are the public contract of docs/api.md ("Webhooks").

Every text a participant typed reaches a chat escaped for it: Discord's Markdown through the one Markdown
escaper (projections/rendering/markup.py), Slack's mrkdwn through `slack_line` (Slack's own three escapes,
which also keep `<@U…>` and `<!here>` mentions inert), generic JSON as plain text (the receiver escapes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import msgspec

from domain.campaign.state import CampaignState
from domain.catalog import text
from domain.message import Lang, message
from projections.permalinks import Links, page_link
from projections.rendering.frames import Frame
from projections.rendering.markup import WRITERS, safe_url, slack_line
from projections.whose_turn import turn_sentence, whose_turn

Kind = Literal["turns", "rolls", "posts", "sessions", "down"]
KINDS: tuple[Kind, ...] = ("turns", "rolls", "posts", "sessions", "down")
Format = Literal["json", "discord", "slack"]
FORMATS: tuple[Format, ...] = ("json", "discord", "slack")

# Turn changes: a turn or round begins, an encounter starts or ends, a turn is undone or redone.
TURN_STARTED = frozenset({"d100_turn_started", "wng_turn_started"})
TURN_TYPES = TURN_STARTED | {
    "d100_round_started", "wng_round_started", "d100_encounter_started", "wng_encounter_started",
    "d100_encounter_ended", "wng_encounter_ended", "turn_undone", "turn_redone",
}
SESSION_TYPES = frozenset({"session_started", "session_ended", "wng_session_started"})
# A character is down when what keeps it in the fight reaches 0 (wounds left, a horde's magnitude, a troop's
# members) or when it becomes dead, dying or unconscious.
_COUNTS_DOWN = ("wounds", "magnitude", "members")
_DOWN_CONDITIONS = frozenset({"dead", "dying", "unconscious"})

# Discord refuses a message over 2,000 characters; Slack's limit is higher, one bound keeps both readable.
MESSAGE_LIMIT = 2000
_ELLIPSIS = "…"


class Notification(msgspec.Struct, frozen=True, kw_only=True):
    """One event as a webhook tells it, before a format: plain text lines, not yet escaped."""

    seq: int
    type: str
    kinds: tuple[Kind, ...]
    recorded_at: str | None
    lines: tuple[str, ...]
    url: str
    proof_url: str | None
    actor: str | None
    actor_name: str | None
    post_id: str | None
    undone: bool
    turn: dict[str, Any] | None


def _count(value: int | list[str] | None) -> int:
    return value if isinstance(value, int) else 0


def _names(value: int | list[str] | None) -> set[str]:
    return set(value) if isinstance(value, list) else set()


def downed(frame: Frame) -> list[str]:
    """The names of the characters this event put down (in the order the campaign knows them)."""
    found: list[str] = []
    for change in frame.standing:
        if change.character_id is None:
            continue
        before, after = change.before, change.after
        counted = any(after.get(key) == 0 and _count(before.get(key)) > 0 for key in _COUNTS_DOWN)
        new_conditions = _names(after.get("conditions")) - _names(before.get("conditions"))
        if counted or new_conditions & _DOWN_CONDITIONS:
            found.append(change.name)
    return found


def kinds_of(frame: Frame) -> tuple[Kind, ...]:
    """Every kind the event belongs to (it is delivered once, whichever of them a subscription wants)."""
    found: list[Kind] = []
    if frame.type in TURN_TYPES:
        found.append("turns")
    if frame.dice:
        found.append("rolls")
    if frame.post is not None:
        found.append("posts")
    if frame.type in SESSION_TYPES:
        found.append("sessions")
    if downed(frame):
        found.append("down")
    return tuple(found)


def permalink(links: Links, campaign_id: str, seq: int) -> str:
    """The event on the campaign's timeline page: the page that starts with it, scrolled to its row."""
    return page_link(links, campaign_id, f"?after={seq - 1}") + f"#e{seq}"


def notification(frame: Frame, after: CampaignState, lang: Lang, campaign_id: str, links: Links) -> Notification:
    """The event's notification, told in `lang`; `after` is the campaign's state right after the event."""
    turn = whose_turn(after, lang) if frame.type in TURN_STARTED else None
    lines: list[str] = []
    if turn is not None and turn.acting is not None:
        lines.append(text(turn_sentence(turn), lang))
    elif frame.actor_name:
        lines.append(text(message("notify.event", actor=frame.actor_name, summary=frame.summary), lang))
    else:
        lines.append(frame.summary)
    lines.extend(frame.effects)
    lines.extend(text(message("notify.down", character=name), lang) for name in downed(frame))
    return Notification(
        seq=frame.seq, type=frame.type, kinds=kinds_of(frame), recorded_at=frame.recorded_at, lines=tuple(lines),
        url=permalink(links, campaign_id, frame.seq), proof_url=frame.proof, actor=frame.actor,
        actor_name=frame.actor_name, post_id=frame.post.id if frame.post is not None else None,
        undone=frame.undone, turn=msgspec.to_builtins(turn) if turn is not None else None,
    )


def _fit(lines: Sequence[str], escape: Any, tail: str, limit: int) -> str:
    """The escaped lines joined, then `tail`, within `limit` characters: whole lines while they fit, then as
    much of the next line as fits (cut before escaping, so no escape is ever cut in half), then "…"."""
    budget = limit - len(tail) - 1
    kept: list[str] = []
    used = 0
    for line in lines:
        escaped = escape(line)
        cost = len(escaped) + (1 if kept else 0)
        if used + cost <= budget:
            kept.append(escaped)
            used += cost
            continue
        room = budget - used - (1 if kept else 0) - len(_ELLIPSIS)
        cut = len(line)
        while cut > 0 and len(escape(line[:cut])) > room:
            cut = max(0, min(cut - 1, cut * room // max(1, len(escape(line[:cut])))))
        if cut > 0:
            kept.append(escape(line[:cut]) + _ELLIPSIS)
        elif not kept:
            kept.append(_ELLIPSIS)
        break
    return "\n".join(kept) + "\n" + tail


def discord_payload(said: Notification, lang: Lang) -> dict[str, Any]:
    """A Discord webhook message: Markdown content within 2,000 characters, mentions never parsed."""
    out = WRITERS["markdown"]
    link = out.link(out.text(text(message("notify.open"), lang)), said.url)
    content = _fit(said.lines, out.text, link, MESSAGE_LIMIT)
    return {"content": content, "allowed_mentions": {"parse": []}}


def slack_payload(said: Notification, lang: Lang) -> dict[str, Any]:
    """A Slack-compatible incoming-webhook message: mrkdwn `text` within 2,000 characters."""
    url = safe_url(said.url)
    label = slack_line(text(message("notify.open"), lang))
    tail = f"<{url}|{label}>" if url is not None else label
    return {"text": _fit(said.lines, slack_line, tail, MESSAGE_LIMIT)}


def json_payload(said: Notification, webhook_id: str, campaign_id: str, event: dict[str, Any]) -> dict[str, Any]:
    """The generic JSON delivery: the event as the log holds it, with its kinds and its plain text."""
    return {
        "webhook_id": webhook_id,
        "campaign_id": campaign_id,
        "seq": said.seq,
        "type": said.type,
        "kinds": list(said.kinds),
        "recorded_at": said.recorded_at,
        "actor": said.actor,
        "actor_name": said.actor_name,
        "post_id": said.post_id,
        "undone": said.undone,
        "text": "\n".join(said.lines),
        "url": said.url,
        "proof_url": said.proof_url,
        "turn": said.turn,
        "event": event,
    }
