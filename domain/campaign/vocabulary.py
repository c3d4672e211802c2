"""The line forms of the commands every campaign accepts, in English and Spanish (docs/commands.md)."""

from __future__ import annotations

from domain.campaign import commands as c
from domain.commands import Command
from domain.language import CharacterEntry, Directory, Form, Vocabulary, w
from domain.language.common import (
    THE_REASON,
    character,
    choice,
    count,
    dice,
    encounter,
    new_id,
    participant,
    payload,
    reason,
    text,
)
from domain.language.forms import form

_FORMS: list[Form] = [
    form(c.StartSession, w("start-session|session-start|session", "iniciar-sesión|empezar-sesión|sesión"),
         text("title", w("the session's title", "el título de la sesión"), rest=True, default=None)),
    form(c.EndSession, w("end-session|session-end", "terminar-sesión|fin-sesión|fin-de-sesión")),
    form(c.RevealDiceSeed, w("reveal-seed|reveal-dice", "revelar-semilla|revelar-dados")),
    form(c.CreateCharacter, w("create-character|new-character", "crear-personaje|nuevo-personaje"),
         text("name", w("the character's name", "el nombre del personaje")),
         choice("kind", {"pc": w("pc", "pj"), "npc": w("npc", "pnj")}, w("pc or npc", "pj o pnj")),
         new_id("id", w("the character's id", "el id del personaje"), default="none"),
         participant("owner", w("owner|player", "dueño|jugador")),
         payload("stats", w("the stats (JSON)", "los atributos (JSON)"), w("stats", "stats|atributos"))),
    form(c.Roll, w("roll|r", "tirada|tirar|tira"),
         character("character_id", default="none"),
         dice("expression"),
         text("reason", THE_REASON, rest=True, default_from="expression")),
    form(c.GmNote, w("note|gm-note", "nota|nota-dj"), text("text", w("the note", "la nota"), rest=True)),
    form(c.Retract, w("retract", "retirar|anular"),
         count("seqs", w("the events' numbers (seq)", "los números (seq) de los eventos"), w("events", "eventos"),
               many=True),
         reason()),
    form(c.Reinstate, w("reinstate|restore", "restablecer|restaurar"),
         count("seqs", w("the events' numbers (seq)", "los números (seq) de los eventos"), w("events", "eventos"),
               many=True),
         reason()),
    form(c.UndoTurn, w("undo|undo-turn", "deshacer|deshacer-turno"),
         encounter("encounter"),
         count("expected_encounter_version", w("the encounter's version", "la versión del combate"),
               w("encounter-version", "version-combate"), default=None)),
    form(c.RedoTurn, w("redo|redo-turn", "rehacer|rehacer-turno"), encounter("encounter")),
]

# `contribute_entropy` comes with the entropy work (algorithm v2); its line form joins once it exists.
_ENTROPY = next((k for k in c.CAMPAIGN_COMMANDS if k.__struct_config__.tag == "contribute_entropy"), None)
if _ENTROPY is not None:
    _FORMS.append(form(_ENTROPY, w("entropy|contribute-entropy", "entropía|aportar-entropía"),
                       text("entropy", w("a phrase of your own", "una frase tuya"), rest=True)))


def _learn(directory: Directory, command: Command, author: str | None) -> Directory:
    if isinstance(command, c.CreateCharacter) and command.id is not None:
        owner = command.owner or author
        return directory.with_character(CharacterEntry(id=command.id, name=command.name, owner=owner))
    return directory


VOCABULARY = Vocabulary("campaign", tuple(_FORMS), _learn)
