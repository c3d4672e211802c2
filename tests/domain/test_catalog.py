"""The catalogs: every message in every language, the same parameters in each, the compiled files fresh, and
every message the rules raise present (docs/architecture.md, "Words").

Read from the `.po` sources with Babel, the library that compiles them, not through the lookup under test.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from domain.catalog import LANGS, english, has, text
from domain.errors import RuleViolation, UnknownEntity
from domain.message import Message
from service.catalog_build import CATALOG, compiled, sources

ROOT = Path(__file__).resolve().parents[2]
_FIELDS = string.Formatter()


def _entries(lang: str) -> dict[str, tuple[str, ...]]:
    """Every message of one language, by id: its sentence, or its plural forms."""
    found: dict[str, tuple[str, ...]] = {}
    for po in sorted((CATALOG / lang).glob("*.po")):
        with po.open("rb") as source:
            for entry in read_po(source):
                if not entry.id:
                    continue
                key = entry.id[0] if isinstance(entry.id, tuple) else entry.id
                assert key not in found, f"{key} is in two files of {lang}"
                found[key] = tuple(entry.string) if isinstance(entry.string, tuple) else (entry.string,)
    return found


def _names(sentence: str) -> set[str]:
    return {field for _, field, _, _ in _FIELDS.parse(sentence) if field}


def test_every_message_is_in_every_language_with_the_same_parameters() -> None:
    catalogs = {lang: _entries(lang) for lang in LANGS}
    ids = set().union(*catalogs.values())
    for lang, entries in catalogs.items():
        assert sorted(ids - set(entries)) == [], f"messages without a {lang} sentence"
    for message_id in ids:
        forms = [form for lang in LANGS for form in catalogs[lang][message_id]]
        assert all(forms), f"{message_id} has an empty sentence"
        named = [_names(form) for form in forms]
        assert all(n == named[0] for n in named), f"{message_id} names different parameters: {named}"


def test_a_message_with_plural_forms_counts_with_count() -> None:
    for lang in LANGS:
        for message_id, forms in _entries(lang).items():
            if len(forms) > 1:
                assert "count" in _names(forms[0]), f"{message_id} ({lang}) has plural forms but no {{count}}"


def test_the_compiled_catalogs_are_fresh() -> None:
    stale = [str(po) for po in sources() if not po.with_suffix(".mo").exists()
             or po.with_suffix(".mo").read_bytes() != compiled(po)]
    assert stale == [], "run: python -m service.catalog_build"


def test_plural_forms_follow_the_count() -> None:
    one, five = (Message("rule.entropy_quota", {"count": n, "epoch": 2}) for n in (1, 5))
    assert "contributed 1 time to dice epoch 2" in english(one)
    assert "contributed 5 times to dice epoch 2" in english(five)
    assert "aportaste entropía 1 vez" in text(one, "es")
    assert "aportaste entropía 5 veces" in text(five, "es")


def test_an_error_says_its_message_and_reads_as_english() -> None:
    error = RuleViolation("one_session_at_a_time", case="open", session=3)
    assert error.rule == "one_session_at_a_time"
    assert error.said == Message("rule.one_session_at_a_time.open", {"session": 3})
    assert str(error) == error.message == "session 3 is still open; end it first"
    assert text(error.said, "es") == "la sesión 3 sigue abierta: termínala primero"
    missing = UnknownEntity(case="character", character="kai")
    assert missing.said is not None and missing.said.id == "not_found.character"


def test_a_nested_message_is_told_in_the_same_language() -> None:
    outer = Message("rule.retraction.kind", {"seq": 4, "kind": "dice_rolled", "allowed": "a, b"})
    assert text(outer, "en") == "event 4 (dice_rolled) cannot be retracted; only a, b can"
    assert text(outer, "es").startswith("el evento 4 (dice_rolled) no se puede anular")


# --- every message the code raises is in the catalog -------------------------------------------------

_FAMILIES = {"RuleViolation": "rule", "Forbidden": "forbidden", "UnknownEntity": "not_found"}


def _raised_ids(path: Path) -> list[tuple[int, str]]:
    """The message ids of the `RuleViolation(rule, case=…)`, `Forbidden(case=…)`, `UnknownEntity(case=…)` and
    `message("…")` calls of one file, where they are spelled out."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        keywords = {k.arg: k.value for k in node.keywords}
        case = keywords.get("case")
        case_text = case.value if isinstance(case, ast.Constant) and isinstance(case.value, str) else None
        if name == "RuleViolation" and len(node.args) == 1 and isinstance(node.args[0], ast.Constant):
            rule = node.args[0].value
            if case is None or case_text is not None:
                found.append((node.lineno, f"rule.{rule}" + (f".{case_text}" if case_text else "")))
        elif name in ("Forbidden", "UnknownEntity") and not node.args:
            if case is None or case_text is not None:
                found.append((node.lineno, f"{_FAMILIES[name]}.{case_text or 'generic'}"))
        elif name in ("message", "Message") and node.args and isinstance(node.args[0], ast.Constant):
            value = node.args[0].value
            if isinstance(value, str) and re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+)+", value):
                found.append((node.lineno, value))
    return found


def _code_files() -> list[Path]:
    return sorted(p for top in ("domain", "projections", "service") for p in (ROOT / top).rglob("*.py"))


def test_every_message_the_code_names_is_in_the_catalog() -> None:
    missing = [f"{path.relative_to(ROOT)}:{line} {message_id}" for path in _code_files()
               for line, message_id in _raised_ids(path) if not all(has(message_id, lang) for lang in LANGS)]
    assert missing == []


def _is_message(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
        "message", "Message")


def _prose_raises(path: Path) -> int:
    """Errors still raised with an English sentence instead of a message (a string as their words)."""
    count = 0
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            words_at = 1 if name == "RuleViolation" else 0 if name in ("Forbidden", "UnknownEntity", "Conflict") \
                else None
            if words_at is not None and len(node.args) > words_at and not _is_message(node.args[words_at]):
                count += 1
    return count


# The modules that still refuse in English prose, and how often: the list only shrinks (a new refusal is a
# message of the catalog), and the issue is done when it is empty.
STILL_IN_PROSE: dict[str, int] = {}


def test_refusals_are_messages_not_prose() -> None:
    counts = {str(p.relative_to(ROOT)): n for p in _code_files() if (n := _prose_raises(p))}
    grown = {path: n for path, n in counts.items() if n > STILL_IN_PROSE.get(path, 0)}
    assert grown == {}, "refuse with a message of the catalog (RuleViolation(rule, case=…, **params))"


@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_message_is_an_error_not_an_id(lang: str) -> None:
    from domain.catalog import MissingMessage, sentence
    with pytest.raises(MissingMessage):
        sentence("rule.no_such_rule_anywhere", lang)  # type: ignore[arg-type]
