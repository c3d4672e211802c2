"""The words of transcripts in English and Spanish: event titles and the names of changed values."""

from __future__ import annotations

from typing import Literal

Lang = Literal["en", "es"]

# Field names as a reader of the forum game calls them.
FIELDS: dict[str, tuple[str, str]] = {
    "damage": ("damage", "daño"),
    "critical": ("critical damage", "daño crítico"),
    "criticals": ("criticals", "críticos"),
    "fatigue": ("fatigue", "fatiga"),
    "fate": ("Fate", "Destino"),
    "fate_max": ("maximum Fate", "Destino máximo"),
    "conditions": ("conditions", "estados"),
    "magnitude": ("magnitude", "magnitud"),
    "wounds": ("wounds", "heridas"),
    "shock": ("shock", "choque"),
    "wrath": ("Wrath", "Ira"),
    "glory": ("Glory", "Gloria"),
    "glory_cap": ("Glory cap", "máximo de Gloria"),
    "ruin_cap": ("Ruin cap", "máximo de Ruina"),
    "ruin": ("Ruin", "Ruina"),
    "reloads": ("Reloads", "Recargas"),
    "ammo": ("ammunition", "munición"),
    "jammed": ("jammed weapons", "armas encasquilladas"),
    "aim": ("aim", "apuntar"),
    "reactions_used": ("reactions used", "reacciones usadas"),
    "round": ("round", "asalto"),
    "session": ("session", "sesión"),
    "sessions_held": ("sessions held", "sesiones jugadas"),
    "status": ("status", "estado"),
    "phase": ("phase", "fase"),
    "members": ("members", "miembros"),
    "character": ("character", "personaje"),
    "attacker": ("attacker", "atacante"),
    "target": ("target", "objetivo"),
    "weapon": ("weapon", "arma"),
    "bonus": ("bonus", "bonificador"),
    "roll": ("roll", "tirada"),
    "hits": ("hits", "impactos"),
    "degrees": ("degrees", "grados"),
    "success": ("success", "éxito"),
    "total": ("total", "total"),
    "icons": ("icons", "iconos"),
    "dn": ("DN", "NE"),
    "amount": ("amount", "cantidad"),
    "cause": ("cause", "causa"),
    "reason": ("reason", "motivo"),
    "text": ("text", "texto"),
    "mission": ("mission", "misión"),
    "objective": ("objective", "objetivo"),
    "kind": ("kind", "tipo"),
    "encounter": ("encounter", "combate"),
    "turn": ("turn", "turno"),
    "action": ("action", "acción"),
    "reaction": ("reaction", "reacción"),
    "use": ("use", "uso"),
}

WORDS: dict[str, tuple[str, str]] = {
    "undone": ("undone", "deshecho"),
    "undone_by": ("undone by {actor} (event {seq})", "deshecho por {actor} (evento {seq})"),
    "dice": ("dice", "dados"),
    "proof": ("proof", "prueba"),
    "entropy_from": ("entropy from", "entropía de"),
    "chain_head": ("chain head: v{version} {hash}", "cabeza de la cadena: v{version} {hash}"),
    "post": ("post", "mensaje"),
    "event": ("event", "evento"),
    "transcript": ("Transcript", "Transcripción"),
    "round_turn": ("round {round}, turn {turn}", "asalto {round}, turno {turn}"),
    "changes": ("changes", "cambios"),
    "nothing": ("nothing", "nada"),
    "session": ("session", "sesión"),
    "encounter": ("encounter", "combate"),
    "added": ("added", "añadido"),
    "removed": ("removed", "retirado"),
}


def word(key: str, lang: Lang, **values: object) -> str:
    english, spanish = WORDS[key]
    return (spanish if lang == "es" else english).format(**values)


def field(name: str, lang: Lang) -> str:
    pair = FIELDS.get(name)
    if pair is None:
        return name.replace("_", " ")
    return pair[1] if lang == "es" else pair[0]
