"""Every command POST /campaigns/{id}/commands accepts has a line form in English and Spanish that writes
every one of its fields, and every value of its word lists has words."""

from __future__ import annotations

import msgspec
import pytest

from domain.commands import Command
from domain.grammars import grammar_for, grammar_of_command, grammars
from domain.language import Grammar, LineForms, w
from domain.language.forms import Form, form
from domain.language.value_slots import Choice
from service.api.schemas import ACCEPTED_COMMANDS

from . import table

D100_GRAMMAR = grammar_for("deathwatch")


def _grammar_of(kind: type[Command]) -> Grammar:
    return grammar_of_command(kind)


def _tag(kind: type[Command]) -> str:
    return str(kind.__struct_config__.tag)


def _forms(kind: type[Command]) -> list[Form]:
    return [f for f in _grammar_of(kind).forms if f.command is kind]


@pytest.mark.parametrize("kind", ACCEPTED_COMMANDS, ids=_tag)
def test_language_every_accepted_command_has_a_line_form_in_english_and_spanish(kind: type[Command]) -> None:
    forms = _forms(kind)
    assert forms, f"{_tag(kind)} has no line form: add one to its ruleset's vocabulary.py"
    for found in forms:
        assert found.verbs.en and found.verbs.es


def test_language_campaign_and_mission_commands_are_spoken_by_every_ruleset() -> None:
    shared = [k for k in ACCEPTED_COMMANDS if _tag(k).startswith(("mission_",)) or k.__module__.startswith(
        "domain.campaign")]
    assert shared
    for grammar in grammars():
        for kind in shared:
            assert any(f.command is kind for f in grammar.forms), (_tag(kind), grammar)


def test_language_contribute_entropy_has_a_line_form_once_it_exists() -> None:
    entropy = next((k for k in ACCEPTED_COMMANDS if _tag(k) == "contribute_entropy"), None)
    if entropy is None:
        pytest.skip("contribute_entropy is not merged yet")
    for line, lang in (('!entropy "the Emperor protects"', "en"), ('!entropía "el Emperador protege"', "es")):
        parsed = D100_GRAMMAR.parse_line(line, table.D100, table.ANA)
        command = getattr(parsed, "command", None)
        assert isinstance(command, entropy), parsed
        assert command.entropy in ("the Emperor protects", "el Emperador protege")
        assert D100_GRAMMAR.render(command, lang).startswith("entrop")


def _struct_of(owner: type, name: str) -> type | None:
    info = msgspec.inspect.type_info(owner)
    assert isinstance(info, msgspec.inspect.StructType)
    kind = next(f.type for f in info.fields if f.name == name)
    candidates = kind.types if isinstance(kind, msgspec.inspect.UnionType) else (kind,)
    return next((t.cls for t in candidates if isinstance(t, msgspec.inspect.StructType)), None)


@pytest.mark.parametrize("kind", ACCEPTED_COMMANDS, ids=_tag)
def test_language_line_form_writes_every_field(kind: type[Command]) -> None:
    for found in _forms(kind):
        fields = {f.name for f in msgspec.structs.fields(kind)} - {"post"}
        assert fields <= found.fields_covered(), f"{_tag(kind)}: no slot for {sorted(fields - found.fields_covered())}"
        dotted = [s.field for s in found.top_segment.slots if "." in s.field]
        for head in {d.split(".")[0] for d in dotted}:
            nested = _struct_of(kind, head)
            assert nested is not None
            inner = {f.name for f in msgspec.structs.fields(nested)}
            assert inner == {d.split(".", 1)[1] for d in dotted if d.startswith(head + ".")}, head
        for segment in found.all_segments():
            if segment.struct is not None:
                inner = {f.name for f in msgspec.structs.fields(segment.struct)}
                assert inner <= {s.field for s in segment.slots}, (segment.into, inner)


def _literal_values(owner: type, name: str) -> set[object] | None:
    head, _, tail = name.partition(".")
    if tail:
        nested = _struct_of(owner, head)
        assert nested is not None
        return _literal_values(nested, tail)
    info = msgspec.inspect.type_info(owner)
    assert isinstance(info, msgspec.inspect.StructType)
    kind = next(f.type for f in info.fields if f.name == name)
    while isinstance(kind, (msgspec.inspect.VarTupleType, msgspec.inspect.ListType)):
        kind = kind.item_type
    parts = kind.types if isinstance(kind, msgspec.inspect.UnionType) else (kind,)
    literals = [p for p in parts if isinstance(p, msgspec.inspect.LiteralType)]
    return {v for p in literals for v in p.values} if literals else None


def _default_of(owner: type, name: str) -> object:
    head, _, tail = name.partition(".")
    field = next(f for f in msgspec.structs.fields(owner) if f.name == head)
    return getattr(field.default, tail) if tail else field.default


@pytest.mark.parametrize("kind", ACCEPTED_COMMANDS, ids=_tag)
def test_language_every_value_of_a_word_list_has_words(kind: type[Command]) -> None:
    for found in _forms(kind):
        for segment in found.all_segments():
            owner = segment.struct or kind
            for slot in segment.slots:
                if not isinstance(slot, Choice) or slot.field.startswith("_"):
                    continue
                values = _literal_values(owner, slot.field)
                if values is None:
                    continue  # a yes/no flag
                missing = values - {value for value, _ in slot.options}
                # Only the field's default may go without words: a line that says nothing means it.
                default = _default_of(owner, slot.field)
                assert missing <= {default}, f"{_tag(kind)}.{slot.field}: no words for {sorted(map(str, missing))}"


def test_language_a_verb_cannot_mean_two_commands() -> None:
    from domain.campaign import commands as c

    clash = LineForms("clash", (form(c.EndSession, w("stop", "parar")), form(c.RevealDiceSeed, w("halt", "parar"))))
    with pytest.raises(ValueError, match="parar"):
        Grammar(clash)
