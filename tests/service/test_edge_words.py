"""The edge's own words (issue 20): every refusal the edge writes is a message of the catalog (edge.po), and
the decoder's English complaints about fields become messages too, never Spanish derived from English by a
pattern substitution."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Annotated, Any

import msgspec
import pytest

from domain.catalog import text
from domain.message import Message
from service.api.decoder_words import message_of

from .conftest import Campaign

ROOT = Path(__file__).resolve().parents[2]


class _Body(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    count: int
    kind: str = ""


def _complaint(data: bytes, kind: Any) -> str:
    """What msgspec itself says about a body (its message, without the `- at `$…`` path Litestar drops)."""
    with pytest.raises(msgspec.ValidationError) as refused:
        msgspec.json.decode(data, type=kind)
    return str(refused.value).split(" - at `")[0]


@pytest.mark.parametrize(("data", "kind", "expected_id", "spanish"), [
    (b'{"count": 1}', _Body, "edge.decoder.missing_field", "falta el campo obligatorio `name`"),
    (b'{"name": "a", "count": 1, "colour": 2}', _Body, "edge.decoder.unknown_field",
     "el objeto tiene un campo desconocido, `colour`"),
    (b'{"name": "a", "count": "1"}', _Body, "edge.decoder.expected_got", "se esperaba `int` y ha llegado `str`"),
])
def test_each_shape_of_the_decoders_words_is_a_message_whose_english_is_the_decoders(
    data: bytes, kind: Any, expected_id: str, spanish: str,
) -> None:
    said = _complaint(data, kind)
    found = message_of(said)
    assert found is not None and found.id == expected_id
    assert text(found, "en") == said  # the library's own words, unchanged
    assert text(found, "es") == spanish


def test_a_shape_not_recognised_has_no_message() -> None:
    assert message_of("the decoder said something new") is None


def test_a_bound_and_a_constraint_read_in_spanish_from_the_catalog() -> None:
    bounded = msgspec.json.Decoder(Annotated[int, msgspec.Meta(ge=1)])
    with pytest.raises(msgspec.ValidationError) as refused:
        bounded.decode(b"0")
    said = str(refused.value)
    found = message_of(said)
    assert found is not None and text(found, "en") == said
    assert text(found, "es") == "se esperaba `int` >= 1"


def _api_errors_with_prose() -> list[str]:
    """Every `ApiError(status, slug, words)` of service/ whose words are a string written in the code (an English
    sentence outside the catalog) rather than a message; a text already told in a post's language is named with
    `language=` and built from the catalog's words elsewhere."""
    found = []
    for path in sorted((ROOT / "service").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ApiError"):
                continue
            words = node.args[2] if len(node.args) > 2 else None
            told = any(k.arg == "language" for k in node.keywords) or len(node.args) > 3
            if isinstance(words, (ast.Constant, ast.JoinedStr)) and not told:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if len(node.args) > 3 and isinstance(node.args[3], (ast.Constant, ast.JoinedStr)):
                # the older (detail, detail_es) pair: a Spanish written beside the English
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} (two details)")
    return found


def test_the_edge_refuses_with_messages_of_the_catalog() -> None:
    assert _api_errors_with_prose() == []


async def test_an_edge_refusal_reads_in_spanish_from_the_catalog(campaign: Campaign) -> None:
    headers = {**campaign.auth(), "Accept-Language": "es", "If-Match": "tres"}
    refused = await campaign.client.post(f"/campaigns/{campaign.id}/commands", json={"type": "gm_note", "text": "x"},
                                         headers=headers)
    assert refused.status_code == 400
    assert refused.json()["detail"] == "If-Match es una versión de la campaña (un número entero), no 'tres'"
    assert refused.headers["content-language"] == "es"


async def test_a_large_number_is_grouped_as_each_language_writes_it(campaign: Campaign) -> None:
    body = b"[" + b"[]," * 100_001 + b"[]]"
    path = f"/campaigns/{campaign.id}/commands"
    english = await campaign.client.post(path, content=body, headers={"Content-Type": "application/json"})
    spanish = await campaign.client.post(path, content=body, headers={"Content-Type": "application/json",
                                                                      "Accept-Language": "es"})
    assert "more than 100,000 arrays" in english.json()["detail"]
    assert "más de 100\u00a0000 listas" in spanish.json()["detail"]


def test_a_message_of_the_edge_names_the_same_values_in_both_languages() -> None:
    said = Message("edge.post_too_large.lines", {"lines": 101, "max": 100})
    assert text(said, "en").startswith("the post has 101 command lines, more than the 100")
    assert text(said, "es").startswith("el mensaje tiene 101 líneas de órdenes, más de las 100")
