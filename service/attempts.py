"""A roll, once made, stays in the log: a post or a command refused after it drew dice records them.

The rules sometimes refuse a command only once its dice are known (a jammed weapon cannot be rerolled,
only one exalted icon can be shifted), and a post's lines run as one unit: a later line refused because of
how an earlier line's dice fell throws the whole unit away. The refusal tells how the dice fell, so before
this module the same post sent again (a new post id, or one more `!roll d6` in front) drew new dice and
only the lucky try was recorded. Now the refusal appends one `attempt_refused` event (docs/fairness.md,
"Refused attempts") holding what was tried, why it was refused and every die it drew, as die records the
verifiers recompute; the campaign's state does not change. The attempt carries the idempotency key (the post
id, or the command's Idempotency-Key): the same post sent again answers the same refusal and draws nothing.

Why the attempt is followed by `nonce_reserved` events — the nonce, and where ordering matters:

1. A command's dice nonce is the seq of its first event (docs/fairness.md). The lines of a unit are decided
   one after the other inside one transaction: line 1 at head v draws with nonce v+1 and appends its a_1
   events at v+1 … v+a_1, line 2 draws with nonce v+a_1+1, and so on. Line r is refused; every nonce the
   unit drew with, n_1 = v+1 < n_2 < … < n_r, lies in v+1 … n_r.
2. The unit's events are rolled back (a savepoint, `Writer.savepoint`), but the head lock is still held:
   the attempt is appended in the same transaction, at seq S = v+1, before anyone else can move the head.
   Had the lock been released in between, another command could have started at v+1 and drawn, with nonce
   v+1 and the same seed and entropy, exactly the dice the refusal had just shown: they would have been
   known before they were rolled.
3. Dice repeat whenever (seed, nonce, k, entropy) repeat. After the attempt, the next command starts at
   S+1 and would draw with nonce S+1 — a nonce the refused unit may already have used (n_2 = v+2 when
   line 1 wrote one event), so its dice would repeat the shown ones. The attempt therefore holds every seq
   up to the last nonce it used: `attempt_refused` at S = n_1, then one `nonce_reserved` event at each seq
   S+1 … n_last, all one command (one `meta.command_id`). The next command starts at n_last+1 and no nonce
   is ever drawn twice: every nonce in the log is a seq of the command that drew with it, and seqs are
   unique. A verifier checks exactly that (the attempt's first line has nonce S, its last line's nonce is
   the command's last seq, the nonces increase).
4. The faces shown in the refusal are the faces recorded: the dice are never drawn again for the attempt
   (drawing them at S with k continuing would change them), they are copied from what the unit drew.
5. A command sent alone draws with nonce v+1 = S: its attempt needs no `nonce_reserved`. The optimistic
   path (service/commanding.py) gives every refusal to the locked path, which decides again at the locked
   head; only that decision's dice are ever shown, and they are the ones recorded.
6. Dice drawn after an earlier line of the same post opened a new epoch (end_session, start_session,
   reveal_dice_seed) come from a seed that was never committed in the log and is thrown away with the
   post: they are listed as `unverifiable` faces, never as die records, since nobody can recompute them.
   Dice drawn after an earlier line contributed entropy mixed in that contribution: the line records its
   `contributed` string, and the digest each line used folds the earlier lines' strings (the verifier
   folds them the same way). A revealed seed is never recorded: the reveal's events are rolled back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import msgspec

from domain.campaign.events import (
    AttemptLine,
    AttemptRefusal,
    AttemptRefused,
    DiceSeedCommitted,
    EntropyContributed,
    NonceReserved,
    UnverifiableDie,
)
from domain.campaign.state import CampaignState
from domain.commands import Actor, Command, PostRef, command_tag
from domain.dice import Die, dice_in
from domain.errors import Conflict, DomainError, Forbidden, RuleViolation, UnknownEntity
from domain.events import Event
from domain.message import Message, Param
from projections.recorded import DiceProvenance, EventMeta
from projections.stamping import stamp
from service.command_ids import command_id
from service.store import StoredEvent, Writer

ATTEMPT = "attempt_refused"
RESERVED = "nonce_reserved"


class Drawn(msgspec.Struct, frozen=True):
    """The dice a refused decision drew, with where they came from: noted on the refusal by `note_drawn`."""

    nonce: int
    epoch: int
    entropy: str | None
    dice: tuple[Die, ...]


def note_drawn(error: DomainError, drawn: Drawn) -> None:
    """Remember on a refusal the dice its decision drew before refusing (none: nothing is noted)."""
    if drawn.dice:
        error.drawn = drawn  # type: ignore[attr-defined]


def drawn_by(error: BaseException) -> Drawn | None:
    found = getattr(error, "drawn", None)
    return found if isinstance(found, Drawn) else None


class AttemptKept(Exception):
    """A refusal whose dice are recorded: the attempt's events as stored (the `attempt_refused` first), and
    whether this answer is a retry's (the same key again), which drew nothing."""

    def __init__(self, stored: list[StoredEvent], replayed: bool) -> None:
        self.stored = stored
        self.replayed = replayed
        self.event = decode(stored[0])
        super().__init__(self.event.refusal.reason)


