"""The words of a mission report in English and in the Spanish the forum players write: the catalog's
`mission.*` (missions.po)."""

from __future__ import annotations

from typing import Literal, get_args, get_origin, get_type_hints

import msgspec

from domain.catalog import sentence
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


def _wording(lang: Lang) -> Wording:
    """The report's words in one language: the catalog's `mission.<field>`, and `mission.<table>.<key>` for
    the tables, their keys in the order of their type (a report lists phases and statuses in that order)."""
    hints = get_type_hints(Wording)
    values: dict[str, object] = {}
    for name in Wording.__struct_fields__:
        if name == "lang":
            continue
        keys = get_args(get_args(hints[name])[0]) if get_origin(hints[name]) is dict else ()
        values[name] = {key: sentence(f"mission.{name}.{key}", lang) for key in keys} if keys \
            else sentence(f"mission.{name}", lang)
    return msgspec.convert(values, Wording)


EN = _wording("en")
ES = _wording("es")

WORDING: dict[Lang, Wording] = {"en": EN, "es": ES}
