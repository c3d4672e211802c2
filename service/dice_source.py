"""Verifiable dice: every die is HMAC-SHA256 of a committed secret seed (docs/fairness.md).

Die k of the command whose first event has seq `nonce`, with `sides` faces:
for attempt = 0, 1, 2 ...: v = first 8 bytes, big-endian, of HMAC-SHA256(key=seed, msg), where msg is
UTF-8 of f"{campaign_id}:{nonce}:{k}:{attempt}" (algorithm 1) or of
f"{campaign_id}:{nonce}:{k}:{attempt}:{entropy}" (algorithm 2; `entropy` the hex digest of the epoch's
contributions recorded before the command); accept when v < 2**64 - (2**64 mod sides) and answer
v mod sides + 1. The rejection keeps every face equally likely.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from domain.dice import Die

_SPACE = 2**64
DICE_SPACE = _SPACE  # a die of more sides has no face: no draw is below the rejection limit


def new_seed() -> bytes:
    """A fresh secret 32-byte seed from the operating system's CSPRNG."""
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    """sha256(seed) in lowercase hex: published before any die of the epoch is rolled."""
    return hashlib.sha256(seed).hexdigest()


def die_message(campaign_id: str, nonce: int, k: int, attempt: int, entropy: str | None = None) -> bytes:
    """The HMAC message of one attempt: algorithm 1 without `entropy`, algorithm 2 with it."""
    text = f"{campaign_id}:{nonce}:{k}:{attempt}"
    return (text if entropy is None else f"{text}:{entropy}").encode()


def die_value(seed: bytes, campaign_id: str, nonce: int, k: int, sides: int, entropy: str | None = None) -> int:
    """The face of die k of the command with this nonce: uniform on 1..sides."""
    if not 1 <= sides <= _SPACE:
        raise ValueError(f"a die has between 1 and 2**64 sides, not {sides}")
    limit = _SPACE - (_SPACE % sides)
    attempt = 0
    while True:
        message = die_message(campaign_id, nonce, k, attempt, entropy)
        digest = hmac.digest(seed, message, "sha256")  # HMAC(seed, message, sha256).digest(), in one C call
        value = int.from_bytes(digest[:8], "big")
        if value < limit:
            return value % sides + 1
        attempt += 1


# An HMAC-SHA256 key's two padded blocks, already hashed (RFC 2104: H((K ^ opad) || H((K ^ ipad) || m))), by key:
# each die then costs two copies of a hashed block and two short updates, where `hmac.digest` sets up OpenSSL's
# whole MAC machinery again for every die (measured in the app: ~12 µs a die against ~4). Bounded; a key here is
# an epoch's seed or a secret roll's key, both already held by this process (service/store.py remembers seeds).
_PADS: dict[bytes, tuple[hashlib._Hash, hashlib._Hash]] = {}
_PADS_LIMIT = 1024
_BLOCK = 64  # SHA-256's block size
_INNER = bytes(x ^ 0x36 for x in range(256))
_OUTER = bytes(x ^ 0x5C for x in range(256))


def _pads(key: bytes) -> tuple[hashlib._Hash, hashlib._Hash]:
    found = _PADS.get(key)
    if found is None:
        block = (hashlib.sha256(key).digest() if len(key) > _BLOCK else key).ljust(_BLOCK, b"\0")
        found = (hashlib.sha256(block.translate(_INNER)), hashlib.sha256(block.translate(_OUTER)))
        if len(_PADS) >= _PADS_LIMIT:
            _PADS.clear()
        _PADS[key] = found
    return found


def roll_key(epoch_seed: bytes, campaign_id: str, nonce: int) -> bytes:
    """The key of the secret roll whose command has this nonce: HMAC-SHA256 of the epoch's seed over
    UTF-8 of f"secret:{campaign_id}:{nonce}" (docs/fairness.md, "Secret rolls"). Revealing it reveals that
    roll's dice and nothing else; the epoch's seed, once revealed, shows it was not chosen."""
    return hmac.new(epoch_seed, f"secret:{campaign_id}:{nonce}".encode(), hashlib.sha256).digest()


class SeededDice:
    """The Dice of one command: die k is the k-th die this command rolls.

    Each face is `die_value`'s, computed from the key's hashed pads (`_pads`) and the message's fixed parts
    (the same bytes as `die_message`): tests/service/test_fairness.py checks both against each other and against
    docs/fairness.md's vectors. `die_value` stays the reference the verifier uses."""

    # One per command: no attribute dictionary for the collector to track.
    __slots__ = ("nonce", "entropy", "rolled", "_inner", "_outer", "_head", "_tail")

    def __init__(self, seed: bytes, campaign_id: str, nonce: int, entropy: str | None = None) -> None:
        self.nonce = nonce
        self.entropy = entropy
        self.rolled: list[Die] = []
        self._inner, self._outer = _pads(seed)
        # UTF-8 of a concatenation is the concatenation of the parts' UTF-8.
        self._head = f"{campaign_id}:{nonce}:".encode()
        self._tail = b"" if entropy is None else f":{entropy}".encode()

    def roll(self, sides: int) -> Die:
        if not 1 <= sides <= _SPACE:
            raise ValueError(f"a die has between 1 and 2**64 sides, not {sides}")
        k = len(self.rolled)
        limit = _SPACE - (_SPACE % sides)
        attempt = 0
        while True:
            inner = self._inner.copy()
            inner.update(b"%b%d:%d%b" % (self._head, k, attempt, self._tail))
            outer = self._outer.copy()
            outer.update(inner.digest())
            value = int.from_bytes(outer.digest()[:8], "big")
            if value < limit:
                break
            attempt += 1
        die = Die(k=k, sides=sides, value=value % sides + 1)
        self.rolled.append(die)
        return die
