"""The errors the rules raise; the edge turns each into its HTTP problem.

An error says why with a `Message` (an id of the catalog and its parameters), never with prose: the edge
tells it in the reader's language (domain/catalog/). `str(error)` and `.message` are the English
sentence, for logs and for tests that read the rules' words.

Until every refusal is moved to the catalog, an error may still be raised with an English sentence (`said`
is then None and the edge falls back to the older Spanish tables); tests/domain/test_catalog.py lists the
modules still doing so and shrinks to none.
"""

from __future__ import annotations

from domain.message import Message, Param


def _said(family: str, name: str, case: str | None, params: dict[str, Param]) -> Message:
    return Message(f"{family}.{name}" + (f".{case}" if case else ""), params)


class DomainError(Exception):
    """Base of every error a command can be refused with."""

    def __init__(self, message: str | Message) -> None:
        self.said: Message | None = message if isinstance(message, Message) else None
        super().__init__(message if isinstance(message, str) else message.id)
        self._prose = message if isinstance(message, str) else None

    @property
    def message(self) -> str:
        """The English sentence."""
        if self.said is None:
            return self._prose or ""
        from domain.catalog import english  # the catalog loads on first use, not at import

        return english(self.said)

    def __str__(self) -> str:
        return self.message


class RuleViolation(DomainError):
    """The command is well formed but the rules forbid it now (HTTP 422); `rule` names the rule.

    `RuleViolation("target", case="dead", target="Cult Magus")` says message `rule.target.dead`;
    without `case`, message `rule.<rule>`; a `Message` given whole says that one (a rule's refusal that nests
    another's, under the inner rule's name).
    """

    def __init__(self, rule: str, message: str | Message | None = None, /, *, case: str | None = None,
                 **params: Param) -> None:
        super().__init__(message if message is not None else _said("rule", rule, case, params))
        self.rule = rule


class Forbidden(DomainError):
    """The actor's role does not allow this command (HTTP 403): message `forbidden.<case>`."""

    def __init__(self, message: str | None = None, /, *, case: str | None = None, **params: Param) -> None:
        super().__init__(message if message is not None else _said("forbidden", case or "generic", None, params))


class UnknownEntity(DomainError):
    """The command names a character, encounter or other thing that does not exist (HTTP 404): message
    `not_found.<case>`."""

    def __init__(self, message: str | None = None, /, *, case: str | None = None, **params: Param) -> None:
        super().__init__(message if message is not None else _said("not_found", case or "generic", None, params))


class Conflict(DomainError):
    """The command was decided on a state that has moved on (HTTP 409): `expected` against `current`."""

    def __init__(self, message: str | Message, expected: int | None = None, current: int | None = None) -> None:
        super().__init__(message)
        self.expected = expected
        self.current = current
