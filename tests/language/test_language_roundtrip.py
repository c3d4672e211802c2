"""parse(render(command)) == command, for generated commands of every type the API accepts, en and es."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.commands import Command, command_tag
from domain.grammars import grammar_of_command
from domain.language import Directory, Grammar
from domain.language.tokens import quote, tokenize
from domain.rulesets import engine_of_command
from service.api.schemas import ACCEPTED_COMMANDS

from . import table
from .strategies import commands

# Nothing pending: a line that leaves out an optional reference must not pick one up from the directory.
D100_TABLE = msgspec.structs.replace(table.D100, pending=())
WNG_TABLE = msgspec.structs.replace(table.WNG, pending=())


def _grammar(kind: type[Command]) -> tuple[Grammar, Directory, str]:
    engine = engine_of_command(kind)
    if engine is not None and engine.name == "wrath_and_glory":
        return grammar_of_command(kind), WNG_TABLE, "wng"
    return grammar_of_command(kind), D100_TABLE, "d100"


@pytest.mark.parametrize("kind", ACCEPTED_COMMANDS, ids=lambda k: k.__struct_config__.tag)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_language_render_then_parse_is_the_same_command(kind: type[Command], data: st.DataObject) -> None:
    grammar, directory, family = _grammar(kind)
    form = next(f for f in grammar.forms if f.command is kind)
    command = data.draw(commands(kind, form, family))
    assert isinstance(command, Command)
    for lang in ("en", "es"):
        line = grammar.render(command, lang)
        parsed = grammar.parse_line("!" + line, directory, table.ANA, lang=lang)
        assert not isinstance(parsed, msgspec.Struct) or hasattr(parsed, "command"), (line, parsed)
        assert getattr(parsed, "command", parsed) == command, (command_tag(command), line)


@given(st.text())
def test_language_quoted_text_reads_back_exactly(text: str) -> None:
    tokens = tokenize(quote(text))
    assert len(tokens) == 1 and tokens[0].kind == "quoted" and tokens[0].value == text
