"""Running a command: check idempotency and version, decide, append, answer.

Deciding, stamping and folding are the pure write step (`projections/step.py`), the same for every path;
this module is the I/O around it: the head lock and the idempotency lookups, the seed, dice and context a
decision needs, the append, and the cache and snapshots after the commit. It answers what was written (events
and the states around them): the edge tells it, after the transaction (service/api).

Everything a command writes (events, a new dice seed, a new token) commits in one transaction. The common
command (events only, a campaign this process has cached) is decided against the cached head state and
appended in one autocommit statement that commits only if the head has not moved (`_append_optimistically`;
service/store.py says why that keeps every guarantee of the stream). Everything else, and every refusal,
replay or race the optimistic path gives up on, runs under the head lock (`_execute_locked`). A forum
post's command lines run as one unit (`execute_unit`): read before the lock is taken, then every line
decided in order against the state the previous lines left, inside one transaction under the head lock,
each with its own command id and dice nonce, or nothing recorded at all — but the dice a refused post or
command drew, which stay in the log as one `attempt_refused` (service/attempts.py).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.campaign.commands import (
    EndSession,
    InviteParticipant,
    Reinstate,
    Retract,
    RevealDiceSeed,
    RevealSecretRoll,
    RevokeParticipantToken,
    Roll,
    RotateParticipantToken,
    StartSession,
)
from domain.campaign.decide import CommandContext, CreateCampaign, decide_creation
from domain.campaign.events import DiceSeedCommitted, ParticipantJoined, SecretRollSealed
from domain.campaign.fresh_ids import fresh_id
from domain.campaign.sealed_tests import is_sealed_test
from domain.campaign.state import CampaignState
from domain.catalog import text
from domain.commands import Actor, Command, PostRef, command_tag
from domain.dice import DiceExhausted, FixedDice
from domain.dispatch import decide
from domain.errors import DomainError, RuleViolation
from domain.events import Event
from domain.message import message
from domain.rulesets import check_options
from domain.skipping import SkippedLine, skip_reason
from projections.permalinks import Links
from projections.recorded import DiceProvenance, EventMeta, Recorded
from projections.replay import campaign_state, is_voiding
from projections.results import result_of, told_result
from projections.stamping import stamp
from projections.step import Step, recorded_command, step
from service import attempts, dice_source, sealed, tokens
from service.command_ids import command_id
from service.snapshots import Snapshots
from service.state_cache import StateCache
from service.store import (
    EventStore,
    Head,
    IdempotencyConflict,
    KeyAlreadyUsed,
    StoredEvent,
    TokenNotValid,
    Writer,
    recorded_from_stored,
)

# Commands that write more than events (a token, a new epoch's seed) or read the log beyond the state (the
# types of the events they name): decided and written under the head lock, in one transaction with those
# rows. Every other command appends optimistically first (service/store.py, `append_if_head`).
LOCKED_COMMANDS: tuple[type[Command], ...] = (
    InviteParticipant, RevokeParticipantToken, RotateParticipantToken, StartSession, EndSession, RevealDiceSeed,
    Retract, Reinstate, RevealSecretRoll,  # a sealed test's reveal folds the log up to its basis (service/sealed.py)
)
# The commands that may open a dice epoch: the only ones a fresh seed is drawn for.
OPENS_EPOCH: tuple[type[Command], ...] = (StartSession, EndSession, RevealDiceSeed)
# The commands that reveal sealed rolls (a reveal, and every command that may reveal the epoch's seed).
REVEALS: tuple[type[Command], ...] = (RevealSecretRoll, *OPENS_EPOCH)
# Optimistic attempts before a command takes the head lock: each lost race catches up and decides again.
OPTIMISTIC_ATTEMPTS = 3
# Times a forum post is read outside the head lock before it is read under it (`execute_unit` says why).
UNIT_READS = 3
# The most events one forum post may record (its lines are capped at the edge, service/api/post_limits.py,
# but one line may record several events): a bound on one request's transaction and on the log's growth.
UNIT_EVENTS_MAX = 400


class CommandOutcome(msgspec.Struct, frozen=True):
    """What a command wrote: the head after it, its events as stored and as typed (`records`), its facts
    (`result`: projections/results.py `result_of`) and the states around it, which the edge tells from
    (`told_result`), after the transaction, in the languages its answer needs.

    `version` and `head_hash` are the campaign's head right after the command (for a replayed command,
    after the original): a forum post that shows them is a witness `verify --expect` can check.
    """

    version: int
    head_hash: str
    events: list[StoredEvent]
    result: dict[str, Any]
    records: list[Recorded]
    before: CampaignState
    after: CampaignState
    replayed: bool = False
    token: str | None = None


class CompactOutcome(msgspec.Struct, frozen=True):
    """The compact answer (`Prefer: return=minimal`): the head after the command and its result, no events."""

    version: int
    head_hash: str
    result: dict[str, Any]


class UnitLine(msgspec.Struct, frozen=True):
    """One command of a unit, with the post line it came from."""

    line: int
    source: str
    command: Command


@dataclass(frozen=True)
class UnitReading:
    """A post read against one state: its lines, the part of the state the reading depended on (`basis`: the
    names; equal bases give equal readings), and the refusal to raise if the post is not a retry."""

    lines: tuple[UnitLine, ...]
    basis: object
    refusal: Exception | None = None


class UnitTooLarge(Exception):
    """A post's lines would record more than UNIT_EVENTS_MAX events: nothing of it is recorded."""

    def __init__(self, events: int, limit: int) -> None:
        super().__init__(f"the post would record {events} events or more, more than {limit}")
        self.events = events
        self.limit = limit


