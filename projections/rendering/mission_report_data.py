"""One mission's report as data, already worded in the reader's language; `report` renders it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import msgspec

from domain.events import event_type
from domain.missions.characters import CharacterInfo, Speciality
from domain.missions.effects import glory_renown
from domain.missions.events import (
    LeaderMethod,
    MissionObjectiveAccepted,
    MissionObjectiveAdded,
    MissionObjectiveChanged,
    MissionObjectiveCompleted,
    MissionObjectiveFailed,
    MissionObjectiveProposed,
    MissionObjectiveRejected,
    ObjectiveEvent,
    ObjectiveKind,
    Outcome,
)
from domain.missions.oaths import OathName
from domain.missions.phases import Phase
from domain.missions.state import Mission, Objective
from projections.rendering.mission_wording import ShownStatus, Wording
from projections.rendering.vocabulary import VOCABULARY, Lang


class Person(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str


class ReportRoll(msgspec.Struct, frozen=True, kw_only=True):
    round: int
    character_id: str
    name: str
    value: int


class ReportLeader(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    method: LeaderMethod
    method_label: str
    rolls: tuple[ReportRoll, ...] = ()


class ReportOath(msgspec.Struct, frozen=True, kw_only=True):
    oath: OathName
    name: str
    effect: str
    leader_speciality: Speciality
    leader_speciality_label: str
    enemy_type: str | None = None
    warp_studies: tuple[Person, ...] = ()
    warp_studies_label: str | None = None


class ReportHistory(msgspec.Struct, frozen=True, kw_only=True):
    type: str
    summary: str


class ReportObjective(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    kind: ObjectiveKind
    kind_label: str
    text: str
    status: ShownStatus
    status_label: str
    proposed_by: str | None
    proposed_by_name: str | None
    involved: tuple[Person, ...]
    history: tuple[ReportHistory, ...]


class ReportComplication(msgspec.Struct, frozen=True, kw_only=True):
    text: str
    cause: str
    caused_by_seq: int | None = None


class ReportReward(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    name: str
    xp: int
    renown: int
    oath_renown: int
    reason: str | None = None


class ReportGlory(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    name: str
    renown: int


class ReportOutcome(msgspec.Struct, frozen=True, kw_only=True):
    result: Outcome | None
    label: str
    reasons: tuple[str, ...] = ()


class MissionReport(msgspec.Struct, frozen=True, kw_only=True):
    """Everything the report shows: codes for machines next to labels for people, in `lang`."""

    mission_id: str
    title: str
    lang: Lang
    phase: Phase
    phase_label: str
    briefing: str
    squad: tuple[Person, ...]
    leader: ReportLeader | None
    oath: ReportOath | None
    objectives: tuple[ReportObjective, ...]
    complications: tuple[ReportComplication, ...]
    rewards: tuple[ReportReward, ...]
    glory_renown: tuple[ReportGlory, ...]
    outcome: ReportOutcome


class _Names:
    """Character names from the caller's map, falling back to the id; participants (who proposed) likewise."""

    def __init__(self, characters: Mapping[str, CharacterInfo], participants: Mapping[str, str]) -> None:
        self._characters = characters
        self._participants = participants

    def __call__(self, character_id: str) -> str:
        info = self._characters.get(character_id)
        return info.name if info is not None else character_id

    def participant(self, participant_id: str) -> str:
        # A proposal is made by a participant (a player's account), not a character: the reader knows
        # the player's name, never the `p-…` id.
        return self._participants.get(participant_id, participant_id)

    def people(self, ids: Iterable[str]) -> tuple[Person, ...]:
        return tuple(Person(id=i, name=self(i)) for i in ids)

    def listed(self, ids: Iterable[str]) -> str:
        return ", ".join(self(i) for i in ids)


