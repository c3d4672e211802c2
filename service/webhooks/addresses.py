"""Where a webhook may point: an absolute http(s) url whose host is not on a private, loopback or reserved
address (unless the operator allows them), checked when the GM subscribes and again before each delivery."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from urllib.parse import urlsplit

from domain.message import Message, message

MAX_URL_LENGTH = 2000
RESOLVE_SECONDS = 5.0


class RefusedAddress(Exception):
    """The receiver's address is one the service does not call; `said` tells why."""

    def __init__(self, said: Message) -> None:
        super().__init__(said.id)
        self.said = said


def url_problem(url: str) -> Message | None:
    """Why `url` is no webhook url, or None: absolute http(s), a host, no credentials."""
    if len(url) > MAX_URL_LENGTH:
        return message("notify.url.too_long", most=MAX_URL_LENGTH)
    if not url.isascii() or not url.isprintable() or any(c.isspace() for c in url):
        return message("notify.url.not_plain")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises on a port that is no number
    except ValueError:
        return message("notify.url.unreadable")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return message("notify.url.not_absolute")
    if parts.username is not None or parts.password is not None:
        return message("notify.url.credentials")
    return None


def _refused(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return not address.is_global or address.is_multicast


async def check_host(url: str, allow_private: bool) -> None:
    """Raise RefusedAddress when the url's host resolves to no address, or to one that is not public."""
    host = urlsplit(url).hostname or ""
    try:
        literal = ipaddress.ip_address(host)
    except ValueError:
        literal = None
    if literal is not None:
        addresses = [literal]
    else:
        try:
            # A resolver that does not answer must not hold a GM's request (or a delivery) for its own timeouts.
            async with asyncio.timeout(RESOLVE_SECONDS):
                found = await asyncio.get_running_loop().getaddrinfo(host, None, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError, TimeoutError):
            raise RefusedAddress(message("notify.error.unresolved", host=host)) from None
        addresses = [ipaddress.ip_address(str(item[4][0]).split("%", 1)[0]) for item in found]
        if not addresses:
            raise RefusedAddress(message("notify.error.unresolved", host=host))
    if allow_private:
        return
    for address in addresses:
        if _refused(address):
            raise RefusedAddress(message("notify.error.private", address=str(address)))