class _StaleReading(Exception):
    """The names at the locked head are not the ones the post was read with: read it again."""


class UnitCommand(msgspec.Struct, frozen=True):
    """What one line of a unit wrote: its command, its events as stored and as typed, the state before it."""

    line: int
    source: str
    command_type: str
    stored: list[StoredEvent]
    events: list[Event]
    before: CampaignState
    token: str | None = None


class UnitSkip(msgspec.Struct, frozen=True):
    """A line of a unit skipped (domain/skipping.py): what it was, why, and how many recorded lines came
    before it (where it goes among `commands`), with the state it was read against."""

    skipped: SkippedLine
    position: int
    state: CampaignState


class UnitOutcome(msgspec.Struct, frozen=True):
    """What a unit answers: the head after it, what each of its lines wrote (in order), the lines it skipped."""

    version: int
    head_hash: str
    commands: list[UnitCommand]
    replayed: bool = False
    # The state after the unit: the renderers read names and the new state of whoever changed from it.
    after: CampaignState | None = None
    skipped: list[UnitSkip] = []
    # The other participants who recorded a post under the same id (post ids are per author): named in
    # the answer, so the author knows the id was taken by someone else too, and by whom.
    id_also_held_by: list[str] = []


class LineRefused(Exception):
    """One line of a unit was refused by the rules: nothing of the unit is recorded (but its dice: attempts)."""

    def __init__(self, line: int, source: str, error: DomainError, command: Command | None = None) -> None:
        super().__init__(f"line {line}: {error.message}")
        self.line = line
        self.source = source
        self.error = error
        self.command = command


class TokenUnchecked(Exception):
    """A command sent with a token its process remembers (`Commander.execute_remembered`) needs the token read
    first, as every other request does: nothing was written. `refused`: the append's own check found the token
    no longer works (forget it); otherwise the command left the optimistic path, the only one that checks it."""

    def __init__(self, refused: bool) -> None:
        super().__init__("the token no longer works" if refused else "the token must be read before this command")
        self.refused = refused


class PostEdited(IdempotencyConflict):
    """The author recorded a post under this id before, with other text (an edited post)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.args = (text(message("edge.post.edited", post=repr(key)), "en"),)  # the answer's English, for logs


def request_digest(body: Any) -> str:
    """sha256 of the command's canonical JSON: the same body retried has the same digest."""
    return hashlib.sha256(msgspec.json.encode(body, order="sorted")).hexdigest()


def _outcome(
    stored: list[StoredEvent],
    records: list[Recorded],
    before: CampaignState,
    after: CampaignState,
    replayed: bool,
    token: str | None = None,
) -> CommandOutcome:
    """What a command wrote, with its facts derived from its events."""
    return CommandOutcome(
        version=stored[-1].seq, head_hash=stored[-1].hash, events=stored,
        result=result_of([r.event for r in records]), records=records, before=before, after=after,
        replayed=replayed, token=token,
    )


def _entropy(state: CampaignState) -> str | None:
    """The contribution digest the active epoch's dice mix in (algorithm 2), or None (algorithm 1)."""
    epoch = state.epoch
    return epoch.entropy if epoch is not None and epoch.algorithm >= 2 else None


def _epoch_of(state: CampaignState) -> tuple[int, str | None]:
    return (state.epoch.epoch if state.epoch is not None else 0), _entropy(state)


