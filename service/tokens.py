"""Bearer tokens: random, shown once, stored only as their sha256."""

from __future__ import annotations

import hashlib
import secrets

PREFIX = "lxm_"


def new_token() -> str:
    return PREFIX + secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
