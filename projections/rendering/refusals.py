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
    "deathwatch_only": "el sacrificio heroico es una regla de Deathwatch",
    "horde_melee_unavoidable": "los ataques cuerpo a cuerpo de una horda no se esquivan ni se paran",
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

