"""Discord's request signature: Ed25519 over the timestamp header's bytes then the raw body, with the
application's public key (hex). pyca/cryptography is imported on the first check, not when the command
line starts."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey


@cache
def _key(public_key_hex: str) -> Ed25519PublicKey:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    return Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_key_hex))


def signature_valid(public_key_hex: str, signature_hex: str, timestamp: str, body: bytes) -> bool:
    """Whether `signature_hex` signs timestamp + body with the key; any malformed part is simply not valid."""
    from cryptography.exceptions import InvalidSignature

    try:
        key = _key(public_key_hex)
        signature = bytes.fromhex(signature_hex)
    except ValueError:
        return False
    if len(signature) != 64:
        return False
    try:
        key.verify(signature, timestamp.encode() + body)
    except InvalidSignature:
        return False
    return True