def _provenance(state: CampaignState, nonce: int, entropy: str | None) -> DiceProvenance | None:
    """The dice's provenance at `state` (`entropy`: `_entropy(state)`, which the caller has at hand)."""
    if state.epoch is None:
        return None
    return DiceProvenance(epoch=state.epoch.epoch, nonce=nonce, entropy=entropy)


@dataclass
class AppendCounts:
    """How this process's commands were appended: for tests and the bench, never for decisions."""

    optimistic: int = 0
    lost_races: int = 0
    locked: int = 0


class Commander:
    def __init__(self, store: EventStore, cache: StateCache, snapshots: Snapshots | None = None) -> None:
        self.store = store
        self.cache = cache
        self.snapshots = snapshots
        self.counts = AppendCounts()

    async def create_campaign(self, command: CreateCampaign) -> tuple[str, CommandOutcome]:
        """A new campaign with its GM and first dice epoch; answers the campaign id and the GM token."""
        check_options(command.ruleset, command.options)
        campaign_id = str(uuid.uuid4())
        gm_id = "gm"
        seed = dice_source.new_seed()
        events = decide_creation(campaign_id, command, gm_id, dice_source.commitment(seed))
        token = tokens.new_token()
        base = EventMeta(actor=gm_id, role="gm", command_id=command_id(), command_type="create_campaign")
        async with self.store.create(campaign_id, command.ruleset) as writer:
            metas, state = stamp(CampaignState(), events, 1, base)
            metas[0] = msgspec.structs.replace(metas[0], command=recorded_command(command))
            await writer.save_seed(1, seed, dice_source.commitment(seed))
            await writer.save_token(tokens.token_hash(token), gm_id, "gm")
            stored = await writer.append(events, metas, None)
        self.cache.put(campaign_id, state, stored[-1].hash)
        records = [Recorded(s.seq, e, m) for s, e, m in zip(stored, events, metas, strict=True)]
        return campaign_id, _outcome(stored, records, CampaignState(), state, replayed=False, token=token)

    async def execute(
        self,
        campaign_id: str,
        actor: Actor,
        command: Command,
        idempotency_key: str | None,
        digest: str,
    ) -> CommandOutcome:
        """Decide and append one command, or answer the original outcome of a retried one (its events and the
        states around them: the edge tells them).

        One statement when this process has the campaign's head state and the command writes only events
        (`_append_optimistically`); otherwise, and for every refusal, replay and lost race it gives up on,
        the locked transaction (`_execute_locked`), whose answers are the reference.
        """
        if not isinstance(command, LOCKED_COMMANDS):
            done = await self._append_optimistically(campaign_id, actor, command, idempotency_key, digest)
            if done is not None:
                self.counts.optimistic += 1
                state, decided, stored, _ = done
                return await self._committed(campaign_id, state, decided, stored, None)
        self.counts.locked += 1
        return await self._execute_locked(campaign_id, actor, command, idempotency_key, digest)

    async def execute_remembered(
        self,
        campaign_id: str,
        actor: Actor,
        command: Command,
        idempotency_key: str | None,
        digest: str,
        token_hash: str,
    ) -> tuple[CommandOutcome, str | None]:
        """`execute` for an actor remembered from its token (service/known_tokens.py), not read for this request:
        only on the optimistic path, whose append commits only if the token still works (service/store.py,
        `append_if_head_and_token`), and answers the campaign's newest valid share key with the outcome.
        TokenUnchecked (nothing written) when the token no longer works or the command leaves that path: a
        refusal, a replay, a version conflict, a locked command all have their token read first, as before."""
        if not isinstance(command, LOCKED_COMMANDS):
            try:
                done = await self._append_optimistically(campaign_id, actor, command, idempotency_key, digest,
                                                         token_hash)
            except TokenNotValid:
                raise TokenUnchecked(refused=True) from None
            if done is not None:
                self.counts.optimistic += 1
                state, decided, stored, share_key = done
                return await self._committed(campaign_id, state, decided, stored, None), share_key
        raise TokenUnchecked(refused=False)

    async def _append_optimistically(
        self, campaign_id: str, actor: Actor, command: Command, idempotency_key: str | None, digest: str,
        token_hash: str | None = None,
    ) -> tuple[CampaignState, Step, list[StoredEvent], str | None] | None:
        """Decide against the cached head state and append in one statement (service/store.py says why that
        is safe); None when the locked path must answer: nothing cached, a refusal or a version mismatch
        against a state that may be stale, a used idempotency key, a side record, too many lost races. With a
        remembered token's hash, every attempt (the retries after a lost race too) commits only if the token
        still works, and answers the newest valid share key: TokenNotValid if the token no longer works."""
        cached = self.cache.head_state(campaign_id)
        if cached is None:
            return None
        state, head_hash = cached
        for _ in range(OPTIMISTIC_ATTEMPTS):
            if command.expected_version is not None and command.expected_version != state.version:
                return None
            if state.epoch is None:
                return None
            # Remembered after the campaign's first command: looked up without a coroutine of its own.
            active = self.store.known_seed(campaign_id, state.epoch.epoch)
            if active is None:
                active = await self.store.active_seed(campaign_id, state.epoch.epoch)
            if active is None:
                return None
            head = Head(campaign_id, state.ruleset or "", state.version, head_hash)
            try:
                decided, _ = self._decide(campaign_id, head.version, state, actor, command, active,
                                          self._base(actor, command, digest))
            except DomainError:
                return None
            share_key: str | None = None
            try:
                if token_hash is None:
                    stored = await self.store.append_if_head(head, decided.events, decided.metas, idempotency_key)
                elif not decided.events:
                    return None  # nothing to append, so nothing checks the token: it is read first
                else:
                    stored, share_key = await self.store.append_if_head_and_token(
                        head, decided.events, decided.metas, idempotency_key, token_hash)
            except KeyAlreadyUsed:
                return None
            if stored is not None:
                return state, decided, stored, share_key
            # Lost the race: another writer moved the head from the version decided against. Catch up (the
            # events after it, in one snapshot with the head) and decide again.
            self.counts.lost_races += 1
            current, tail = await self.store.catch_up(campaign_id, state.version)
            if any(is_voiding(r) for r in tail):
                return None  # which events are live changed: the locked path folds again
            caught_up = campaign_state(tail, initial=state)
            if caught_up.version != current.version:
                return None  # the head and the log disagree (verify says how): only the locked path writes
            state, head_hash = caught_up, current.head_hash
            self.cache.put(campaign_id, state, head_hash)
        return None

    async def _execute_locked(
        self,
        campaign_id: str,
        actor: Actor,
        command: Command,
        idempotency_key: str | None,
        digest: str,
    ) -> CommandOutcome:
        """The command in one transaction under the head lock: key first, then the version, then the decision."""
        token: str | None = None
        kept: attempts.Kept | None = None
        async with self.store.write(campaign_id) as writer:
            # A key is its sender's (migrations/0005): another participant's command under it is theirs.
            previous = (await writer.command_by_key(idempotency_key, actor.participant_id)
                        if idempotency_key is not None else [])
            if previous:
                _retried(previous, digest, IdempotencyConflict(idempotency_key or ""))
                head = writer.head
            else:
                state = await self.cache.for_writer(writer)
                writer.check_version(command.expected_version)
                try:
                    decided, fresh_seed = await self._decide_locked(writer, state, actor, command,
                                                                    self._base(actor, command, digest))
                except DomainError as error:
                    kept = await attempts.keep_refused(writer, state, actor, digest, idempotency_key, [], None, "",
                                                       command, error, None)
                    if kept is None:
                        raise  # decided before any die was drawn: nothing is recorded
                else:
                    token = await self._side_records(writer, state, command, decided.events, fresh_seed)
                    stored = await writer.append(decided.events, decided.metas, idempotency_key)
        if kept is not None:
            raise self._kept(campaign_id, kept)
        if not previous:
            return await self._committed(campaign_id, state, decided, stored, token)
        # A retry. Its answer is read back once the lock is released: the events it reads never change, and
        # reading them may need another connection of the pool, which writers waiting on this head could hold.
        replay = await self._replayed_unit(campaign_id, previous, head)
        assert replay.after is not None
        records = [recorded_from_stored(s) for s in previous]
        return _outcome(previous, records, replay.commands[0].before, replay.after, replayed=True)

    async def _committed(
        self,
        campaign_id: str,
        state: CampaignState,
        decided: Step,
        stored: list[StoredEvent],
        token: str | None,
    ) -> CommandOutcome:
        """After the commit: the cache, a snapshot when one is due, and the outcome from the events at hand."""
        new_state = decided.after
        if decided.changes_live:
            # Which earlier events are live has changed: fold again, from the nearest snapshot before
            # what was voided or restored (or from the first event), now that the events are committed.
            new_state = await self._state_at(campaign_id, stored[-1].seq)
        # `_moved`, inline (no coroutine of its own: after every command).
        self.cache.put(campaign_id, new_state, stored[-1].hash)
        if self.snapshots is not None and self.snapshots.due(state.version, new_state.version):
            await self.snapshots.save(campaign_id, new_state)
        # The events and metas just written, typed: what decoding the stored rows would give back. `_outcome`, inline
        # (after every command): the result of the step's own list of those events.
        return CommandOutcome(
            version=stored[-1].seq, head_hash=stored[-1].hash, events=stored, result=result_of(decided.events),
            records=decided.records(stored[0].seq), before=state, after=new_state, replayed=False, token=token)

    async def secret_told(self, campaign_id: str, written: Sequence[tuple[int, Event]], links: Links) -> dict[str, Any]:
        """`secret_rolls`: the faces of the sealed rolls a command just made, for the GM who made it alone
        (answers go only to their sender; no event, read or stream holds them before the reveal). Read by the
        edge after the command's transaction (it reads the epoch's seed)."""
        def told(cid: str, records: Sequence[Recorded], before: CampaignState, after: CampaignState) -> dict[str, Any]:
            return told_result(records, before, after, links, cid)

        shown: list[dict[str, Any]] = []
        for seq, event in written:
            if isinstance(event, SecretRollSealed):
                seed = await self.store.active_seed(campaign_id, event.epoch)
                if seed is not None:
                    basis = await self._state_at(campaign_id, seq - 1) if event.command is not None else None
                    shown.append(sealed.sealed_faces(campaign_id, seed, seq, event, basis, told))
        return {"secret_rolls": shown} if shown else {}

    @staticmethod
    def _base(
        actor: Actor, command: Command, digest: str, line: int | None = None, post: PostRef | None = None,
    ) -> EventMeta:
        """The envelope every event of the command carries (`_decide` adds the dice's provenance, the step
        its session and turn)."""
        return EventMeta(
            actor=actor.participant_id,
            role=actor.role,
            post=post if post is not None else command.post,
            command_id=command_id(),
            command_type=command_tag(command),
            request_digest=digest,
            line=line,
        )

    async def execute_unit(
        self,
        campaign_id: str,
        actor: Actor,
        post: PostRef,
        digest: str,
        read: Callable[[CampaignState], UnitReading],
        basis: Callable[[CampaignState], object],
        replan: Callable[[CampaignState], Sequence[UnitLine] | None] | None = None,
    ) -> UnitOutcome:
        """Decide and append every line of a post in order, in one transaction, or none; a retried post
        (same id, same text, same author) answers what it wrote the first time.

        `read` reads the post against a state (the directory of names it parses with is that state's); its
        refusal is raised before anything is decided, unless the post is a retry. `replan` reads a retried
        post again, to answer the lines it skipped (`_skipped_again`); None when it no longer reads.
        """
        assert post.id is not None
        key = post.id
        for attempt in range(1, UNIT_READS + 1):
            # Reading a post is its costly part (hostile text, bounded by the edge's caps): it is done here,
            # holding no lock, no connection and no transaction, against the head as this process last saw
            # it. Under the lock, what the reading depended on (`basis`: the names) is compared with the
            # locked head's: a reading is a function of the text, the author, the language and those names,
            # so when they are equal it is exactly the reading of the locked state, and its lines are decided
            # as read (each is still decided, and permission-checked, against the locked state). When another
            # writer changed the names in between, the lock is released and the post read again, against
            # the newer head. A campaign whose names change under every read would starve the post: the
            # last attempt reads it under the lock, where the caps bound what that costs.
            reading = read(await self.cache.at_head(campaign_id))
            last = attempt == UNIT_READS
            done: list[UnitCommand] = []
            skipped: list[UnitSkip] = []
            kept: attempts.Kept | None = None
            try:
                async with self.store.write(campaign_id) as writer:
                    # A post id is its author's: another participant's post under it blocks nothing, and is named.
                    previous = await writer.command_by_key(key, actor.participant_id)
                    held_by = await writer.other_key_holders(key, actor.participant_id)
                    if previous:
                        # A command sent alone under the post's id is not the post either.
                        _retried(previous, digest, PostEdited(key), post=True)
                        unit = await writer.unit_of_post(key, actor.participant_id)
                    else:
                        state = await self.cache.for_writer(writer)
                        if basis(state) != reading.basis:
                            if not last:
                                raise _StaleReading
                            reading = read(state)
                        if reading.refusal is not None:
                            raise reading.refusal
                        start = state.version
                        initial = state
                        try:
                            # The lines roll back together when one is refused; the head lock stays held, so the
                            # attempt that keeps their dice lands right where they would have (service/attempts.py).
                            async with writer.savepoint():
                                for planned in reading.lines:
                                    state = await self._unit_line(writer, actor, post, digest, planned, state, done,
                                                                  skipped)
                                    recorded = sum(len(line.events) for line in done)
                                    if recorded > UNIT_EVENTS_MAX:
                                        raise UnitTooLarge(recorded, UNIT_EVENTS_MAX)
                        except LineRefused as refused:
                            kept = await attempts.keep_refused(writer, initial, actor, digest, key, done, refused.line,
                                                               refused.source, refused.command, refused.error, post)
                            if kept is None:
                                raise
                    head = writer.head
            except _StaleReading:
                continue
            break
        if kept is not None:
            raise self._kept(campaign_id, kept)
        if previous:
            # A retried post, read back once the lock is released (as a retried command: `_execute_locked`).
            replayed = await self._replayed_unit(campaign_id, unit, head, replan)
            return msgspec.structs.replace(replayed, id_also_held_by=held_by)
        # Every line's append sent the same NOTIFY payload (if anyone listens) in one transaction: PostgreSQL
        # delivers it once.
        if done:
            await self._moved(campaign_id, start, state, head.head_hash)
        return UnitOutcome(version=head.version, head_hash=head.head_hash, commands=done, after=state,
                           skipped=skipped, id_also_held_by=held_by)

    async def _unit_line(
        self, writer: Writer, actor: Actor, post: PostRef, digest: str, planned: UnitLine, state: CampaignState,
        done: list[UnitCommand], skipped: list[UnitSkip],
    ) -> CampaignState:
        """Decide and append one line of a unit inside its transaction, or skip it (a consequence of the
        unit's own roll that the roll did not allow); answers the state after it."""
        command = msgspec.structs.replace(planned.command, post=post)
        try:
            writer.check_version(command.expected_version)
            decided, fresh_seed = await self._decide_locked(
                writer, state, actor, command, self._base(actor, command, digest, line=planned.line, post=post))
        except DomainError as error:
            skip = _skip(planned, command, error, done, state)
            if skip is None:
                raise LineRefused(planned.line, planned.source, error, command) from error
            skipped.append(skip)
            return state
        token = await self._side_records(writer, state, command, decided.events, fresh_seed)
        # The idempotency key (the post id) goes on the unit's first event only.
        stored = await writer.append(decided.events, decided.metas, post.id if not done else None)
        after = decided.after
        if decided.changes_live:
            # Which earlier events are live has changed: fold again, inside this transaction (it sees the
            # lines written so far), before the next line is decided.
            after = campaign_state(await writer.records_after(0))
        done.append(UnitCommand(planned.line, planned.source, command_tag(command), stored, decided.events, state,
                                token))
        return after

    async def _moved(self, campaign_id: str, start: int, state: CampaignState, head_hash: str) -> None:
        """After a commit that moved the head from version `start`: the cache holds the state at the new head,
        and a snapshot is saved when one is due."""
        self.cache.put(campaign_id, state, head_hash)
        if self.snapshots is not None and self.snapshots.due(start, state.version):
            await self.snapshots.save(campaign_id, state)

    def _kept(self, campaign_id: str, kept: attempts.Kept) -> attempts.AttemptKept:
        """After the attempt's commit: the cache moves to its head; the refusal to raise tells it."""
        self.cache.put(campaign_id, kept.after, kept.stored[-1].hash)
        return attempts.AttemptKept(kept.stored, replayed=False)

    async def _side_records(
        self, writer: Writer, state: CampaignState, command: Command, events: Sequence[Event],
        fresh_seed: bytes | None,
    ) -> str | None:
        """What a command writes besides its events: a new participant's token, a revocation (the tokens and
        web sessions of the participant end), a rotation (those end and a new token is issued), a new epoch's
        seed. All of it commits with the events, or none of it."""
        token: str | None = None
        if isinstance(command, InviteParticipant):
            token = tokens.new_token()
            joined = events[0]
            assert isinstance(joined, ParticipantJoined)
            await writer.save_token(tokens.token_hash(token), joined.participant_id, command.role)
        if isinstance(command, (RevokeParticipantToken, RotateParticipantToken)):
            await writer.revoke_tokens(command.participant_id)
        if isinstance(command, RotateParticipantToken):
            token = tokens.new_token()
            role = state.participants[command.participant_id].role  # the decision checked it exists
            await writer.save_token(tokens.token_hash(token), command.participant_id, role)
        for event in events:
            if isinstance(event, DiceSeedCommitted):
                assert fresh_seed is not None  # _decide refuses an epoch opened without one
                await writer.save_seed(event.epoch, fresh_seed, event.commitment)
        return token

    async def _replayed_unit(
        self, campaign_id: str, stored: list[StoredEvent], head: Any,
        plan: Callable[[CampaignState], Sequence[UnitLine] | None] | None = None,
    ) -> UnitOutcome:
        """The unit a post wrote, read back: each line's events and the state right before it; with the
        post's `plan`, the lines it skipped too (`_skipped_again`)."""
        groups: list[list[StoredEvent]] = []
        for event in stored:
            if groups and groups[-1][0].envelope.command_id == event.envelope.command_id:
                groups[-1].append(event)
            else:
                groups.append([event])
        state = await self._state_at(campaign_id, stored[0].seq - 1) if stored else CampaignState()
        done: list[UnitCommand] = []
        for group in groups:
            records = [recorded_from_stored(s) for s in group]
            after = (
                await self._state_at(campaign_id, group[-1].seq)
                if any(is_voiding(r) for r in records)
                else campaign_state(records, initial=state)
            )
            meta = group[0].envelope
            done.append(UnitCommand(meta.line or 0, "", str(meta.command_type), group, [r.event for r in records],
                                    state))
            state = after
        skipped = _skipped_again(plan, stored, done, state) if plan is not None and stored else []
        return UnitOutcome(version=head.version, head_hash=head.head_hash, commands=done, replayed=True, after=state,
                           skipped=skipped)

    async def _state_at(self, campaign_id: str, seq: int) -> CampaignState:
        """The state right after event `seq` (before the first event: the empty state), folded from the
        nearest snapshot when there are snapshots, else from the first event."""
        if seq < 1:
            return CampaignState()
        if self.snapshots is not None:
            return await self.snapshots.state_at(campaign_id, seq)
        return campaign_state(await self.store.records(campaign_id, 0, seq))

    async def _decide_locked(
        self, writer: Writer, state: CampaignState, actor: Actor, command: Command, base: EventMeta
    ) -> tuple[Step, bytes | None]:
        """`_decide` at the locked head, with the seed and the named events' types read in its transaction."""
        if state.epoch is None:
            raise RuntimeError(f"campaign {writer.head.campaign_id} has no dice epoch")
        active = await writer.seed(state.epoch.epoch)
        if active is None:
            raise RuntimeError(f"the seed of epoch {state.epoch.epoch} is missing")
        event_types: dict[int, str] = {}
        if isinstance(command, (Retract, Reinstate)):
            event_types = await writer.event_types(command.seqs)
        bases = await sealed.bases(writer, state) if isinstance(command, REVEALS) else {}
        return self._decide(writer.head.campaign_id, writer.head.version, state, actor, command, active, base,
                            event_types, bases)

    @staticmethod
    def _decide(
        campaign_id: str,
        version: int,
        state: CampaignState,
        actor: Actor,
        command: Command,
        active: bytes,
        base: EventMeta,
        event_types: dict[int, str] | None = None,
        bases: dict[int, CampaignState] | None = None,
    ) -> tuple[Step, bytes | None]:
        """The command's step decided at `version` (dice nonce = the next seq) with the dice of the active
        seed (a sealed test's: its key's), and the fresh seed drawn for a command that may open an epoch;
        `bases`, the campaign at the basis of each sealed test a reveal may decide again (service/sealed.py)."""
        nonce = version + 1
        rolls = type(command) is Roll
        # The commonest command, a roll in the open (a Roll is no sealed test, draws no seed and reveals none):
        # spared the questions below, whose answers for it are known.
        open_roll = rolls and not command.secret  # type: ignore[attr-defined]  # a Roll, by the test before
        sealed_test = False if open_roll else is_sealed_test(command)
        secret = False if open_roll else (isinstance(command, Roll) and command.secret) or sealed_test
        roll_key = dice_source.roll_key(active, campaign_id, nonce) if secret else b""
        entropy = _entropy(state)
        # A sealed test draws its sealed roll's dice (its key's), never the epoch's: none of them is the epoch's.
        dice = dice_source.SeededDice(roll_key if sealed_test else active, campaign_id, nonce, entropy)
        fresh = None if open_roll or not isinstance(command, OPENS_EPOCH) else dice_source.new_seed()
        reveals = not open_roll and isinstance(command, REVEALS)
        context = CommandContext(
            next_seq=nonce,
            # A roll names nothing new and reveals no seed: neither is ever read (the commonest command spared both).
            fresh_id="" if rolls else fresh_id("p" if isinstance(command, InviteParticipant) else "c", campaign_id,
                                               nonce),
            fresh_commitment=dice_source.commitment(fresh) if fresh is not None else "",
            active_seed=None if rolls else active.hex(),
            event_types=event_types or {},
            roll_commitment=dice_source.commitment(roll_key) if secret else "",
            roll_key=roll_key.hex() if sealed_test else "",
            secret_draws=sealed.secret_draws(active, campaign_id, state, bases or {}) if reveals else {},
        )
        try:
            # A sealed test's dice are its key's, not the epoch's: its seal names no provenance of epoch dice.
            provenance = None if sealed_test else _provenance(state, nonce, entropy)
            decided = step(state, command, dice, actor, context, msgspec.structs.replace(base, dice=provenance))
        except DomainError as error:
            # A refusal that came after dice were drawn: they are recorded, not lost (service/attempts.py). A
            # sealed test's dice are its key's: secret, and refused before any of them tells anything.
            if not sealed_test:
                attempts.note_drawn(error, attempts.Drawn(nonce, *_epoch_of(state), tuple(dice.rolled)))
            raise
        if fresh is None:
            for event in decided.events:
                if isinstance(event, DiceSeedCommitted):
                    raise RuntimeError(f"{command_tag(command)} opened a dice epoch but is not in OPENS_EPOCH")
        return decided, fresh


