"""The Spanish of a refusal whose rule name alone does not say why: read off the rules' English message.

One rule name can cover several refusals (`leader_choice`: too few candidates, a leader without any …), and
not-found and permission refusals have no rule at all. The rules write their messages always alike, so the
words of the message pick the sentence. Only refusals still raised in prose need this (tests/domain/
test_catalog.py STILL_IN_PROSE); a refusal that says a catalog message is told from the catalog.
"""

from __future__ import annotations

import re

from projections.rendering.mission_refusals import mission_reason

# Rules that refuse for more than one reason: the sentence for each reason, picked by the English message's
# words (the rules write them; the first match wins, else the rule's sentence above).
_BY_REASON: dict[str, tuple[tuple[str, str], ...]] = {
    "soak": (("a troop cannot soak", "una tropa no puede ignorar heridas"),),
    "fate_needs_test": (("gains the degree", "di a qué prueba se añade el grado de éxito"),),
    "participants": (("the surprised must be participants", "los sorprendidos deben participar en el combate"),
                     ("already takes part", "ese personaje ya participa en el combate")),
    "recover_shock": (("only once per turn", "el shock se recupera una sola vez por turno"),),
    "leader_choice": (("at least two candidates", "una tirada para elegir líder necesita al menos dos candidatos"),
                      ("without candidates", "ese líder se nombra a sí mismo, sin candidatos")),
    "deathwatch_only": (("Squad and Solo Mode", "el Modo Escuadra y el Modo Solo son reglas de Deathwatch"),
                        ("this campaign plays", "eso es una regla de Deathwatch, y esta campaña juega otro "
                                                "reglamento")),
    "charge_distance": (("at most", "una carga recorre como mucho el triple de la bonificación de Agilidad en "
                                    "metros"),),
    "pool": (("at least one die", "una prueba necesita al menos un dado"),),
    "horde_shots": (("attack action", "los disparos de la horda en este turno son de su primera acción de ataque"),),
    "agility_test": (("a reroll is for the Agility test", "la repetición es para la prueba de Agilidad de una "
                                                          "escalada o un nado a velocidad completa"),),
    "interaction": (("no damage to add Glory to", "un ataque de interacción no hace daño al que sumar Gloria"),),
    "extended_needs_count": (("how many successes", "una prueba extendida nueva dice cuántos éxitos necesita"),),
    "death_test": (("Wrath cannot reroll", "la Ira no repite una prueba de muerte"),
                   ("outside an encounter", "fuera de un combate, la prueba de muerte se tira con "
                                            "`prueba-de-muerte`"),
                   ("is not dying", "no está agonizante: no hay prueba de muerte")),
    "oath_of_knowledge": (("only the Oath of Knowledge chooses", "solo el Juramento del Conocimiento elige un tipo "
                                                                 "de enemigo o el estudio de la Disformidad"),),
    "seize_the_initiative": (("the GM interrupted this round", "el DJ interrumpió este asalto: no se aprovecha la "
                                                               "iniciativa hasta el siguiente"),
                             ("already seized", "ya se aprovechó la iniciativa en este asalto"),
                             ("nobody on the other side", "no queda nadie del otro bando por actuar: actúan "
                                                          "ellos de todos modos")),
    "two_weapon_targets": (("say how far apart", "di a cuántos metros están los objetivos: dos armas golpean "
                                                 "objetivos a 10 m o menos"),),
    "mount_crippled": (("cannot carry a rider", "la montura no puede llevar jinete ahora"),),
    "troop_attack": (("members left", "la tropa no tiene tantos miembros"),),
}


# What does not exist, said with its name or number (the rules' UnknownEntity messages); "nombra algo que no
# existe" alone left a Spanish player to guess which word of the line was wrong.
_NOT_FOUND: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(pattern), spanish) for pattern, spanish in (
    (r"^no character '(?P<a>.+)' in this campaign$", "no hay ningún personaje «{a}» en esta campaña"),
    (r"^event (?P<a>\d+) does not exist yet; the campaign is at version (?P<b>\d+)$",
     "el evento {a} aún no existe: la campaña va por el evento {b}"),
    (r"^no mission '(?P<a>.+)' in this campaign$", "no hay ninguna misión «{a}» en esta campaña"),
    (r"^no encounter '(?P<a>.+)' in this campaign$", "no hay ningún combate «{a}» en esta campaña"),
    (r"^mission '(?P<a>.+)' has no objective '(?P<b>.+)'$", "la misión «{a}» no tiene ningún objetivo «{b}»"),
    (r"^no (?:open )?test '(?P<a>.+)' (?:to reroll|in this campaign)$", "no hay ninguna prueba abierta «{a}»"),
    (r"^no test or pending attack '(?P<a>.+)'$", "no hay ninguna prueba ni ataque pendiente «{a}»"),
    (r"^(?P<a>.+) has no weapon '(?P<b>.+)'$", "{a} no lleva ningún arma «{b}»"),
    (r"^the owner '(?P<a>.+)' is not a participant of this campaign$", "«{a}» no participa en esta campaña"),
    (r"^no skill '(?P<a>.+)' on (?P<b>.+)'s sheet or in the skill list$",
     "la habilidad «{a}» no está en la ficha de {b} ni en la lista de habilidades"),
))


# Who may not do it, and why (the permission checks' Forbidden messages).
_FORBIDDEN: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(pattern), spanish) for pattern, spanish in (
    (r"^only the GM may undo or redo turns", "solo el DJ deshace o rehace turnos en esta campaña"),
    (r"^only the GM may roll in secret", "solo el DJ tira en secreto (en una línea, la palabra secreta o secret "
                                         "sella la tirada: pon entre comillas un motivo que la lleve)"),
    (r"^only the GM or the character's owner may act for (?P<a>.+)$",
     "solo el DJ o el dueño de {a} pueden actuar por ese personaje"),
    (r"^only the GM may", "solo el DJ puede hacerlo"),
    (r"^a player may roll only for its own characters; (?P<a>.+) is not yours$",
     "un jugador solo tira por sus propios personajes, y {a} no es tuyo"),
    (r"does not (?:own the character|control) ", "ese personaje no es tuyo"),
    (r"^a player may undo only its character's current turn", "un jugador solo deshace el turno en curso de su "
                                                              "personaje"),
))


def _matched(message: str, table: tuple[tuple[re.Pattern[str], str], ...] = _NOT_FOUND) -> str | None:
    """The Spanish of the first pattern the message matches, its names filled in."""
    for pattern, spanish in table:
        found = pattern.search(message)
        if found is not None:
            return spanish.format(**found.groupdict())
    return None


def _by_reason(rule: str, message: str) -> str | None:
    return next((spanish for words, spanish in _BY_REASON.get(rule, ()) if re.search(words, message)), None)


def spanish_reason(kind: str, rule: str | None, message: str) -> str | None:
    """The sentence for this very reason, or None when the rule's own sentence says it."""
    if rule is not None:
        return mission_reason(rule, message) or _by_reason(rule, message)
    if kind == "not-found":
        return _matched(message)
    if kind == "forbidden":
        return _matched(message, _FORBIDDEN)
    return None
