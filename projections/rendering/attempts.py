"""How a refused attempt is told (docs/fairness.md, "Refused attempts"): what was refused, why, and every die
it drew, which stays in the log. The refusal's answer, the timeline, the transcripts and the proof page say
the same words, in English and Spanish; the callers escape them for their markup."""

from __future__ import annotations

from itertools import groupby

from domain.campaign.events import AttemptLine, AttemptRefused
from domain.grammars import grammar_for
from projections.rendering.catalog_words import said
from projections.rendering.markup import WRITERS, Markup
from projections.rendering.refusals import refusal, said_as_lines
from projections.rendering.vocabulary import Lang, word


def faces(line: AttemptLine) -> str:
    """A line's dice, grouped by kind in the order drawn: `d100 76; d10 7, 3`."""
    drawn = [(d.sides, d.value) for d in line.dice] + [(d.sides, d.face) for d in line.unverifiable]
    return "; ".join(f"d{sides} " + ", ".join(str(v) for _, v in group)
                     for sides, group in groupby(drawn, key=lambda pair: pair[0]))


def _thrown_away(lang: Lang) -> str:
    return said("render.attempt.thrown_away", lang)


def _verb(command_type: str, lang: Lang, ruleset: str | None) -> str:
    """The verb a player writes for a command (`!ataque`), or its type when it has no line form."""
    written = grammar_for(ruleset).verb_of(command_type, lang) if ruleset else None
    return f"!{written}" if written is not None else command_type


def dice_text(event: AttemptRefused, lang: Lang, ruleset: str | None = None) -> str:
    """Every die of the attempt, line by line (a command sent alone: just its dice). Each line is named by its
    source as the author wrote it, or, given the `ruleset` (a transcript, which names characters, never ids),
    by its verb."""
    parts: list[str] = []
    for line in event.lines:
        if not line.dice and not line.unverifiable:
            continue
        told = faces(line) + (_thrown_away(lang) if line.unverifiable else "")
        if line.line is None:
            parts.append(told)
            continue
        shown = _verb(line.command_type, lang, ruleset) if ruleset else line.source
        parts.append(said("render.attempt.line", lang, line=line.line, shown=shown, told=told))
    return " · ".join(parts)


def reason_text(event: AttemptRefused, lang: Lang, reason: str | None = None, ruleset: str | None = None) -> str:
    """Why it was refused, in the reader's language (`reason`: the caller's own wording of it, if any): the
    refusal's message when the log holds one (`said`), else the English it recorded; given the `ruleset`, a
    command it names is the line a player of that language writes."""
    refused = event.refusal
    said = said_as_lines(refused.said, grammar_for(ruleset), lang) if ruleset else refused.said
    return reason if reason is not None else refusal(refused.kind, refused.rule, refused.reason, lang, said)


def answer_text(event: AttemptRefused, seq: int, post_id: str | None, lang: Lang, reason: str | None = None) -> str:
    """The refusal's answer: `post p1201 was refused at line 3 (`…`): …; its dice stay recorded (event 41): …`."""
    refused, why, dice = event.refusal, reason_text(event, lang, reason), dice_text(event, lang)
    what = (said("render.attempt.answer.line", lang, post_id=post_id, line=refused.line, source=refused.source)
            if refused.line is not None
            else said("render.attempt.answer.command", lang, command_type=refused.command_type))
    return said("render.attempt.answer", lang, what=what, why=why, seq=seq, dice=dice)


def sentence(event: AttemptRefused, lang: Lang, ruleset: str | None) -> str:
    """The attempt's line in a timeline or a transcript (the renderers strike it through): each line by its
    verb, since a transcript names characters, never their ids."""
    refused, why, dice = event.refusal, reason_text(event, lang, ruleset=ruleset), dice_text(event, lang, ruleset)
    verb = _verb(refused.command_type, lang, ruleset)
    case = "line" if refused.line is not None else "command"
    return said(f"render.attempt.sentence.{case}", lang, line=refused.line, verb=verb, why=why, dice=dice)


def reply(answer: str, lang: Lang, markup: Markup) -> str:
    """The refusal as a reply to paste under the post: marked as refused (greyed in BBCode, which has no
    strikethrough phpBB reads by default; Markdown has none both parsers read), every character of the
    author's text shown as text."""
    out = WRITERS[markup]
    marked = f"{out.italic(out.text(word('refused_attempt', lang)) + ':')} {out.text(answer)}"
    return marked if markup == "markdown" else out.muted(marked)
