"""Every error leaves as an RFC 9457 problem document (application/problem+json) a person can act on."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import asyncpg
import msgspec
from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.types import ExceptionHandlersMap

from domain.catalog import has, text
from domain.errors import Conflict, DomainError, Forbidden, RuleViolation, UnknownEntity
from domain.message import LANGS, Lang, Message, message
from projections.rendering.attempts import answer_text
from projections.rendering.refusals import refusal
from service import attempts
from service.api import decoder_words, negotiation
from service.attempts import AttemptKept
from service.store import CampaignNotFound, IdempotencyConflict, VersionConflict

MEDIA_TYPE = "application/problem+json"
_log = logging.getLogger("lexmechanic")

_TITLES = {
    400: "Bad request",
    401: "Not authenticated",
    403: "Not allowed",
    404: "Not found",
    405: "Method not allowed",
    409: "Conflict",
    413: "Request too large",
    415: "Unsupported media type",
    422: "Rule violation",
    500: "Internal error",
    503: "Service unavailable",
}
# Seconds a client should wait before retrying while the database is out of reach.
RETRY_AFTER = 5


# A problem's words: a message of the catalog (told in the reader's language), a detail already told in
# each language (a rule's refusal with its English beside it), or a text already in the answer's language.
Words = Message | Mapping[Lang, str] | str


class ApiError(Exception):
    """An HTTP-level refusal raised by the edge (auth, query parameters): its status, its problem type, and
    why, as a message of the catalog (domain/catalog/*/edge.po) told in the reader's language.

    A forum post's refusals are told in the post's language (`language`, or the extension `lang`): `message`
    is then either a message told in that language or a text already written in it.
    """

    def __init__(self, status: int, slug: str, message: Words, language: Lang | None = None,
                 **extensions: Any) -> None:
        self.status = status
        self.slug = slug
        self.message = message
        self.language = language
        self.extensions = extensions
        super().__init__(self.detail)

    @property
    def detail(self) -> str:
        """The English detail (or the text as written, for a text already in its language)."""
        return told(self.message, self.language or "en", self.slug)

    def told(self, lang: Lang) -> str:
        """The detail in `lang` (a text already in its language stays as written; an English one is led)."""
        if isinstance(self.message, str) and self.language is None and lang != "en":
            return led(self.slug, self.message)
        return told(self.message, self.language or lang, self.slug)


def led(slug: str, english_words: str) -> str:
    """An English detail that has no words of its own in Spanish (a library's, a framework's): the problem
    type's Spanish lead, then the English words."""
    lead = f"edge.lead.{slug.replace('-', '_')}"
    return f"{text(message(lead if has(lead, 'es') else 'edge.lead.generic'), 'es')} ({english_words})"


def told(words: Words, lang: Lang, slug: str) -> str:
    """A problem's words in one language."""
    if isinstance(words, Message):
        return text(words, lang)
    if isinstance(words, Mapping):
        return words[lang]
    return words


def problem(
    request: Request[Any, Any, Any], status: int, slug: str, words: Words, language: Lang | None = None,
    **extensions: Any,
) -> Response[bytes]:
    """The problem document, its `detail` in the language the request asked for (`?lang=`, Accept-Language).

    A forum post's refusals are already in the post's language (`language`; some name it in `lang`).
    """
    lang = language or extensions.get("lang")
    if lang in ("en", "es"):
        detail = told(words, lang, slug)
    else:
        lang, _ = negotiation.language(request)
        detail = led(slug, words) if isinstance(words, str) and lang != "en" else told(words, lang, slug)
    body = {
        "type": f"urn:lexmechanic:problem:{slug}",
        "title": _TITLES.get(status, "Error"),
        "status": status,
        "detail": detail,
        "instance": request.url.path,
        **extensions,
    }
    headers = {"Content-Language": lang, "Vary": "Accept-Language"}
    if status == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="lexmechanic"'
    if status == 503:
        headers["Retry-After"] = str(RETRY_AFTER)
    return Response(msgspec.json.encode(body), status_code=status, media_type=MEDIA_TYPE, headers=headers)


def _api_error(request: Request[Any, Any, Any], exc: ApiError) -> Response[bytes]:
    return problem(request, exc.status, exc.slug, exc.message, exc.language, **exc.extensions)


def _domain_error(request: Request[Any, Any, Any], exc: DomainError) -> Response[bytes]:
    # In Spanish the catalog's sentence (or, for a refusal not yet in the catalog, the rule's own sentence)
    # leads, and the English message follows in parentheses, as docs/errors.md promises.
    if exc.said is not None and not isinstance(exc, Conflict):
        kind = "forbidden" if isinstance(exc, Forbidden) else "not-found" if isinstance(exc, UnknownEntity) else None
        status, slug = (403, "forbidden") if kind == "forbidden" else (404, "not-found") if kind else (
            422, "rule-violation")
        extra: dict[str, Any] = {"rule": exc.rule} if isinstance(exc, RuleViolation) else {}
        return problem(request, status, slug, _beside_english(text(exc.said, "es"), exc.message), **extra)
    if isinstance(exc, RuleViolation):
        spanish_detail = refusal("rule-violation", exc.rule, exc.message, "es")
        return problem(request, 422, "rule-violation", _beside_english(spanish_detail, exc.message), rule=exc.rule)
    if isinstance(exc, Forbidden):
        spanish_detail = refusal("forbidden", None, "", "es")
        return problem(request, 403, "forbidden", _beside_english(spanish_detail, exc.message))
    if isinstance(exc, UnknownEntity):
        spanish_detail = refusal("not-found", None, "", "es")
        return problem(request, 404, "not-found", _beside_english(spanish_detail, exc.message))
    if isinstance(exc, Conflict):
        # The one Conflict the rules raise is undo_turn's expected_encounter_version (docs/errors.md).
        assert exc.said is not None, "the rules' one Conflict says its message"
        return problem(request, 409, "version-conflict", _beside_english(text(exc.said, "es"), exc.message),
                       expected_encounter_version=exc.expected, current_encounter_version=exc.current)
    return problem(request, 422, "rule-violation", exc.message)


def _beside_english(spanish_words: str, english_words: str) -> Mapping[Lang, str]:
    """A rule's refusal: in English its sentence; in Spanish the Spanish sentence with the English one after it
    in parentheses, as docs/errors.md promises."""
    return {"en": english_words, "es": f"{spanish_words} ({english_words})"}


_ATTEMPT_STATUS = {"rule-violation": (422, "rule-violation"), "forbidden": (403, "forbidden"),
                   "not-found": (404, "not-found"), "conflict": (409, "version-conflict")}


def _attempt_kept(request: Request[Any, Any, Any], exc: AttemptKept) -> Response[bytes]:
    """A command refused after it drew dice: the refusal as usual, and the attempt that keeps them."""
    event, first, last = exc.event, exc.stored[0], exc.stored[-1]
    status, slug = _ATTEMPT_STATUS.get(event.refusal.kind, (422, "rule-violation"))
    extensions: dict[str, Any] = {"attempt": attempts.told(first), "replayed": exc.replayed, "version": last.seq,
                                  "head_hash": last.hash}
    if event.refusal.rule is not None:
        extensions["rule"] = event.refusal.rule
    return problem(request, status, slug, {lang: answer_text(event, first.seq, None, lang) for lang in LANGS},
                   **extensions)


def _store_error(request: Request[Any, Any, Any], exc: Exception) -> Response[bytes]:
    if isinstance(exc, CampaignNotFound):
        campaign = repr(exc.campaign_id)
        said = (message("edge.campaign_not_found", campaign=campaign) if exc.canonical is None else
                message("edge.campaign_not_found.canonical", campaign=campaign, canonical=exc.canonical))
        return problem(request, 404, "campaign-not-found", said)
    if isinstance(exc, VersionConflict):
        return problem(request, 409, "version-conflict",
                       message("edge.version_conflict", current=exc.current, expected=exc.expected),
                       expected_version=exc.expected, current_version=exc.current)
    if isinstance(exc, IdempotencyConflict):
        return problem(request, 409, "idempotency-conflict", message("edge.idempotency_conflict", key=repr(exc.key)),
                       idempotency_key=exc.key)
    return _unexpected(request, exc)


def validation_errors(exc: ValidationException) -> list[dict[str, Any]]:
    return [e for e in exc.extra if isinstance(e, dict)] if isinstance(exc.extra, list) else []


def validation_words(exc: ValidationException) -> tuple[str, str]:
    """What the request got wrong, field by field, in English and in Spanish (the web pages say the same)."""
    told: dict[Lang, list[str]] = {lang: [] for lang in LANGS}
    for error in validation_errors(exc):
        key, said = error.get("key"), str(error.get("message", ""))
        field = f"{key}: " if key and key != "data" else ""
        words = decoder_words.message_of(said)
        if key == "type" and said.startswith("Invalid value"):
            # An unknown command type: say where the known ones are listed.
            words = message("edge.unknown_command_type", value=words if words is not None else said)
        for lang in LANGS:
            # A decoder's message we do not recognise stays in its English words (after the Spanish lead).
            told[lang].append(f"{field}{text(words, lang) if words is not None else said}")
    details = {lang: "; ".join(m for m in told[lang] if m) or exc.detail for lang in LANGS}
    english_words, spanish_words = (text(message("edge.invalid_request", details=details[lang]), lang)
                                    for lang in LANGS)
    return english_words, spanish_words


def _validation(request: Request[Any, Any, Any], exc: ValidationException) -> Response[bytes]:
    errors = validation_errors(exc)
    if len(errors) == 1 and errors[0].get("key") == "data" and errors[0].get("message") == "'data'":
        # Litestar's words for a required body that is not there at all.
        return problem(request, 400, "bad-request", message("edge.body_empty"))
    english_words, spanish_words = validation_words(exc)
    return problem(request, 400, "invalid-request", {"en": english_words, "es": spanish_words}, errors=errors)


def http_problem(request: Request[Any, Any, Any], exc: HTTPException) -> Response[bytes]:
    status = exc.status_code
    if status >= 500:
        return _unexpected(request, exc)
    words: Words = exc.detail  # the framework's English, led in Spanish by the type's lead
    where = f"{request.method} {request.url.path}"
    if status == 404:
        words = message("edge.no_such_resource", where=where)
    elif status == 405:
        words = message("edge.method_not_allowed", method=request.method, path=request.url.path)
    elif status == 413:
        words = message("edge.body_too_large", limit=_body_limit(request), where=where)
    elif status == 400:
        words = message("edge.body_not_json", error=exc.detail)
    slug = {404: "not-found", 405: "method-not-allowed", 413: "too-large", 415: "unsupported-media-type"}.get(
        status, "bad-request"
    )
    return problem(request, status, slug, words)


def _body_limit(request: Request[Any, Any, Any]) -> int:
    """The body limit of the route asked (service/api/limits.py), the one Litestar refused the body by."""
    limit = request.route_handler.resolve_request_max_body_size()
    return limit if limit is not None else 0


def _unavailable(request: Request[Any, Any, Any], exc: Exception) -> Response[bytes]:
    """The database is out of reach (down, restarting, full, or a lock held too long): try again soon."""
    if isinstance(exc, asyncpg.InterfaceError) and "closed" not in str(exc) and "connection" not in str(exc):
        return _unexpected(request, exc)  # a misuse of the driver is a bug, not an outage
    _log.warning("database unavailable on %s %s: %s", request.method, request.url.path, exc,
                 exc_info=isinstance(exc, asyncpg.exceptions.InternalClientError))
    return problem(request, 503, "service-unavailable", message("edge.database_unavailable", seconds=RETRY_AFTER))


def _unexpected(request: Request[Any, Any, Any], exc: Exception) -> Response[bytes]:
    _log.exception("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
    return problem(request, 500, "internal-error", message("edge.internal_error"))


EXCEPTION_HANDLERS: ExceptionHandlersMap = {
    ApiError: _api_error,
    DomainError: _domain_error,
    CampaignNotFound: _store_error,
    VersionConflict: _store_error,
    IdempotencyConflict: _store_error,
    AttemptKept: _attempt_kept,
    ValidationException: _validation,
    HTTPException: http_problem,
    # Outages, from the socket up: connecting, a connection lost or refused, the server shutting down
    # or out of connection slots, a lock or statement timeout.
    OSError: _unavailable,
    asyncpg.PostgresConnectionError: _unavailable,
    asyncpg.InterfaceError: _unavailable,
    asyncpg.exceptions.OperatorInterventionError: _unavailable,
    asyncpg.exceptions.InsufficientResourcesError: _unavailable,
    asyncpg.exceptions.LockNotAvailableError: _unavailable,
    # asyncpg raises this when the server ends a connection between two messages of one exchange (an
    # administrator's pg_terminate_backend in the middle of a query): an outage seen from the driver.
    asyncpg.exceptions.InternalClientError: _unavailable,
    Exception: _unexpected,
}
