"""Why the rules refused a command, in Spanish, by the rule's name (docs/errors.md lists every one).

The rules' own messages (the `detail` of a 422) are English and carry the numbers; a Spanish post's answer
leads with these sentences, in the handouts' words, and keeps the English detail beside them. A test
checks that every rule name of docs/errors.md has its sentence.
"""

from __future__ import annotations

from domain.catalog import text
from domain.engine import Lang
from domain.language import Grammar
from domain.message import Message
from projections.rendering.refusal_reasons import spanish_reason

SPANISH: dict[str, str] = {
    "campaign_options": "una opción de la campaña no existe o no tiene el tipo debido",
    "ruleset": "esa orden es de otro reglamento que el de esta campaña",
    "unknown_command": "el servicio no conoce esa orden",
    "action_needs_melee": "esa acción es un ataque cuerpo a cuerpo",
    "action_needs_ranged": "esa acción necesita un arma a distancia",
    "all_out_no_reaction": "tras un ataque total no hay Esquivar ni Parar hasta su siguiente turno",
    "assistance_forbidden": "esa prueba no admite ayuda",
    "assistance_limit": "no más de dos personajes pueden ayudar en la misma prueba",
    "assistant_untrained": "el ayudante no está entrenado en esa habilidad",
    "beyond_range": "el objetivo está a más de cuatro veces el alcance del arma",
    "blinded_ranged_attack": "la prueba de HP de un personaje cegado falla automáticamente",
    "called_shot_location": "un disparo apuntado nombra la localización a la que apunta",
    "charge_distance": "una carga necesita al objetivo a 4 m o más",
    "critical_table": "carga una tabla o la predeterminada, no ambas",
    "deathwatch_only": "el sacrificio heroico es una regla de Deathwatch",
    "delayed_half_only": "una acción retrasada es una media acción",
    "encounter_running": "el combate sigue en curso: termínalo primero",
    "extended_needs_count": "una acción extendida nueva dice cuántas acciones completas lleva",
    "extended_needs_id": "una acción extendida se nombra a sí misma (extendida=…)",
    "extended_test_complete": "esta prueba extendida ya tiene todos sus éxitos",
    "fate_degree_assigned": "los impactos de este fuego de supresión ya están asignados",
    "fate_degree_on_failure": "el grado de éxito del Destino se añade a una prueba superada",
    "fate_degree_too_late": "un grado se añade a un ataque solo antes de la reacción",
    "fate_needs_test": "di qué prueba repite el punto de Destino",
    "fate_reroll_jam": "un arma encasquillada sigue encasquillada: desencasquíllala (acción completa)",
    "fate_reroll_success": "el Destino repite solo una prueba fallida: este ataque impactó",
    "fate_reroll_twice": "una prueba se repite con Destino una sola vez",
    "free_attack": "el único ataque gratuito que dan las reglas es un ataque estándar",
    "full_action_needs_turn": "una acción completa necesita el turno entero",
    "ganging_up_horde": "atacar en grupo no da bonificación contra una horda",
    "grapple_attack": "un agarre empieza con un ataque estándar o una carga desarmados",
    "grapple_only": "un personaje en un agarre solo puede hacer la acción de agarre",
    "grapple_option": "esa opción no es de ese agarre",
    "grappled_no_reaction": "un personaje en un agarre no puede reaccionar",
    "heroic_sacrifice_declared": "ya hizo su sacrificio",
    "heroic_sacrifice_fate": "los puntos de Destino de un sacrificio heroico no se queman",
    "heroic_sacrifice_last_fate": "un sacrificio heroico gasta el último punto de Destino del personaje",
    "heroic_sacrifice_turn_start": "un sacrificio heroico se declara al empezar el propio turno",
    "horde_melee_unavoidable": "los ataques cuerpo a cuerpo de una horda no se esquivan ni se paran",
    "id_reused": "ese id ya se usó en esta campaña (un combate, una prueba o un ataque lo tiene)",
    "incapacitated": "el personaje está incapacitado y no puede hacerlo",
    "initiative_fixed": "el orden de iniciativa queda fijado al empezar el primer turno",
    "kill_zone": "solo el fuego de supresión y la vigilancia tienen zona de fuego",
    "kill_zone_target": "el objetivo del fuego de supresión es un personaje de su zona de fuego",
    "multiple_attacks": "esos ataques múltiples no son posibles",
    "multiple_attacks_count": "son demasiados ataques para esa acción",
    "multiple_attacks_melee": "Ataque Rápido y Ataque Relámpago solo dan ataques cuerpo a cuerpo de más",
    "no_delayed_action": "el personaje no tiene ninguna media acción retrasada",
    "no_encounter": "no hay ningún combate en curso",
    "no_fate": "no le queda ningún punto de Destino que gastar",
    "no_fate_to_burn": "no le queda ningún punto de Destino que quemar",
    "no_fatigue": "no tiene fatiga que quitar",
    "no_overwatch": "el personaje no está en vigilancia",
    "no_pending_attack": "no hay ningún ataque esperando su daño con ese id",
    "attack_missed": "ese ataque falló (o se evitaron todos sus impactos): no hay daño que tirar",
    "no_reaction_pending": "ese ataque no espera ninguna reacción",
    "no_single_shot": "esa arma no dispara disparos únicos",
    "no_such_fire_mode": "esa arma no tiene ese modo de fuego",
    "no_such_weapon": "el personaje no lleva esa arma",
    "nobody_left": "todos los participantes han muerto: termina el combate",
    "not_grappling": "la acción de agarre es solo para un personaje en un agarre",
    "not_in_encounter": "el personaje no participa en ese combate",
    "not_jammed": "esa arma no está encasquillada",
    "not_pinned": "el personaje no está acobardado",
    "not_prone": "el personaje ya está de pie",
    "not_stunned": "el personaje no está aturdido",
    "not_your_turn": "no es su turno: fuera de su turno un personaje solo reacciona o hace acciones gratuitas",
    "nothing_to_reload": "esa arma no se recarga",
    "out_of_ammunition": "el arma está vacía: recárgala",
    "overwatch_attack": "la vigilancia dispara una ráfaga semiautomática, automática o de supresión",
    "parry_needs_weapon": "el personaje no empuña ningún arma cuerpo a cuerpo con la que parar",
    "parry_ranged": "solo se paran los ataques cuerpo a cuerpo",
    "participants": "un personaje participa una sola vez en un combate",
    "pinned_half_actions_only": "un personaje acobardado solo hace medias acciones",
    "reaction_in_own_turn": "una reacción se hace fuera del propio turno",
    "reaction_pending": "el objetivo aún no ha reaccionado a este ataque",
    "reaction_used": "ya gastó su reacción en este asalto",
    "same_half_action": "ya hizo una media acción de ese tipo en este turno",
    "sheet": "la ficha no es una ficha d100 válida",
    "sheet_kind": "editar la ficha no convierte una horda en un personaje ni al revés",
    "target_dead": "el objetivo ya está muerto",
    "test_needs_subject": "una prueba nombra una característica o una habilidad",
    "turn_spent": "el personaje ya gastó su turno",
    "two_weapon_attacks": "con un arma en cada mano, un ataque con cada arma",
    "two_weapon_hands": "un ataque con la mano principal y otro con la secundaria",
    "two_weapon_heavy": "esa arma no se empuña con una mano",
    "two_weapon_mixed": "un arma cuerpo a cuerpo y una pistola a la vez necesitan el talento Combate con Dos Armas",
    "two_weapon_targets": "los objetivos de las dos armas están demasiado separados",
    "unaware_no_reaction": "el objetivo está desprevenido y no puede reaccionar",
    "untrained_advanced_skill": "es una habilidad avanzada y el personaje no está entrenado",
    "weapon_jammed": "el arma está encasquillada: desencasquíllala primero (acción completa)",
    "comrade_casualty": "el camarada es una baja y no hace nada",
    "comrade_cohesion": "fuera de cohesión (a más de 5 m) un camarada solo acepta órdenes de movimiento",
    "comrade_wounded": "un camarada herido no puede correr",
    "feat_metres": "la carrerilla y la altura van de 0 a 1000 m",
    "horde_shots": "una horda dispara tantas veces por turno como las decenas de su magnitud, y ya las ha gastado",
    "mount_crippled": "la montura está lisiada y no puede moverse",
    "mount_no_reaction": "una montura con jinete no reacciona: su jinete puede apartarla",
    "mount_taken": "esa montura ya lleva a alguien o no se puede montar",
    "mounted": "ya va montado",
    "no_comrade": "no tiene camarada",
    "not_a_psyker": "no tiene valor de psique: no es un psíquico",
    "not_bleeding": "no está sufriendo pérdida de sangre",
    "not_mounted": "no va montado",
    "not_on_fire": "no está en llamas",
    "parry_crushing_charge": "una embestida arrolladora se puede esquivar, pero no parar",
    "power_damage": "el daño de un poder solo se tira aquí contra una horda; contra un personaje decide el DJ",
    "rearing_strike_target": "un golpe encabritado nombra al objetivo de la montura",
    "run_up": "un salto con carrerilla necesita antes 4 m de carrera en línea recta",
    "action": "una prueba de habilidad es una acción normal, simple, gratuita o de turno completo",
}


