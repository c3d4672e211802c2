"""How a refused attempt is told (docs/fairness.md, "Refused attempts"): what was refused, why, and every die
it drew, which stays in the log. The refusal's answer, the timeline, the transcripts and the proof page say
the same words, in English and Spanish; the callers escape them for their markup."""

from __future__ import annotations

from itertools import groupby

from domain.campaign.events import AttemptLine, AttemptRefused
from projections.rendering.refusals import refusal
from projections.rendering.vocabulary import Lang


def faces(line: AttemptLine) -> str:
    """A line's dice, grouped by kind in the order drawn: `d100 76; d10 7, 3`."""
    drawn = [(d.sides, d.value) for d in line.dice] + [(d.sides, d.face) for d in line.unverifiable]
    return "; ".join(f"d{sides} " + ", ".join(str(v) for _, v in group)
                     for sides, group in groupby(drawn, key=lambda pair: pair[0]))


def _thrown_away(lang: Lang) -> str:
    return " (semilla descartada con el mensaje)" if lang == "es" else " (from a seed thrown away with the post)"


def dice_text(event: AttemptRefused, lang: Lang) -> str:
    """Every die of the attempt, line by line (a command sent alone: just its dice)."""
    parts: list[str] = []
    for line in event.lines:
        if not line.dice and not line.unverifiable:
            continue
        told = faces(line) + (_thrown_away(lang) if line.unverifiable else "")
        if line.line is None:
            parts.append(told)
        else:
            where = f"línea {line.line}" if lang == "es" else f"line {line.line}"
            parts.append(f"{where} `{line.source}`: {told}")
    return " · ".join(parts)


def reason_text(event: AttemptRefused, lang: Lang, reason: str | None = None) -> str:
    """Why it was refused, in the reader's language (`reason`: the caller's own wording of it, if any)."""
    refused = event.refusal
    return reason if reason is not None else refusal(refused.kind, refused.rule, refused.reason, lang)


def answer_text(event: AttemptRefused, seq: int, post_id: str | None, lang: Lang, reason: str | None = None) -> str:
    """The refusal's answer: `post p1201 was refused at line 3 (`…`): …; its dice stay recorded (event 41): …`."""
    refused, why, dice = event.refusal, reason_text(event, lang, reason), dice_text(event, lang)
    if lang == "es":
        what = (f"el mensaje {post_id} se rechazó en la línea {refused.line} (`{refused.source}`)"
                if refused.line is not None else f"la orden {refused.command_type} se rechazó")
        return f"{what}: {why}; sus dados quedan registrados (evento {seq}): {dice}"
    what = (f"post {post_id} was refused at line {refused.line} (`{refused.source}`)"
            if refused.line is not None else f"command {refused.command_type} was refused")
    return f"{what}: {why}; its dice stay recorded (event {seq}): {dice}"


def sentence(event: AttemptRefused, lang: Lang) -> str:
    """The attempt's line in a timeline or a transcript (the renderers strike it through)."""
    refused, why, dice = event.refusal, reason_text(event, lang), dice_text(event, lang)
    if lang == "es":
        where = f" en la línea {refused.line} (`{refused.source}`)" if refused.line is not None else ""
        return f"Intento rechazado{where}: {why}; sus dados quedan registrados: {dice}"
    where = f" at line {refused.line} (`{refused.source}`)" if refused.line is not None else ""
    return f"Attempt refused{where}: {why}; its dice stay recorded: {dice}"
