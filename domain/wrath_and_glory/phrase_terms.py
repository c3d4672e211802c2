"""The Wrath & Glory engine's terms in English and Spanish: skills, attributes, conditions, actions, shifts,
the causes of Glory, Wrath and Ruin, and the words of its outcomes.

Most come from the command language's word lists (domain/wrath_and_glory/vocabulary.py, seed 003 "Ira y
Gloria"), shown with spaces for dashes; the rest are the rules' own names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from domain.engine import Lang
from domain.language import shown_terms
from domain.wrath_and_glory.vocabulary import (
    _CAUSES_GLORY_GAIN,
    _CAUSES_GLORY_SPEND,
    _CAUSES_RUIN_GAIN,
    _CAUSES_RUIN_SPEND,
    ACTION_KINDS,
    ATTRIBUTES,
    CONDITIONS,
    MOVE_MODES,
    PAYMENTS,
    SHIFT_USES,
    SKILLS,
)

_FROM_VOCABULARY = shown_terms(SKILLS, ATTRIBUTES, CONDITIONS, ACTION_KINDS, MOVE_MODES, PAYMENTS, SHIFT_USES,
                               _CAUSES_GLORY_GAIN, _CAUSES_GLORY_SPEND, _CAUSES_RUIN_GAIN, _CAUSES_RUIN_SPEND)

_OWN: dict[str, tuple[str, str]] = {
    "wrath_six": ("a 6 on the Wrath die", "un 6 en el dado de la Ira"),
    "wrath_one": ("a 1 on the Wrath die", "un 1 en el dado de la Ira"),
    "gm_award": ("GM award", "premio del DJ"),
    "roleplay": ("roleplaying", "interpretación"),
    "death_test": ("death test", "prueba de muerte"),
    "narrative": ("narrative", "narrativa"),
    "salvo": ("salvo", "salvas"),
    "multiple_targets": ("several targets", "varios objetivos"),
    "reload": ("reload", "recarga"),
    "wakes": ("wakes up", "despierta"),
    "stabilised": ("stabilised", "estabilizado"),
    "one_failure": ("one failure", "un fallo"),
    "two_failures": ("two failures", "dos fallos"),
    "attack": ("attack", "ataque"),
    "soak": ("soak", "ignorar heridas"),
    "gm": ("GM", "DJ"),
    "dn": ("DN", "ND"),
    "defence": ("Defence", "Defensa"),
    "initiative": ("initiative", "iniciativa"),
    "complication": ("complication", "complicación"),
    "ruin": ("Ruin", "Ruina"),
    "glory": ("Glory", "Gloria"),
    "wrath": ("Wrath", "Ira"),
    "none": ("nothing", "nada"),  # a Wrath die of 2 to 5
    # The rules' names of DN penalties and bonus dice (attacks, interaction, recovery).
    "aim": ("aim", "apuntar"),
    "short range": ("short range", "alcance corto"),
    "long range": ("long range", "alcance largo"),
    "all-out attack": ("all-out attack", "ataque total"),
    "charge": ("charge", "carga"),
    "salvo bonus": ("salvo", "salvas"),
    "Reloads spent on targets": ("Reloads spent on targets", "Recargas gastadas en objetivos"),
    "interaction attack": ("interaction attack", "ataque de interacción"),
    "total defence": ("Total Defence", "defensa total"),
    "after reload": ("after reload", "tras recargar"),
    "after recovering shock": ("after recovering shock", "tras recuperar shock"),
    "run": ("run", "correr"),
    "corruption": ("corruption test", "prueba de corrupción"),
    "fear": ("fear test", "prueba de miedo"),
    "weapon": ("weapon", "arma"),
    "interaction": ("interaction", "interacción"),
    # Standing keys.
    "wounds": ("wounds", "heridas"),
    "shock": ("shock", "shock"),  # seed 003 says "puntos de shock"; never "choque"
    "members": ("members", "miembros"),
    "reloads": ("Reloads", "Recargas"),
    "personal_ruin": ("personal Ruin", "Ruina personal"),
    "death_failures": ("death-test failures", "fallos en la prueba de muerte"),
    "conditions": ("conditions", "estados"),
}

TERMS: Mapping[str, tuple[str, str]] = {**_FROM_VOCABULARY, **_OWN}


def term(text: str, lang: Lang) -> str:
    """A Wrath & Glory word as a reader says it; a word it does not know (a name a player gave) as written."""
    for key in (text, text.replace(" ", "_"), text.replace("_", " ")):
        if key in TERMS:
            return TERMS[key][1 if lang == "es" else 0]
    # A troop's combined attack names its bonus by the members it counted (combat_decisions): "troop of 5".
    troop = _TROOP.match(text)
    if troop is not None:
        return f"tropa de {troop[1]}" if lang == "es" else text
    # The action a test or a move spends is named by it (roll_decisions, movement_decisions): "stealth test",
    # "run move"; the log tells that action with its facts.
    spent = _SPENT_ON.match(text)
    if spent is not None:
        what = term(spent["what"], lang)
        if lang == "es":
            return f"prueba de {what}" if spent["kind"] == "test" else f"movimiento ({what})"
        return f"{what} {spent['kind']}"
    # A multiple shot's DN penalty names how many targets it added (attacks.plan_attack): "2 extra targets".
    extra = _EXTRA_TARGETS.match(text)
    if extra is not None:
        n = int(extra[1])
        if lang == "es":
            return f"{n} objetivo de más" if n == 1 else f"{n} objetivos de más"
        return f"{n} extra target" if n == 1 else f"{n} extra targets"
    return text


_TROOP = re.compile(r"^troop of (\d+)$")
_EXTRA_TARGETS = re.compile(r"^(\d+) extra targets$")
_SPENT_ON = re.compile(r"^(?P<what>[a-z_]+) (?P<kind>test|move)$")
