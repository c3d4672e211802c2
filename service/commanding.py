"""Running a command: lock the head, check idempotency and version, decide, append, answer.

Everything a command writes (events, a new dice seed, a new token) commits in one transaction. A forum
post's command lines run as one unit (`execute_unit`): every line decided in order against the state the
previous lines left, inside one transaction under the head lock, each with its own command id and dice
nonce, or nothing recorded at all.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.campaign.commands import InviteParticipant, Reinstate, Retract
from domain.campaign.decide import CommandContext, CreateCampaign, decide_creation
from domain.campaign.events import DiceSeedCommitted, ParticipantJoined
from domain.campaign.state import CampaignState
from domain.commands import Actor, Command, PostRef, command_tag
from domain.dispatch import decide
from domain.errors import DomainError, RuleViolation
from domain.events import Event, RestoringEvent, VoidingEvent
from domain.rulesets import check_options
from projections.permalinks import Links
from projections.recorded import DiceProvenance, EventMeta
from projections.replay import campaign_state, is_voiding
from projections.results import result_of, told_result
from projections.stamping import stamp
from service import dice_source, tokens
from service.snapshots import Snapshots
from service.state_cache import StateCache
from service.store import EventStore, IdempotencyConflict, StoredEvent, Writer, recorded_from_stored


class CommandOutcome(msgspec.Struct, frozen=True):
    """What POST /commands answers: the head after the command, the events written, the result summary.

    `version` and `head_hash` are the campaign's head right after the command (for a replayed command,
    after the original): a forum post that shows them is a witness `verify --expect` can check.
    """

    version: int
    head_hash: str
    events: list[StoredEvent]
    result: dict[str, Any]
    replayed: bool = False
    token: str | None = None
    proof: str | None = None


class UnitLine(msgspec.Struct, frozen=True):
    """One command of a unit, with the post line it came from."""

    line: int
    source: str
    command: Command


class UnitCommand(msgspec.Struct, frozen=True):
    """What one line of a unit wrote: its command, its events as stored and as typed, the state before it."""

    line: int
    source: str
    command_type: str
    stored: list[StoredEvent]
    events: list[Event]
    before: CampaignState
    token: str | None = None


class UnitOutcome(msgspec.Struct, frozen=True):
    """What a unit answers: the head after it, and what each of its lines wrote (in order)."""

    version: int
    head_hash: str
    commands: list[UnitCommand]
    replayed: bool = False
    # The state after the unit: the renderers read names and the new state of whoever changed from it.
    after: CampaignState | None = None


class LineRefused(Exception):
    """One line of a unit was refused by the rules: nothing of the unit is recorded."""

    def __init__(self, line: int, source: str, error: DomainError) -> None:
        super().__init__(f"line {line}: {error.message}")
        self.line = line
        self.source = source
        self.error = error


class PostEdited(IdempotencyConflict):
    """The post id was recorded before with other text (an edited post), or by another participant."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.args = (
            f"post {key!r} was already recorded with other text: an edited post is not run again. "
            "Write the correction as a new post (undo, retract or a GM ruling)",
        )


def request_digest(body: Any) -> str:
    """sha256 of the command's canonical JSON: the same body retried has the same digest."""
    return hashlib.sha256(msgspec.json.encode(body, order="sorted")).hexdigest()


def _fresh_id(prefix: str) -> str:
    return f"{prefix}-{secrets.token_hex(4)}"


def _outcome(
    stored: list[StoredEvent],
    replayed: bool,
    token: str | None = None,
    told: dict[str, Any] | None = None,
) -> CommandOutcome:
    """The answer to a command: its facts and how it is told, both derived from its stored events."""
    records = [recorded_from_stored(s) for s in stored]
    result = {**result_of([r.event for r in records]), **(told or {})}
    return CommandOutcome(
        version=stored[-1].seq, head_hash=stored[-1].hash, events=stored, result=result, replayed=replayed,
        token=token,
    )


def _entropy(state: CampaignState) -> str | None:
    """The contribution digest the active epoch's dice mix in (algorithm 2), or None (algorithm 1)."""
    epoch = state.epoch
    return epoch.entropy if epoch is not None and epoch.algorithm >= 2 else None


def _provenance(state: CampaignState, nonce: int) -> DiceProvenance | None:
    if state.epoch is None:
        return None
    return DiceProvenance(epoch=state.epoch.epoch, nonce=nonce, entropy=_entropy(state))