def _history_line(event: ObjectiveEvent, words: Wording, names: _Names) -> str:
    match event:
        case MissionObjectiveAdded():
            return words.history_added
        # The kind is in both lines: the GM may accept a proposal as another kind (tertiary → secondary).
        case MissionObjectiveProposed(proposed_by=who, kind=kind):
            return words.history_proposed.format(who=names.participant(who), kind=words.kinds_short[kind])
        case MissionObjectiveAccepted(kind=kind):
            return words.history_accepted.format(kind=words.kinds_short[kind])
        case MissionObjectiveRejected(reason=reason):
            return words.history_rejected.format(reason=reason)
        case MissionObjectiveChanged(old_text=old, new_text=new, old_kind=old_kind, new_kind=new_kind):
            parts = []
            if old != new:
                parts.append(words.history_changed_text.format(old=old, new=new))
            if old_kind != new_kind:
                parts.append(words.history_changed_kind.format(old=words.kinds_short[old_kind],
                                                               new=words.kinds_short[new_kind]))
            return "; ".join(parts)
        case MissionObjectiveCompleted(involved=involved):
            return words.history_completed.format(names=names.listed(involved))
        case MissionObjectiveFailed():
            return words.history_failed
    return ""


def _objective(found: Mission, objective: Objective, words: Wording, names: _Names) -> ReportObjective:
    status: ShownStatus = objective.status
    if status == "open" and found.phase in ("rewards", "closed"):
        status = "not_completed"
    history = tuple(
        ReportHistory(type=event_type(e), summary=_history_line(e, words, names)) for e in objective.history
    )
    return ReportObjective(
        id=objective.id, kind=objective.kind, kind_label=words.kinds[objective.kind], text=objective.text,
        status=status, status_label=words.statuses[status], proposed_by=objective.proposed_by,
        proposed_by_name=names.participant(objective.proposed_by) if objective.proposed_by is not None else None,
        involved=names.people(objective.involved), history=history,
    )


def _oath(found: Mission, words: Wording, names: _Names) -> ReportOath | None:
    sworn = found.oath
    if sworn is None:
        return None
    effect = words.oath_effects[sworn.oath].format(enemy=sworn.enemy_type or "")
    studies = names.listed(sworn.warp_studies)
    return ReportOath(
        oath=sworn.oath, name=words.oath_names[sworn.oath], effect=effect,
        leader_speciality=sworn.leader_speciality, leader_speciality_label=words.specialities[sworn.leader_speciality],
        enemy_type=sworn.enemy_type, warp_studies=names.people(sworn.warp_studies),
        warp_studies_label=words.warp_studies.format(names=studies) if studies else None,
    )


def _outcome(found: Mission, words: Wording) -> ReportOutcome:
    if found.outcome is None:
        return ReportOutcome(result=None, label=words.in_progress)
    reasons = tuple(words.primary_failed.format(text=found.objectives[i].text) for i in found.failed_primaries)
    reasons += tuple(
        words.primary_unfinished.format(text=found.objectives[i].text) for i in found.unfinished_primaries
    )
    label = words.success if found.outcome == "success" else words.failure
    return ReportOutcome(result=found.outcome, label=label, reasons=reasons)


def build_report(
    found: Mission, lang: Lang, characters: Mapping[str, CharacterInfo], participants: Mapping[str, str] | None = None,
) -> MissionReport:
    """The report of one mission as it stands in the folded state."""
    words = VOCABULARY[lang].report
    names = _Names(characters, participants or {})
    leader = None
    if found.leader is not None:
        rolls = tuple(ReportRoll(round=r.round, character_id=r.character_id, name=names(r.character_id),
                                 value=r.die.value) for r in found.leader.rolls)
        leader = ReportLeader(id=found.leader.character_id, name=names(found.leader.character_id),
                              method=found.leader.method, method_label=words.methods[found.leader.method], rolls=rolls)
    return MissionReport(
        mission_id=found.id, title=found.title or found.id, lang=lang, phase=found.phase,
        phase_label=words.phases[found.phase], briefing=found.briefing, squad=names.people(found.squad),
        leader=leader, oath=_oath(found, words, names),
        objectives=tuple(_objective(found, o, words, names) for o in found.objectives.values()),
        complications=tuple(ReportComplication(text=c.text, cause=c.cause, caused_by_seq=c.caused_by_seq)
                            for c in found.complications),
        rewards=tuple(ReportReward(character_id=r.character_id, name=names(r.character_id), xp=r.xp, renown=r.renown,
                                   oath_renown=r.oath_renown, reason=r.reason) for r in found.rewards),
        glory_renown=tuple(ReportGlory(character_id=cid, name=names(cid), renown=n)
                           for cid, n in glory_renown(found).items()),
        outcome=_outcome(found, words),
    )
