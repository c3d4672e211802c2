"""Decide the ruleset-neutral commands: pure, given the state, the command, dice and the service's context."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from domain.campaign.commands import (
    ContributeEntropy,
    CreateCharacter,
    EndSession,
    GmNote,
    InviteParticipant,
    RedoTurn,
    Reinstate,
    Retract,
    RevealDiceSeed,
    RevealSecretRoll,
    RevokeParticipantToken,
    Roll,
    RotateParticipantToken,
    SetParticipantLanguage,
    StartSession,
    UndoTurn,
)
from domain.campaign.entropy import CONTRIBUTIONS_PER_PARTICIPANT, DICE_ALGORITHM, next_digest
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
    ParticipantLanguageSet,
    ParticipantTokenRevoked,
    ParticipantTokenRotated,
    Ruleset,
    SecretRollRevealed,
    SecretRollSealed,
    SessionEnded,
    SessionStarted,
    StatValue,
    TurnRedone,
    TurnUndone,
)
from domain.campaign.sealed_tests import outcome_commitment
from domain.campaign.state import CampaignState, EncounterLog, Participant, undo_span
from domain.commands import Actor, Command
from domain.dice import Dice, Die, FixedDice
from domain.dice_expression import ExpressionError, Term, evaluate, parse
from domain.engine import NewCharacter
from domain.errors import Conflict, RuleViolation, UnknownEntity
from domain.events import Event
from domain.message import message
from domain.premades.applied import premade_sheet
from domain.rulesets import rules_of

# Events a GM may retract; rulesets add theirs. Structural events (sessions, seeds, people) never.
RETRACTABLE: frozenset[str] = frozenset({"dice_rolled", "gm_noted"})


class SecretDraw(msgspec.Struct, frozen=True):
    """A sealed roll's key (hex) and the dice it gives, computed by the service for the command revealing it."""

    key: str
    dice: tuple[Die, ...]
    # A sealed test's outcome, decided again against the campaign at its basis with these dice.
    events: tuple[Event, ...] = ()


class CommandContext(msgspec.Struct, frozen=True, kw_only=True):
    """Facts the service supplies to a decision: nothing here is random inside the domain."""

    next_seq: int
    fresh_id: str
    fresh_commitment: str
    active_seed: str | None = None
    # For retract/reinstate: the type of each named event, looked up by the service.
    event_types: Mapping[int, str] = {}
    # For a secret roll: sha256 of its roll key (docs/fairness.md, "Secret rolls").
    roll_commitment: str = ""
    # For a secret test: its roll key (hex), which salts the commitment to its outcome (docs/fairness.md).
    roll_key: str = ""
    # For a command that reveals sealed rolls (reveal_secret_roll, and every reveal of the epoch's seed): the
    # key and dice of each, by the seq of its `secret_roll_sealed`.
    secret_draws: Mapping[int, SecretDraw] = {}


# The GM's name when the campaign's creator gives none: English, so a Spanish reader is shown "DJ" instead
# (projections/rendering/names.py `participant_name`).
DEFAULT_GM_NAME = "Game Master"


