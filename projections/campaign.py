"""The ruleset-neutral campaign fold: participants, sessions, dice epochs, characters, counters."""

from __future__ import annotations

from msgspec.structs import replace

from domain.campaign.events import (
    CampaignCreated,
    CharacterCreated,
    DiceRolled,
    DiceSeedCommitted,
    DiceSeedRevealed,
    EventsReinstated,
    EventsRetracted,
    GmNoted,
    TurnRedone,
    TurnUndone,
    ParticipantJoined,
    SessionEnded,
    SessionStarted,
)
from domain.campaign.state import CampaignState, Character, DiceEpoch, EncounterLog, Participant, TurnRecord
from domain.d100.events import EVENTS as D100_EVENTS
from domain.d100.events import CharacterRegistered as D100CharacterRegistered
from domain.d100.state import D100State
from domain.missions.events import EVENTS as MISSION_EVENTS
from domain.missions.state import initial_state as initial_missions
from domain.rulesets import initial_rules
from domain.wrath_and_glory.events import EVENTS as WNG_EVENTS
from domain.wrath_and_glory.events import CharacterAdded as WngCharacterAdded
from domain.wrath_and_glory.state import WngState
from projections import d100 as d100_fold
from projections import missions as missions_fold
from projections import wrath_and_glory as wng_fold
from projections.recorded import Recorded


def evolve(state: CampaignState, recorded: Recorded) -> CampaignState:
    """The state after one more live event; events this fold does not know only move the version."""
    state = replace(state, version=recorded.seq)
    if recorded.meta.encounter is not None and not isinstance(recorded.event, (TurnUndone, TurnRedone)):
        state = _in_turn(state, recorded)
    event = recorded.event
    if isinstance(event, D100_EVENTS) and isinstance(state.rules, D100State):
        state = replace(state, rules=d100_fold.evolve(state.rules, event))
    elif isinstance(event, WNG_EVENTS) and isinstance(state.rules, WngState):
        state = replace(state, rules=wng_fold.evolve(state.rules, event))
    elif isinstance(event, MISSION_EVENTS):
        state = replace(state, missions=missions_fold.evolve(state.missions, event))
    match event:
        case CampaignCreated(campaign_id=campaign_id, name=name, ruleset=ruleset, options=options):
            rules = initial_rules(ruleset, options)
            return replace(
                state,
                campaign_id=campaign_id,
                name=name,
                ruleset=ruleset,
                options=options,
                rules=rules,
                missions=initial_missions(ruleset),
            )
        case D100CharacterRegistered(character_id=cid, owner=owner, name=name, sheet=sheet):
            character = Character(
                cid, name, owner, "npc" if owner in state.gm_ids() else "pc", {}, created_at_seq=recorded.seq
            )
            return replace(state, characters={**state.characters, cid: character})
        case WngCharacterAdded(character_id=cid, owner=owner, sheet=sheet):
            gm = state.gm_ids()[0] if state.gm_ids() else "gm"
            character = Character(
                cid, sheet.name, owner or gm, "pc" if sheet.kind == "hero" else "npc", {}, created_at_seq=recorded.seq
            )
            return replace(state, characters={**state.characters, cid: character})
        case ParticipantJoined(participant_id=pid, name=name, role=role):
            return replace(state, participants={**state.participants, pid: Participant(pid, name, role)})
        case DiceSeedCommitted(epoch=epoch, commitment=commitment):
            return replace(state, epoch=DiceEpoch(epoch=epoch, commitment=commitment))
        case DiceSeedRevealed(epoch=epoch) if state.epoch is not None and state.epoch.epoch == epoch:
            return replace(state, epoch=replace(state.epoch, revealed=True))
        case SessionStarted(session=session):
            return replace(state, session=session, sessions_held=max(state.sessions_held, session))
        case SessionEnded():
            return replace(state, session=None)
        case CharacterCreated(character_id=cid, name=name, owner=owner, kind=kind, stats=stats):
            character = Character(cid, name, owner, kind, stats, created_at_seq=recorded.seq)
            return replace(state, characters={**state.characters, cid: character})
        case DiceRolled():
            return replace(state, rolls=state.rolls + 1)
        case GmNoted():
            return replace(state, notes=state.notes + 1)
        case EventsRetracted(voids=voids):
            return replace(state, retracted=tuple(sorted(set(state.retracted) | set(voids))))
        case TurnUndone(encounter=encounter, round=round_, turn=turn, voids=voids):
            log = state.encounters.get(encounter, EncounterLog())
            undone = next((t for t in log.turns if (t.round, t.turn) == (round_, turn)), None)
            record = undone or TurnRecord(round_, turn, None, voids)
            log = replace(
                log,
                turns=tuple(t for t in log.turns if t is not undone),
                redo=(*log.redo, record),
                version=recorded.seq,
            )
            return replace(state, encounters={**state.encounters, encounter: log})
        case TurnRedone(encounter=encounter, round=round_, turn=turn):
            log = state.encounters.get(encounter, EncounterLog())
            redone = next((t for t in log.redo if (t.round, t.turn) == (round_, turn)), None)
            if redone is None:
                return state
            turns = tuple(sorted((*log.turns, redone), key=lambda t: (t.round, t.turn)))
            log = replace(
                log, turns=turns, redo=tuple(t for t in log.redo if t is not redone), version=recorded.seq
            )
            return replace(state, encounters={**state.encounters, encounter: log})
        case EventsReinstated(restores=restores):
            return replace(state, retracted=tuple(s for s in state.retracted if s not in restores))
    return state


def _in_turn(state: CampaignState, recorded: Recorded) -> CampaignState:
    """Add a live event to its encounter turn; a new action in the encounter clears what could be redone."""
    meta = recorded.meta
    encounter, round_, turn = meta.encounter or "", meta.round or 0, meta.turn or 0
    log = state.encounters.get(encounter, EncounterLog())
    turns = log.turns
    if turns and (turns[-1].round, turns[-1].turn) == (round_, turn):
        last = turns[-1]
        turns = (*turns[:-1], replace(last, seqs=(*last.seqs, recorded.seq)))
    else:
        turns = (*turns, TurnRecord(round_, turn, meta.turn_character, (recorded.seq,)))
    log = EncounterLog(turns=turns, redo=(), version=recorded.seq)
    return replace(state, encounters={**state.encounters, encounter: log})
