"""Which language a reader asked for: `?lang=es|en`, else the best of the two in Accept-Language, else English.

One rule for every answer a person reads: the web pages and the problem documents of the API alike
(docs/errors.md, docs/web.md).
"""

from __future__ import annotations

from typing import Any

from litestar import Request

from projections.rendering.vocabulary import Lang

# Characters of Accept-Language read: browsers send a few dozen; the rest of a longer header is ignored, so its
# cost does not grow with its size (the server bounds the whole request head too, service/edge_protocol.py).
ACCEPT_LANGUAGE_CHARS = 512


def language(request: Request[Any, Any, Any]) -> tuple[Lang, bool]:
    """`?lang=es|en`, else the best of English and Spanish in Accept-Language, else English; and whether explicit."""
    asked = request.query_params.get("lang")
    if asked in ("en", "es"):
        return ("es" if asked == "es" else "en"), True
    return accepted_language(request.headers.get("accept-language", "")), False


def accepted_language(header: str) -> Lang:
    """The best of English and Spanish in an Accept-Language header (RFC 9110 §12.5.4), English on a tie or none;
    only its first ACCEPT_LANGUAGE_CHARS characters are read."""
    best: tuple[float, Lang] = (0.0, "en")
    for part in header[:ACCEPT_LANGUAGE_CHARS].split(","):
        tag, _, params = part.strip().partition(";")
        primary = tag.strip().lower().split("-")[0]
        if primary not in ("en", "es"):
            continue
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
                if not 0.0 <= quality <= 1.0:  # q is 0 to 1 (RFC 9110 §12.4.2); nan, inf or -1 name nothing
                    quality = 0.0
        # q=0 means "not this one"; on a tie English wins, whatever the order (RFC 9110 gives order no weight).
        if quality > best[0] or (quality == best[0] > 0 and primary == "en"):
            best = (quality, "es" if primary == "es" else "en")
    return best[1]