# Refusals without a rule name: a permission (403 over /commands) or a name that does not exist (404).
_KINDS: dict[str, str] = {
    "forbidden": "no tienes permiso para hacerlo",
    "not-found": "nombra algo que no existe en esta campaña",
}


def said_as_lines(said: Message | None, grammar: Grammar, lang: Lang) -> Message | None:
    """A refusal's message for a reader of another language than English: the command type it names (its
    `command` parameter, `retract`) becomes the line a player of that language writes (`!retirar`)."""
    command = said.params.get("command") if said is not None else None
    written = grammar.verb_of(command, lang) if isinstance(command, str) and lang != "en" else None
    if said is None or written is None:
        return said
    return Message(said.id, {**said.params, "command": f"`!{written}`"})


def refusal(kind: str, rule: str | None, message: str, lang: Lang, said: Message | None = None) -> str:
    """Why a command was refused, in the reader's language: the catalog's sentence of the refusal's message
    (`said`); for a refusal not yet moved to the catalog, in English the rules' message and in Spanish the
    rule's sentence (the English message, with its numbers, stays in the answer's `reason`)."""
    if said is not None:
        return text(said, lang)
    if lang != "es":
        return message
    reason = spanish_reason(kind, rule, message)
    if reason is not None:
        return reason
    if rule is not None and rule in SPANISH:
        return SPANISH[rule]
    if rule is not None:
        # A rule whose every refusal says its message (the rows above left for the catalog): a refusal stored
        # before it did reads in its own English words, which say why, rather than a vague sentence.
        return message
    return _KINDS.get(kind, "las reglas no lo permiten ahora")

