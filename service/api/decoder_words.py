"""The decoder's (msgspec's) words about a field, as messages of the catalog.

msgspec says what is wrong with a field in English sentences of a few fixed shapes ("Object missing required
field `name`"), and names no message id: each shape it writes is recognised here, once, and becomes a message
(`edge.decoder.*`, domain/catalog/*/edge.po) with the field, the type or the value as parameters, so each
language's sentence comes from the catalog. The English sentences of the catalog are msgspec's own, word for
word. A message msgspec writes in a shape not listed here has no message: it is shown in its English words.
"""

from __future__ import annotations

import re

from domain.message import Message, message
from domain.plain_text import MULTI_LINE, ONE_LINE, WEB_URL

# The text patterns of domain/plain_text.py, said as a person can act on them (not as a regular expression).
_TEXT_PATTERNS = {ONE_LINE: "one_line", MULTI_LINE: "multi_line", WEB_URL: "web_url"}

# Each shape of msgspec's messages, most specific first, and the message it is.
_SHAPES: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(shape), said) for shape, said in (
    (r"Object missing required field `(?P<field>.+)`", "edge.decoder.missing_field"),
    (r"Object contains unknown field `(?P<field>.+)`", "edge.decoder.unknown_field"),
    (r"Invalid enum value (?P<value>.+)", "edge.decoder.invalid_enum"),
    (r"Invalid value (?P<value>.+)", "edge.decoder.invalid_value"),
    (r"Expected `(?P<expected>.+)`, got `(?P<got>.+)`", "edge.decoder.expected_got"),
    (r"Expected `(?P<expected>.+)` of length (?P<bound>.+)", "edge.decoder.expected_length"),
    (r"Expected `(?P<expected>.+)` matching regex (?P<pattern>.+)", "edge.decoder.expected_regex"),
    (r"Expected `(?P<expected>.+)` (?P<bound>(?:>=|<=|>|<) .+)", "edge.decoder.expected_bound"),
    (r"Expected `(?P<expected>.+)`", "edge.decoder.expected"),
))


def message_of(decoder_words: str) -> Message | None:
    """The message a decoder's English sentence is, with its parameters; None for a shape not known here."""
    for pattern, name in _TEXT_PATTERNS.items():
        if decoder_words == f"Expected `str` matching regex {pattern!r}":
            return message(f"edge.text_pattern.{name}")
    for shape, said in _SHAPES:
        found = shape.fullmatch(decoder_words)
        if found is not None:
            return message(said, **found.groupdict())
    return None
