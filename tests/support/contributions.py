"""Entropy contributions appended straight to the log, as epochs recorded before the quota may hold them.

The quota (docs/fairness.md, 5 per participant per epoch) now refuses the 600 contributions of issue 18
through the API; the log keeps such epochs for ever, so the proofs' bounded view is tested on them by
appending the events the old service would have written, one command each, through the store's own writer.
"""

from __future__ import annotations

import uuid

from domain.campaign.entropy import next_digest
from domain.campaign.events import EntropyContributed
from projections.recorded import EventMeta
from service.database import APP_ROLE, create_pool, with_user
from service.store import EventStore


async def append_contributions(database_url: str, campaign_id: str, actor: str, texts: list[str]) -> list[int]:
    """Contribute each text to the active epoch as `actor` (a player); the seqs written."""
    pool = await create_pool(with_user(database_url, APP_ROLE), 1, 1)
    try:
        store = EventStore(pool)
        async with store.write(campaign_id) as writer:
            epochs = await writer.connection.fetch(
                "SELECT (data ->> 'epoch')::int AS epoch, data ->> 'algorithm' AS algorithm FROM events"
                " WHERE campaign_id = $1 AND type = 'dice_seed_committed' ORDER BY seq DESC LIMIT 1",
                uuid.UUID(campaign_id),
            )
            epoch = int(epochs[0]["epoch"])
            digest = await writer.connection.fetchval(
                "SELECT data ->> 'digest' FROM events WHERE campaign_id = $1 AND type = 'entropy_contributed'"
                " AND (data ->> 'epoch')::int = $2 ORDER BY seq DESC LIMIT 1", uuid.UUID(campaign_id), epoch,
            ) or "0" * 64
            events, metas = [], []
            for text in texts:
                digest = next_digest(digest, text)
                events.append(EntropyContributed(epoch=epoch, entropy=text, digest=digest))
                metas.append(EventMeta(actor=actor, role="player", command_id=str(uuid.uuid4()),
                                       command_type="contribute_entropy"))
            stored = await writer.append(events, metas, None)
        return [event.seq for event in stored]
    finally:
        await pool.close()
