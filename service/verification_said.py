"""A verifier's problem (or the place it names) said once in English and once in Spanish, side by side.

The verifiers (service/verification.py, service/audit_file.py) write both sentences where they find
the problem, so the two languages can never drift apart; whoever shows a report (`GET /verify`,
`lexmechanic verify --lang`, the pages' badge) picks one with `in_lang`. The Spanish uses the proof
page's words (projections/rendering/page_words.py): semilla, compromiso, época de dados, orden, cadena.
"""

from __future__ import annotations

import msgspec

from projections.rendering.vocabulary import Lang
from projections.rules_replay import Divergence


class Said(msgspec.Struct, frozen=True):
    """The same sentence in English (exactly as bots and tests match it) and in Spanish."""

    en: str
    es: str

    def in_lang(self, lang: Lang) -> str:
        return self.es if lang == "es" else self.en


def in_lang(problems: list[Said] | tuple[Said, ...], lang: Lang) -> list[str]:
    """A report's problems as one reader reads them."""
    return [problem.in_lang(lang) for problem in problems]


def said_divergence(found: Divergence) -> Said:
    """Where a recorded command and the rules part (projections/rules_replay.py), said for a person."""
    en = f"command at event {found.seq} ({found.command_type})"
    es = f"la orden del evento {found.seq} ({found.command_type})"
    event_en = f"event {found.event_seq} ({found.event_type})"
    event_es = f"el evento {found.event_seq} ({found.event_type})"
    match found.kind:
        case "differs":
            return Said(
                f"{en}: {event_en} records {found.path} = {found.recorded}, but the rules give {found.decided} "
                "from its command and its dice",
                f"{es}: {event_es} registra {found.path} = {found.recorded}, pero las reglas dan {found.decided} "
                "con su orden y sus dados",
            )
        case "extra_event":
            return Said(f"{en}: {event_en} is an event the rules do not give from its command and its dice",
                        f"{es}: {event_es} es un evento que las reglas no dan con su orden y sus dados")
        case "missing_event":
            return Said(f"{en}: the rules give one more event ({found.event_type}) than the log records",
                        f"{es}: las reglas dan un evento más ({found.event_type}) de los que registra el registro")
        case "refused":
            return Said(f"{en}: the rules refuse the recorded command ({found.decided})",
                        f"{es}: las reglas rechazan la orden registrada ({found.decided})")
        case "dice_short":
            return Said(f"{en}: the rules need more dice than the {found.recorded} it recorded",
                        f"{es}: las reglas necesitan más dados que los {found.recorded} registrados")
        case "not_refused":
            return Said(f"{en}: the rules do not refuse its {found.path} ({found.recorded} recorded): the refusal "
                        "is not what its command and its dice give",
                        f"{es}: las reglas no rechazan su {found.path} ({found.recorded} registrado): el rechazo "
                        "no es el que dan su orden y sus dados")
        case "refusal_differs":
            return Said(f"{en}: it records the refusal {found.recorded}, but the rules give {found.decided}",
                        f"{es}: registra el rechazo {found.recorded}, pero las reglas dan {found.decided}")
        case "dice_differ":
            return Said(f"{en}: {found.path} records the dice {found.recorded}, but its command rolls "
                        f"{found.decided} with them",
                        f"{es}: {found.path} registra los dados {found.recorded}, pero su orden tira "
                        f"{found.decided} con ellos")
        case "dice_left":
            return Said(f"{en}: it recorded {found.recorded} dice, but the rules roll {found.decided}",
                        f"{es}: registró {found.recorded} dados, pero las reglas tiran {found.decided}")
        case _:
            return Said(f"{en}: its recorded command cannot be read ({found.decided})",
                        f"{es}: su orden registrada no se puede leer ({found.decided})")
