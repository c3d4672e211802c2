"""No text a person reads is built outside the catalog (issue 20, docs/architecture.md "Words").

Walks the Python sources of domain/, projections/ and service/ with `ast` and counts, file by file, the string
literals that read as English or Spanish prose: a Spanish letter (á, ñ, ¿ …), or two words or more of letters.
Not counted: docstrings; SQL; what a log line, an `assert`, a `raise` or an exception's `super().__init__` says
(a developer's words: a refusal a person reads is a catalog message, and tests/domain/test_catalog.py counts
the refusals still in prose), except a raised exception the command line prints to a person (`SPOKEN_ERRORS`:
the client's ClientError, argparse's ArgumentTypeError), whose literals count like any other;
`description=`/`summary=`/`responses=` of the HTTP schema and routes, the OpenAPI examples (`API_REFERENCE`) and the
command line's `help=` (the two surfaces' reference, English like docs/); the files of the input grammar (`INPUT_GRAMMAR`: the words a player types, parsed from posts); a literal naming a
catalog term (a key the rules record, `names_a_term`); and the named exemptions below, each with its reason.

`STILL_IN_CODE` holds the files whose words have not moved yet, with their count: the test fails when a file
says more than its count (a new sentence went into code) and when it says fewer (the count must shrink with
the move, so the list stays tight). A file not listed must say none.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOPS = ("domain", "projections", "service")

# The words players TYPE: line forms and their parser, read from posts in either language. They are grammar,
# not text shown to a person (the catalog says what a line means; these say how it is written), and a
# participant's post is matched against them literally, so they stay beside the parser that reads them.
INPUT_GRAMMAR: dict[str, str] = {
    "domain/language/": "the line parser and the slot words shared by every ruleset's line forms",
    "domain/campaign/vocabulary.py": "the campaign's command line forms",
    "domain/missions/vocabulary.py": "the mission commands' line forms",
    "domain/d100/vocabulary.py": "the d100 commands' line forms (seeds 000-002's words)",
    "domain/wrath_and_glory/vocabulary.py": "the Wrath & Glory commands' line forms",
    "domain/missions/characters.py": "the seed's Spanish speciality names, read from forum sheets",
    "domain/d100/modifiers.py::SPANISH_DIFFICULTIES": "the seeds' Spanish difficulty names, read from posts",
}

# Files whose words a person reads are still in code, with how many literals: only shrinks (the lead moves
# them into the catalog; a file reaching 0 leaves the list).
STILL_IN_CODE: dict[str, int] = {
}

_SPANISH = re.compile(r"[ÁÉÍÓÚÜÑáéíóúüñ¿¡]")
_WORD = re.compile(r"^[\"'«“(¿¡]*[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+(?:'[a-z]+)?[\"'»”).,:;!?]*$")
# Machine text: SQL, a content security policy, an HTML page, a regular expression.
_MACHINE = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|WITH|BEGIN|LOCK|SET|LISTEN|NOTIFY|"
                      r"UNLISTEN|DO|GRANT|TRUNCATE|COMMENT|VALUES|FROM|WHERE|ORDER BY|ON CONFLICT)\b|\$\d|::\w|"
                      r"\b(SELECT|FROM|WHERE|JOIN)\b|default-src|^\s*<|\(\?P<")
# A catalog lookup's first argument is a key, not words (a d100 term's key is its rules name: "shock table").
_LOOKUPS_BY_KEY = {"term", "field", "word", "title", "label", "said", "sentence", "message", "Message", "say"}
_LOGS = {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}
# The reference of the two programmatic surfaces, in English like docs/: the HTTP schema's (and the OpenAPI
# examples', below) and the command line's `--help`. The answers themselves are told in the reader's language.
_API_DOCS = {"description", "summary", "responses", "help", "epilog", "usage"}
# The command line's parsers, whose every string is its `--help` (the client's commands.py wraps add_parser as
# `add`, and its --lang option as `_lang`).
_CLI_REFERENCE = {"ArgumentParser", "add_parser", "add_argument", "add_argument_group"}
_CLI_WRAPPERS = {"service/client/commands.py": {"add", "_lang"}}
API_REFERENCE: dict[str, str] = {
    "service/api/answers.py": "the OpenAPI schema's examples: real answers quoted for the API reference",
    "service/api/discord.py::_ANSWERS": "the Discord endpoint's OpenAPI answers, with examples",
    "service/api/discord.py::_refused": "an OpenAPI example's problem document",
    "service/api/examples.py": "the OpenAPI schema's example commands (a character's name, a reason typed)",
    "service/api/participant_tokens.py::_responses": "its OpenAPI answers, with an example",
    "service/api/premades.py::_answers": "its OpenAPI answers, with examples",
    "service/api/premades.py::_problem": "an OpenAPI example's problem document",
}
# Words of the protocol, not of a language: a problem's `title` is its status's English name whatever the
# language asked for (docs/errors.md), and an HTTP status line's reason phrase is the RFC's.
PROTOCOL_WORDS: dict[str, str] = {
    "service/api/problems.py::_TITLES": "the problem types' titles (docs/errors.md: never translated)",
    "service/edge_protocol.py::_TITLES": "the edge's problem titles (docs/errors.md: never translated)",
    "service/edge_protocol.py::_REASONS": "HTTP reason phrases of the status line (RFC 9110)",
    "service/api/posts.py::line_field": "the field path a problem names a post's line by (docs/api.md), like body.name",
}

# Names never translated: the games' titles, and Deathwatch's Squad Mode abilities, which the Spanish handouts
# keep in English ("las habilidades del Modo Escuadra: Squad Advance, Bolter Assault y Tactical Spacing").
PROPER_NAMES: dict[str, str] = {
    "domain/d100/engine.py::RULESETS": "the d100 games' titles (Deathwatch, Dark Heresy, Only War)",
    "domain/wrath_and_glory/engine.py::label": "the game's title, Wrath & Glory",
    "domain/wrath_and_glory/engine.py::rulesets": "the game's title, Wrath & Glory",
    "domain/missions/oaths.py::OATHS": "the Squad Mode abilities' names, English in the Spanish handouts too",
}
# The premade sheets' data, as the handouts print it: item names a player types in a command (`weapon: Bolt
# pistol`), and the citations quoting the handouts' section titles (a premade's source, in its language).
PREMADE_DATA: dict[str, str] = {
    "domain/premades/d100.py": "the d100 premades: item names typed in commands, the handouts' section titles",
    "domain/premades/wrath_and_glory.py": "the W&G premades: item names typed in commands, the handouts' section titles",
}
# Machine text matched, not shown: msgspec's decoder messages, recognised to tell which rule a text broke.
MACHINE_PATTERNS: dict[str, str] = {
    "domain/plain_text.py::plain_text_rule": "msgspec's message for a text pattern, matched literally",
    "service/api/decoder_words.py::message_of": "msgspec's message for a text pattern, matched literally",
    "service/api/problems.py::validation_words": "Litestar's message for an unknown enum value, matched literally",
}
# What the operator reads when starting and administering the service: the console of `lexmechanic serve`,
# `migrate`, `snapshot`, `discord register`, in English like docs/ and the logs (a player never reads it).
OPERATOR_CONSOLE: dict[str, str] = {  # by function: the player's client shares service/cli.py
    "service/cli.py::_serve": "`lexmechanic serve`'s start lines: the operator's console",
    "service/cli.py::_database_urls": "`lexmechanic serve`/`migrate` saying which database it uses",
    "service/cli.py::_migrate": "`lexmechanic migrate`'s console",
    "service/cli.py::_export": "`lexmechanic export`'s console",
    "service/cli.py::_rebuild": "`lexmechanic rebuild`'s console",
    "service/database.py::privilege_warning": "printed by `lexmechanic serve` when the database role can rewrite events",
    "service/serving.py::describe": "the server line `lexmechanic serve` and the bench print (versions, limits)",
    "service/serving.py::_version": "a package's version in that line",
    "service/discord/register.py::register": "`lexmechanic discord register`'s console",
}
# Contracts quoted verbatim, whose words are a specification, not a sentence to translate.
CONTRACTS: dict[str, str] = {
    "service/proofs.py::ALGORITHM_TEXT": "the dice algorithm as docs/fairness.md states it, quoted in every proof",
    "service/client/commands.py::EXIT_CODES": "the client's `--help` epilog (reference, like `help=`)",
}
# Values the events record as data and the rules read back, shown only in the raw JSON of an event or a state
# (docs/rules-d100.md quotes them), never rendered: a condition's `note` (the rules', a player's or the GM's
# annotation: events are immutable, so its stored words stay) and the default critical table's name (beside
# the names a GM gives a table). A reader is told the condition by its term.
RECORDED: dict[str, str] = {
    "domain/d100/criticals.py::DEFAULT_TABLE": "the default critical table's name, stored in d100_critical_table_loaded",
    "domain/campaign/decide.py::DEFAULT_GM_NAME": "the GM's name when none is given, stored in campaign_created; "
                                                  "projections/rendering/names.py tells it \"DJ\" in Spanish",
}
_RECORDED_NOTES = {"Condition", "_prone"}  # a call's `note=` is a condition's recorded note
# Exceptions whose message a person reads in a terminal: a literal raised in one is counted like any other (an
# internal exception's words, under `raise`, stay a developer's).
SPOKEN_ERRORS: dict[str, str] = {
    "ClientError": "service/client/commands.py (_guarded) prints its message after `lexmechanic COMMAND:`",
    "ArgumentTypeError": "argparse prints its message as the command line's usage error",
}
# Words printed inside argparse's own English frame (`usage: …`, `error: argument -n/--limit: …`), raised while
# the arguments are parsed, before `--lang` is known: the frame and its message are the command line's
# reference, English like `--help`.
PARSER_FRAME: dict[str, str] = {
    "service/client/commands.py::_positive": "an argument's type error, inside argparse's English usage error",
}
# Every exemption: a path (a folder ends with "/") or `path::name` (a function, a class attribute or a
# module-level name).
EXEMPTIONS: dict[str, str] = {**INPUT_GRAMMAR, **API_REFERENCE, **PROTOCOL_WORDS, **PROPER_NAMES, **PREMADE_DATA,
                              **MACHINE_PATTERNS, **OPERATOR_CONSOLE, **CONTRACTS, **RECORDED, **PARSER_FRAME}


def reads_as_prose(text: str) -> bool:
    """Whether a literal reads as words for a person: a Spanish letter, or two plain words or more."""
    if _MACHINE.search(text):
        return False
    if _SPANISH.search(text):
        return True
    return sum(1 for token in text.split() if _WORD.match(token)) >= 2


def _is_super_init(node: ast.Call) -> bool:
    """`super().__init__(…)`: an exception's `str()`, for logs (the edge tells a person a catalog message)."""
    func = node.func
    return isinstance(func, ast.Attribute) and func.attr == "__init__" and isinstance(func.value, ast.Call) \
        and getattr(func.value.func, "id", "") == "super"


