"""Service settings, read once from the environment by the command line and passed to create_app."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    database_url: str
    admin_token: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000
    pool_min: int = 2
    pool_max: int = 10
    cache_capacity: int = 512
    # Where forum readers reach the service (LEXMECHANIC_PUBLIC_URL): permalinks are absolute under it.
    public_url: str | None = None
    # A live stream's longest life: then the server closes it and the browser reconnects with Last-Event-ID
    # (a new request, its reader authenticated again). Tests shorten it.
    stream_max_seconds: float = 15 * 60


def settings_from_env() -> Settings:
    """The settings of a worker process: everything from the environment (DATABASE_URL is required).

    `lexmechanic serve --workers N` starts each worker with the app factory and no arguments, so this is
    how a worker learns what the parent decided (the parent starts any embedded PostgreSQL and exports
    its URL before the workers start).
    """
    url = os.environ.get("DATABASE_URL")
    if not url:
        raise RuntimeError("DATABASE_URL is not set: the app factory reads its database from the environment")
    return Settings(
        database_url=url,
        admin_token=admin_token_from_env(),
        pool_min=int(os.environ.get("LEXMECHANIC_POOL_MIN", "2")),
        pool_max=int(os.environ.get("LEXMECHANIC_POOL_MAX", "10")),
        public_url=public_url_from_env(),
    )


def data_dir_from_env() -> Path:
    """Where the embedded PostgreSQL keeps its files when no DATABASE_URL is given."""
    return Path(os.environ.get("LEXMECHANIC_DATA_DIR", ".lexmechanic")).expanduser().resolve()


def admin_token_from_env() -> str | None:
    return os.environ.get("LEXMECHANIC_ADMIN_TOKEN") or None


def public_url_from_env() -> str | None:
    """LEXMECHANIC_PUBLIC_URL without a trailing slash, e.g. https://dice.example.org."""
    url = os.environ.get("LEXMECHANIC_PUBLIC_URL", "").strip().rstrip("/")
    return url or None
