"""A verifier's problem (or the place it names) said once in English and once in Spanish, side by side.

The verifiers (service/verification.py, service/audit_file.py) say a problem with `said(message_id, …)`: both
sentences from the catalog (verify.po), filled where the problem is found; whoever shows a report (`GET /verify`,
`lexmechanic verify --lang`, the pages' badge) picks one with `in_lang`. The Spanish uses the proof
page's words (projections/rendering/page_words.py): semilla, compromiso, época de dados, orden, cadena.
"""

from __future__ import annotations

import msgspec

from domain.catalog import sentence
from projections.rendering.vocabulary import Lang
from projections.rules_replay import Divergence


class Said(msgspec.Struct, frozen=True):
    """The same sentence in English (exactly as bots and tests match it) and in Spanish."""

    en: str
    es: str

    def in_lang(self, lang: Lang) -> str:
        return self.es if lang == "es" else self.en


def said(message_id: str, **values: object) -> Said:
    """A problem's sentence in both languages from the catalog (`verify.*`, verify.po); a value that is itself
    said in both (a place, a nested sentence) is filled in the same language."""

    def filled(lang: Lang) -> str:
        return sentence(message_id, lang).format(
            **{name: value.in_lang(lang) if isinstance(value, Said) else value for name, value in values.items()})

    return Said(filled("en"), filled("es"))


def in_lang(problems: list[Said] | tuple[Said, ...], lang: Lang) -> list[str]:
    """A report's problems as one reader reads them."""
    return [problem.in_lang(lang) for problem in problems]


def said_divergence(found: Divergence) -> Said:
    """Where a recorded command and the rules part (projections/rules_replay.py), said for a person."""
    place = said("verify.where.replayed_command", seq=found.seq, command_type=found.command_type)
    event = said("verify.where.replayed_event", seq=found.event_seq, event_type=found.event_type)
    en, es, event_en, event_es = place.en, place.es, event.en, event.es
    match found.kind:
        case "differs":
            return said(
                "verify.records_but_rules_give", where=Said(en, es), event=Said(event_en, event_es), path=found.path,
                recorded=found.recorded, decided=found.decided)
        case "extra_event":
            return said("verify.event_rules_give_command", where=Said(en, es), event=Said(event_en, event_es))
        case "missing_event":
            return said("verify.rules_give_one_more", where=Said(en, es), event_type=found.event_type)
        case "refused":
            return said("verify.rules_refuse_recorded_command", where=Said(en, es), decided=found.decided)
        case "dice_short":
            return said("verify.rules_need_more_dice", where=Said(en, es), recorded=found.recorded)
        case "not_refused":
            return said(
                "verify.rules_refuse_recorded_refusal", where=Said(en, es), path=found.path, recorded=found.recorded)
        case "refusal_differs":
            return said(
                "verify.records_refusal_but_rules", where=Said(en, es), recorded=found.recorded, decided=found.decided)
        case "dice_differ":
            return said(
                "verify.records_dice_but_command", where=Said(en, es), path=found.path, recorded=found.recorded,
                decided=found.decided)
        case "dice_left":
            return said(
                "verify.recorded_dice_but_rules", where=Said(en, es), recorded=found.recorded, decided=found.decided)
        case _:
            return said("verify.recorded_command_cannot_read", where=Said(en, es), decided=found.decided)
