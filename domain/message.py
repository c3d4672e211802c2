"""What a person will read, before it has a language: a message id and its typed parameters.

The rules refuse with a `Message`, never with prose; the edge looks the id up in the catalog of the reader's
language (domain/catalog/, docs/architecture.md "Words"). A parameter that is itself a word to
translate (a pool's name, a kind of thing) is a nested `Message`; a name a participant typed stays a `str`.
"""

from __future__ import annotations

from typing import Literal, Union

import msgspec

# The languages a person reads: every message exists in each (a test checks the catalogs).
Lang = Literal["en", "es"]
LANGS: tuple[Lang, ...] = ("en", "es")

# A parameter the catalog's sentence fills in: a number, a name as typed, or a nested message it translates.
Param = Union[str, int, float, "Message"]


class Message(msgspec.Struct, frozen=True, omit_defaults=True):
    """One message id (`<family>.<name>[.<case>]`, the catalog's msgid) with the values its sentence names.

    A parameter called `count` chooses the plural form of the sentence (the catalog's Plural-Forms).
    """

    id: str
    params: dict[str, Param] = {}


def message(id: str, **params: Param) -> Message:
    """`message("rule.target.dead", target="Cult Magus")`."""
    return Message(id, params)
