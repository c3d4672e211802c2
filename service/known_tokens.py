"""The tokens this process has seen the database accept for a command, and whom each names.

Only for the command path's one round trip (docs/event-store.md, "Projections and the cache"): a remembered
token is never trusted by itself. Its command's append commits only if the token still works in the append's
own snapshot (service/store.py, `append_if_head_and_token`), and every other request reads its token as
before. What is remembered never goes stale but for the revocation the append checks: a token row's participant
and role never change.

Bounded: only tokens the database accepted go in (an unknown or revoked one never does, so a client sending
many made-up tokens adds nothing), at most `capacity` of them, the least recently used out first.
"""

from __future__ import annotations

from collections import OrderedDict

from domain.commands import Actor

CAPACITY = 4096


class KnownTokens:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._actors: OrderedDict[tuple[str, str], Actor] = OrderedDict()

    def __len__(self) -> int:
        return len(self._actors)

    def get(self, campaign_id: str, token_hash: str) -> Actor | None:
        """Whom the token named when the database last accepted it in this campaign, or None."""
        key = (campaign_id, token_hash)
        found = self._actors.get(key)
        if found is not None:
            self._actors.move_to_end(key)
        return found

    def remember(self, campaign_id: str, token_hash: str, actor: Actor) -> None:
        """The database has just accepted the token (its row, read now, has `revoked_at IS NULL`)."""
        key = (campaign_id, token_hash)
        self._actors[key] = actor
        self._actors.move_to_end(key)
        while len(self._actors) > self.capacity:
            self._actors.popitem(last=False)

    def forget(self, campaign_id: str, token_hash: str) -> None:
        """The token no longer works: its next request reads it again (and is refused)."""
        self._actors.pop((campaign_id, token_hash), None)
