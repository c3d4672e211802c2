"""The campaign's own fold: participants, sessions, dice epochs, characters, rolls, notes and encounter turns.

Dispatch is on the exact event type through dictionaries: `isinstance` against msgspec Struct classes
costs far more, and this fold runs once per event of a 100k-event campaign. The missions' events and the
engines' are folded by their own packages; projections/campaign.py hands each event to every fold that
reads it.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from domain.campaign.events import (
    CampaignCreated,
    CharacterCreated,
    DiceRolled,
    DiceSeedCommitted,
    DiceSeedRevealed,
    EntropyContributed,
    EventsReinstated,
    EventsRetracted,
    GmNoted,
    ParticipantJoined,
    ParticipantTokenRevoked,
    ParticipantTokenRotated,
    SecretRollRevealed,
    SecretRollSealed,
    SessionEnded,
    SessionStarted,
    TurnRedone,
    TurnUndone,
)
from domain.campaign.state import (
    CampaignState,
    Character,
    DiceEpoch,
    EncounterLog,
    Participant,
    SealedRoll,
    TurnRecord,
)
from domain.events import Event
from domain.missions.state import initial_state as initial_missions
from domain.recorded import Recorded
from domain.rulesets import initial_rules, plays_oaths, turn_moving_commands

Handler = Callable[[CampaignState, Event, int], CampaignState]


def evolve(state: CampaignState, recorded: Recorded) -> CampaignState:
    """The state after one more live event of the campaign's own; any other event only moves the version."""
    event, seq = recorded.event, recorded.seq
    kind = type(event)
    if kind is EntropyContributed:
        return _entropy_contributed(state, recorded)
    handler = _HANDLERS.get(kind)
    if handler is None:
        return replace(state, version=seq)
    return handler(state, event, seq)


def _created(state: CampaignState, event: Event, seq: int) -> CampaignState:
    assert isinstance(event, CampaignCreated)
    return replace(
        state,
        version=seq,
        campaign_id=event.campaign_id,
        name=event.name,
        ruleset=event.ruleset,
        options=event.options,
        rules=initial_rules(event.ruleset, event.options),
        missions=initial_missions(event.ruleset, oaths=plays_oaths(event.ruleset)),
    )


def _joined(state: CampaignState, event: Event, seq: int) -> CampaignState:
    assert isinstance(event, ParticipantJoined)
    joined = Participant(event.participant_id, event.name, event.role)
    return replace(state, version=seq, participants={**state.participants, event.participant_id: joined})


def _token_revoked(state: CampaignState, event: Event, seq: int) -> CampaignState:
    assert isinstance(event, (ParticipantTokenRevoked, ParticipantTokenRotated))
    found = state.participants.get(event.participant_id)
    if found is None:
        return replace(state, version=seq)
    marked = replace(found, token_revoked=isinstance(event, ParticipantTokenRevoked))
    return replace(state, version=seq, participants={**state.participants, event.participant_id: marked})


def _with_character(state: CampaignState, character: Character, seq: int) -> CampaignState:
    return replace(state, version=seq, characters={**state.characters, character.character_id: character})


def _character_created(state: CampaignState, event: Event, seq: int) -> CampaignState:
    assert isinstance(event, CharacterCreated)
    created = Character(event.character_id, event.name, event.owner, event.kind, event.stats, created_at_seq=seq)
    return _with_character(state, created, seq)


def _seed_committed(state: CampaignState, event: Event, seq: int) -> CampaignState:
    assert isinstance(event, DiceSeedCommitted)
    epoch = DiceEpoch(epoch=event.epoch, commitment=event.commitment, algorithm=event.algorithm)
    return replace(state, version=seq, epoch=epoch)


def _entropy_contributed(state: CampaignState, recorded: Recorded) -> CampaignState:
    """The epoch's digest moves on, and its author's count of contributions (the quota's) goes up by one."""
    event, seq, actor = recorded.event, recorded.seq, recorded.meta.actor
    assert isinstance(event, EntropyContributed)
    if state.epoch is None or state.epoch.epoch != event.epoch:
        return replace(state, version=seq)
    counted = state.epoch.contributed
    if actor is not None:
        counted = {**counted, actor: counted.get(actor, 0) + 1}
    epoch = replace(state.epoch, entropy=event.digest, contributions=(*state.epoch.contributions, seq),
                    contributed=counted)
    return replace(state, version=seq, epoch=epoch)


def _seed_revealed(state: CampaignState, event: Event, seq: int) -> CampaignState:
    assert isinstance(event, DiceSeedRevealed)
    if state.epoch is None or state.epoch.epoch != event.epoch:
        return replace(state, version=seq)
    return replace(state, version=seq, epoch=replace(state.epoch, revealed=True))


def _session_started(state: CampaignState, event: Event, seq: int) -> CampaignState:
    assert isinstance(event, SessionStarted)
    return replace(state, version=seq, session=event.session, sessions_held=max(state.sessions_held, event.session))


def _session_ended(state: CampaignState, event: Event, seq: int) -> CampaignState:
    return replace(state, version=seq, session=None)


