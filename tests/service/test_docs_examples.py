"""Every JSON example in docs/*.md is exercised: what the docs show is what the service accepts and answers.

The convention, for whoever writes docs:

- Every fenced block opened with ```json is an example. It holds one JSON value or several, one after the
  other (a value may span lines). An array item written "…" stands for items left out and is dropped first.
  An inline code span holding a JSON object or array is checked the same way (or move it into a block).
- A value that is an object whose "type" names a command POST /campaigns/{id}/commands accepts is decoded
  as that command; one whose "type" names an event is decoded as that event. Either way every key it shows
  must be a field of that command or event (so a misspelt or removed field fails).
- Any other value says what it is in an HTML comment on the line right before the fence:
      <!-- json: problem -->                 an RFC 9457 problem document as the service writes them
      <!-- json: options RULESET -->         campaign options: a campaign of RULESET is created with them
      <!-- json: struct MODULE.CLASS -->     decoded strictly (unknown keys refused) as that Struct
      <!-- json: export-head -->             an export's head record, as service.exporting writes it
- A block marked `<!-- json: run STORY [ruleset=RULESET] [players=ID,…] -->` is played: its commands are
  decided in order in a real campaign (the pure layers: decide, stamp, fold, as tests/support/campaign_table),
  sent by the GM. Each command is followed by every event it produces, in order; each shown key must equal
  the produced value, and the dice it rolls are the dice those events show (by their k). A problem document
  right after a command says the command is refused with that rule and detail. The blocks of one STORY in one
  file continue the same campaign, in the file's order; the first names the ruleset (default deathwatch)
  and the players to invite (each joins with that participant id).

Blocks annotated in the docs (the `<!-- json: … -->` comments) are listed by
`test_docs_examples_annotations_are_known`'s failure message when one is unknown.
"""

from __future__ import annotations

import importlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.campaign.events import ParticipantJoined
from domain.commands import Command
from domain.dice import dice_in
from domain.errors import DomainError, RuleViolation
from domain.rulesets import ENGINES, check_options
from projections.recorded import EventMeta
from service.api.problems import _TITLES
from service.api.schemas import ACCEPTED_COMMANDS
from service.codec import event_classes
from service.exporting import head_record
from service.store import Head
from tests.support.campaign_table import CampaignTable

