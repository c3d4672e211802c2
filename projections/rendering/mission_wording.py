"""The words of a mission report in English and in the Spanish the forum players write."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.engine import Lang
from domain.missions.characters import Speciality
from domain.missions.events import LeaderMethod, ObjectiveKind
from domain.missions.oaths import OathName
from domain.missions.phases import Phase

ShownStatus = Literal["proposed", "rejected", "open", "not_completed", "completed", "failed"]


class Wording(msgspec.Struct, frozen=True, kw_only=True):
    """Every label and phrase a report uses in one language; `{}` fields are filled by the renderer."""

    mission: str
    briefing: str
    phase: str
    squad: str
    leader: str
    oath: str
    objectives: str
    complications: str
    rewards: str
    glory_renown: str
    outcome: str
    none: str
    # Spanish "none" agrees with the noun: Complicaciones and Recompensas are feminine ("ninguna").
    none_feminine: str
    no_leader: str
    involved: str
    proposed_by: str
    cause: str
    roll_seq: str
    rolls: str
    reroll: str
    reward: str
    oath_part: str
    phases: dict[Phase, str]
    kinds: dict[ObjectiveKind, str]
    kinds_short: dict[ObjectiveKind, str]
    statuses: dict[ShownStatus, str]
    methods: dict[LeaderMethod, str]
    specialities: dict[Speciality, str]
    oath_names: dict[OathName, str]
    oath_effects: dict[OathName, str]
    warp_studies: str
    in_progress: str
    success: str
    failure: str
    primary_failed: str
    primary_unfinished: str
    history_added: str
    history_proposed: str
    history_accepted: str
    history_rejected: str
    history_changed_text: str
    history_changed_kind: str
    history_completed: str
    history_failed: str


EN = Wording(
    mission="Mission",
    briefing="Briefing",
    phase="Phase",
    squad="Squad",
    leader="Squad leader",
    oath="Oath",
    objectives="Objectives",
    complications="Complications",
    rewards="Rewards",
    glory_renown="Renown from the Oath of Glory",
    outcome="Outcome",
    none="none",
    none_feminine="none",
    no_leader="not chosen yet",
    involved="involved",
    proposed_by="proposed by {who}",
    cause="cause",
    roll_seq="roll #{seq}",
    rolls="rolls",
    reroll="re-roll",
    reward="{name}: {xp} XP, {renown} renown",
    oath_part="including +{n} from the Oath of Glory",
    phases={"preparation": "Preparation", "execution": "Execution", "rewards": "Rewards", "closed": "Closed"},
    kinds={"primary": "Primary objective", "secondary": "Secondary objective",
           "tertiary": "Tertiary objective (target of opportunity)"},
    kinds_short={"primary": "primary", "secondary": "secondary", "tertiary": "tertiary"},
    statuses={"proposed": "proposed, awaiting the GM", "rejected": "rejected", "open": "open",
              "not_completed": "not completed", "completed": "completed", "failed": "failed"},
    methods={"agreement": "by agreement", "roll": "by the highest 1d10", "gm": "by GM decision"},
    specialities={"apothecary": "Apothecary", "assault_marine": "Assault Marine",
                  "devastator_marine": "Devastator Marine", "librarian": "Librarian",
                  "tactical_marine": "Tactical Marine", "techmarine": "Techmarine"},
    oath_names={"astartes": "Oath of the Astartes", "emperor": "Oath to the Emperor", "glory": "Oath of Glory",
                "knowledge": "Oath of Knowledge", "loyalty": "Oath of Loyalty", "weapon": "Oath of the Weapon"},
    oath_effects={
        "astartes": "+2 to the squad's Cohesion",
        "emperor": "+10 to Willpower tests",
        "glory": "+1 renown for each primary or secondary objective completed, for each member involved",
        "knowledge": "+10 to Weapon Skill and Ballistic Skill tests against {enemy}",
        "loyalty": "+1 to Cohesion Challenge rolls; the leader adds +10 to tests to resist Cohesion damage",
        "weapon": "jams of personal weapons are ignored; WS rolls to confirm Righteous Fury in melee may be re-rolled",
    },
    warp_studies="{names} studies the warp instead: Psychic Phenomena results may be re-rolled",
    in_progress="in progress",
    success="Success",
    failure="Failure",
    primary_failed="primary objective '{text}' failed",
    primary_unfinished="primary objective '{text}' was not completed",
    history_added="added",
    history_proposed="proposed by {who} as {kind}",
    history_accepted="accepted by the GM as {kind}",
    history_rejected="rejected by the GM: {reason}",
    history_changed_text="changed from '{old}' to '{new}'",
    history_changed_kind="changed from {old} to {new}",
    history_completed="completed by {names}",
    history_failed="failed",
)

ES = Wording(
    mission="Misión",
    briefing="Sesión informativa",
    phase="Fase",
    squad="Escuadra",
    leader="Líder de escuadra",
    oath="Juramento",
    objectives="Objetivos",
    complications="Complicaciones",
    rewards="Recompensas",
    glory_renown="Renombre por el Juramento de Gloria",
    outcome="Resultado",
    none="ninguno",
    none_feminine="ninguna",
    no_leader="sin elegir todavía",
    involved="implicados",
    proposed_by="propuesto por {who}",
    cause="causa",
    roll_seq="tirada n.º {seq}",
    rolls="tiradas",
    reroll="desempate",
    reward="{name}: {xp} PX, {renown} de Renombre",
    oath_part="incluido +{n} por el Juramento de Gloria",
    phases={"preparation": "Preparación", "execution": "Ejecución", "rewards": "Recompensas", "closed": "Cerrada"},
    kinds={"primary": "Objetivo primario", "secondary": "Objetivo secundario",
           "tertiary": "Objetivo terciario (de oportunidad)"},
    kinds_short={"primary": "primario", "secondary": "secundario", "tertiary": "terciario"},
    statuses={"proposed": "propuesto, pendiente del DJ", "rejected": "rechazado", "open": "pendiente",
              "not_completed": "no cumplido", "completed": "cumplido", "failed": "fallido"},
    methods={"agreement": "por acuerdo", "roll": "por la tirada más alta de 1d10", "gm": "por decisión del DJ"},
    specialities={"apothecary": "Apotecario", "assault_marine": "Marine de Asalto",
                  "devastator_marine": "Devastador", "librarian": "Bibliotecario",
                  "tactical_marine": "Marine Táctico", "techmarine": "Tecnomarine"},
    oath_names={"astartes": "Juramento del Astartes", "emperor": "Juramento al Emperador",
                "glory": "Juramento de Gloria", "knowledge": "Juramento del Conocimiento",
                "loyalty": "Juramento de Lealtad", "weapon": "Juramento del Arma"},
    oath_effects={
        "astartes": "+2 a la Cohesión de la Escuadra",
        "emperor": "+10 a los Tests de Voluntad",
        "glory": "+1 de Renombre por cada Objetivo Primario o Secundario cumplido, para cada miembro implicado",
        "knowledge": "+10 a los Chequeos de Habilidad de Armas y de Habilidad de Proyectiles contra {enemy}",
        "loyalty": "+1 a las Tiradas de Desafío de Cohesión; el Líder añade +10 a los Tests para resistir el "
                   "Daño a la Cohesión",
        "weapon": "se ignoran los Atascos del armamento personal; se pueden repetir las Tiradas de Habilidad de "
                  "Armas para confirmar Furia Justiciera cuerpo a cuerpo",
    },
    warp_studies="{names} estudia la Disformidad en su lugar: puede repetir las tiradas de Fenómenos Psíquicos",
    in_progress="en curso",
    success="Éxito",
    failure="Fracaso",
    primary_failed="objetivo primario «{text}» fallido",
    primary_unfinished="objetivo primario «{text}» no cumplido",
    history_added="añadido",
    history_proposed="propuesto por {who} como {kind}",
    history_accepted="aceptado por el DJ como {kind}",
    history_rejected="rechazado por el DJ: {reason}",
    history_changed_text="cambiado de «{old}» a «{new}»",
    history_changed_kind="cambiado de {old} a {new}",
    history_completed="cumplido por {names}",
    history_failed="fallido",
)

WORDING: dict[Lang, Wording] = {"en": EN, "es": ES}