class Commander:
    def __init__(
        self, store: EventStore, cache: StateCache, snapshots: Snapshots | None = None, links: Links | None = None
    ) -> None:
        self.store = store
        self.cache = cache
        self.snapshots = snapshots
        # Where proof permalinks point (LEXMECHANIC_PUBLIC_URL): answers tell every roll with its proof link.
        self.links = links or Links()

    def told(self, campaign_id: str, stored: Sequence[StoredEvent], before: CampaignState,
             after: CampaignState, links: Links | None = None) -> dict[str, Any]:
        """How a command is told (result.rendered, the numbers, who changed, the rolls' proofs)."""
        records = [recorded_from_stored(s) for s in stored]
        return told_result(records, before, after, links or self.links, campaign_id)

    async def create_campaign(self, command: CreateCampaign) -> tuple[str, CommandOutcome]:
        """A new campaign with its GM and first dice epoch; answers the campaign id and the GM token."""
        check_options(command.ruleset, command.options)
        campaign_id = str(uuid.uuid4())
        gm_id = "gm"
        seed = dice_source.new_seed()
        events = decide_creation(campaign_id, command, gm_id, dice_source.commitment(seed))
        token = tokens.new_token()
        base = EventMeta(actor=gm_id, role="gm", command_id=str(uuid.uuid4()), command_type="create_campaign")
        async with self.store.create(campaign_id, command.ruleset) as writer:
            metas, state = stamp(CampaignState(), events, 1, base)
            await writer.save_seed(1, seed, dice_source.commitment(seed))
            await writer.save_token(tokens.token_hash(token), gm_id, "gm")
            stored = await writer.append(events, metas, None)
        self.cache.put(campaign_id, state)
        return campaign_id, _outcome(stored, replayed=False, token=token)

    async def execute(
        self,
        campaign_id: str,
        actor: Actor,
        command: Command,
        idempotency_key: str | None,
        digest: str,
        links: Links | None = None,
    ) -> CommandOutcome:
        """Decide and append one command, or answer the original outcome of a retried one; `links` is where
        the proof links of its told result point (the campaign's public URL and share key)."""
        token: str | None = None
        async with self.store.write(campaign_id) as writer:
            if idempotency_key is not None:
                previous = await writer.command_by_key(idempotency_key)
                if previous:
                    first = previous[0].meta
                    # The same key from another participant, or with another body, is not a retry.
                    if first.get("request_digest") != digest or first.get("actor") != actor.participant_id:
                        raise IdempotencyConflict(idempotency_key)
                    replay = await self._replayed_unit(campaign_id, previous, writer.head)
                    assert replay.after is not None
                    told = self.told(campaign_id, previous, replay.commands[0].before, replay.after, links)
                    return _outcome(previous, replayed=True, told=told)
            state = await self.cache.for_writer(writer)
            writer.check_version(command.expected_version)
            events, seed, fresh_seed, nonce = await self._decide(writer, state, actor, command)
            if isinstance(command, InviteParticipant):
                token = tokens.new_token()
                joined = events[0]
                assert isinstance(joined, ParticipantJoined)
                await writer.save_token(tokens.token_hash(token), joined.participant_id, command.role)
            for event in events:
                if isinstance(event, DiceSeedCommitted):
                    await writer.save_seed(event.epoch, fresh_seed, event.commitment)
            base = EventMeta(
                actor=actor.participant_id,
                role=actor.role,
                post=command.post,
                command_id=str(uuid.uuid4()),
                command_type=command_tag(command),
                request_digest=digest,
                dice=_provenance(state, nonce) if seed is not None else None,
            )
            metas, new_state = stamp(state, events, nonce, base)
            stored = await writer.append(events, metas, idempotency_key)
        if any(isinstance(e, (VoidingEvent, RestoringEvent)) for e in events):
            # Which earlier events are live has changed: fold again, from the nearest snapshot before
            # what was voided or restored (or from the first event), now that the events are committed.
            new_state = await self._refold(campaign_id, stored[-1].seq)
        self.cache.put(campaign_id, new_state)
        if self.snapshots is not None and self.snapshots.due(state.version, new_state.version):
            await self.snapshots.save(campaign_id, new_state)
        told = self.told(campaign_id, stored, state, new_state, links)
        return _outcome(stored, replayed=False, token=token, told=told)

    async def execute_unit(
        self,
        campaign_id: str,
        actor: Actor,
        post: PostRef,
        digest: str,
        plan: Callable[[CampaignState], Sequence[UnitLine]],
    ) -> UnitOutcome:
        """Decide and append every line of a post in order, in one transaction, or none; a retried post
        (same id, same text, same author) answers what it wrote the first time.

        `plan` reads the post against the state at the locked head (the directory of names it parses with
        is that state's); it raises to refuse the post before anything is decided.
        """
        assert post.id is not None
        key = post.id
        async with self.store.write(campaign_id) as writer:
            previous = await writer.command_by_key(key)
            if previous:
                first = previous[0].meta
                if first.get("line") is None or first.get("request_digest") != digest or first.get(
                    "actor"
                ) != actor.participant_id:
                    raise PostEdited(key)
                return await self._replayed_unit(campaign_id, await writer.unit_of_post(key), writer.head)
            state = await self.cache.for_writer(writer)
            start = state.version
            lines = plan(state)
            done: list[UnitCommand] = []
            for planned in lines:
                command = msgspec.structs.replace(planned.command, post=post)
                try:
                    writer.check_version(command.expected_version)
                    events, seed, fresh_seed, nonce = await self._decide(writer, state, actor, command)
                except DomainError as error:
                    raise LineRefused(planned.line, planned.source, error) from error
                token = await self._side_records(writer, command, events, fresh_seed)
                base = EventMeta(
                    actor=actor.participant_id,
                    role=actor.role,
                    post=post,
                    command_id=str(uuid.uuid4()),
                    command_type=command_tag(command),
                    request_digest=digest,
                    line=planned.line,
                    dice=_provenance(state, nonce) if seed is not None else None,
                )
                metas, after = stamp(state, events, nonce, base)
                # The idempotency key (the post id) goes on the unit's first event only.
                stored = await writer.append(events, metas, key if not done else None)
                if any(is_voiding(r) for r in (recorded_from_stored(s) for s in stored)):
                    # Which earlier events are live has changed: fold again, inside this transaction (it
                    # sees the lines written so far), before the next line is decided.
                    after = campaign_state(await writer.records_after(0))
                done.append(UnitCommand(planned.line, planned.source, command_tag(command), stored, events, state,
                                        token))
                state = after
            head = writer.head
        # Every line's append sent the same NOTIFY payload in one transaction: PostgreSQL delivers it once.
        if done:
            self.cache.put(campaign_id, state)
            if self.snapshots is not None and self.snapshots.due(start, state.version):
                await self.snapshots.save(campaign_id, state)
        return UnitOutcome(version=head.version, head_hash=head.head_hash, commands=done, after=state)

    async def _side_records(
        self, writer: Writer, command: Command, events: Sequence[Event], fresh_seed: bytes
    ) -> str | None:
        """What a command writes besides its events: a new participant's token, a new epoch's seed."""
        token: str | None = None
        if isinstance(command, InviteParticipant):
            token = tokens.new_token()
            joined = events[0]
            assert isinstance(joined, ParticipantJoined)
            await writer.save_token(tokens.token_hash(token), joined.participant_id, command.role)
        for event in events:
            if isinstance(event, DiceSeedCommitted):
                await writer.save_seed(event.epoch, fresh_seed, event.commitment)
        return token

    async def _replayed_unit(self, campaign_id: str, stored: list[StoredEvent], head: Any) -> UnitOutcome:
        """The unit a post wrote, read back: each line's events and the state right before it."""
        groups: list[list[StoredEvent]] = []
        for event in stored:
            if groups and groups[-1][0].meta.get("command_id") == event.meta.get("command_id"):
                groups[-1].append(event)
            else:
                groups.append([event])
        state = await self._state_before(campaign_id, stored[0].seq) if stored else CampaignState()
        done: list[UnitCommand] = []
        for group in groups:
            records = [recorded_from_stored(s) for s in group]
            after = (
                await self._state_before(campaign_id, group[-1].seq + 1)
                if any(is_voiding(r) for r in records)
                else campaign_state(records, initial=state)
            )
            meta = group[0].meta
            done.append(UnitCommand(int(meta.get("line") or 0), "", str(meta.get("command_type")), group,
                                    [r.event for r in records], state))
            state = after
        return UnitOutcome(version=head.version, head_hash=head.head_hash, commands=done, replayed=True, after=state)

    async def _state_before(self, campaign_id: str, seq: int) -> CampaignState:
        if seq <= 1:
            return CampaignState()
        if self.snapshots is not None:
            return await self.snapshots.state_at(campaign_id, seq - 1)
        return campaign_state(await self.store.records(campaign_id, 0, seq - 1))

    async def _refold(self, campaign_id: str, seq: int) -> CampaignState:
        if self.snapshots is not None:
            return await self.snapshots.state_at(campaign_id, seq)
        return campaign_state(await self.store.records(campaign_id, 0, seq))

    async def _decide(
        self, writer: Writer, state: CampaignState, actor: Actor, command: Command
    ) -> tuple[list[Event], bytes | None, bytes, int]:
        nonce = writer.head.version + 1
        if state.epoch is None:
            raise RuntimeError(f"campaign {writer.head.campaign_id} has no dice epoch")
        active = await writer.seed(state.epoch.epoch)
        if active is None:
            raise RuntimeError(f"the seed of epoch {state.epoch.epoch} is missing")
        dice = dice_source.SeededDice(active, writer.head.campaign_id, nonce, _entropy(state))
        fresh = dice_source.new_seed()
        event_types: dict[int, str] = {}
        if isinstance(command, (Retract, Reinstate)):
            event_types = await writer.event_types(command.seqs)
        context = CommandContext(
            next_seq=nonce,
            fresh_id=_fresh_id("p" if isinstance(command, InviteParticipant) else "c"),
            fresh_commitment=dice_source.commitment(fresh),
            active_seed=active.hex(),
            event_types=event_types,
        )
        events = decide(state, command, dice, actor, context)
        if not events:
            raise RuleViolation("no_change", f"{command_tag(command)} changes nothing here, so nothing was recorded")
        return events, (active if dice.rolled else None), fresh, nonce