class CreateCampaign(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: str
    ruleset: Ruleset
    options: dict[str, StatValue | bool] = {}
    gm_name: str = DEFAULT_GM_NAME


def decide_creation(campaign_id: str, command: CreateCampaign, gm_id: str, commitment: str) -> list[Event]:
    """A campaign begins with its GM and its first dice epoch."""
    return [
        CampaignCreated(campaign_id=campaign_id, name=command.name, ruleset=command.ruleset, options=command.options),
        ParticipantJoined(participant_id=gm_id, name=command.gm_name, role="gm"),
        DiceSeedCommitted(epoch=1, commitment=commitment, algorithm=DICE_ALGORITHM),
    ]


def _rotate_epoch(state: CampaignState, context: CommandContext) -> list[Event]:
    """Reveal the active epoch's seed (if still secret) and commit a fresh one."""
    events: list[Event] = []
    epoch = state.epoch
    number = 0 if epoch is None else epoch.epoch
    if epoch is not None and not epoch.revealed:
        if context.active_seed is None:
            raise RuleViolation("dice_epoch", epoch=number)
        # The seed gives away every sealed roll of the epoch (its keys derive from it): each is revealed first.
        for roll in sorted(state.sealed):
            if state.sealed[roll].epoch == number:
                events.extend(_unsealed(state, roll, context))
        events.append(DiceSeedRevealed(epoch=number, seed=context.active_seed))
    events.append(DiceSeedCommitted(epoch=number + 1, commitment=context.fresh_commitment, algorithm=DICE_ALGORITHM))
    return events


def decide_campaign(
    state: CampaignState, command: Command, dice: Dice, actor: Actor, context: CommandContext
) -> list[Event]:
    """The events a generic command appends, or a RuleViolation naming the rule it breaks."""
    match command:
        # The commonest command first: each case before it is a class check every roll would pay.
        case Roll(secret=True):
            return [_sealed_roll(state, command, context)]
        case Roll():
            return [_roll(state, command, dice)]
        case InviteParticipant(name=name, role=role):
            return [ParticipantJoined(participant_id=context.fresh_id, name=name, role=role)]
        case RevokeParticipantToken(participant_id=participant_id):
            return [_revocation(state, _participant(state, participant_id))]
        case RotateParticipantToken(participant_id=participant_id):
            return [ParticipantTokenRotated(participant_id=_participant(state, participant_id).participant_id)]
        case SetParticipantLanguage(participant_id=whom, lang=lang):
            # Who may set whose is authorized before (domain/campaign/permissions.py).
            found = _participant(state, whom or actor.participant_id)
            return [ParticipantLanguageSet(participant_id=found.participant_id, lang=lang)]
        case StartSession(title=title):
            if state.session is not None:
                raise RuleViolation("one_session_at_a_time", case="open", session=state.session)
            started: list[Event] = [SessionStarted(session=state.sessions_held + 1, title=title)]
            return _rotate_epoch(state, context) + started
        case EndSession():
            if state.session is None:
                raise RuleViolation("one_session_at_a_time", case="none_open")
            ended: list[Event] = [SessionEnded(session=state.session)]
            return ended + _rotate_epoch(state, context)
        case RevealDiceSeed():
            return _rotate_epoch(state, context)
        case ContributeEntropy(entropy=entropy):
            return [_contribution(state, entropy, actor)]
        case CreateCharacter():
            return [_create_character(state, command, actor, context)]
        case RevealSecretRoll(seq=seq):
            if seq not in state.sealed:
                if seq > state.version:
                    raise UnknownEntity(case="event", seq=seq, version=state.version)
                raise RuleViolation("secret_roll", case="not_sealed", seq=seq)
            return _unsealed(state, seq, context)
        case GmNote(text=text):
            return [GmNoted(text=text)]
        case Retract(seqs=seqs, reason=reason):
            for seq in seqs:
                _check_retractable(state, seq, context)
                if seq in state.retracted:
                    raise RuleViolation("retraction", case="already", seq=seq)
            return [EventsRetracted(voids=tuple(sorted(set(seqs))), reason=reason)]
        case Reinstate(seqs=seqs, reason=reason):
            for seq in seqs:
                # An event the log does not hold yet is unknown (404), as for retract, not merely "not retracted".
                if seq > state.version:
                    raise UnknownEntity(case="event", seq=seq, version=state.version)
                if seq not in state.retracted:
                    raise RuleViolation("retraction", case="not_retracted", seq=seq)
            return [EventsReinstated(restores=tuple(sorted(set(seqs))), reason=reason)]
        case UndoTurn(encounter=encounter, expected_encounter_version=expected):
            log = _encounter_log(state, encounter)
            if expected is not None and expected != log.version:
                raise Conflict(message("conflict.encounter_version", encounter=encounter, current=log.version,
                                       expected=expected), expected=expected, current=log.version)
            if not log.turns:
                raise RuleViolation("undo", encounter=encounter)
            # A player undoes its own current turn alone (permissions: nothing of another's goes with it).
            taken = undo_span(log) if actor.role == "gm" else log.turns[-1:]
            played = taken[0]
            voids = tuple(seq for turn in taken for seq in turn.seqs)
            return [TurnUndone(encounter=encounter, round=played.round, turn=played.turn, voids=voids)]
        case RedoTurn(encounter=encounter):
            log = _encounter_log(state, encounter)
            if not log.redo:
                raise RuleViolation("redo", encounter=encounter)
            undone = log.redo[-1]
            return [TurnRedone(encounter=encounter, round=undone.round, turn=undone.turn, restores=undone.seqs)]
    raise RuleViolation("unknown_command", case="campaign", command=type(command).__name__)


def _participant(state: CampaignState, participant_id: str) -> Participant:
    found = state.participants.get(participant_id)
    if found is None:
        raise UnknownEntity(case="participant", participant=participant_id)
    return found


def _revocation(state: CampaignState, whom: Participant) -> ParticipantTokenRevoked:
    """A token is revoked once; the campaign always keeps a GM whose token works (else nobody could rotate
    one back, nor write the GM's commands, ever again): the last GM's token may be rotated, not revoked."""
    if whom.token_revoked:
        raise RuleViolation("token_already_revoked", name=whom.name)
    if whom.role == "gm" and not any(
        p.role == "gm" and not p.token_revoked and p.participant_id != whom.participant_id
        for p in state.participants.values()
    ):
        raise RuleViolation(
            "last_gm_token", name=whom.name,
        )
    return ParticipantTokenRevoked(participant_id=whom.participant_id)


def _contribution(state: CampaignState, entropy: str, actor: Actor) -> EntropyContributed:
    epoch = state.epoch
    if epoch is None or epoch.revealed:
        raise RuleViolation("player_entropy", case="no_epoch")
    if epoch.algorithm < 2:
        raise RuleViolation("player_entropy", case="algorithm_1", epoch=epoch.epoch)
    if epoch.contributed.get(actor.participant_id, 0) >= CONTRIBUTIONS_PER_PARTICIPANT:
        raise RuleViolation("entropy_quota", count=CONTRIBUTIONS_PER_PARTICIPANT, epoch=epoch.epoch)
    return EntropyContributed(epoch=epoch.epoch, entropy=entropy, digest=next_digest(epoch.entropy, entropy))


def _encounter_log(state: CampaignState, encounter: str) -> EncounterLog:
    log = state.encounters.get(encounter)
    if log is None:
        raise UnknownEntity(case="encounter", encounter=encounter)
    return log


def _check_retractable(state: CampaignState, seq: int, context: CommandContext) -> None:
    if seq > state.version:
        raise UnknownEntity(case="event", seq=seq, version=state.version)
    kind = context.event_types.get(seq)
    if kind not in RETRACTABLE:
        allowed = ", ".join(sorted(RETRACTABLE))
        raise RuleViolation("retraction", case="kind", seq=seq, kind=str(kind), allowed=allowed)


def _create_character(
    state: CampaignState, command: CreateCharacter, actor: Actor, context: CommandContext
) -> CharacterCreated:
    """The one registry's one door: one id, one uniqueness check, then the engine takes in its typed part."""
    if command.character_id is not None and command.id is not None and command.character_id != command.id:
        raise RuleViolation("character_id")
    character_id = command.character_id or command.id or context.fresh_id
    if character_id in state.characters:
        raise RuleViolation("unique_character_id", character=character_id)
    owner = command.owner or actor.participant_id
    if owner not in state.participants:
        raise UnknownEntity(case="owner", owner=owner)
    owner_role = state.participants[owner].role
    kind = command.kind or ("npc" if owner_role == "gm" else "pc")
    sheet, comrade = command.sheet, command.comrade
    if command.premade is not None:
        sheet, comrade, npc = premade_sheet(state.ruleset, command)
        kind = "npc" if npc else kind
    new = NewCharacter(
        character_id=character_id, name=command.name, owner=owner, owner_role=owner_role, kind=kind,
        sheet=sheet, stats=command.stats, comrade=comrade,
    )
    rules = rules_of(state.rules).recruit(state.rules, new) if state.rules is not None else None
    return CharacterCreated(
        character_id=character_id, name=command.name, owner=owner, kind=kind, stats=command.stats, rules=rules
    )


def _terms(state: CampaignState, command: Roll) -> tuple[Term, ...]:
    if command.character_id is not None and command.character_id not in state.characters:
        raise UnknownEntity(case="character", character=command.character_id)
    try:
        return parse(command.expression)
    except ExpressionError as error:
        raise RuleViolation("dice_expression", case=error.case, **error.params) from error


def _sealed_roll(state: CampaignState, command: Roll, context: CommandContext) -> SecretRollSealed:
    """A secret roll records its shape and the commitment to its key; its faces stay out of the log."""
    terms = _terms(state, command)
    epoch = state.epoch
    if epoch is None or epoch.revealed or not context.roll_commitment:
        raise RuleViolation("secret_roll", case="no_epoch")
    return SecretRollSealed(
        expression=command.expression, reason=command.reason, terms=terms, epoch=epoch.epoch,
        commitment=context.roll_commitment, entropy=epoch.entropy if epoch.algorithm >= 2 else None,
        character_id=command.character_id,
    )


def _unsealed(state: CampaignState, seq: int, context: CommandContext) -> list[Event]:
    """The reveal of a sealed roll: the key the service derived and the faces it gives, with their total; for a
    sealed test, its outcome decided again at its basis, which must be the one its seal committed to."""
    draw = context.secret_draws.get(seq)
    if draw is None:
        raise RuleViolation("secret_roll", case="no_key", seq=seq)
    sealed = state.sealed[seq]
    if sealed.command is not None:
        if sealed.outcome != outcome_commitment(draw.key, draw.events):
            raise RuleViolation("secret_test", case="outcome_differs", seq=seq)
        revealed = SecretRollRevealed(roll=seq, key=draw.key, dice=draw.dice, total=0, events=len(draw.events))
        return [revealed, *draw.events]
    rolled = evaluate(parse(state.sealed[seq].expression), FixedDice(die.value for die in draw.dice))
    return [SecretRollRevealed(roll=seq, key=draw.key, dice=rolled.dice, total=rolled.total)]


def _roll(state: CampaignState, command: Roll, dice: Dice) -> DiceRolled:
    terms = _terms(state, command)
    rolled = evaluate(terms, dice)
    return DiceRolled(
        expression=command.expression,
        reason=command.reason,
        terms=rolled.terms,
        dice=rolled.dice,
        total=rolled.total,
        character_id=command.character_id,
    )
