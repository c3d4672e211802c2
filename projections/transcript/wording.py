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
}

WORDS: dict[str, tuple[str, str]] = {
    "undone": ("undone", "deshecho"),
    "undone_by": ("undone by {actor} (event {seq})", "deshecho por {actor} (evento {seq})"),
    "dice": ("dice", "dados"),
    "proof": ("proof", "prueba"),
    "post": ("post", "mensaje"),
    "event": ("event", "evento"),
    "transcript": ("Transcript", "Transcripción"),
    "round_turn": ("round {round}, turn {turn}", "asalto {round}, turno {turn}"),
    "changes": ("changes", "cambios"),
    "nothing": ("nothing", "nada"),
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