class Kept(msgspec.Struct, frozen=True):
    """An attempt just appended (not yet committed): its events and the state after them (version only)."""

    stored: list[StoredEvent]
    after: CampaignState


def decode(stored: StoredEvent) -> AttemptRefused:
    return msgspec.convert({"type": ATTEMPT, **stored.data}, AttemptRefused)


def is_attempt(stored: Sequence[StoredEvent]) -> bool:
    """Whether the command an idempotency key names is a refused attempt (its retry answers the refusal)."""
    return bool(stored) and stored[0].type == ATTEMPT


def kind_of(error: DomainError) -> str:
    """The problem kind a refusal is answered with (docs/errors.md)."""
    if isinstance(error, Forbidden):
        return "forbidden"
    if isinstance(error, UnknownEntity):
        return "not-found"
    if isinstance(error, Conflict):
        return "conflict"
    return "rule-violation"


def body_of(command: Command) -> dict[str, Any]:
    """A command as `meta.command` keeps it (service.commanding.recorded_command): no `post`, no
    `expected_version`, which the envelope and the seq already say."""
    body = msgspec.to_builtins(command)
    assert isinstance(body, dict)
    body.pop("post", None)
    body.pop("expected_version", None)
    return body


def _refusal(line: int | None, source: str, command: Command, error: DomainError) -> AttemptRefusal:
    rule = error.rule if isinstance(error, RuleViolation) else None
    return AttemptRefusal(line=line, source=source, command_type=command_tag(command), kind=kind_of(error),
                          rule=rule, reason=error.message, said=_storable(error.said),
                          command=body_of(command))


def _storable(said: Message | None) -> Message | None:
    """The refusal's message as the log may hold it: events hold no floating-point numbers (their canonical
    form must be unambiguous, docs/audit-format.md), so a fractional parameter is kept as the text it reads."""
    def kept(value: Param) -> Param:
        if isinstance(value, Message):
            return Message(value.id, {name: kept(v) for name, v in value.params.items()})
        if isinstance(value, float):
            return str(int(value)) if value.is_integer() else str(value)
        return value
    return None if said is None else kept(said)  # type: ignore[return-value]


def _provenance(state: CampaignState) -> tuple[int, str | None]:
    epoch = state.epoch
    assert epoch is not None, "a campaign always has a dice epoch"
    return epoch.epoch, epoch.entropy if epoch.algorithm >= 2 else None


def _line(line: int | None, source: str, command_type: str, nonce: int, epoch: int, entropy: str | None,
          dice: Sequence[Die], first_epoch: int, contributed: str | None = None,
          command: dict[str, Any] | None = None) -> AttemptLine:
    """One decided line; dice of an epoch other than the attempt's own came from a thrown-away seed."""
    ordered = tuple(sorted({d.k: d for d in dice}.values(), key=lambda d: d.k))
    if epoch == first_epoch:
        return AttemptLine(line=line, source=source, command_type=command_type, nonce=nonce, epoch=epoch,
                           entropy=entropy, dice=ordered, contributed=contributed, command=command)
    faces = tuple(UnverifiableDie(d.k, d.sides, d.value) for d in ordered)
    return AttemptLine(line=line, source=source, command_type=command_type, nonce=nonce, epoch=epoch,
                       entropy=entropy, unverifiable=faces, contributed=contributed, command=command)


