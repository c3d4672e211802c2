"""One sentence per mission event for the forum thread, in English and Spanish, in the mission report's words.

Without these a mission event was told by its title and facts ("objective completed: mission m1, objective
o1"): neither the objective's text nor who completed it. Texts come from the event, else from the state
right before it (an objective's text is in the event that added it).
"""

from __future__ import annotations

from domain.campaign.state import CampaignState
from domain.engine import Lang
from domain.missions.events import (
    MissionClosed,
    MissionComplicationRecorded,
    MissionCreated,
    MissionExecutionEnded,
    MissionExecutionStarted,
    MissionFact,
    MissionLeaderChosen,
    MissionOathTaken,
    MissionObjectiveAccepted,
    MissionObjectiveAdded,
    MissionObjectiveChanged,
    MissionObjectiveCompleted,
    MissionObjectiveFailed,
    MissionObjectiveProposed,
    MissionObjectiveRejected,
    MissionRewardGranted,
)
from projections.rendering.catalog_words import said
from projections.rendering.mission_wording import WORDING
from projections.rendering.names import Namer


def _quoted(text: str, lang: Lang) -> str:
    return said("mission.said.quoted", lang, text=text)


def _mission(event: MissionFact, state: CampaignState, lang: Lang) -> str:
    found = state.missions.missions.get(event.mission_id)
    title = event.title if isinstance(event, MissionCreated) else found.title if found is not None else None
    return _quoted(title, lang) if title else event.mission_id


def _objective(event: MissionFact, objective_id: str, state: CampaignState, lang: Lang) -> str:
    found = state.missions.missions.get(event.mission_id)
    objective = found.objectives.get(objective_id) if found is not None else None
    return _quoted(objective.text, lang) if objective is not None else objective_id


def _names(ids: tuple[str, ...], name: Namer, lang: Lang) -> str:
    shown = [name(i) for i in ids]
    if len(shown) <= 1:
        return "".join(shown)
    return said("mission.said.and", lang, first=", ".join(shown[:-1]), last=shown[-1])


def _tail(text: str | None) -> str:
    return f": {text}" if text else ""


def mission_sentence(event: MissionFact, state: CampaignState, lang: Lang, name: Namer) -> str | None:  # noqa: C901
    """The sentence for a mission event, or None for an event of another kind: the catalog's
    `mission.said.<event>` (missions.po), filled with the mission report's words."""
    words = WORDING[lang]
    mission = _mission(event, state, lang)

    def say(case: str, **values: object) -> str:
        return said(f"mission.said.{case}", lang, mission=mission, **values)

    match event:
        case MissionCreated(briefing=briefing, squad=squad):
            crew = f" ({words.squad.lower()}: {_names(squad, name, lang)})" if squad else ""
            return say("created", crew=crew, briefing=briefing)
        case MissionObjectiveAdded(kind=kind, text=text):
            return say("added", kind=words.kinds[kind], text=text)
        case MissionObjectiveProposed(kind=kind, text=text, proposed_by=who, rationale=why):
            because = f" ({why})" if why else ""
            return say("proposed", who=name(who), kind=words.kinds_short[kind], text=text, because=because)
        case MissionObjectiveAccepted(objective_id=oid, kind=kind, reason=reason):
            objective = _objective(event, oid, state, lang)
            return say("accepted", objective=objective, kind=words.kinds_short[kind], tail=_tail(reason))
        case MissionObjectiveRejected(objective_id=oid, reason=reason):
            return say("rejected", objective=_objective(event, oid, state, lang), tail=_tail(reason))
        case MissionObjectiveChanged(old_text=old, new_text=new, old_kind=was, new_kind=now, reason=reason):
            parts = [words.history_changed_text.format(old=old, new=new)] if old != new else []
            if was != now:
                parts.append(words.history_changed_kind.format(old=words.kinds_short[was],
                                                               new=words.kinds_short[now]))
            return say("changed", what=", ".join(parts), tail=_tail(reason))
        case MissionObjectiveCompleted(objective_id=oid, involved=involved, note=note):
            objective = _objective(event, oid, state, lang)
            by = say("completed_by", names=_names(involved, name, lang)) if involved else ""
            return say("completed", objective=objective, by=by, tail=_tail(note))
        case MissionObjectiveFailed(objective_id=oid, involved=involved, note=note):
            objective = _objective(event, oid, state, lang)
            by = f" ({words.involved}: {_names(involved, name, lang)})" if involved else ""
            return say("failed", objective=objective, by=by, tail=_tail(note))
        case MissionComplicationRecorded(text=text, cause=cause, caused_by_seq=seq):
            # The roll that caused it, as the report names it, so the thread can find that roll's line.
            roll = f"; {words.roll_seq.format(seq=seq)}" if seq is not None else ""
            return say("complication", cause_word=words.cause, cause=cause, roll=roll, text=text)
        case MissionLeaderChosen(character_id=leader, method=method, rolls=rolls):
            # Every die of the event is in its sentence: the 1d10 of each candidate, round by round.
            dice = "; ".join(f"{name(r.character_id)} [{r.die.value}]" + (f" ({words.reroll})" if r.round > 1
                                                                           else "") for r in rolls)
            rolled = f" — 1d10: {dice}" if dice else ""
            return say("leader", leader=name(leader), method=words.methods[method], rolled=rolled)
        case MissionOathTaken(oath=oath, leader_id=leader, enemy_type=enemy, warp_studies=warp):
            # The oath's effect is the mission report's to spell out; the thread needs what was sworn.
            against = say("against", enemy=enemy) if enemy else ""
            studies = "; " + words.warp_studies.format(names=_names(warp, name, lang)) if warp else ""
            return say("oath", leader=name(leader), oath=words.oath_names[oath], against=against, studies=studies)
        case MissionExecutionStarted():
            return say("started")
        case MissionExecutionEnded(outcome=outcome, failed_primaries=failed, unfinished_primaries=unfinished):
            # A failure says which primary objective failed it, as the report's outcome line does.
            found = state.missions.missions.get(event.mission_id)
            texts = found.objectives if found is not None else {}
            reasons = [words.primary_failed.format(text=texts[i].text if i in texts else i) for i in failed]
            reasons += [words.primary_unfinished.format(text=texts[i].text if i in texts else i) for i in unfinished]
            because = f" ({'; '.join(reasons)})" if reasons else ""
            shown = say("ended.success" if outcome == "success" else "ended.failure")
            return say("ended", outcome=shown, because=because)
        case MissionRewardGranted(character_id=cid, xp=xp, renown=renown, oath_renown=glory, reason=reason):
            # The Oath of Glory's renown is part of what the character gains (the report adds it too).
            granted = words.reward.format(name=name(cid), xp=xp, renown=renown + glory)
            # One parenthesis for the oath's part and the reason (the grant already holds a colon).
            notes = [words.oath_part.format(n=glory)] if glory else []
            notes += [reason] if reason else []
            why = f" ({'; '.join(notes)})" if notes else ""
            return say("reward", granted=granted, why=why)
        case MissionClosed():
            return say("closed")
    return None
