"""A skipped line of a forum post (domain/skipping.py), as its reader is told it: one sentence, no roll, no
change, in the handouts' words ("se considera fallido, con lo que no se tira el Daño")."""

from __future__ import annotations

from domain.engine import Lang
from domain.skipping import SkippedLine, SkipReason
from projections.rendering.told import Told

_SAID: dict[SkipReason, dict[Lang, str]] = {
    "attack_missed": {"en": "No damage: the attack missed, so there is no damage to roll",
                      "es": "Sin Daño: el ataque falló, así que no se tira el Daño"},
    "hits_avoided": {"en": "No damage: every hit of the attack was avoided, so there is no damage to roll",
                     "es": "Sin Daño: se evitaron todos los impactos del ataque, así que no se tira el Daño"},
    "roll_succeeded": {"en": "No Fate reroll: the roll succeeded, so no Fate point was spent",
                       "es": "Sin repetir con Destino: la tirada tuvo éxito, así que no se gasta el punto de Destino"},
}


def skipped_sentence(reason: SkipReason, lang: Lang) -> str:
    return _SAID[reason][lang]


def tell_skipped(skipped: SkippedLine, lang: Lang) -> Told:
    """The skipped line told as a command is (`Told`): its one sentence, nothing changed, nothing rolled."""
    return Told(lang=lang, sentences=[skipped_sentence(skipped.reason, lang)], changed=[], changes=[], rolls=[],
                numbers={})
