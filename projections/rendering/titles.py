"""The title of every campaign and mission event type in English and Spanish, for transcripts and forum posts.

Each rules engine brings the titles of its own events (its phrases); `title` asks them after these. A test
checks that every registered event type has one, so a new event cannot reach a transcript without words.
"""

from __future__ import annotations

TITLES: dict[str, tuple[str, str]] = {
    # Campaign
    "campaign_created": ("campaign created", "campaña creada"),
    "participant_joined": ("participant joined", "participante añadido"),
    "participant_language_set": ("reply language set", "idioma de respuesta elegido"),
    "participant_token_revoked": ("token revoked", "token revocado"),
    "participant_token_rotated": ("token replaced", "token sustituido"),
    "dice_seed_committed": ("dice seed committed", "semilla de dados comprometida"),
    "dice_seed_revealed": ("dice seed revealed", "semilla de dados revelada"),
    "entropy_contributed": ("entropy contributed", "entropía aportada"),
    "session_started": ("session started", "sesión iniciada"),
    "session_ended": ("session ended", "sesión terminada"),
    "character_created": ("character created", "personaje creado"),
    "dice_rolled": ("dice rolled", "tirada de dados"),
    "secret_roll_sealed": ("sealed roll", "tirada secreta"),
    "secret_roll_revealed": ("sealed roll revealed", "tirada secreta revelada"),
    "gm_noted": ("GM note", "nota del DJ"),
    "events_retracted": ("events retracted", "eventos anulados"),
    "events_reinstated": ("events reinstated", "eventos restablecidos"),
    "turn_undone": ("turn undone", "turno deshecho"),
    "turn_redone": ("turn redone", "turno rehecho"),
    "attempt_refused": ("refused attempt", "intento rechazado"),
    "nonce_reserved": ("seq held for a refused attempt's dice", "seq reservado para los dados de un intento rechazado"),
    # Missions
    "mission_created": ("mission created", "misión creada"),
    "mission_objective_added": ("objective added", "objetivo añadido"),
    "mission_objective_proposed": ("objective proposed", "objetivo propuesto"),
    "mission_objective_accepted": ("objective accepted", "objetivo aceptado"),
    "mission_objective_rejected": ("objective rejected", "objetivo rechazado"),
    "mission_objective_changed": ("objective changed", "objetivo cambiado"),
    "mission_objective_completed": ("objective completed", "objetivo cumplido"),
    "mission_objective_failed": ("objective failed", "objetivo fallido"),
    "mission_complication_recorded": ("mission complication", "complicación de la misión"),
    "mission_leader_chosen": ("squad leader chosen", "líder de escuadra elegido"),
    "mission_oath_taken": ("oath taken", "juramento prestado"),
    "mission_execution_started": ("mission under way", "empieza la misión"),
    "mission_execution_ended": ("mission over", "termina la misión"),
    "mission_reward_granted": ("reward", "recompensa"),
    "mission_closed": ("mission closed", "misión cerrada"),
}
