"""The line forms of the commands every campaign accepts, in English and Spanish (docs/commands.md)."""

from __future__ import annotations

from domain.campaign import commands as c
from domain.commands import Command
from domain.language import CharacterEntry, Directory, Form, LineForms, w
from domain.language.common import (
    THE_REASON,
    character,
    choice,
    count,
    dice,
    encounter,
    keyed_text,
    new_id,
    participant,
    payload,
    reason,
    text,
)
from domain.language.forms import form
from domain.language.value_slots import flag
from domain.premades.applied import enemy

_FORMS: list[Form] = [
    form(c.StartSession, w("start-session|session-start|session", "iniciar-sesión|empezar-sesión|sesión"),
         text("title", w("the session's title", "el título de la sesión"), rest=True, default=None)),
    form(c.EndSession, w("end-session|session-end", "terminar-sesión|fin-sesión|fin-de-sesión")),
    form(c.RevealDiceSeed, w("reveal-seed|reveal-dice", "revelar-semilla|revelar-dados")),
    # The one way a character joins, in every ruleset: its engine's typed sheet as JSON (docs/rules-*.md).
    form(c.CreateCharacter, w("register|create-character|new-character|add-character",
                              "registrar|crear-personaje|nuevo-personaje|añadir-personaje"),
         text("name", w("the character's name", "el nombre del personaje")),
         new_id("character_id", w("the character's id", "el id del personaje"), default="none"),
         choice("kind", {"pc": w("pc", "pj"), "npc": w("npc", "pnj"), None: w("by-owner", "según-dueño")},
                w("pc or npc", "pj o pnj")),
         participant("owner", w("owner|player", "dueño|jugador")),
         flag("comrade", w("comrade", "camarada"), w("a comrade", "un camarada")),
         payload("sheet", w("the sheet (JSON)", "la ficha (JSON)"), w("sheet", "ficha")),
         payload("stats", w("the stats (JSON)", "los atributos (JSON)"), w("stats", "stats|atributos")),
         keyed_text("id", w("the character's id (older name)", "el id del personaje (nombre antiguo)"),
                    w("id", "id")),
         # A shipped premade (GET /rulesets/{ruleset}/premades), English or Spanish id; `sheet=` then overrides.
         keyed_text("premade", w("a premade's id", "el id de un personaje predefinido"), w("from", "de"))),
    form(c.Roll, w("roll|r", "tirada|tirar|tira"),
         flag("secret", w("secret", "secreta"), w("in secret (GM)", "en secreto (DJ)")),
         character("character_id", default="none"),
         dice("expression"),
         text("reason", THE_REASON, rest=True, default_from="expression")),
    form(c.RevealSecretRoll, w("reveal|reveal-roll", "revelar|revelar-tirada"),
         count("seq", w("the sealed roll's number (seq)", "el número (seq) de la tirada secreta"),
               w("roll", "tirada"))),
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
    if isinstance(command, c.CreateCharacter) and (command.character_id or command.id) is not None:
        character_id = command.character_id or command.id
        assert character_id is not None
        # A GM's character (an npc) is nobody's `me`.
        owner = None if command.kind == "npc" or enemy(command) else command.owner or author
        return directory.with_character(CharacterEntry(id=character_id, name=command.name, owner=owner))
    return directory


VOCABULARY = LineForms("campaign", tuple(_FORMS), _learn)
