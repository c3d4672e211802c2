"""The client's exit codes (docs/cli.md), one per kind of answer a script may branch on."""

from __future__ import annotations

from typing import Any

OK = 0
REFUSED = 1  # the rules refused it (422): nothing was recorded
USAGE = 2  # bad arguments, a request the service calls invalid (400), no profile
AUTH = 3  # the token is missing, wrong or not allowed this (401, 403)
NOT_FOUND = 4  # no such campaign, character, encounter, event or endpoint (404, 405)
CONFLICT = 5  # the campaign moved on, or a post id was used for other text (409)
UNAVAILABLE = 6  # the service cannot be reached, timed out, or failed (5xx, 503)

# Seconds the client waits for the service (`--timeout`); here, beside the exit codes, so `--help` needs no transport.
TIMEOUT = 30.0

_BY_STATUS = {400: USAGE, 401: AUTH, 403: AUTH, 404: NOT_FOUND, 405: NOT_FOUND, 409: CONFLICT, 422: REFUSED}


def exit_code_for(status: int) -> int:
    """The exit code of an HTTP error status."""
    if status >= 500:
        return UNAVAILABLE
    return _BY_STATUS.get(status, USAGE)


class ClientError(Exception):
    """A command that did not succeed: what to print, the exit code, and the problem document if any."""

    def __init__(self, code: int, message: str, problem: dict[str, Any] | None = None, status: int | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.problem = problem or {}
        self.status = status
