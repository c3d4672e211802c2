"""The errors the rules raise; the edge turns each into its HTTP problem."""

from __future__ import annotations


class DomainError(Exception):
    """Base of every error a command can be refused with."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class RuleViolation(DomainError):
    """The command is well formed but the rules forbid it now (HTTP 422); `rule` names the rule."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule


class Forbidden(DomainError):
    """The actor's role does not allow this command (HTTP 403)."""


class UnknownEntity(DomainError):
    """The command names a character, encounter or other thing that does not exist (HTTP 404)."""


class Conflict(DomainError):
    """The command was decided on a state that has moved on (HTTP 409): `expected` against `current`."""

    def __init__(self, message: str, expected: int | None = None, current: int | None = None) -> None:
        super().__init__(message)
        self.expected = expected
        self.current = current
