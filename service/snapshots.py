"""Snapshots of folded campaign state, and time travel that costs a snapshot plus a short tail.

A snapshot at seq S is valid for reading any seq s >= S unless an event in (S, s] voids or restores
an event at or before S (an undo reaching back past the snapshot): then an older snapshot is used.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence
from pathlib import Path

import asyncpg
import msgspec

from domain.campaign.state import CampaignState
from projections.corrections import touched
from projections.recorded import Recorded
from projections.replay import campaign_state
from service import codec, queries
from service.store import EventStore, _uuid

SNAPSHOT_EVERY = 250
_ROOT = Path(__file__).resolve().parent.parent
_log = logging.getLogger("lexmechanic")
_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(CampaignState)


def projection_version(root: Path = _ROOT) -> str:
    """A digest of the code that folds events (domain/ and projections/): any change makes a new version."""
    digest = hashlib.sha256()
    for path in sorted([*(root / "domain").rglob("*.py"), *(root / "projections").rglob("*.py")]):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def reaches_back(tail: Sequence[Recorded], base: int) -> int | None:
    """The lowest seq at or before `base` that an event of the tail voids or restores, if any."""
    reached = [seq for recorded in tail for seq in touched(recorded.event) if seq <= base]
    return min(reached) if reached else None


class Snapshots:
    def __init__(self, store: EventStore, version: str | None = None, every: int = SNAPSHOT_EVERY) -> None:
        self.store = store
        self.version = version or projection_version()
        self.every = every

    async def _latest(self, campaign_id: str, seq: int) -> tuple[int, CampaignState]:
        row = await self.store.pool.fetchrow(
            queries.SELECT_SNAPSHOT_AT_OR_BEFORE, _uuid(campaign_id), self.version, seq
        )
        if row is None:
            return 0, CampaignState()
        return row["seq"], _decoder.decode(row["state"])

    async def nearest(self, campaign_id: str, seq: int) -> tuple[int, CampaignState]:
        """The latest snapshot at or before `seq` and its seq (0 and the empty state when there is none).

        Unchecked: a correction after it may reach behind it (`state_at` checks; callers of this one do).
        """
        return await self._latest(campaign_id, seq)

    async def save(self, campaign_id: str, state: CampaignState) -> None:
        """Store a snapshot; a failure only costs speed, so it is logged, not raised."""
        try:
            await self.store.pool.execute(
                queries.INSERT_SNAPSHOT, _uuid(campaign_id), self.version, state.version, _encoder.encode(state)
            )
        except (asyncpg.PostgresError, OSError) as error:
            _log.warning("snapshot of %s at %s not stored: %s", campaign_id, state.version, error)

    def due(self, before: int, after: int) -> bool:
        """Whether a write from version `before` to `after` crossed a snapshot boundary."""
        return after // self.every > before // self.every

    async def state_at(self, campaign_id: str, seq: int) -> CampaignState:
        """The state right after event `seq`: the nearest valid snapshot, then the tail."""
        base, state, tail = await self._latest_with_tail(campaign_id, seq)
        found_any = base > 0
        while (reached := reaches_back(tail, base)) is not None:
            # An undo in the tail reaches behind the snapshot: an older one, read again.
            base, state = await self._latest(campaign_id, reached - 1)
            tail = await self.store.records(campaign_id, base, seq)
        if not found_any and seq >= 2 * self.every:
            # No snapshot at all for this projection version yet: fold once and leave them behind.
            state, _ = await self._fold_saving(campaign_id, tail)
            return state
        return campaign_state(tail, initial=state if base else None)

    async def nearest_with_tail(self, campaign_id: str, seq: int) -> tuple[int, CampaignState, list[Recorded]]:
        """`nearest` and the records after it up to `seq`, in one round trip. Unchecked, as `nearest`."""
        return await self._latest_with_tail(campaign_id, seq)

    async def _latest_with_tail(self, campaign_id: str, seq: int) -> tuple[int, CampaignState, list[Recorded]]:
        """The latest snapshot at or before `seq` and the records after it up to `seq`, in one round trip."""
        rows = await self.store.pool.fetch(queries.SELECT_SNAPSHOT_AND_TAIL, _uuid(campaign_id), self.version, seq)
        base, state = 0, CampaignState()
        if rows and rows[0][5] is not None:
            base, state = rows[0][0], _decoder.decode(rows[0][5])
            rows = rows[1:]
        return base, state, [codec.recorded(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def _fold_saving(self, campaign_id: str, records: Sequence[Recorded]) -> tuple[CampaignState, int]:
        """Fold `records` (from seq 1) and store a snapshot every `every` events; answer the state and count."""
        state, saved = CampaignState(), 0
        for start in range(0, len(records), self.every):
            chunk = records[start : start + self.every]
            if reaches_back(chunk, chunk[0].seq - 1) is not None:
                # A correction reaching into an earlier chunk: fold everything up to here again.
                state = campaign_state(records[: start + len(chunk)])
            else:
                state = campaign_state(chunk, initial=state)
            if len(chunk) == self.every:
                await self.save(campaign_id, state)
                saved += 1
        return state, saved

    async def campaigns(self) -> list[tuple[str, int]]:
        """Every campaign with its version, oldest first."""
        return [(row[0], row[1]) for row in await self.store.pool.fetch(queries.SELECT_CAMPAIGNS)]

    async def rebuild(self, campaign_id: str, upto: int) -> int:
        """Replace every snapshot of a campaign with ones of the current projection version; answer how many."""
        await self.store.pool.execute(queries.DELETE_STALE_SNAPSHOTS, _uuid(campaign_id), self.version)
        _, saved = await self._fold_saving(campaign_id, await self.store.records(campaign_id, 0, upto))
        return saved
