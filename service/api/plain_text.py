"""The edge's refusal of control and invisible characters in any text field of a command (docs/api.md)."""

from __future__ import annotations

import unicodedata
from typing import Any

from domain.message import message
from domain.plain_text import refused_in
from service.api.problems import ApiError


def check_plain_text(body: Any, where: str = "body", tabs: bool = False) -> None:
    """Refuse a body (as builtins) any of whose texts holds a control, format or separator character (a line
    break only in notes; a tab too where `tabs`, the lines of a post, whose grammar reads it as a space),
    naming the field and the character."""
    refused = refused_in(body, where, tabs)
    if refused is None:
        return
    field, char = refused
    # A control character has no Unicode name; the Unicode data names it by its category's label, <control>.
    named = f"U+{ord(char):04X} {unicodedata.name(char, '<control>')}"
    raise ApiError(400, "invalid-request", message("edge.control_character", field=field, named=named),
                   field=field, character=f"U+{ord(char):04X}")