def _retried(previous: Sequence[StoredEvent], digest: str, other: IdempotencyConflict, post: bool = False) -> None:
    """A key used before by the same participant: a retry (same request digest; for a post, also a post's
    events) answers what it wrote, a refused attempt's retry raises the same refusal (no new die), anything
    else raises `other`."""
    first = previous[0].envelope
    if first.request_digest != digest or (post and first.line is None):
        raise other
    if attempts.is_attempt(previous):
        raise attempts.AttemptKept(list(previous), replayed=True)


def _skip(planned: UnitLine, command: Command, error: DomainError, done: Sequence[UnitCommand],
          state: CampaignState) -> UnitSkip | None:
    """The skip of a refused line that follows a roll of the unit's earlier lines it depended on, or None."""
    found = skip_reason(command, error, [event for line in done for event in line.events])
    if found is None:
        return None
    reason, roll_id = found
    rule = error.rule if isinstance(error, RuleViolation) else ""
    skipped = SkippedLine(line=planned.line, source=planned.source, command_type=command_tag(command),
                          reason=reason, roll_id=roll_id, rule=rule, message=error.message, said=error.said)
    return UnitSkip(skipped, len(done), state)


def _skipped_again(
    plan: Callable[[CampaignState], Sequence[UnitLine] | None], stored: list[StoredEvent],
    done: list[UnitCommand], after: CampaignState,
) -> list[UnitSkip]:
    """A replayed unit's skipped lines: nothing of them was recorded, so the post is read again against the
    state it was first read against (right before its first event) and every planned line without events of
    its own is decided again against the state before it, which refuses it as the first time (a skip rolls
    no die, so no dice are needed); the same rules then say it was skipped, and why.

    The same code reads the same text against the same state alike. A post recorded by an older version that
    reads otherwise now (a changed grammar) still answers every line it recorded: a line that cannot be
    matched is left out rather than failing the replay, whose recorded lines are the reference."""
    first = stored[0].envelope
    actor = Actor(str(first.actor), first.role or "player")
    planned = list(plan(done[0].before) or [])
    skipped: list[UnitSkip] = []
    position = 0
    for line in planned:
        if position < len(done) and done[position].line == line.line and (
                done[position].command_type == command_tag(line.command)):
            position += 1
            continue
        state = done[position].before if position < len(done) else after
        context = CommandContext(next_seq=state.version + 1, fresh_id="replayed", fresh_commitment="")
        try:
            decide(state, line.command, FixedDice(()), actor, context)
        except DomainError as error:
            skip = _skip(line, line.command, error, done[:position], state)
            if skip is not None:
                skipped.append(skip)
        except DiceExhausted:
            pass  # the rules would roll for it now: not a line this post skipped (see the docstring)
    return skipped