DOCS = Path(__file__).resolve().parents[2] / "docs"
ELIDED = ("…", "...")
_FENCE = re.compile(r"^```json[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
_NOTE = re.compile(r"<!--\s*json:\s*(.*?)\s*-->\s*$")
_INLINE = re.compile(r"(?<!`)`([\[{][^`\n]*)`(?!`)")
COMMANDS: dict[str, type[Command]] = {str(kind.__struct_config__.tag): kind for kind in ACCEPTED_COMMANDS}
EVENTS = event_classes()
_BODY = msgspec.json.Decoder(dict[str, Any])


@dataclass
class Example:
    """One JSON block (or inline span) of the docs: where it is, its note, and its values."""

    path: Path
    line: int
    note: str
    values: list[Any] = field(default_factory=list)

    @property
    def where(self) -> str:
        return f"{self.path.name}:{self.line}"


def _values(text: str, where: str) -> list[Any]:
    decoder = json.JSONDecoder()
    found: list[Any] = []
    at = 0
    text = text.strip()
    while at < len(text):
        try:
            value, end = decoder.raw_decode(text, at)
        except json.JSONDecodeError as error:
            raise AssertionError(f"{where}: not JSON ({error})") from error
        found.append(_drop_elided(value))
        at = end
        while at < len(text) and text[at].isspace():
            at += 1
    return found


def _drop_elided(value: Any) -> Any:
    if isinstance(value, list):
        return [_drop_elided(v) for v in value if v not in ELIDED]
    if isinstance(value, dict):
        return {k: _drop_elided(v) for k, v in value.items()}
    return value


def examples() -> list[Example]:
    found: list[Example] = []
    for path in sorted(DOCS.glob("*.md")):
        text = path.read_text()
        lines = text.splitlines()
        for match in _FENCE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            before = lines[line - 2] if line >= 2 else ""
            note = _NOTE.search(before)
            example = Example(path, line, note.group(1) if note else "")
            example.values = _values(match.group(1), example.where)
            found.append(example)
        outside = _FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
        for match in _INLINE.finditer(outside):
            try:
                value = json.loads(match.group(1))
            except json.JSONDecodeError:
                continue  # a shape written in prose, like `{name, role}`: not JSON
            line = outside.count("\n", 0, match.start()) + 1
            found.append(Example(path, line, "", [_drop_elided(value)]))
    return found


EXAMPLES = examples()


def _fields(kind: type[msgspec.Struct]) -> set[str]:
    return {f.encode_name for f in msgspec.structs.fields(kind)}


def _typed(value: Any, where: str) -> msgspec.Struct:
    """A command or event, decoded by its type; every key shown must be one of its fields."""
    assert isinstance(value, dict) and isinstance(value.get("type"), str), (
        f"{where}: a JSON example without a command or event `type` needs a note (see this test's docstring)"
    )
    tag = value["type"]
    kind: type[msgspec.Struct] | None = COMMANDS.get(tag) or EVENTS.get(tag)
    assert kind is not None, f"{where}: {tag!r} is neither a command the API accepts nor an event"
    unknown = set(value) - _fields(kind) - {"type"}
    assert not unknown, f"{where}: {tag} has no field(s) {sorted(unknown)}"
    try:
        return msgspec.convert(value, type=kind, strict=False)
    except msgspec.ValidationError as error:
        raise AssertionError(f"{where}: {tag} does not decode: {error}") from error


def _problem(value: Any, where: str) -> None:
    assert isinstance(value, dict), where
    for key in ("type", "title", "status", "detail"):
        assert key in value, f"{where}: a problem document has `{key}`"
    slug = str(value["type"]).removeprefix("urn:lexmechanic:problem:")
    assert slug != value["type"] and re.fullmatch(r"[a-z][a-z-]*", slug), f"{where}: type {value['type']!r}"
    assert value["title"] == _TITLES.get(value["status"]), f"{where}: status {value['status']} has another title"
    if "rule" in value:
        listed = re.findall(r"^\| `([a-z0-9_]+)` \|", (DOCS / "errors.md").read_text(), re.MULTILINE)
        assert value["rule"] in listed, f"{where}: rule {value['rule']!r} is not in docs/errors.md"


def _options(value: Any, ruleset: str, where: str) -> None:
    assert ruleset in ENGINES, f"{where}: no ruleset {ruleset!r}"
    assert isinstance(value, dict), where
    try:
        check_options(ruleset, value)  # what POST /campaigns checks
        CampaignTable(ruleset, **value)
    except DomainError as error:
        raise AssertionError(f"{where}: a {ruleset} campaign refuses the options {value}: {error}") from error


def _export_head(value: Any, where: str) -> None:
    head = value.get("head") if isinstance(value, dict) else None
    assert isinstance(head, dict), f"{where}: a head record is {{\"head\": {{…}}}}"
    try:
        written = head_record(Head(ruleset="", **head))
    except TypeError as error:
        raise AssertionError(f"{where}: not a head record: {error}") from error
    assert written == value, f"{where}: the export writes {written}"


def _struct(value: Any, dotted: str, where: str) -> None:
    module, _, name = dotted.rpartition(".")
    kind = getattr(importlib.import_module(module), name)
    assert isinstance(value, dict), where
    unknown = set(value) - _fields(kind)
    assert not unknown, f"{where}: a {name} has no field(s) {sorted(unknown)}"
    try:
        msgspec.convert(value, type=kind, strict=False)
    except msgspec.ValidationError as error:
        raise AssertionError(f"{where}: not a {name}: {error}") from error


@pytest.mark.parametrize("example", [e for e in EXAMPLES if not e.note.startswith("run ")], ids=lambda e: e.where)
def test_docs_example_decodes(example: Example) -> None:
    words = example.note.split()
    for value in example.values:
        match words:
            case []:
                _typed(value, example.where)
            case ["problem"]:
                _problem(value, example.where)
            case ["options", ruleset]:
                _options(value, ruleset, example.where)
            case ["struct", dotted]:
                _struct(value, dotted, example.where)
            case ["export-head"]:
                _export_head(value, example.where)
            case _:
                raise AssertionError(f"{example.where}: unknown note <!-- json: {example.note} -->")


# --- stories -------------------------------------------------------------------------------------------------

def _story_options(words: list[str]) -> dict[str, str]:
    return dict(word.split("=", 1) for word in words if "=" in word)


def stories() -> dict[str, list[Example]]:
    found: dict[str, list[Example]] = {}
    for example in EXAMPLES:
        if example.note.startswith("run "):
            story = example.note.split()[1]
            found.setdefault(f"{example.path.name}:{story}", []).append(example)
    return found


def _expected_matches(shown: Any, produced: Any, path: str) -> list[str]:
    """Where a documented value differs from the produced one (keys the docs leave out are not compared)."""
    if isinstance(shown, dict) and isinstance(produced, dict):
        wrong: list[str] = []
        for key, value in shown.items():
            if key not in produced:
                wrong.append(f"{path}.{key}: no such field")
            else:
                wrong += _expected_matches(value, produced[key], f"{path}.{key}")
        return wrong
    if isinstance(shown, list) and isinstance(produced, list):
        if len(shown) != len(produced):
            return [f"{path}: {len(shown)} items shown, {len(produced)} produced: {produced}"]
        return [w for i, (s, p) in enumerate(zip(shown, produced, strict=True))
                for w in _expected_matches(s, p, f"{path}[{i}]")]
    return [] if shown == produced else [f"{path}: shown {shown!r}, produced {produced!r}"]


def _faces(shown_events: list[dict[str, Any]]) -> list[int]:
    dice = {die["k"]: die["value"] for event in shown_events for die in dice_in(event)}
    assert sorted(dice) == list(range(len(dice))), f"the dice shown are not k = 0, 1, …: {sorted(dice)}"
    return [dice[k] for k in sorted(dice)]


def _play(story: str, blocks: list[Example]) -> None:
    options = _story_options(blocks[0].note.split()[2:])
    table = CampaignTable(options.get("ruleset", "deathwatch"))
    players = [p for p in options.get("players", "").split(",") if p]
    table._append([ParticipantJoined(participant_id=p, name=p.title(), role="player") for p in players],
                  EventMeta(actor="gm", role="gm"))
    for block in blocks:
        values = list(block.values)
        while values:
            command_json = values.pop(0)
            where = f"{block.where} ({command_json.get('type')})"
            assert command_json.get("type") in COMMANDS, f"{where}: a story's blocks start with a command"
            command = _typed(command_json, where)
            answers: list[dict[str, Any]] = []
            while values and values[0].get("type") not in COMMANDS:
                answers.append(values.pop(0))
            refusal = next((a for a in answers if str(a.get("type", "")).startswith("urn:")), None)
            if refusal is not None:
                _problem(refusal, where)
                with pytest.raises(RuleViolation) as refused:
                    table.run(command, _faces([a for a in answers if a is not refusal]))
                assert (refused.value.rule, refused.value.message) == (refusal.get("rule"), refusal["detail"]), where
                continue
            for answer in answers:
                _typed(answer, where)
            events = table.run(command, _faces(answers))
            produced = [{"type": type(e).__struct_config__.tag, **_BODY.decode(msgspec.json.encode(e))} for e in events]
            assert [p["type"] for p in produced] == [a["type"] for a in answers], (
                f"{where}: the docs show {[a['type'] for a in answers]}, the command produced "
                f"{[p['type'] for p in produced]}"
            )
            wrong = [w for shown, made in zip(answers, produced, strict=True)
                     for w in _expected_matches(shown, made, shown["type"])]
            assert not wrong, f"{where}: " + "; ".join(wrong)


@pytest.mark.parametrize("story", sorted(stories()))
def test_docs_story_plays_as_written(story: str) -> None:
    _play(story, stories()[story])


def test_docs_examples_annotations_are_known() -> None:
    known = ("options ", "struct ", "run ")
    notes = {e.where: e.note for e in EXAMPLES if e.note}
    assert all(note in ("problem", "export-head") or note.startswith(known) for note in notes.values()), notes


def test_docs_have_json_examples() -> None:
    assert len(EXAMPLES) >= 5 and stories()


def test_docs_rules_d100_plays_every_d100_command_and_event() -> None:
    """docs/rules-d100.md shows every d100 command and event (fields and an example) in a played story."""
    engine = ENGINES["deathwatch"]
    tags = {str(kind.__struct_config__.tag) for kind in (*engine.commands, *engine.aliases, *engine.events)}
    shown = {value.get("type") for name, blocks in stories().items() if name.startswith("rules-d100.md:")
             for block in blocks for value in block.values}
    assert sorted(tags - shown) == []
    headed = set(re.findall(r"^#### `([a-z0-9_]+)`", (DOCS / "rules-d100.md").read_text(), re.MULTILINE))
    assert sorted(tags - headed) == []
