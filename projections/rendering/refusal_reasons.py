"""The Spanish of a refusal whose rule name alone does not say why: read off the rules' English message.

One rule name can cover several refusals (`target`: attacking oneself, naming a target twice …), a pool's
shortfall shares its rule with the pool's other limits, and not-found and permission refusals have no rule
at all. The rules write their messages always alike, so the words of the message pick the sentence.
"""

from __future__ import annotations

import re

# One rule name covers "not enough" of a pool and the pool's other limits (`glory`: "a Glory spend is at
# least 1" too), so the rule's sentence cannot tell them apart: the shortfall is read off the message, which
# W&G's `resources.spend` writes always alike.
_SHORT = re.compile(r"^not enough (?P<pool>Glory|Wrath|Ruin|Reloads|personal Ruin of (?P<npc>.+)): "
                    r"(?P<needed>\d+) needed, (?P<left>\d+) left$")
_POOLS = {"Glory": "Gloria insuficiente", "Wrath": "Ira insuficiente", "Ruin": "Ruina insuficiente",
          "Reloads": "Recargas insuficientes"}


def _shortfall(message: str) -> str | None:
    found = _SHORT.match(message)
    if found is None:
        return None
    pool = f"Ruina personal de {found['npc']} insuficiente" if found["npc"] else _POOLS[found["pool"]]
    needed, left = int(found["needed"]), int(found["left"])
    need = "hace falta" if needed == 1 else "hacen falta"
    stays = "queda" if left == 1 else "quedan"
    return f"{pool}: {need} {needed} y {stays} {left}"


# Rules that refuse for more than one reason: the sentence for each reason, picked by the English message's
# words (the rules write them; the first match wins, else the rule's sentence above).
_BY_REASON: dict[str, tuple[tuple[str, str], ...]] = {
    "target": (("each target is named once", "cada objetivo se nombra una sola vez"),
               ("cannot attack itself", "un personaje no puede atacarse a sí mismo"),
               ("is already dead", "el objetivo ya está muerto"),
               (r"^the members of .* fight in", "los miembros de esa tropa luchan ahora en otra")),
    "soak": (("a troop cannot soak", "una tropa no puede ignorar heridas"),),
    "fate_needs_test": (("gains the degree", "di a qué prueba se añade el grado de éxito"),),
    "participants": (("the surprised must be participants", "los sorprendidos deben participar en el combate"),
                     ("already takes part", "ese personaje ya participa en el combate")),
    "recover_shock": (("only once per turn", "el shock se recupera una sola vez por turno"),),
    "troop": (("only a troop has several members", "solo una tropa tiene varios miembros"),),
    "interrupt": (("this round has begun", "una interrupción hace actuar primero a un PNJ al empezar un asalto, y "
                                           "este ya ha empezado"),
                  ("ambush acts first", "la emboscada de los jugadores actúa primero en el asalto 1: no hay "
                                        "interrupción"),
                  ("acts first this round anyway", "un PNJ ya actúa primero en este asalto")),
    "shifts": (("chosen when it is resolved", "los canjes de un ataque se eligen al resolverlo"),
               ("one use per shifted icon", "nombra un uso por cada icono canjeado"),
               ("not of skill tests", "daño y efecto son canjes de ataques, no de pruebas de habilidad")),
    "prepare": (("a prepared hero contests an NPC", "un héroe preparado disputa el turno de un PNJ"),
                ("has not taken the Prepare action", "ese héroe no se ha preparado"),
                ("is in none", "prepararse es una acción de combate, y no está en ninguno")),
    "salvo": (("has no Salvo value", "esa arma no tiene valor de salvas"),
              ("multiple-target shot", "las salvas no se usan en un disparo a varios objetivos")),
    "deathwatch_only": (("Squad and Solo Mode", "el Modo Escuadra y el Modo Solo son reglas de Deathwatch"),),
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
                   ("is not dying", "no está moribundo: no hay prueba de muerte")),
    "glory": (("cannot be negative", "los dados de Gloria no pueden ser negativos"),
              ("at least one Glory die", "añade al menos un dado de Gloria"),
              ("a Glory spend is at least 1", "se gasta al menos 1 de Gloria")),
    "speed": (("during Total Defence", "en defensa total se mueve como mucho la mitad de su velocidad"),),
    "ruin": (("Ruin is spent for NPCs", "la Ruina se gasta por los PNJ, no por un héroe"),
             ("a Ruin gain is at least 1", "se gana al menos 1 de Ruina"),
             ("a Ruin spend is at least 1", "se gasta al menos 1 de Ruina")),
    "reloads": (("can only cancel one extra target", "cada Recarga anula solo el +2 ND de un objetivo de más"),),
    "override": (("death-test failures", "los fallos en la prueba de muerte van de 0 a 3 y los miembros hasta los "
                                         "de la tropa"),
                 ("both added and removed", "un estado no se puede añadir y quitar a la vez")),
    "engaged": (("cannot Aim", "trabado en combate no se puede apuntar"),),
    "encounter": ((r"is not in encounter", "ese personaje no participa en el combate"),
                  ("is still running", "el combate sigue en curso: termínalo primero"),
                  ("has already been played", "ese combate ya se jugó"),
                  ("needs participants", "un combate necesita participantes"),
                  ("each participant is named once", "cada participante se nombra una sola vez")),
    "ambush": (("is not surprised", "no está sorprendido: solo el bando emboscado en el asalto 1 puede alertarse"),
               ("is already aware", "ya está alerta")),
    "regroup": (("is not a troop", "solo los miembros de una tropa se reagrupan"),
                ("no members left", "esa tropa no tiene miembros que reagrupar"),
                ("name the troops whose members join", "nombra las tropas cuyos miembros se unen"),
                ("name each troop once", "nombra cada tropa una vez, y aparte la tropa a la que se unen")),
    "resolve": (("is not a target of test", "ese personaje no es objetivo de esa prueba"),
                ("has already been resolved", "esa prueba ya se resolvió contra ese objetivo")),
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
    (r"^no (?:open )?test '(?P<a>.+)' (?:to reroll|in this campaign)$", "no hay ninguna prueba abierta «{a}»"),
    (r"^no test or pending attack '(?P<a>.+)'$", "no hay ninguna prueba ni ataque pendiente «{a}»"),
    (r"^(?P<a>.+) has no weapon '(?P<b>.+)'$", "{a} no lleva ningún arma «{b}»"),
    (r"^no skill '(?P<a>.+)' on (?P<b>.+)'s sheet or in the skill list$",
     "la habilidad «{a}» no está en la ficha de {b} ni en la lista de habilidades"),
))


# Who may not do it, and why (the permission checks' Forbidden messages).
_FORBIDDEN: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(pattern), spanish) for pattern, spanish in (
    (r"^only the GM or the character's owner may act for (?P<a>.+)$",
     "solo el DJ o el dueño de {a} pueden actuar por ese personaje"),
    (r"^only the GM may", "solo el DJ puede hacerlo"),
    (r"does not (?:own the character|control) ", "ese personaje no es tuyo"),
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
    short = _shortfall(message)
    if short is not None:
        return short
    if rule is not None:
        return _by_reason(rule, message)
    if kind == "not-found":
        return _matched(message)
    if kind == "forbidden":
        return _matched(message, _FORBIDDEN)
    return None
