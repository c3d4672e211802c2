"""Player entropy, dice algorithm v2: the running digest of the contributions recorded in an epoch.

d_0 = 32 zero bytes; d_i = SHA-256(d_(i-1) || SHA-256(UTF-8 of entropy_i)), in seq order
(docs/fairness.md). A die of the epoch mixes in the digest of the contributions recorded before its
command, so whoever chose the seed before them could not have ground it against them.
"""

from __future__ import annotations

import hashlib

# The algorithm every new epoch is committed under; epochs committed without one are algorithm 1.
DICE_ALGORITHM = 2
NO_CONTRIBUTIONS = "0" * 64


def next_digest(previous: str, entropy: str) -> str:
    """The epoch's digest after one more contribution, as lowercase hex."""
    contribution = hashlib.sha256(entropy.encode()).digest()
    return hashlib.sha256(bytes.fromhex(previous) + contribution).hexdigest()
