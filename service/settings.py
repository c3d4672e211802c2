"""Service settings, read once from the environment by the command line and passed to create_app."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec


class WebhookSettings(msgspec.Struct, frozen=True, kw_only=True):
    """How the webhook worker delivers (docs/api.md, "Webhooks"); the environment may shorten them (tests)."""

    # LEXMECHANIC_WEBHOOKS_ALLOW_PRIVATE=1: receivers on loopback, private or reserved addresses are allowed
    # (a test's receiver on 127.0.0.1, a bot on the same host). Off by default: a GM could otherwise make the
    # service call into the network it runs in.
    allow_private: bool = False
    # The first retry waits this long, each next one twice as long, up to the cap.
    retry_seconds: float = 2.0
    retry_max_seconds: float = 600.0
    # Consecutive failures after which a subscription is paused (the GM resumes it).
    pause_after: int = 10
    # How long a process holds a subscription it delivers; another process takes it over after that.
    lease_seconds: float = 60.0
    # The worker looks for due deliveries at least this often, whatever NOTIFY says.
    poll_seconds: float = 5.0


class DiscordSettings(msgspec.Struct, frozen=True, kw_only=True):
    """The Discord app's endpoint (docs/discord.md): without a public key, the endpoint answers 404."""

    # LEXMECHANIC_DISCORD_PUBLIC_KEY: the application's Ed25519 public key (hex), from the Developer Portal.
    public_key: str | None = None
    # LEXMECHANIC_DISCORD_API_URL: where follow-up messages go (tests point it at a local receiver).
    api_url: str = "https://discord.com/api/v10"
    # An interaction whose signed timestamp is further than this from now is refused (a replay window).
    max_age_seconds: float = 300.0
    # A command's answer waits this long before it is deferred (Discord's window is 3 s).
    defer_after_seconds: float = 2.0


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
    webhooks: WebhookSettings = WebhookSettings()
    discord: DiscordSettings = DiscordSettings()
    # A serving process's head start (service/warm_up.py, service/web/page_warm_up.py, the pool's prepared hot
    # reads): ≈ 0.2 s at start so that its first reader pays little more than the next. On for `serve`'s workers
    # (from the environment); off by default for an app made in-process, as the tests make hundreds of them and
    # read few pages each.
    head_start: bool = False


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
        webhooks=webhook_settings_from_env(),
        discord=discord_settings_from_env(),
        head_start=True,
    )


def discord_settings_from_env() -> DiscordSettings:
    """LEXMECHANIC_DISCORD_PUBLIC_KEY and LEXMECHANIC_DISCORD_API_URL; unset: no Discord app, Discord's API."""
    default = DiscordSettings()
    return DiscordSettings(
        public_key=os.environ.get("LEXMECHANIC_DISCORD_PUBLIC_KEY", "").strip() or None,
        api_url=os.environ.get("LEXMECHANIC_DISCORD_API_URL", "").strip().rstrip("/") or default.api_url,
    )


def webhook_settings_from_env() -> WebhookSettings:
    """LEXMECHANIC_WEBHOOKS_ALLOW_PRIVATE=1 and the delivery timings (LEXMECHANIC_WEBHOOKS_RETRY_SECONDS,
    _RETRY_MAX_SECONDS, _PAUSE_AFTER, _LEASE_SECONDS, _POLL_SECONDS); unset: the defaults."""
    env = os.environ
    default = WebhookSettings()
    return WebhookSettings(
        allow_private=env.get("LEXMECHANIC_WEBHOOKS_ALLOW_PRIVATE", "") == "1",
        retry_seconds=float(env.get("LEXMECHANIC_WEBHOOKS_RETRY_SECONDS", default.retry_seconds)),
        retry_max_seconds=float(env.get("LEXMECHANIC_WEBHOOKS_RETRY_MAX_SECONDS", default.retry_max_seconds)),
        pause_after=int(env.get("LEXMECHANIC_WEBHOOKS_PAUSE_AFTER", default.pause_after)),
        lease_seconds=float(env.get("LEXMECHANIC_WEBHOOKS_LEASE_SECONDS", default.lease_seconds)),
        poll_seconds=float(env.get("LEXMECHANIC_WEBHOOKS_POLL_SECONDS", default.poll_seconds)),
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
