"""Every error leaves as an RFC 9457 problem document (application/problem+json) a person can act on."""

from __future__ import annotations

import logging
from typing import Any

import asyncpg
import msgspec
from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.types import ExceptionHandlersMap

from domain.errors import Conflict, DomainError, Forbidden, RuleViolation, UnknownEntity
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
    """An HTTP-level refusal raised by the edge (auth, query parameters)."""

    def __init__(self, status: int, slug: str, detail: str, **extensions: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.slug = slug
        self.detail = detail
        self.extensions = extensions


def problem(request: Request[Any, Any, Any], status: int, slug: str, detail: str, **extensions: Any) -> Response[bytes]:
    body = {
        "type": f"urn:lexmechanic:problem:{slug}",
        "title": _TITLES.get(status, "Error"),
        "status": status,
        "detail": detail,
        "instance": request.url.path,
        **extensions,
    }
    headers = {"WWW-Authenticate": 'Bearer realm="lexmechanic"'} if status == 401 else None
    if status == 503:
        headers = {"Retry-After": str(RETRY_AFTER)}
    return Response(msgspec.json.encode(body), status_code=status, media_type=MEDIA_TYPE, headers=headers)


def _api_error(request: Request[Any, Any, Any], exc: ApiError) -> Response[bytes]:
    return problem(request, exc.status, exc.slug, exc.detail, **exc.extensions)


def _domain_error(request: Request[Any, Any, Any], exc: DomainError) -> Response[bytes]:
    if isinstance(exc, RuleViolation):
        return problem(request, 422, "rule-violation", exc.message, rule=exc.rule)
    if isinstance(exc, Forbidden):
        return problem(request, 403, "forbidden", exc.message)
    if isinstance(exc, UnknownEntity):
        return problem(request, 404, "not-found", exc.message)
    if isinstance(exc, Conflict):
        return problem(request, 409, "version-conflict", exc.message)
    return problem(request, 422, "rule-violation", exc.message)


def _store_error(request: Request[Any, Any, Any], exc: Exception) -> Response[bytes]:
    if isinstance(exc, CampaignNotFound):
        detail = f"there is no campaign {exc.campaign_id!r}"
        if exc.canonical is not None:
            detail += f"; campaign ids are written in lowercase with hyphens only: {exc.canonical}"
        return problem(request, 404, "campaign-not-found", detail)
    if isinstance(exc, VersionConflict):
        return problem(
            request, 409, "version-conflict", str(exc), expected_version=exc.expected, current_version=exc.current
        )
    if isinstance(exc, IdempotencyConflict):
        return problem(request, 409, "idempotency-conflict", str(exc), idempotency_key=exc.key)
    return _unexpected(request, exc)


def _validation(request: Request[Any, Any, Any], exc: ValidationException) -> Response[bytes]:
    errors = exc.extra if isinstance(exc.extra, list) else []
    messages = [
        f"{e['key']}: {e.get('message', '')}" if e.get("key") and e.get("key") != "data" else str(e.get("message", ""))
        for e in errors
        if isinstance(e, dict)
    ]
    detail = "; ".join(m for m in messages if m) or exc.detail
    return problem(request, 400, "invalid-request", f"the request is not valid: {detail}", errors=errors)


def _http(request: Request[Any, Any, Any], exc: HTTPException) -> Response[bytes]:
    status = exc.status_code
    if status >= 500:
        return _unexpected(request, exc)
    detail = exc.detail
    if status == 404:
        detail = f"no such resource: {request.method} {request.url.path}; see /schema for the API"
    elif status == 405:
        detail = f"{request.method} is not allowed on {request.url.path}; see /schema for the API"
    slug = {404: "not-found", 405: "method-not-allowed", 413: "too-large", 415: "unsupported-media-type"}.get(
        status, "bad-request"
    )
    return problem(request, status, slug, detail)


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
    )


def _unexpected(request: Request[Any, Any, Any], exc: Exception) -> Response[bytes]:
    _log.exception("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
    return problem(request, 500, "internal-error", "the service failed unexpectedly; the error was logged")


EXCEPTION_HANDLERS: ExceptionHandlersMap = {
    ApiError: _api_error,
    DomainError: _domain_error,
    CampaignNotFound: _store_error,
    VersionConflict: _store_error,
    IdempotencyConflict: _store_error,
    ValidationException: _validation,
    HTTPException: _http,
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