def _raised(node: ast.Raise) -> str:
    """The class a `raise` names when it builds the exception there (`raise ClientError(…)`), else ""."""
    if not isinstance(node.exc, ast.Call):
        return ""
    func = node.exc.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _exempt(tree: ast.Module, name: str) -> set[int]:
    """The ids of the literals not counted: docstrings (a module's, a class's, a function's, an attribute's:
    any string standing alone as a statement), and everything under a log call, `assert`, `raise` (of an
    exception no person is shown: not `SPOKEN_ERRORS`), and the API reference's `description=`/`summary=`."""
    skipped: set[int] = set()
    parsers = _CLI_REFERENCE | _CLI_WRAPPERS.get(name, set())

    def under(node: ast.AST) -> None:
        skipped.update(id(inner) for inner in ast.walk(node))

    for node in ast.walk(tree):
        named = node.name if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else \
            node.targets[0].id if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) else \
            node.target.id if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) else None
        if named is not None and f"{name}::{named}" in EXEMPTIONS:
            under(node)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skipped.add(id(node.value))
        elif isinstance(node, ast.Assert) or (isinstance(node, ast.Raise) and _raised(node) not in SPOKEN_ERRORS):
            under(node)
        elif isinstance(node, ast.Call):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if (called in _LOGS and isinstance(node.func, ast.Attribute)) or called in parsers or _is_super_init(node):
                under(node)
            if called in _LOOKUPS_BY_KEY and node.args:
                skipped.add(id(node.args[0]))
            for keyword in node.keywords:
                if keyword.arg in _API_DOCS or (keyword.arg == "note" and called in _RECORDED_NOTES):
                    under(keyword.value)
    return skipped


