"""One HTTP delivery, bounded: connect and read timeouts, one deadline for the whole request, no redirect
followed, at most a few KB of the answer read (a receiver cannot hold a worker or fill its memory)."""

from __future__ import annotations

import asyncio

import httpx
import msgspec

from domain.message import Message, message

CONNECT_SECONDS = 5.0
REQUEST_SECONDS = 10.0
# What is read of an answer (then the connection is closed): enough for an error page's first lines.
ANSWER_BYTES = 4096


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    ok: bool
    status: int | None = None
    error: Message | None = None
    # A 429's (or 503's) Retry-After in seconds, when the receiver gave one.
    retry_after: float | None = None


def client() -> httpx.AsyncClient:
    """The worker's one HTTP client: no redirects, no proxy or credentials from the environment."""
    return httpx.AsyncClient(
        follow_redirects=False,
        trust_env=False,
        timeout=httpx.Timeout(REQUEST_SECONDS, connect=CONNECT_SECONDS),
        limits=httpx.Limits(max_connections=32, max_keepalive_connections=8),
    )


def _retry_after(value: str | None) -> float | None:
    if value is None or not value.strip().isdigit():
        return None
    return float(int(value.strip()[:6]))


async def send(http: httpx.AsyncClient, url: str, body: bytes, headers: dict[str, str]) -> Outcome:
    """POST `body` to `url`; ok on any 2xx."""
    try:
        async with asyncio.timeout(REQUEST_SECONDS + CONNECT_SECONDS):
            async with http.stream("POST", url, content=body, headers=headers) as answer:
                read = 0
                async for chunk in answer.aiter_raw():
                    read += len(chunk)
                    if read >= ANSWER_BYTES:
                        break
                status = answer.status_code
                retry = _retry_after(answer.headers.get("retry-after"))
    except (TimeoutError, httpx.TimeoutException):
        return Outcome(ok=False, error=message("notify.error.timeout", seconds=int(REQUEST_SECONDS + CONNECT_SECONDS)))
    except httpx.HTTPError as error:
        detail = type(error).__name__ + (f": {error}" if str(error) else "")
        return Outcome(ok=False, error=message("notify.error.connect", detail=detail[:200]))
    if 200 <= status < 300:
        return Outcome(ok=True, status=status)
    if 300 <= status < 400:
        return Outcome(ok=False, status=status, error=message("notify.error.redirect", status=status))
    return Outcome(ok=False, status=status, error=message("notify.error.status", status=status), retry_after=retry)
