"""The line forms of the mission commands in English and Spanish (seed 002's Misiones: objetivos primarios,
secundarios y terciarios, juramentos, líder, recompensas)."""

from __future__ import annotations

import msgspec

from domain.commands import Command
from domain.language import Directory, LineForms, MissionEntry, ObjectiveEntry, Words, w
from domain.language.common import (
    character,
    characters,
    choice,
    keyed_text,
    mission,
    new_id,
    number_option,
    objective,
    reason,
    text,
)
from domain.language.forms import Form, form
from domain.language.name_slots import Id, Ref
from domain.language.slots import REQUIRED

from . import commands as m

KINDS: dict[object, Words] = {
    "primary": w("primary", "primario|principal"),
    "secondary": w("secondary", "secundario"),
    "tertiary": w("tertiary|opportunity", "terciario|oportunidad"),
}
OATHS: dict[object, Words] = {
    "astartes": w("astartes", "astartes"), "emperor": w("emperor", "emperador"), "glory": w("glory", "gloria"),
    "knowledge": w("knowledge", "conocimiento"), "loyalty": w("loyalty", "lealtad"), "weapon": w("weapon", "arma"),
}
PHASES: dict[object, Words] = {
    "preparation": w("preparation", "preparación"), "execution": w("execution", "ejecución"),
    "rewards": w("rewards", "recompensas"), "closed": w("closed|close", "cerrada|cerrar"),
}
METHODS: dict[object, Words] = {
    "agreement": w("agreed|agreement", "acuerdo"), "roll": w("roll", "tirada|tirar"), "gm": w("gm", "dj"),
}
_KIND = w("primary, secondary or tertiary", "primario, secundario o terciario")
_NOTE = w("a note", "una nota")


def _new_objective() -> Id:
    return new_id("objective_id", w("the new objective's id", "el id del nuevo objetivo"), "required",
                  positional=True)


def _review(verbs: Words, accept: bool) -> Form:
    return form(m.ReviewObjective, verbs, mission(), objective(),
                choice("kind", KINDS, _KIND, key=w("as", "como"), bare=False),
                text("reason", w("the reason", "el motivo"), rest=True, default=None),
                presets={"accept": accept})


_INVOLVED_KEY = w("by|involved", "por|implicados")


def _involved(default_key: Words = _INVOLVED_KEY) -> Ref:
    return characters("involved", w("who was involved", "quién participó"), key=default_key, positional=False)


_FORMS: tuple[Form, ...] = (
    form(m.CreateMission, w("mission|new-mission|create-mission", "misión|nueva-misión|crear-misión"),
         new_id("mission_id", w("the mission's id", "el id de la misión"), "required", positional=True),
         keyed_text("title", w("the title", "el título"), w("title", "título")),
         characters("squad", w("the squad", "la escuadra"), key=w("squad", "escuadra"), positional=False),
         text("briefing", w("the briefing", "la sesión informativa"), rest=True)),
    form(m.AddObjective, w("objective|add-objective", "objetivo|añadir-objetivo"),
         mission(), _new_objective(), choice("kind", KINDS, _KIND, default=REQUIRED),
         text("text", w("the objective", "el objetivo"), rest=True)),
    form(m.ProposeObjective, w("propose|propose-objective", "proponer|proponer-objetivo"),
         mission(), _new_objective(), choice("kind", KINDS, _KIND, default=REQUIRED),
         keyed_text("rationale", w("why", "por qué"), w("why|rationale", "motivo|porque")),
         text("text", w("the objective", "el objetivo"), rest=True)),
    _review(w("accept|accept-objective", "aceptar|aceptar-objetivo"), True),
    _review(w("reject|reject-objective", "rechazar|rechazar-objetivo"), False),
    form(m.ChangeObjective, w("change-objective|change", "cambiar-objetivo|cambiar"), mission(), objective(),
         choice("kind", KINDS, _KIND),
         keyed_text("text", w("the new text", "el texto nuevo"), w("text", "texto")),
         text("reason", w("the reason", "el motivo"), rest=True, default=None)),
    form(m.CompleteObjective, w("complete|complete-objective", "cumplir|completar|cumplir-objetivo"),
         mission(), objective(), _involved(),
         text("note", _NOTE, rest=True, default=None)),
    form(m.FailObjective, w("fail|fail-objective", "fallar|fracasar|fallar-objetivo"),
         mission(), objective(), _involved(),
         text("note", _NOTE, rest=True, default=None)),
    form(m.RecordComplication, w("mission-complication|setback", "complicación-de-misión|contratiempo"),
         mission(),
         keyed_text("cause", w("the cause", "la causa"), w("cause", "causa"), default=REQUIRED),
         number_option("caused_by_seq", w("the roll's seq", "el seq de la tirada"), w("seq|roll", "seq|tirada")),
         text("text", w("the complication", "la complicación"), rest=True)),
    form(m.ChooseLeader, w("leader|choose-leader", "líder|elegir-líder"), mission(),
         choice("method", METHODS, w("how the leader is chosen", "cómo se elige al líder"), default="agreement"),
         character("character_id", w("the leader", "el líder"), default="none"),
         characters("candidates", w("the candidates", "los candidatos"), key=w("among|candidates", "entre|candidatos"),
                    positional=False)),
    form(m.TakeOath, w("oath|take-oath", "juramento|jurar"), mission(),
         choice("oath", OATHS, w("an oath", "un juramento"), default=REQUIRED),
         keyed_text("enemy_type", w("the enemy", "el enemigo"), w("enemy", "enemigo")),
         characters("warp_studies", w("who studies the warp", "quién estudia la disformidad"),
                    key=w("warp|warp-studies", "disformidad"), positional=False)),
    form(m.AdvanceMission, w("advance|advance-mission", "avanzar|avanzar-misión"), mission(),
         choice("to", PHASES, w("the next phase", "la fase siguiente"), default=REQUIRED)),
    form(m.GrantReward, w("reward|grant-reward", "recompensa|recompensar"), mission(), character("character_id"),
         number_option("xp", w("XP", "PX"), w("xp", "px")),
         number_option("renown", w("renown", "renombre"), w("renown", "renombre")),
         reason(default=None)),
)


def _learn(directory: Directory, command: Command, author: str | None) -> Directory:
    """Missions and objectives a line creates can be named by the post's later lines."""
    match command:
        case m.CreateMission(mission_id=mid, title=title):
            return directory.with_mission(MissionEntry(id=mid, title=title))
        case m.AddObjective(mission_id=mid, objective_id=oid, text=said) | m.ProposeObjective(
            mission_id=mid, objective_id=oid, text=said
        ):
            return directory.with_objective(mid, ObjectiveEntry(id=oid, text=said))
        case m.AdvanceMission(mission_id=mid, to="closed") if (known := directory.mission(mid)) is not None:
            return directory.with_mission(msgspec.structs.replace(known, open=False))
    return directory


VOCABULARY = LineForms("missions", _FORMS, _learn)

__all__ = ["KINDS", "OATHS", "PHASES", "VOCABULARY"]
