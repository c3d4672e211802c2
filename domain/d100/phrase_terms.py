"""The d100 engine's terms in English and Spanish: characteristics, skills, difficulties, attack actions,
circumstances, hit locations, conditions, Fate uses, actions and the modifiers' names.

Most come from the command language's word lists (domain/d100/vocabulary.py, the handouts' words), shown
with spaces for dashes; the rest are the rules' own names for modifiers and outcomes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..engine import Lang
from ..language import shown_terms
from ..missions.oaths import OATHS
from .vocabulary import (
    _USE,
    ACTIONS,
    ATTACK_ACTIONS,
    CHARACTERISTICS,
    CIRCUMSTANCES,
    CONDITIONS,
    DAMAGE_TYPES,
    DIFFICULTIES,
    FATE_USES,
    GRAPPLE_OPTIONS,
    LOCATIONS,
    SPANISH_SKILLS,
)

_FROM_VOCABULARY = shown_terms(ATTACK_ACTIONS, CIRCUMSTANCES, LOCATIONS, CONDITIONS, FATE_USES, ACTIONS,
                               GRAPPLE_OPTIONS, DIFFICULTIES, DAMAGE_TYPES, _USE)
# Characteristics keep their abbreviations (HA, HP, F, R …), as the handouts write them.
_CHARACTERISTICS = {str(value): (words.canonical("en"), words.canonical("es")) for value, words in
                    CHARACTERISTICS.items()}
_SKILLS = {skill: (skill, spanish[0].replace("-", " ").capitalize()) for skill, spanish in SPANISH_SKILLS.items()}

OATH_TERMS = {spec.name_en: (spec.name_en, spec.name_es) for spec in OATHS.values()}

_OWN: dict[str, tuple[str, str]] = {
    # The rules' names of modifiers (domain/d100/combat_modifiers.py and the decisions).
    "aim": ("aim", "apuntar"),
    "modifier": ("modifier", "modificador"),
    "standard_attack": ("standard attack", "ataque estándar"),
    "knock_down": ("knock-down", "derribo"),
    "feint": ("feint", "finta"),
    "grapple": ("grapple", "agarre"),
    "multiple_attacks": ("multiple attacks", "ataques múltiples"),
    "unjam": ("unjam", "desencasquillar"),
    "reload": ("reload", "recargar"),
    "semi": ("semi-auto", "semiautomático"),
    "reaction": ("reaction", "reacción"),
    "half": ("half", "media"),
    "full": ("full", "completa"),
    "range": ("range", "alcance"),
    "point blank": ("point blank", "a quemarropa"),
    "short": ("short", "corto"),
    "normal": ("normal", "normal"),
    "long": ("long", "largo"),
    "extreme": ("extreme", "extremo"),
    "difficulty": ("difficulty", "dificultad"),
    "assistance": ("help", "ayuda"),
    "fate": ("Fate", "Destino"),
    "fatigued": ("fatigued", "fatigado"),
    "pinning": ("pinning", "acobardamiento"),
    "no longer under fire": ("no longer under fire", "ya no está bajo fuego"),
    "horde magnitude": ("horde magnitude", "magnitud de la horda"),
    "below half magnitude": ("below half magnitude", "menos de la mitad de magnitud"),
    "target in a grapple": ("target in a grapple", "objetivo en un agarre"),
    "defensive stance": ("defensive stance", "posición defensiva"),
    "guarded attack": ("guarded attack", "ataque precavido"),
    "prone (dodging)": ("prone (dodging)", "cuerpo a tierra (esquivando)"),
    "full auto burst on the move": ("full-auto burst on the move", "ráfaga automática en movimiento"),
    "unarmed against an armed opponent": ("unarmed against an armed foe", "desarmado contra un rival armado"),
    "off hand": ("off hand", "mano secundaria"),
    "two weapons": ("two weapons", "dos armas"),
    "off hand hand": ("off hand", "mano secundaria"),
    "primary hand": ("primary hand", "mano principal"),
    "moved first": ("moved first", "se movió antes"),
    "semi auto": ("semi-auto", "semiautomático"),
    "full auto": ("full auto", "automático"),
    "all out": ("all-out attack", "ataque total"),
    "called shot": ("called shot", "disparo apuntado"),
    # The modifiers of the tests with a consequence (tested_decisions.py) and of mounted combat
    # (mounted_decisions.py): the handouts' words for each.
    "putting out the fire": ("putting out the fire", "apagar las llamas"),
    "stopping blood loss": ("stopping blood loss", "cortar la hemorragia"),
    "stopping blood loss under stress": ("stopping blood loss under stress", "cortar la hemorragia bajo estrés"),
    "fear": ("fear", "miedo"),
    "shock table": ("Shock table", "tabla de Shock"),
    "standing leap": ("standing leap", "brinco en el sitio"),
    "run-up": ("run-up", "carrerilla"),
    "heavier than he can throw": ("heavier than he can throw", "más pesado de lo que puede lanzar"),
    "swimming in armour": ("swimming in armour", "nadar con armadura"),
    "calming the mount": ("calming the mount", "calmar a la montura"),
    "blinded mount": ("blinded mount", "montura cegada"),
    "controlling a burning mount": ("controlling a burning mount", "controlar una montura en llamas"),
    "gallop": ("gallop", "galopar"),
    "evasive": ("evasive trot", "trote evasivo"),
    "evasive riding": ("evasive riding", "jinete en trote evasivo"),
    "shooting from an evasive trot": ("shooting from an evasive trot", "disparo desde un trote evasivo"),
    "leap": ("high jump", "salto de altura"),
    "rearing strike": ("rearing strike", "golpe encabritado"),
    "half gallop": ("half gallop", "medio galope"),
    "the mount's WS": ("the mount's WS", "HA de la montura"),
    "the mount's BS": ("the mount's BS", "HP de la montura"),
    "Wrangling": ("Wrangling", "doma"),
    # Comrades' orders that are not also actions (those are the actions' words).
    "close_ranks": ("close ranks", "cerrad filas"),
    "take_cover": ("take cover", "a cubierto"),
    "keep_cohesion": ("keep cohesion", "mantener la cohesión"),
    # Characteristics by their full names, and the reactions' skills.
    "Dodge": ("Dodge", "Esquivar"),
    "Parry": ("Parry", "Parar"),
    "sidestep": ("sidestep", "esquiva montada"),
    "the mount's Agility": ("the mount's Agility", "Agilidad de la montura"),
    # Outcomes and standing keys.
    "unharmed": ("unharmed", "ileso"),
    "wounded": ("wounded", "herido"),
    "dead": ("dead", "muerto"),
    "comrade": ("comrade", "camarada"),
    "critical": ("critical damage", "daño crítico"),
    "magnitude": ("magnitude", "magnitud"),
    "wounds": ("wounds", "heridas"),
    "fatigue": ("fatigue", "fatiga"),
    "conditions": ("conditions", "estados"),
    "magnitude_failed_test": ("failed test", "prueba fallida"),
    "failed_test": ("failed test", "prueba fallida"),
}

TERMS: Mapping[str, tuple[str, str]] = {
    **_FROM_VOCABULARY, **_CHARACTERISTICS, **_SKILLS, **OATH_TERMS, **_OWN,
}

_KEYED = re.compile(r"^(?P<head>[^:(]+?)(?::\s*(?P<tail>.+)|\s*\((?P<inner>[^)]*)\))$")


def term(text: str, lang: Lang) -> str:
    """A d100 word or modifier name as a reader says it; words it does not know (a name a player gave a
    modifier, a weapon) are shown as written."""
    index = 1 if lang == "es" else 0
    for key in (text, text.replace("_", " "), text.replace(" ", "_")):
        if key in TERMS:
            return TERMS[key][index]
    keyed = _KEYED.match(text)
    if keyed is not None:
        head = term(keyed["head"].strip(), lang)
        if keyed["tail"] is not None:
            return f"{head}: {term(keyed['tail'].strip(), lang)}"
        return f"{head} ({term(keyed['inner'].strip(), lang)})"
    return text