def _rolled(state: CampaignState, event: Event, seq: int) -> CampaignState:
    return replace(state, version=seq, rolls=state.rolls + 1)


def _sealed(state: CampaignState, event: Event, seq: int) -> CampaignState:
    assert isinstance(event, SecretRollSealed)
    sealed = SealedRoll(epoch=event.epoch, expression=event.expression, entropy=event.entropy, command=event.command,
                        basis=event.basis, outcome=event.outcome, gm=event.gm)
    return replace(state, version=seq, sealed={**state.sealed, seq: sealed})


def _unsealed(state: CampaignState, event: Event, seq: int) -> CampaignState:
    assert isinstance(event, SecretRollRevealed)
    left = {roll: sealed for roll, sealed in state.sealed.items() if roll != event.roll}
    return replace(state, version=seq, rolls=state.rolls + 1, sealed=left)


def _noted(state: CampaignState, event: Event, seq: int) -> CampaignState:
    return replace(state, version=seq, notes=state.notes + 1)


def _retracted(state: CampaignState, event: Event, seq: int) -> CampaignState:
    assert isinstance(event, EventsRetracted)
    return replace(state, version=seq, retracted=tuple(sorted(set(state.retracted) | set(event.voids))))


def _reinstated(state: CampaignState, event: Event, seq: int) -> CampaignState:
    assert isinstance(event, EventsReinstated)
    return replace(state, version=seq, retracted=tuple(s for s in state.retracted if s not in event.restores))


def _turn_undone(state: CampaignState, event: Event, seq: int) -> CampaignState:
    assert isinstance(event, TurnUndone)
    log = state.encounters.get(event.encounter, EncounterLog())
    voided = set(event.voids)
    # The turn named, and the empty turns after it that went with it (one undo, docs/history.md).
    taken = [t for t in log.turns if (t.round, t.turn) == (event.round, event.turn) or set(t.seqs) <= voided]
    named = next((t for t in taken if (t.round, t.turn) == (event.round, event.turn)), None)
    record = TurnRecord(event.round, event.turn, named.character_id if named else None, event.voids)
    log = replace(log, turns=tuple(t for t in log.turns if t not in taken), redo=(*log.redo, record), version=seq)
    return replace(state, version=seq, encounters={**state.encounters, event.encounter: log})


def _turn_redone(state: CampaignState, event: Event, seq: int) -> CampaignState:
    assert isinstance(event, TurnRedone)
    log = state.encounters.get(event.encounter, EncounterLog())
    redone = next((t for t in log.redo if (t.round, t.turn) == (event.round, event.turn)), None)
    if redone is None:
        return replace(state, version=seq)
    turns = tuple(sorted((*log.turns, redone), key=lambda t: (t.round, t.turn)))
    log = replace(log, turns=turns, redo=tuple(t for t in log.redo if t is not redone), version=seq)
    return replace(state, version=seq, encounters={**state.encounters, event.encounter: log})


_HANDLERS: dict[type[Event], Handler] = {
    CampaignCreated: _created,
    ParticipantJoined: _joined,
    ParticipantTokenRevoked: _token_revoked,
    ParticipantTokenRotated: _token_revoked,
    CharacterCreated: _character_created,
    DiceSeedCommitted: _seed_committed,
    DiceSeedRevealed: _seed_revealed,
    SessionStarted: _session_started,
    SessionEnded: _session_ended,
    DiceRolled: _rolled,
    SecretRollSealed: _sealed,
    SecretRollRevealed: _unsealed,
    GmNoted: _noted,
    EventsRetracted: _retracted,
    EventsReinstated: _reinstated,
    TurnUndone: _turn_undone,
    TurnRedone: _turn_redone,
}


def in_its_turn(state: CampaignState, recorded: Recorded) -> CampaignState:
    """An encounter event joins its turn's record, live or voided: undo and redo must know whose turn it was.

    A replay skips voided events but still files them here, so the undone turn keeps its character as it
    did when the events were folded live (issue 11: a player could not redo its own turn after a refold).
    """
    kind = type(recorded.event)
    if recorded.meta.encounter is None or kind is TurnUndone or kind is TurnRedone:
        return state
    return _in_turn(state, recorded)


def _in_turn(state: CampaignState, recorded: Recorded) -> CampaignState:
    """Add a live event to its encounter turn; a new action in the encounter clears what could be redone."""
    meta = recorded.meta
    encounter, round_, turn = meta.encounter or "", meta.round or 0, meta.turn or 0
    log = state.encounters.get(encounter, EncounterLog())
    turns = log.turns
    acted = meta.command_type not in turn_moving_commands()
    if turns and (turns[-1].round, turns[-1].turn) == (round_, turn):
        last = turns[-1]
        turns = (*turns[:-1], replace(last, seqs=(*last.seqs, recorded.seq), acted=last.acted or acted,
                                      last_command=meta.command_id or ""))
    else:
        turns = (*turns, TurnRecord(round_, turn, meta.turn_character, (recorded.seq,), acted,
                                    meta.command_id or "", meta.command_id or ""))
    log = EncounterLog(turns=turns, redo=(), version=recorded.seq)
    return replace(state, encounters={**state.encounters, encounter: log})