def recorded_line(line: int, source: str, command_type: str, stored: Sequence[StoredEvent],
                  events: Sequence[Event], before: CampaignState, first_epoch: int) -> AttemptLine:
    """A line of the unit that was decided (and rolled back): its nonce, provenance, dice and contribution."""
    provenance = next((s.envelope.dice for s in stored if s.envelope.dice is not None), None)
    epoch, entropy = _provenance(before)
    if provenance is not None:
        epoch, entropy = provenance.epoch, provenance.entropy
    dice = [Die(**d) for s in stored for d in dice_in(s.data)]
    contributed = next((e.entropy for e in events if isinstance(e, EntropyContributed)), None)
    body = stored[0].meta.get("command")
    return _line(line, source, command_type, stored[0].seq, epoch, entropy, dice, first_epoch, contributed,
                 body if isinstance(body, dict) else None)


def refused_line(line: int | None, source: str, command: Command, drawn: Drawn, first_epoch: int) -> AttemptLine:
    return _line(line, source, command_tag(command), drawn.nonce, drawn.epoch, drawn.entropy, drawn.dice,
                 first_epoch, command=body_of(command))


def opened_epoch(events: Sequence[Event]) -> bool:
    return any(isinstance(e, DiceSeedCommitted) for e in events)


class DecidedLine(Protocol):
    """A line of a unit decided before the refusal (service.commanding.UnitCommand)."""

    @property
    def line(self) -> int: ...
    @property
    def source(self) -> str: ...
    @property
    def command_type(self) -> str: ...
    @property
    def stored(self) -> list[StoredEvent]: ...
    @property
    def events(self) -> list[Event]: ...
    @property
    def before(self) -> CampaignState: ...


async def keep_refused(
    writer: Writer, state: CampaignState, actor: Actor, digest: str, key: str | None, done: Sequence[DecidedLine],
    line: int | None, source: str, command: Command | None, error: DomainError, post: PostRef | None,
) -> Kept | None:
    """The refused attempt with every die it drew, appended at the locked head (its own events rolled back);
    None when it drew none. `state` is the state at that head, before the attempt's lines; `done` the lines a
    post decided before the refused one (none for a command sent alone)."""
    if command is None or state.epoch is None:
        return None
    first_epoch = state.epoch.epoch
    lines = [recorded_line(d.line, d.source, d.command_type, d.stored, d.events, d.before, first_epoch) for d in done]
    drawn = drawn_by(error)
    if drawn is not None:
        lines.append(refused_line(line, source, command, drawn, first_epoch))
    while lines and not (lines[-1].dice or lines[-1].unverifiable):
        lines.pop()  # lines after the last die hold no nonce worth reserving
    if not lines:
        return None
    return await keep(writer, state, actor, digest, key, lines, line, source, command, error, post)


async def keep(
    writer: Writer, state: CampaignState, actor: Actor, digest: str, key: str | None,
    lines: Sequence[AttemptLine], line: int | None, source: str, command: Command, error: DomainError,
    post: PostRef | None,
) -> Kept | None:
    """Append the attempt at the locked head (the unit's own events already rolled back), or None when it
    drew no die (then nothing is recorded, as before). `state` is the state at the head: the attempt does
    not change it, except for its version."""
    if not any(entry.dice or entry.unverifiable for entry in lines):
        return None
    start = writer.head.version + 1
    assert lines[0].nonce == start, "the first line of an attempt drew with the nonce of the attempt's own seq"
    # The events of the attempt: the attempt itself at its first nonce, then every later nonce it used held
    # by a nonce_reserved (point 3 of the module's docstring).
    events: list[Event] = [AttemptRefused(lines=tuple(lines), refusal=_refusal(line, source, command, error))]
    events.extend(NonceReserved(attempt=start) for _ in range(start + 1, lines[-1].nonce + 1))
    epoch, entropy = _provenance(state)
    base = EventMeta(
        actor=actor.participant_id, role=actor.role, post=post if post is not None else command.post,
        command_id=command_id(), command_type=ATTEMPT, request_digest=digest, line=line,
        dice=DiceProvenance(epoch=epoch, nonce=start, entropy=entropy),
    )
    metas, after = stamp(state, events, start, base)
    # The reserved seqs carry no dice: their meta says so (docs/audit-format.md, meta.dice of events with dice).
    metas = [metas[0], *(msgspec.structs.replace(m, dice=None) for m in metas[1:])]
    stored = await writer.append(events, metas, key)
    return Kept(stored, after)


def told(stored: StoredEvent) -> dict[str, Any]:
    """The attempt as an answer's `attempt` member (docs/api.md): its seqs and what it tried and drew."""
    return {"seq": stored.seq, **stored.data}
