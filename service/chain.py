"""The tamper-evident hash chain: the exact bytes every auditor recomputes (docs/audit-format.md).

hash(event) = sha256(bytes.fromhex(prev_hash) || canonical(event)), per campaign, starting from
GENESIS. canonical() is JSON with keys sorted by code point at every level, no whitespace, UTF-8
without ASCII escaping: Python's `json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)`.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

GENESIS = "0" * 64

# The fields of a stored event that the hash covers, in the export's names. Store positions
# (global_position, transaction id) are not covered: they are assigned by the database on insert.
HASHED_FIELDS = ("campaign_id", "seq", "type", "schema_version", "data", "meta", "idempotency_key", "recorded_at")


def canonical(record: dict[str, Any]) -> bytes:
    """The canonical bytes of an event record (only HASHED_FIELDS are read)."""
    body = {name: record[name] for name in HASHED_FIELDS}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()


def link(prev_hash: str, record: dict[str, Any]) -> str:
    """The hash of `record` chained after `prev_hash` (both lowercase hex)."""
    return hashlib.sha256(bytes.fromhex(prev_hash) + canonical(record)).hexdigest()
