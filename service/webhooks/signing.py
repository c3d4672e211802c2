"""The signature of a generic JSON delivery (docs/api.md, "Webhooks"): HMAC-SHA256 with the subscription's
secret over the timestamp, a dot and the raw body, so a receiver can refuse a forged or replayed delivery."""

from __future__ import annotations

import hashlib
import hmac
import secrets

SECRET_PREFIX = "whsec_"


def new_secret() -> str:
    """256 random bits, shown to the GM once."""
    return SECRET_PREFIX + secrets.token_urlsafe(32)


def signed_bytes(timestamp: int, body: bytes) -> bytes:
    return str(timestamp).encode("ascii") + b"." + body


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """The `X-Lexmechanic-Signature` header's value: `v1=` and the lowercase hex HMAC-SHA256."""
    digest = hmac.new(secret.encode("utf-8"), signed_bytes(timestamp, body), hashlib.sha256).hexdigest()
    return f"v1={digest}"
