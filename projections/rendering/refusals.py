"""Why the rules refused a command, in Spanish, by the rule's name (docs/errors.md lists every one).

The rules' own messages (the `detail` of a 422) are English and carry the numbers; a Spanish post's answer
leads with these sentences, in the handouts' words, and keeps the English detail beside them. A test
checks that every rule name of docs/errors.md has its sentence.
"""

from __future__ import annotations

from domain.campaign.entropy import CONTRIBUTIONS_PER_PARTICIPANT
from domain.catalog import MissingMessage, text
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
    "deathwatch_only": "el sacrificio heroico es una regla de Deathwatch",
    "horde_melee_unavoidable": "los ataques cuerpo a cuerpo de una horda no se esquivan ni se paran",
    "sheet": "la ficha no es una ficha d100 válida",
    "action": "una prueba de habilidad es una acción normal, simple, gratuita o de turno completo",
    "aim": "apuntar es para ataques a distancia",
    "all_out_attack": "un ataque total no permite moverse, así que no puede ser una carga",
    "alternating_activation": "no es su turno en la activación alterna",
    "ambush": "está sorprendido: en el asalto 1 actúa primero el bando que embosca, salvo que Gloria o Ruina "
              "lo alerten",
    "attack_resolved": "esa prueba ya infligió su daño",
    "bonus_dice_cap": "no caben más dados de bonificación bajo el máximo",
    "called_shot": "un disparo a una zona sube el ND y añade ED; ninguno es negativo",
    "charge": "una carga termina en un ataque cuerpo a cuerpo",
    "complication": "esa prueba no tiene un 1 en el dado de la Ira esperando la decisión del DJ",
    "comrade": "los camaradas son una regla d100; Ira y Gloria no los tiene",
    "corruption": "una prueba de corrupción se resuelve al tirarla",
    "dead": "está muerto y no hace más turnos",
    "death_test": "debe tirar ya la prueba de muerte antes de seguir",
    "disengage": "retirarse es una acción normal",
    "encounter": "no hay ningún combate en curso (el DJ empieza uno con combate)",
    "engaged": "trabado en combate solo se disparan pistolas",
    "exhausted": "está agotado: solo un movimiento estándar o retirarse",
    "fear": "una prueba de miedo se resuelve al tirarla",
    "full_turn_action": "hizo una acción de turno completo: nada más en este turno",
    "glory": "se gana al menos 1 de Gloria",
    "glory_cap": "la Gloria está en su máximo",
    "initiative": "una tirada de iniciativa no se repite ni se cambia",
    "interaction": "elige el efecto: +1 ND a su siguiente acción, o −1 a su Defensa",
    "interrupt": "el DJ interrumpe con un PNJ, no con un héroe",
    "kind": "un héroe es un personaje jugador (pj); tropas, élites, adversarios y monstruos son pnj",
    "missed": "el ataque falló: no alcanzó el ND",
    "multiple_targets": "no puede disparar a tantos objetivos de más (sus salvas)",
    "one_attack_per_turn": "un ataque por turno: ya atacó en este turno",
    "one_move_action": "una acción de movimiento por turno: ya se movió o apuntó",
    "one_normal_action": "una acción normal por turno: ya la usó",
    "one_turn_per_round": "ya actuó en este asalto",
    "override": "las heridas y el shock no pueden quedar fuera de sus límites",
    "owner": "un héroe pertenece a un jugador",
    "penalties_raise_dn": "las penalizaciones suben el ND; nunca quitan dados",
    "personal_ruin": "se gasta la Ruina personal de un PNJ",
    "pool": "los valores de habilidad y atributo no pueden ser negativos",
    "prepare": "prepararse deja a un héroe disputar el turno de un PNJ; los PNJ no se preparan",
    "range": "una distancia no puede ser negativa",
    "reach": "el objetivo está fuera del alcance del arma",
    "recover_shock": "no puede recuperar shock estando inconsciente",
    "reloads": "no se pueden gastar tantas Recargas en un ataque (sus salvas)",
    "reroll_failed_dice": "no hay dados fallidos que repetir (el 1 de la Ira y los dados de Gloria se quedan)",
    "reroll_failed_test": "solo se repite una prueba fallida",
    "reroll_once": "la Ira repite una prueba una sola vez",
    "resolve": "esa prueba no es un ataque",
    "ruin": "solo una acción de Ruina gasta Ruina",
    "ruin_cap": "la Ruina está en su máximo",
    "ruin_reroll": "la Ruina repite solo los dados de un adversario o un monstruo (nunca de una tropa)",
    "salvo": "salvas, Recargas y varios objetivos son para ataques a distancia",
    "seize_the_initiative": "solo se aprovecha la iniciativa justo después de que actúe el otro bando",
    "shifts": "no hay tantos iconos exaltados que canjear",
    "soak": "no tiene heridas esperando a que las ignore o las reciba",
    "speed": "no puede moverse tanto con ese movimiento",
    "target": "un ataque necesita un objetivo",
    "tier": "el nivel de la campaña es al menos 1",
    "troop": "una tropa tiene al menos dos miembros",
    "troop_attack": "solo una tropa ataca con sus miembros",
    "turn_order": "no es su turno",
    "two_simple_actions": "hasta dos acciones simples por turno: ya usó las dos",
    "unconscious": "está inconsciente",
    "wrath": "solo los héroes tienen Ira",
    "agility_test": "una prueba de Agilidad acelera una escalada o un nado, no un movimiento estándar",
    "complication_pending": "un 1 en el dado de la Ira espera la decisión del DJ (complicación o Ruina) antes de "
                            "terminar la sesión",
    "movement": "una prueba de movimiento se resuelve al tirarla: declara su repetición en la orden",
    "regroup": "solo se unen en una tropa los miembros con el mismo perfil",
    "regrouped": "los miembros de esa tropa se unieron a otra: ya no actúa",
    "reinforcement": "los refuerzos se unen al combate para el siguiente asalto",
    "total_defence": "una prueba de defensa total no tiene ND que fallar: compra sus dados de Gloria en la orden; "
                     "luego nada la repite ni la canjea",
}


# Refusals without a rule name: a permission (403 over /commands) or a name that does not exist (404).
_KINDS: dict[str, str] = {
    "forbidden": "no tienes permiso para hacerlo",
    "not-found": "nombra algo que no existe en esta campaña",
}


def refusal(kind: str, rule: str | None, message: str, lang: Lang, said: Message | None = None) -> str:
    """Why a command was refused, in the reader's language: the catalog's sentence of the refusal's message
    (`said`); for a refusal not yet moved to the catalog, in English the rules' message and in Spanish the
    rule's sentence (the English message, with its numbers, stays in the answer's `reason`).

    A stored refusal (an `attempt_refused` of the log) keeps its message for good: one whose id or parameters
    the catalog no longer has is told as a prose refusal, never an error that would stop the whole timeline."""
    if said is not None:
        try:
            return text(said, lang)
        except (MissingMessage, KeyError, IndexError, ValueError):
            pass
    if lang != "es":
        return message
    reason = spanish_reason(kind, rule, message)
    if reason is not None:
        return reason
    if rule is not None and rule in SPANISH:
        return SPANISH[rule]
    return _KINDS.get(kind, "las reglas no lo permiten ahora")

