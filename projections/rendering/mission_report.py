"""`mission_report(state, mission_id, fmt, lang)`: a mission as JSON, Markdown or BBCode, in English or Spanish.

Every text the GM and the players wrote (title, briefing, objectives, complications, reasons, names) is
escaped for the report's markup by the one escaper of projections/rendering/markup.py, like every other
paste: an objective a player proposes cannot close the report's list or open a tag, link or image of its own
(docs/missions.md). Multi-line texts (a briefing, a note) keep their lines, each escaped and indented.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from domain.missions.characters import CharacterInfo
from domain.missions.state import MissionsState, mission
from projections.rendering.formats import Format
from projections.rendering.markup import WRITERS, Writer
from projections.rendering.mission_report_data import (
    MissionReport,
    ReportLeader,
    ReportOath,
    ReportObjective,
    build_report,
)
from projections.rendering.mission_wording import Wording
from projections.rendering.vocabulary import VOCABULARY, Lang


class _Markup(msgspec.Struct, frozen=True, kw_only=True):
    """How one forum markup writes a title, a heading, bold, italics and (nested) lists."""

    title: str
    heading: str
    bold: str
    italic: str
    list_open: str
    list_close: str
    item: str
    sub_open: str
    sub_close: str
    sub_item: str


# A nested Markdown item is indented four spaces: CommonMark nests at two, but Python-Markdown needs four
# and would flatten an objective's history into the list of objectives.
MARKDOWN = _Markup(title="# {}", heading="## {}", bold="**{}**", italic="*{}*", list_open="", list_close="",
                   item="- {}", sub_open="", sub_close="", sub_item="    - {}")
BBCODE = _Markup(title="[b][u]{}[/u][/b]", heading="[b][u]{}[/u][/b]", bold="[b]{}[/b]", italic="[i]{}[/i]",
                 list_open="[list]", list_close="[/list]", item="[*]{}", sub_open="[list]", sub_close="[/list]",
                 sub_item="[*]{}")


def mission_report(
    state: MissionsState,
    mission_id: str,
    fmt: Format,
    lang: Lang,
    characters: Mapping[str, CharacterInfo] | None = None,
    participants: Mapping[str, str] | None = None,
) -> str:
    """The mission's report as it stands in `state`; names come from `characters` and `participants` (else ids)."""
    report = build_report(mission(state, mission_id), lang, characters or {}, participants)
    if fmt == "json":
        return msgspec.json.encode(report).decode()
    return _render(report, MARKDOWN if fmt == "markdown" else BBCODE, VOCABULARY[lang].report, WRITERS[fmt])


def _leader_line(leader: ReportLeader | None, words: Wording) -> str:
    if leader is None:
        return words.no_leader
    line = f"{leader.name} ({leader.method_label}"
    rounds: dict[int, list[str]] = {}
    for roll in leader.rolls:
        rounds.setdefault(roll.round, []).append(f"{roll.name} {roll.value}")
    for number, faces in rounds.items():
        label = words.rolls if number == 1 else words.reroll
        line += f"; {label}: {', '.join(faces)}"
    return line + ")"


def _oath_line(oath: ReportOath | None, words: Wording) -> str:
    if oath is None:
        return words.none
    line = f"{oath.name}: {oath.effect}"
    if oath.warp_studies_label:
        line += f". {oath.warp_studies_label}"
    return line


def _outcome_line(report: MissionReport) -> str:
    outcome = report.outcome
    return f"{outcome.label}: {'; '.join(outcome.reasons)}" if outcome.reasons else outcome.label


def _objective_item(objective: ReportObjective, words: Wording, markup: _Markup, out: Writer) -> str:
    details = [markup.italic.format(out.text(objective.status_label))]
    if objective.involved:
        details.append(out.text(f"{words.involved}: {', '.join(p.name for p in objective.involved)}"))
    if objective.proposed_by is not None:
        details.append(out.text(words.proposed_by.format(who=objective.proposed_by_name)))
    kind = markup.bold.format(out.text(objective.kind_label + ":"))
    return f"{kind} {out.text(objective.text)} ({'; '.join(details)})"


def _list(lines: list[str], items: list[tuple[str, list[str]]], markup: _Markup, empty: str) -> None:
    """A list of items already written in the markup, each with its sub-items; `empty` (our words) if none."""
    if not items:
        lines.append(markup.italic.format(empty))
        return
    if markup.list_open:
        lines.append(markup.list_open)
    for text, subitems in items:
        lines.append(markup.item.format(text))
        if subitems:
            if markup.sub_open:
                lines.append(markup.sub_open)
            lines.extend(markup.sub_item.format(s) for s in subitems)
            if markup.sub_close:
                lines.append(markup.sub_close)
    if markup.list_close:
        lines.append(markup.list_close)


def _render(report: MissionReport, markup: _Markup, words: Wording, out: Writer) -> str:
    lines = [markup.title.format(out.text(f"{words.mission}: {report.title}")), ""]
    facts = [(words.phase, report.phase_label)]
    if report.squad:
        facts.append((words.squad, ", ".join(p.name for p in report.squad)))
    if report.leader is not None or report.oath is not None:
        facts.append((words.leader, _leader_line(report.leader, words)))
        facts.append((words.oath, _oath_line(report.oath, words)))
    facts.append((words.outcome, _outcome_line(report)))
    _list(lines, [(f"{markup.bold.format(out.text(label + ':'))} {out.text(value)}", []) for label, value in facts],
          markup, words.none)

    lines += ["", markup.heading.format(words.briefing), "", out.lines(report.briefing), ""]

    lines += [markup.heading.format(words.objectives), ""]
    objectives = [(_objective_item(o, words, markup, out), [out.lines(h.summary) for h in o.history])
                  for o in report.objectives]
    _list(lines, objectives, markup, words.none)

    lines += ["", markup.heading.format(words.complications), ""]
    complications: list[tuple[str, list[str]]] = []
    for c in report.complications:
        cause = f"{words.cause}: {c.cause}"
        if c.caused_by_seq is not None:
            cause += f"; {words.roll_seq.format(seq=c.caused_by_seq)}"
        complications.append((f"{out.lines(c.text)} ({out.text(cause)})", []))
    _list(lines, complications, markup, words.none_feminine)

    lines += ["", markup.heading.format(words.rewards), ""]
    rewards: list[tuple[str, list[str]]] = []
    for r in report.rewards:
        line = words.reward.format(name=r.name, xp=r.xp, renown=r.renown + r.oath_renown)
        if r.oath_renown:
            line += f" ({words.oath_part.format(n=r.oath_renown)})"
        line = out.text(line)
        if r.reason:
            line += f" — {out.lines(r.reason)}"
        rewards.append((line, []))
    _list(lines, rewards, markup, words.none_feminine)

    if report.oath is not None and report.oath.oath == "glory":
        lines += ["", markup.heading.format(words.glory_renown), ""]
        _list(lines, [(out.text(f"{g.name}: +{g.renown}"), []) for g in report.glory_renown], markup, words.none)
    return "\n".join(lines) + "\n"
