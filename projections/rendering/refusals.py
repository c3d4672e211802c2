"""Why the rules refused a command, in Spanish, by the rule's name (docs/errors.md lists every one).

The rules' own messages (the `detail` of a 422) are English and carry the numbers; a Spanish post's answer
leads with these sentences, in the handouts' words, and keeps the English detail beside them. A test
checks that every rule name of docs/errors.md has its sentence.
"""

from __future__ import annotations

from domain.campaign.entropy import CONTRIBUTIONS_PER_PARTICIPANT
from domain.catalog import text
from domain.engine import Lang
from domain.message import Message
from projections.rendering.refusal_reasons import spanish_reason

SPANISH: dict[str, str] = {
    "campaign_options": "una opción de la campaña no existe o no tiene el tipo debido",
    "character_id": "character_id e id (su nombre antiguo) no coinciden: usa character_id",
    "dice_epoch": "la semilla de esa época de dados no está disponible para revelarla",
    "dice_expression": "la expresión de dados no se entiende, o tira más de 100 dados de hasta 1000 caras",
    "last_gm_token": "es el último DJ con un token válido: revocarlo dejaría la campaña sin DJ; "
                     "sustitúyelo, o invita antes a otro DJ",
    "internal_command": "esa orden forma parte de iniciar sesión: usa iniciar-sesión",
    "no_change": "la orden no cambia nada aquí, así que no se ha registrado",
    "entropy_quota": f"ya aportaste entropía {CONTRIBUTIONS_PER_PARTICIPANT} veces a esta época de dados, lo más "
    "que puede cada participante: vuelve a aportar cuando empiece la siguiente época (el DJ usa revelar-semilla o "
    "iniciar-sesión)",
    "share_link_quota": "la campaña ya tiene todos los enlaces para compartir válidos que puede tener: revoca uno "
    "que ya no uses para hacer sitio",
    "player_entropy": "no hay ninguna época de dados secreta a la que aportar entropía: revela o empieza una",
    "one_session_at_a_time": "ya hay una sesión abierta: termínala primero",
    "redo": "no hay nada que rehacer en ese combate: no se ha deshecho ningún turno desde su última acción",
    "retraction": "ese evento no se puede anular",
    "secret_roll": "ese evento no es una tirada secreta aún oculta, o no hay época de dados secreta en la que "
                   "sellarla",
    "secret_test": "una prueba secreta solo registra su resultado: sin Destino, Gloria, ayudantes ni test extendido, "
                   "y fuera de las acciones del combate (una prueba libre o de reacción); o haz la prueba a la vista",
    "ruleset": "esa orden es de otro reglamento que el de esta campaña",
    "undo": "ese combate no tiene ningún turno que deshacer",
    "token_already_revoked": "el token de ese participante ya está revocado: sustitúyelo para darle uno nuevo",
    "unique_character_id": "ya existe un personaje con ese id",
    "unknown_command": "el servicio no conoce esa orden",
    "a_mission_has_objectives": "añade al menos un objetivo antes de la ejecución",
    "command": "no es una orden de misiones",
    "complications_before_rewards": "en esta fase de la misión ya no se registran complicaciones",
    "empty_reward": "una recompensa da PX o renombre",
    "involved_characters": "nombra a los personajes que cumplieron el objetivo",
    "leader_choice": "una tirada para elegir líder nombra a los candidatos, no al líder",
    "leader_roll": "la tirada para elegir líder sigue empatada",
    "mission_phases": "una misión cerrada no cambia de fase",
    "no_xp_after_a_failed_primary": "sin PX: falló un objetivo primario",
    "oath_needs_a_leader": "elige al líder de escuadra antes de prestar el juramento",
    "oath_of_knowledge": "el Juramento del Conocimiento nombra el tipo de enemigo que estudia",
    # Both refusals of the rule (a new oath, or a new leader under a sworn one): the speciality is short.
    "oath_prerequisite": "la especialidad del líder no cumple el requisito del juramento: elige otro líder u otro "
                         "juramento",
    "objective_change": "el objetivo quedaría igual",
    "objective_review": "ese objetivo no es una propuesta pendiente de revisión",
    "objective_status": "solo un objetivo abierto puede cambiar",
    "objectives_before_rewards": "en esta fase de la misión los objetivos ya no cambian",
    "objectives_resolve_in_execution": "los objetivos se resuelven durante la ejecución de la misión",
    "one_mission_in_execution": "otra misión está en ejecución: llévala antes a las recompensas",
    "preparation_only": "eso se hace en la preparación de la misión",
    "rejection_needs_a_reason": "di por qué se rechaza el objetivo propuesto",
    "rewards_phase": "las recompensas se dan en la fase de recompensas",
    "squad": "ese personaje no está en la escuadra de la misión",
    "unique_mission_id": "ya existe una misión con ese id",
    "unique_objective_id": "la misión ya tiene un objetivo con ese id",
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
    return _KINDS.get(kind, "las reglas no lo permiten ahora")

