"""A skipped line of a forum post (domain/skipping.py), as its reader is told it: one sentence, no roll, no
change, in the handouts' words ("se considera fallido, con lo que no se tira el Daño")."""

from __future__ import annotations

from domain.catalog import sentence
from domain.engine import Lang
from domain.skipping import SkippedLine, SkipReason
from projections.rendering.told import Told


def skipped_sentence(reason: SkipReason, lang: Lang) -> str:
    return sentence(f"render.skipped.{reason}", lang)


def tell_skipped(skipped: SkippedLine, lang: Lang) -> Told:
    """The skipped line told as a command is (`Told`): its one sentence, nothing changed, nothing rolled."""
    return Told(lang=lang, sentences=[skipped_sentence(skipped.reason, lang)], changed=[], changes=[], rolls=[],
                numbers={})
