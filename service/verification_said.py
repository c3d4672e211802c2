"""A verifier's problem (or the place it names) said once in English and once in Spanish, side by side.

The verifiers (service/verification.py, service/audit_file.py) write both sentences where they find
the problem, so the two languages can never drift apart; whoever shows a report (`GET /verify`,
`lexmechanic verify --lang`, the pages' badge) picks one with `in_lang`. The Spanish uses the proof
page's words (projections/rendering/page_words.py): semilla, compromiso, época de dados, orden, cadena.
"""

from __future__ import annotations

import msgspec

from projections.rendering.vocabulary import Lang


class Said(msgspec.Struct, frozen=True):
    """The same sentence in English (exactly as bots and tests match it) and in Spanish."""

    en: str
    es: str

    def in_lang(self, lang: Lang) -> str:
        return self.es if lang == "es" else self.en


def in_lang(problems: list[Said] | tuple[Said, ...], lang: Lang) -> list[str]:
    """A report's problems as one reader reads them."""
    return [problem.in_lang(lang) for problem in problems]
