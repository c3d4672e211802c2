"""Running a command: lock the head, check idempotency and version, decide, append, answer.

Everything a command writes (events, a new dice seed, a new token) commits in one transaction.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from typing import Any

import msgspec

from domain.campaign.commands import InviteParticipant, Reinstate, Retract
from domain.campaign.decide import CommandContext, CreateCampaign, decide_creation
from domain.campaign.events import DiceSeedCommitted, ParticipantJoined
from domain.campaign.state import CampaignState
from domain.commands import Actor, Command, command_tag
from domain.dispatch import decide
from domain.errors import RuleViolation
from domain.events import Event, RestoringEvent, VoidingEvent
from domain.rulesets import check_options
from projections.recorded import DiceProvenance, EventMeta
from projections.replay import campaign_state
from projections.results import result_of
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


def request_digest(body: Any) -> str:
    """sha256 of the command's canonical JSON: the same body retried has the same digest."""
    return hashlib.sha256(msgspec.json.encode(body, order="sorted")).hexdigest()


def _fresh_id(prefix: str) -> str:
    return f"{prefix}-{secrets.token_hex(4)}"


def _outcome(
    stored: list[StoredEvent], replayed: bool, token: str | None = None, events: list[Event] | None = None
) -> CommandOutcome:
    """The answer to a command; a replayed one decodes its stored events to derive the same result."""
    if events is None:
        events = [recorded_from_stored(s).event for s in stored]
    return CommandOutcome(
        version=stored[-1].seq,
        head_hash=stored[-1].hash,
        events=stored,
        result=result_of(events),
        replayed=replayed,
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
    def __init__(self, store: EventStore, cache: StateCache, snapshots: Snapshots | None = None) -> None:
        self.store = store
        self.cache = cache
        self.snapshots = snapshots

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
        return campaign_id, _outcome(stored, replayed=False, token=token, events=events)

    async def execute(
        self,
        campaign_id: str,
        actor: Actor,
        command: Command,
        idempotency_key: str | None,
        digest: str,
    ) -> CommandOutcome:
        """Decide and append one command, or answer the original outcome of a retried one."""
        token: str | None = None
        async with self.store.write(campaign_id) as writer:
            if idempotency_key is not None:
                previous = await writer.command_by_key(idempotency_key)
                if previous:
                    first = previous[0].meta
                    # The same key from another participant, or with another body, is not a retry.
                    if first.get("request_digest") != digest or first.get("actor") != actor.participant_id:
                        raise IdempotencyConflict(idempotency_key)
                    return _outcome(previous, replayed=True)
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
        return _outcome(stored, replayed=False, token=token, events=events)

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
