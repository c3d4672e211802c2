"""The security headers of every answer: no MIME sniffing, no framing, no Referer, and a policy that runs nothing.

The JSON API answers data, never a document to render: its Content-Security-Policy allows nothing at all
(`default-src 'none'`), so a JSON answer opened in a browser (or sniffed as HTML) cannot run a participant's
text. The web pages (/ui, service/web) and the API docs page (/schema, service/api/docs_page.py) set their own
policy for what they load; this hook only fills in what no layer set, on every answer the app sends, errors
and routes no handler matched included (docs/api.md, "Security headers").
"""

from __future__ import annotations

from litestar.types import Message, Scope

API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
DEFAULTS: tuple[tuple[str, str], ...] = (
    ("Content-Security-Policy", API_POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),  # what frame-ancestors says, for browsers that predate it
    ("Referrer-Policy", "no-referrer"),
)
ENCODED = tuple((name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in DEFAULTS)
NAMES = frozenset(name for name, _ in ENCODED)


async def add_security_headers(message: Message, scope: Scope) -> None:
    """A before_send hook: each default header the answer does not already carry is added to its start."""
    if message["type"] != "http.response.start":
        return
    headers = list(message.get("headers", ()))
    present = {bytes(name).lower() for name, _ in headers}
    if present.isdisjoint(NAMES):  # the common case (every JSON answer): all four, in their order
        headers.extend(ENCODED)
    else:
        headers.extend(header for header in ENCODED if header[0] not in present)
    message["headers"] = headers
