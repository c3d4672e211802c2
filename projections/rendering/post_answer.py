"""A forum post's answer told: each line's result (its facts and how it reads) and the reply to paste.

Derived from what the post wrote (each recorded line's events and the states around it) and the lines it
skipped, after the post's transaction: the same recorded post always tells the same answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.campaign.state import CampaignState
from domain.commands import PostRef
from domain.engine import Lang
from domain.message import LANGS
from domain.skipping import SkippedLine
from projections.permalinks import Links
from projections.recorded import Recorded
from projections.rendering.reply import Head, ToldLine, reply, told_item
from projections.rendering.skipped import tell_skipped
from projections.rendering.told import tell_in
from projections.results import result_of


class LineResult(msgspec.Struct, frozen=True):
    """One command line of the post: where it was, its command type, its result, and how it is told."""

    line: int
    source: str
    type: str
    result: dict[str, Any]
    rendered: dict[str, str]
    """Plain text (en, es), untrusted: it carries participants' words as typed; quote the forms below."""
    rendered_markdown: dict[str, str]
    rendered_bbcode: dict[str, str]


class ForumReply(msgspec.Struct, frozen=True):
    bbcode: str
    markdown: str


class RecordedLine(msgspec.Struct, frozen=True):
    """A line of the post that recorded: its events as the log holds them and the state right before it."""

    line: int
    source: str
    command_type: str
    records: list[Recorded]
    before: CampaignState
    token: str | None = None


class SkippedAt(msgspec.Struct, frozen=True):
    """A skipped line, and how many recorded lines came before it (where it goes among them)."""

    skipped: SkippedLine
    position: int


class PostTold(msgspec.Struct, frozen=True):
    """Every line's result in the post's order, and the reply in the post's language."""

    results: list[LineResult]
    reply: ForumReply


def _told_lines(recorded: Sequence[RecordedLine], after: CampaignState, links: Links, campaign_id: str,
                ) -> list[dict[Lang, ToldLine]]:
    told: list[dict[Lang, ToldLine]] = []
    for index, done in enumerate(recorded):
        following = recorded[index + 1].before if index + 1 < len(recorded) else after
        told.append({lang: ToldLine(done.line, found)
                     for lang, found in tell_in(done.records, done.before, following, LANGS, links,
                                                campaign_id).items()})
    return told


def _line_result(done: RecordedLine, by_lang: dict[Lang, ToldLine], sources: dict[int, str]) -> LineResult:
    english = by_lang["en"].told
    result = {
        **result_of([r.event for r in done.records]),
        **english.numbers,
        "changed": [msgspec.to_builtins(c) for c in english.changed],
        "rolls": [msgspec.to_builtins(r) for r in english.rolls],
        "seqs": [r.seq for r in done.records],
    }
    if done.token is not None:
        result["token"] = done.token
    return LineResult(line=done.line, source=sources.get(done.line, done.source), type=done.command_type,
                      result=result, **_rendered(by_lang))


def _rendered(by_lang: dict[Lang, ToldLine]) -> dict[str, dict[str, str]]:
    """A line told in plain text and as the reply writes it in each markup (docs/api.md)."""
    return {
        "rendered": {k: v.told.text() for k, v in by_lang.items()},
        "rendered_markdown": {k: told_item(v.told, k, "markdown") for k, v in by_lang.items()},
        "rendered_bbcode": {k: told_item(v.told, k, "bbcode") for k, v in by_lang.items()},
    }


def _skipped_line(skip: SkippedAt, sources: dict[int, str]) -> tuple[LineResult, dict[Lang, ToldLine]]:
    """A skipped line's result: `skipped` says why (docs/api.md); it recorded nothing, so no seqs or rolls."""
    line = skip.skipped
    by_lang = {lang: ToldLine(line.line, tell_skipped(line, lang)) for lang in LANGS}
    skipped = {"reason": line.reason, "roll_id": line.roll_id, "rule": line.rule, "message": line.message,
               **({"said": msgspec.to_builtins(line.said)} if line.said is not None else {})}
    result = LineResult(line=line.line, source=sources.get(line.line, line.source), type=line.command_type,
                        result={"skipped": skipped, "changed": [], "rolls": [], "seqs": []}, **_rendered(by_lang))
    return result, by_lang


def post_told(
    recorded: Sequence[RecordedLine], skipped: Sequence[SkippedAt], after: CampaignState, sources: dict[int, str],
    lang: Lang, links: Links, campaign_id: str, head: Head, post: PostRef, author: str,
) -> PostTold:
    """Each line in the post's order (a skipped line where it was, among the lines that recorded), told in
    every language (`rendered` …) and with its numbers; the reply in `lang`, with the head as its witness."""
    told = _told_lines(recorded, after, links, campaign_id)
    lines: list[tuple[LineResult, dict[Lang, ToldLine]]] = []
    skips = sorted(skipped, key=lambda s: s.position)
    for index, (done, by_lang) in enumerate(zip(recorded, told, strict=True)):
        while skips and skips[0].position == index:
            lines.append(_skipped_line(skips.pop(0), sources))
        lines.append((_line_result(done, by_lang, sources), by_lang))
    lines.extend(_skipped_line(skip, sources) for skip in skips)
    mine = [by_lang[lang] for _, by_lang in lines]
    return PostTold(
        results=[result for result, _ in lines],
        reply=ForumReply(bbcode=reply(mine, lang, head, post, author, "bbcode"),
                         markdown=reply(mine, lang, head, post, author, "markdown")),
    )
