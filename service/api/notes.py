"""The sentence a few answers carry for the person who reads them (`note`), in the language the request asked for.

The same choice as a problem document's `detail` (service/api/negotiation.py, docs/errors.md "Language").
"""

from __future__ import annotations

from typing import Any

from litestar import Request

from domain.catalog import sentence
from service.api.negotiation import language


def note(request: Request[Any, Any, Any], key: str, **values: str) -> str:
    """The note `answer.note.<key>` (answers.po) in the language the request asked for."""
    return sentence(f"answer.note.{key}", language(request)[0]).format(**values)
