"""Every error leaves as an RFC 9457 problem document (application/problem+json) a person can act on."""

from __future__ import annotations

import logging
from typing import Any

import asyncpg
import msgspec
from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.types import ExceptionHandlersMap

from domain.catalog import text
from domain.errors import Conflict, DomainError, Forbidden, RuleViolation, UnknownEntity
from domain.plain_text import MULTI_LINE, ONE_LINE, WEB_URL
from projections.rendering.attempts import answer_text
from projections.rendering.refusals import refusal
from service import attempts
from service.api import negotiation, spanish
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


class ApiError(Exception):
    """An HTTP-level refusal raised by the edge (auth, query parameters), in English and in Spanish."""

    def __init__(
        self, status: int, slug: str, detail: str, detail_es: str | None = None, language: str | None = None,
        **extensions: Any,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.slug = slug
        self.detail = detail
        self.detail_es = detail_es
        # Set when `detail` is already in the language the answer must be in (a forum post's).
        self.language = language
        self.extensions = extensions


def problem(
    request: Request[Any, Any, Any], status: int, slug: str, detail: str, detail_es: str | None = None,
    language: str | None = None, **extensions: Any,
) -> Response[bytes]:
    """The problem document, its `detail` in the language the request asked for (`?lang=`, Accept-Language).

    A forum post's refusals are already written in the post's language (`language`; some name it in `lang`).
    """
    lang = language or extensions.get("lang")
    if lang not in ("en", "es"):
        lang, _ = negotiation.language(request)
        if lang == "es":
            detail = detail_es or spanish.led(slug, detail)
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
    return problem(request, exc.status, exc.slug, exc.detail, exc.detail_es, exc.language, **exc.extensions)


def _domain_error(request: Request[Any, Any, Any], exc: DomainError) -> Response[bytes]:
    # In Spanish the catalog's sentence (or, for a refusal not yet in the catalog, the rule's own sentence)
    # leads, and the English message follows in parentheses, as docs/errors.md promises.
    if exc.said is not None and not isinstance(exc, Conflict):
        kind = "forbidden" if isinstance(exc, Forbidden) else "not-found" if isinstance(exc, UnknownEntity) else None
        status, slug = (403, "forbidden") if kind == "forbidden" else (404, "not-found") if kind else (
            422, "rule-violation")
        extra: dict[str, Any] = {"rule": exc.rule} if isinstance(exc, RuleViolation) else {}
        return problem(request, status, slug, exc.message, f"{text(exc.said, 'es')} ({exc.message})", **extra)
    if isinstance(exc, RuleViolation):
        spanish_detail = f"{refusal('rule-violation', exc.rule, exc.message, 'es')} ({exc.message})"
        return problem(request, 422, "rule-violation", exc.message, spanish_detail, rule=exc.rule)
    if isinstance(exc, Forbidden):
        spanish_detail = f"{refusal('forbidden', None, '', 'es')} ({exc.message})"
        return problem(request, 403, "forbidden", exc.message, spanish_detail)
    if isinstance(exc, UnknownEntity):
        spanish_detail = f"{refusal('not-found', None, '', 'es')} ({exc.message})"
        return problem(request, 404, "not-found", exc.message, spanish_detail)
    if isinstance(exc, Conflict):
        # The one Conflict the rules raise is undo_turn's expected_encounter_version (docs/errors.md).
        spanish_detail = (f"{text(exc.said, 'es')} ({exc.message})" if exc.said is not None else
                          f"el combate está en la versión {exc.current}, no en la {exc.expected}: vuelve a mirarlo "
                          "antes de deshacer")
        return problem(request, 409, "version-conflict", exc.message, spanish_detail,
                       expected_encounter_version=exc.expected, current_encounter_version=exc.current)
    return problem(request, 422, "rule-violation", exc.message)


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
    return problem(request, status, slug, answer_text(event, first.seq, None, "en"),
                   answer_text(event, first.seq, None, "es"), **extensions)


def _store_error(request: Request[Any, Any, Any], exc: Exception) -> Response[bytes]:
    if isinstance(exc, CampaignNotFound):
        detail = f"there is no campaign {exc.campaign_id!r}"
        detail_es = f"no existe la campaña {exc.campaign_id!r}"
        if exc.canonical is not None:
            detail += f"; campaign ids are written in lowercase with hyphens only: {exc.canonical}"
            detail_es += f"; los ids de campaña se escriben en minúsculas y con guiones: {exc.canonical}"
        return problem(request, 404, "campaign-not-found", detail, detail_es)
    if isinstance(exc, VersionConflict):
        detail_es = (f"la campaña está en la versión {exc.current}, no en la {exc.expected}: vuelve a leerla y "
                     "decide de nuevo")
        return problem(request, 409, "version-conflict", str(exc), detail_es, expected_version=exc.expected,
                       current_version=exc.current)
    if isinstance(exc, IdempotencyConflict):
        detail_es = (f"la clave de idempotencia {exc.key!r} ya se usó para otra orden (con otro cuerpo); usa una "
                     "clave nueva (el id de otro mensaje) para una orden nueva")
        return problem(request, 409, "idempotency-conflict", str(exc), detail_es, idempotency_key=exc.key)
    return _unexpected(request, exc)


def validation_errors(exc: ValidationException) -> list[dict[str, Any]]:
    return [e for e in exc.extra if isinstance(e, dict)] if isinstance(exc.extra, list) else []


# The text patterns of domain/plain_text.py, said as a person can act on them (not as a regular expression).
_PATTERNS: dict[str, tuple[str, str]] = {
    ONE_LINE: ("must be one line of text, without control or invisible formatting characters (line breaks, tabs, "
               "NUL, bidirectional overrides, zero-width characters)",
               "debe ser una línea de texto, sin caracteres de control ni de formato invisibles (saltos de línea, "
               "tabuladores, NUL, cambios de dirección del texto, caracteres de anchura cero)"),
    MULTI_LINE: ("must be text without control or invisible formatting characters (NUL, bidirectional overrides, "
                 "zero-width characters); line breaks and tabs are allowed",
                 "debe ser texto sin caracteres de control ni de formato invisibles (NUL, cambios de dirección del "
                 "texto, caracteres de anchura cero); se admiten saltos de línea y tabuladores"),
    WEB_URL: ("must be an absolute http:// or https:// address, without spaces or control characters",
              "debe ser una dirección absoluta http:// o https://, sin espacios ni caracteres de control"),
}


def _pattern_words(message: str) -> tuple[str, str] | None:
    for pattern, words in _PATTERNS.items():
        if message == f"Expected `str` matching regex {pattern!r}":
            return words
    return None


def validation_words(exc: ValidationException) -> tuple[str, str]:
    """What the request got wrong, field by field, in English and in Spanish (the web pages say the same)."""
    errors = validation_errors(exc)
    english, spanish_words = [], []
    for error in errors:
        key, message = error.get("key"), str(error.get("message", ""))
        field = f"{key}: " if key and key != "data" else ""
        english_message, spanish_message = _pattern_words(message) or (message, spanish.field_message(message))
        if key == "type" and message.startswith("Invalid value"):
            # An unknown command type: say where the known ones are listed.
            english_message += "; it is not a command this service knows (every command: /schema/swagger)"
            spanish_message += "; no es una orden que este servicio conozca (todas las órdenes: /schema/swagger)"
        english.append(f"{field}{english_message}")
        spanish_words.append(f"{field}{spanish_message}")
    detail = "; ".join(m for m in english if m) or exc.detail
    detail_es = "; ".join(m for m in spanish_words if m) or exc.detail
    return f"the request is not valid: {detail}", f"la petición no es válida: {detail_es}"


def _validation(request: Request[Any, Any, Any], exc: ValidationException) -> Response[bytes]:
    errors = validation_errors(exc)
    if len(errors) == 1 and errors[0].get("key") == "data" and errors[0].get("message") == "'data'":
        # Litestar's words for a required body that is not there at all.
        return problem(request, 400, "bad-request", "the body is empty: send the JSON object this endpoint takes",
                       "el cuerpo de la petición está vacío: envía el objeto JSON que esta ruta espera")
    detail, detail_es = validation_words(exc)
    return problem(request, 400, "invalid-request", detail, detail_es, errors=errors)


def http_problem(request: Request[Any, Any, Any], exc: HTTPException) -> Response[bytes]:
    status = exc.status_code
    if status >= 500:
        return _unexpected(request, exc)
    detail, detail_es = exc.detail, None
    where = f"{request.method} {request.url.path}"
    if status == 404:
        detail = f"no such resource: {where}; see /schema for the API"
        detail_es = f"no existe ese recurso: {where}; la API está descrita en /schema"
    elif status == 405:
        detail = f"{request.method} is not allowed on {request.url.path}; see /schema for the API"
        detail_es = f"{request.method} no está permitido en {request.url.path}; la API está descrita en /schema"
    elif status == 413:
        limit = _body_limit(request)
        detail = f"the body is larger than the {limit:,} bytes {where} reads; send less at once"
        detail_es = f"el cuerpo supera los {_spanish_number(limit)} bytes que lee {where}; envía menos de una vez"
    elif status == 400:
        detail = f"the body is not valid JSON ({exc.detail}): send a JSON object, encoded in UTF-8"
        detail_es = f"el cuerpo no es JSON válido ({exc.detail}): envía un objeto JSON codificado en UTF-8"
    slug = {404: "not-found", 405: "method-not-allowed", 413: "too-large", 415: "unsupported-media-type"}.get(
        status, "bad-request"
    )
    return problem(request, status, slug, detail, detail_es)


def _body_limit(request: Request[Any, Any, Any]) -> int:
    """The body limit of the route asked (service/api/limits.py), the one Litestar refused the body by."""
    limit = request.route_handler.resolve_request_max_body_size()
    return limit if limit is not None else 0


def _spanish_number(number: int) -> str:
    """A number as Spanish writes it (RAE): no separator up to four digits, else a space between thousands."""
    return str(number) if number < 10_000 else f"{number:,}".replace(",", "\u00a0")


def _unavailable(request: Request[Any, Any, Any], exc: Exception) -> Response[bytes]:
    """The database is out of reach (down, restarting, full, or a lock held too long): try again soon."""
    if isinstance(exc, asyncpg.InterfaceError) and "closed" not in str(exc) and "connection" not in str(exc):
        return _unexpected(request, exc)  # a misuse of the driver is a bug, not an outage
    _log.warning("database unavailable on %s %s: %s", request.method, request.url.path, exc,
                 exc_info=isinstance(exc, asyncpg.exceptions.InternalClientError))
    return problem(
        request,
        503,
        "service-unavailable",
        f"the campaign log's database cannot be reached right now; retry in {RETRY_AFTER} seconds",
        f"la base de datos del registro de la campaña no responde ahora mismo; vuelve a intentarlo dentro de "
        f"{RETRY_AFTER} segundos",
    )


def _unexpected(request: Request[Any, Any, Any], exc: Exception) -> Response[bytes]:
    _log.exception("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
    return problem(request, 500, "internal-error", "the service failed unexpectedly; the error was logged",
                   "el servicio ha fallado de forma inesperada; el error queda registrado")


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
