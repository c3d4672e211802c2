"""How a turn budget's refusal names what already used the turn: each action by its word in the reader's
language (catalog area `budget`), several of them as one list ("`aim` and `move`", "`apuntar` y `moverse`")."""

from __future__ import annotations

from collections.abc import Sequence

from domain.catalog import has
from domain.message import LANGS, Param, message


def known(message_id: str) -> bool:
    return all(has(message_id, lang) for lang in LANGS)


def action_named(message_id: str, typed: str, **params: Param) -> Param:
    """The catalog's word for an action when it has one, else the words the player gave it, as typed."""
    if known(message_id):
        return message(message_id, **params)
    return message("budget.typed", name=typed)


def listed(items: Sequence[Param]) -> Param:
    """Several actions as one phrase of the reader's language; one action as itself."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return message("budget.list.two", first=items[0], second=items[1])
    return message("budget.list.more", first=items[0], rest=listed(items[1:]))

