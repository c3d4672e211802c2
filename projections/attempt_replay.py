"""A refused attempt decided again: its lines with their recorded dice, then its refused command, which the
rules must refuse the same way (docs/audit-format.md, "Replaying the rules").

An `attempt_refused` changed nothing but its dice are in the log: a forger could change one of them, or the
refusal, and rehash the chain. Fed the state before the attempt, `check` decides every recorded line as the
service did (its command, the actor, its nonce, its recorded dice, the state the earlier lines left), requires
exactly the dice the line recorded, then decides the refused command and requires the recorded kind and rule
of refusal, with exactly the dice the refused line recorded (none when it was refused before drawing any).
Attempts recorded before their commands were kept, and those a replay cannot decide (a line that opened a
dice epoch, whose seed was thrown away with the post, or a secret roll's or reveal's, whose key was), are not
replayable, never problems.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from domain.campaign.commands import (
    EndSession,
    InviteParticipant,
    RevealDiceSeed,
    RevealSecretRoll,
    Roll,
    StartSession,
)
from domain.campaign.decide import CommandContext
from domain.campaign.events import AttemptLine, AttemptRefused
from domain.campaign.fresh_ids import fresh_id
from domain.campaign.sealed_tests import is_sealed_test
from domain.commands import Actor, Command
from domain.dice import DiceExhausted, Die, FixedDice, dice_in
from domain.dispatch import decide
from domain.errors import Conflict, DomainError, Forbidden, RuleViolation, UnknownEntity
from domain.events import Event, RestoringEvent, VoidingEvent
from projections.recorded import EventMeta, Recorded
from projections.replay import campaign_state
from projections.stamping import stamp

if TYPE_CHECKING:
    from projections.rules_replay import Divergence, RulesReplay

# Commands whose decision needs what the service threw away with the post (a new epoch's seed) or holds
# secret (a sealed roll's key): a line of one makes its attempt not replayable.
_UNREPLAYABLE = (StartSession, EndSession, RevealDiceSeed, RevealSecretRoll)


class _Recording:
    """Fixed dice that remember each die drawn (its sides too, which FixedDice does not check)."""

    def __init__(self, faces: list[int]) -> None:
        self.inner = FixedDice(faces)
        self.rolled: list[Die] = []

    def roll(self, sides: int) -> Die:
        die = self.inner.roll(sides)
        self.rolled.append(die)
        return die


def kind_of(error: DomainError) -> str:
    """The kind a refusal is recorded with (docs/fairness.md, "Refused attempts")."""
    if isinstance(error, Forbidden):
        return "forbidden"
    if isinstance(error, UnknownEntity):
        return "not-found"
    if isinstance(error, Conflict):
        return "conflict"
    return "rule-violation"


def _replayable(command: Command) -> bool:
    secret = isinstance(command, Roll) and command.secret
    return not (isinstance(command, _UNREPLAYABLE) or secret or is_sealed_test(command))


def _dice(line: AttemptLine) -> list[tuple[int, int, int]]:
    return [(d.k, d.sides, d.value) for d in line.dice]


def check(replay: RulesReplay, run: list[Recorded], attempt: AttemptRefused) -> list[Divergence] | None:
    """The divergences of the attempt that opens `run`, decided against the replay's state; None when it
    cannot be decided again."""
    from projections.rules_replay import Divergence, recorded_command

    first, refusal = run[0], attempt.refusal
    lines = list(attempt.lines)
    if refusal.command is None or any(line.command is None or line.unverifiable for line in lines):
        return None
    try:
        commands = [recorded_command(line.command, first.meta.post) for line in lines]
        refused_command = recorded_command(refusal.command, first.meta.post)
    except (msgspec.ValidationError, TypeError, ValueError) as error:
        return [Divergence(seq=first.seq, command_type="attempt_refused", kind="unreadable",
                           decided=str(error)[:200])]
    if not all(_replayable(c) for c in [*commands, refused_command]):
        return None
    # The refused line drew dice (else it is not among the lines): it is the last one, of the refusal's line.
    drew = bool(lines) and lines[-1].line == refusal.line and lines[-1].command_type == refusal.command_type
    decided_lines = lines[:-1] if drew else lines
    actor = Actor(first.meta.actor or "", first.meta.role or "player")
    state, records = replay.state, list(replay.records)
    nonce = first.seq
    where = Divergence(seq=first.seq, command_type="attempt_refused", kind="unreadable", event_seq=first.seq,
                       event_type="attempt_refused")
    for line, command in zip(decided_lines, commands, strict=False):
        dice = _Recording([d.value for d in line.dice])
        path = f"lines[{lines.index(line)}]"
        try:
            events = decide(state, command, dice, actor, _context(replay, line.nonce, command))
        except DiceExhausted:
            return [msgspec.structs.replace(where, kind="dice_short", path=path, recorded=str(len(line.dice)))]
        except DomainError as error:
            return [msgspec.structs.replace(where, kind="refused", path=path, decided=error.message[:200])]
        rolled = sorted({(d["k"], d["sides"], d["value"]) for d in dice_in(_plain(events))})
        if rolled != _dice(line) or dice.inner.used != len(line.dice):
            return [msgspec.structs.replace(where, kind="dice_differ", path=f"{path}.dice",
                                            recorded=_short(_dice(line)), decided=_short(rolled))]
        base = EventMeta(actor=actor.participant_id, role=actor.role, post=first.meta.post, command_id=path)
        metas, after = stamp(state, events, line.nonce, base)
        records.extend(Recorded(line.nonce + i, e, m) for i, (e, m) in enumerate(zip(events, metas, strict=True)))
        voiding = any(isinstance(e, (VoidingEvent, RestoringEvent)) for e in events)
        state = campaign_state(records) if voiding else after
        nonce = line.nonce + len(events)
    faces = [d.value for d in lines[-1].dice] if drew else []
    dice = _Recording(faces)
    if drew:
        nonce = lines[-1].nonce
    path = f"lines[{len(lines) - 1}]" if drew else "refusal"
    try:
        decide(state, refused_command, dice, actor, _context(replay, nonce, refused_command))
    except DiceExhausted:
        return [msgspec.structs.replace(where, kind="dice_short", path=path, recorded=str(len(faces)))]
    except DomainError as error:
        rule = error.rule if isinstance(error, RuleViolation) else None
        if (kind_of(error), rule) != (refusal.kind, refusal.rule):
            return [msgspec.structs.replace(where, kind="refusal_differs", path="refusal",
                                            recorded=f"{refusal.kind} {refusal.rule}",
                                            decided=f"{kind_of(error)} {rule}: {error.message[:160]}")]
        drawn = [(d.k, d.sides, d.value) for d in dice.rolled]
        if drew and drawn != _dice(lines[-1]):
            return [msgspec.structs.replace(where, kind="dice_differ", path=f"{path}.dice",
                                            recorded=_short(_dice(lines[-1])), decided=_short(drawn))]
        return []
    return [msgspec.structs.replace(where, kind="not_refused", path="refusal",
                                    recorded=f"{refusal.kind} {refusal.rule}")]


def _context(replay: RulesReplay, nonce: int, command: Command) -> CommandContext:
    prefix = "p" if isinstance(command, InviteParticipant) else "c"
    named = getattr(command, "seqs", ())
    types = replay.types
    return CommandContext(
        next_seq=nonce, fresh_id=fresh_id(prefix, replay.campaign_id, nonce), fresh_commitment="",
        event_types={seq: types[seq] for seq in named if isinstance(seq, int) and seq in types},
    )


def _plain(events: list[Event]) -> Any:
    return msgspec.json.decode(msgspec.json.encode(events))


def _short(value: Any) -> str:
    text = msgspec.json.encode(value).decode()
    return text if len(text) <= 80 else text[:79] + "…"