# The catalog keys a rules name is told by at read time (domain/d100/phrase_terms.py, wrath_and_glory/phrase_terms.py):
# a d100 modifier or condition as the rules record it, a d100 refusal's part, a Wrath & Glory word in any spelling.
_TERM_KEYS = (lambda said: f"term.d100.{said}", lambda said: f"term.d100.{said.replace(' ', '_')}",
              lambda said: f"term.d100.doing.{said.replace(' ', '_')}",
              lambda said: "term.wng." + re.sub(r"[^a-z0-9]+", "_", said.lower()))


_COMPOSED = re.compile(r"^(?P<head>[^:(]+?)(?::\s*(?P<tail>.+)|\s*\((?P<inner>[^)]*)\))$")


def names_a_term(said: str) -> bool:
    """Whether a literal is a key, not prose: the name the rules record (in an event, a state, a refusal's
    parameter) of a word the catalog holds in every language, so a reader is shown the catalog's words. A
    name composed as the terms compose them ("Survival (Wrangling)", "called shot: head") is a key when its
    parts are; the literal part of an f-string that names one ("two weapons (", "troop of ") is its key."""
    from domain.catalog import LANGS, has

    said = said.strip(" (:")
    if any(all(has(key(said), lang) for lang in LANGS) for key in _TERM_KEYS):
        return True
    composed = _COMPOSED.match(said)
    return composed is not None and all(names_a_term(part.strip()) for part in composed.groups() if part)


