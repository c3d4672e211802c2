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
# How many contributions one participant may make to one epoch. One is the normal case (a phrase of the
# post before the rolls that matter); a few more let a player contribute again right before a later roll it
# cares about. Past that the next epoch takes them (the GM's reveal_dice_seed or start_session begins one),
# which also gets the seed revealed sooner. It bounds an epoch's contributions, and so what every proof of
# the epoch must account for, at this many per participant (issue 18: one player had added 600).
CONTRIBUTIONS_PER_PARTICIPANT = 5
# How many of a roll's contributions its proof and its transcript frame name: the last ones before it. An
# epoch recorded before the quota may hold hundreds; the proof links the whole list (docs/api.md).
CONTRIBUTIONS_LISTED = 20


def next_digest(previous: str, entropy: str) -> str:
    """The epoch's digest after one more contribution, as lowercase hex."""
    contribution = hashlib.sha256(entropy.encode()).digest()
    return hashlib.sha256(bytes.fromhex(previous) + contribution).hexdigest()
