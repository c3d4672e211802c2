"""docs/commands.md says what the language does: every example line parses (and every error example
answers its message), and every verb and word of every vocabulary is in it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from domain.grammars import grammar_for
from domain.language import Grammar, LineError, ParsedCommand
from domain.language.folding import fold
from domain.language.value_slots import Choice

from . import table

D100_GRAMMAR = grammar_for("deathwatch")
WNG_GRAMMAR = grammar_for("wrath_and_glory")

DOC = Path(__file__).resolve().parents[2] / "docs" / "commands.md"
_BLOCK = re.compile(r"^```(lx|lx-error) (d100|wng) (ana|gm)\n(.*?)^```", re.MULTILINE | re.DOTALL)
_SETUPS = {"d100": (D100_GRAMMAR, table.D100), "wng": (WNG_GRAMMAR, table.WNG)}
_AUTHORS = {"ana": table.ANA, "gm": table.GM}


def _blocks() -> list[tuple[str, str, str, str]]:
    found = [(m.group(1), m.group(2), m.group(3), m.group(4)) for m in _BLOCK.finditer(DOC.read_text())]
    assert found, "docs/commands.md has no example blocks"
    return found


def _examples() -> list[tuple[str, str, str]]:
    """Each example block is one post: its lines run in order, later ones naming what earlier ones made."""
    return [(grammar, author, body) for kind, grammar, author, body in _blocks() if kind == "lx"]


def _errors() -> list[tuple[str, str, str, str]]:
    found: list[tuple[str, str, str, str]] = []
    for kind, grammar, author, body in _blocks():
        if kind == "lx-error":
            lines = [line for line in body.splitlines() if line.strip()]
            found += [(grammar, author, line, message.removeprefix("→ "))
                      for line, message in zip(lines[::2], lines[1::2], strict=True)]
    return found


@pytest.mark.parametrize(("grammar", "author", "line"), _examples(), ids=lambda v: v.splitlines()[0][:30])
def test_language_every_example_of_the_docs_parses(grammar: str, author: str, line: str) -> None:
    chosen, directory = _SETUPS[grammar]
    parsed = chosen.parse_post(line, directory, _AUTHORS[author])
    assert len(parsed.lines) == len([x for x in line.splitlines() if x.strip()])
    assert parsed.ok, [f"{e.source}: {e.message}" for e in parsed.errors]
    commands = [result.command for result in parsed.lines if isinstance(result, ParsedCommand)]
    for lang in ("en", "es"):
        rendered = "\n".join("!" + chosen.render(command, lang) for command in commands)
        again = chosen.parse_post(rendered, directory, _AUTHORS[author])
        assert [r.command for r in again.commands] == commands, [e.message for e in again.errors]


@pytest.mark.parametrize(("grammar", "author", "line", "message"), _errors())
def test_language_every_error_of_the_docs_answers_as_written(grammar: str, author: str, line: str,
                                                             message: str) -> None:
    chosen, directory = _SETUPS[grammar]
    parsed = chosen.parse_post(line, directory, _AUTHORS[author])
    (wrong,) = parsed.lines
    assert isinstance(wrong, LineError) and wrong.message == message


@pytest.mark.parametrize("grammar", [D100_GRAMMAR, WNG_GRAMMAR], ids=["d100", "wng"])
def test_language_the_docs_list_every_word(grammar: Grammar) -> None:
    quoted = " ".join(re.findall(r"`([^`\n]+)`", DOC.read_text()))
    written = {fold(word) for word in re.findall(r"[\w][\w'-]*", quoted)}
    missing: list[str] = []
    for form in grammar.forms:
        for word, _ in form.verbs.pairs():
            if fold(word) not in written:
                missing.append(word)
        for segment in form.all_segments():
            for slot in segment.slots:
                if isinstance(slot, Choice):
                    missing += [w for _, words in slot.options for w, _ in words.pairs() if fold(w) not in written]
                if slot.key is not None:
                    missing += [w for w, _ in slot.key.pairs() if fold(w) not in written]
    assert not missing, sorted(set(missing))


def test_language_examples_cover_every_command_type() -> None:
    seen: set[str] = set()
    for grammar, author, line in _examples():
        chosen, directory = _SETUPS[grammar]
        for result in chosen.parse_post(line, directory, _AUTHORS[author]).commands:
            seen.add(str(type(result.command).__struct_config__.tag))
    everything = {str(f.command.__struct_config__.tag) for g in (D100_GRAMMAR, WNG_GRAMMAR) for f in g.forms}
    assert sorted(everything - seen) == []

