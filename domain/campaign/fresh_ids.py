"""The ids a command gives what it creates without a name of its own: the same on every replay of it."""

from __future__ import annotations

import hashlib


def fresh_id(prefix: str, campaign_id: str, nonce: int) -> str:
    """`<prefix>-` and 8 hex digits of sha256("<campaign_id>:<nonce>"): the nonce (the seq of the command's first
    event) is unique in the campaign, and a verifier replaying the command derives the same id
    (docs/audit-format.md, "Replaying the rules")."""
    return f"{prefix}-{hashlib.sha256(f'{campaign_id}:{nonce}'.encode()).hexdigest()[:8]}"