def prose_literals(path: Path) -> Iterator[tuple[int, str]]:
    return prose_in(path.read_text(), _relative(path))


def prose_in(source: str, name: str) -> Iterator[tuple[int, str]]:
    """The prose literals of `source`, a module at `name` (its exemptions apply)."""
    tree = ast.parse(source)
    skipped = _exempt(tree, name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped \
                and reads_as_prose(node.value) and not names_a_term(node.value):
            yield node.lineno, node.value


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _whole_file_exempt(name: str) -> bool:
    return any(name == key or (key.endswith("/") and name.startswith(key)) for key in EXEMPTIONS)


def counted() -> dict[str, int]:
    found: dict[str, int] = {}
    for top in TOPS:
        for path in sorted((ROOT / top).rglob("*.py")):
            name = _relative(path)
            if not _whole_file_exempt(name) and (count := sum(1 for _ in prose_literals(path))):
                found[name] = count
    return found


def test_no_text_a_person_reads_is_written_in_code() -> None:
    found = counted()
    grown = {name: (count, STILL_IN_CODE.get(name, 0)) for name, count in found.items()
             if count > STILL_IN_CODE.get(name, 0)}
    shrunk = {name: (found.get(name, 0), count) for name, count in STILL_IN_CODE.items()
              if found.get(name, 0) < count}
    assert grown == {}, "words a person reads belong in domain/catalog/<lang>/<area>.po: (found, allowed)"
    assert shrunk == {}, "fewer literals than STILL_IN_CODE allows: lower the count (found, allowed)"


def test_the_exemptions_name_real_places() -> None:
    assert all((ROOT / key.split("::")[0]).exists() for key in EXEMPTIONS)
    for key in EXEMPTIONS:
        if "::" in key:
            path, named = key.split("::")
            assert re.search(rf"^\s*(def {named}\(|async def {named}\(|{named}\b.*=)", (ROOT / path).read_text(), re.M), key


def test_the_detector_tells_prose_from_machine_text() -> None:
    assert reads_as_prose("the attack missed")
    assert reads_as_prose("Cronología")
    assert reads_as_prose("Show what changed")
    assert not reads_as_prose("dice_rolled")
    assert not reads_as_prose("SELECT seq FROM events WHERE campaign_id = $1")
    assert not reads_as_prose("render.field.damage")
    assert not reads_as_prose("{name}: {value}")


def test_a_message_the_command_line_prints_is_counted_even_when_raised() -> None:
    source = '''
def login(args, lang):
    if not args.token:
        raise ClientError(USAGE, "the token is empty")
    if args.url is None:
        raise exits.ClientError(USAGE, f"cannot reach {args.url}: no answer")
    if args.limit < 1:
        raise argparse.ArgumentTypeError(f"{args.limit} is not 1 or more")
    if args.broken:
        raise ValueError("the parser was handed no arguments at all")
    assert args.lang, "a language is always chosen"
    raise ClientError(USAGE, say("client.error.token_empty", lang))
'''
    found = [text for _, text in prose_in(source, "service/client/example.py")]
    assert found == ["the token is empty", "cannot reach ", ": no answer", " is not 1 or more"]


def test_a_rules_name_the_catalog_tells_is_a_key() -> None:
    assert names_a_term("prone (dodging)")
    assert names_a_term("interaction attack")
    assert names_a_term("give orders")
    assert names_a_term("Survival (Wrangling)")
    assert names_a_term("two weapons (")
    assert not names_a_term("the attack missed")
    assert not names_a_term("failed its Fear test (")


# --- the rendering tables' message ids ------------------------------------------------------------------

_ID = re.compile(r"[a-z0-9_]+(\.[a-z0-9_]+)+")
_LOOKUPS = {"said", "sentence"}


def _looked_up(path: Path) -> Iterator[str]:
    """The message ids a module looks up by name (`said("mission.said.closed", …)`, `sentence("…", lang)`)."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in _LOOKUPS \
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str) \
                and _ID.fullmatch(node.args[0].value):
            yield node.args[0].value


def _composed() -> list[str]:
    """The ids composed at run time from a value: every value enumerated."""
    from typing import get_args

    from domain.skipping import SkipReason

    return [*(f"render.skipped.{reason}" for reason in get_args(SkipReason)),
            *(f"render.attempt.sentence.{case}" for case in ("line", "command")),
            *(f"mission.said.{case}" for case in (
                "created", "added", "proposed", "accepted", "rejected", "changed", "completed", "completed_by",
                "failed", "complication", "leader", "against", "oath", "started", "ended", "ended.success",
                "ended.failure", "reward", "closed")),
            "verify.truncated.one", "verify.truncated.many",
            *(f"page.{key}" for key in ("timeline", "contributions_omitted", "verify_details"))]


def test_every_id_the_renderings_use_is_in_both_languages_with_plural_forms_where_counted() -> None:
    from domain.catalog import LANGS, catalog, has, sentence

    tables = ("render.", "page.", "mission.", "reply.word.", "verify.", "answer.", "client.turn.")
    ids = {found for top in ("projections", "service") for path in sorted((ROOT / top).rglob("*.py"))
           for found in _looked_up(path)} | set(_composed())
    ids |= {key if isinstance(key, str) else key[0] for key in catalog("en")
            if (key if isinstance(key, str) else key[0]).startswith(tables)}
    assert {"render.proofs.heading", "render.field.damage", "page.contributions_omitted"} <= ids
    missing = sorted(f"{message_id} ({lang})" for message_id in ids for lang in LANGS if not has(message_id, lang))
    assert missing == []
    for lang in LANGS:
        table = catalog(lang)
        for message_id in ids:
            counted = "{count" in sentence(message_id, lang, 2)
            assert counted == ((message_id, 0) in table), f"{message_id} ({lang}): a {{count}} needs plural forms"


def test_the_rendering_tables_say_the_handouts_words() -> None:
    from projections.rendering.page_words import label
    from projections.rendering.skipped import skipped_sentence
    from projections.rendering.vocabulary import field, title

    assert label("timeline", "es") == "Cronología"
    assert label("proof_link", "es") == "comprobación de los dados"
    assert field("fate", "es") == "Destino"
    assert title("gm_noted", "es") == "nota del DJ"
    assert skipped_sentence("attack_missed", "es").endswith("no se tira el Daño")
    many = label("contributions_omitted", "es", count=5, listed=3, omitted=2)
    assert many.startswith("5 aportaciones antes de esta tirada")
