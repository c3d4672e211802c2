"""A grammar joins the vocabularies a campaign speaks (campaign, missions, its ruleset): verbs to forms,
posts to commands, commands back to lines."""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec

from domain.message import message

from ..commands import Command
from .context import Env, ParseContext
from .directory import Directory
from .extraction import extract_lines
from .folding import fold, nearest
from .forms import Form, LineForms
from .messages import Failure, LineError
from .parser import read_command
from .rendering import render_form
from .tokens import Token, TokenError, tokenize
from .words import LANGS, Lang

# How many unreadable lines of a post get "did you mean" suggestions, and how many mistyped verbs of a post
# are compared with every verb to tell its language: enough for a player's typos, and the work a post's
# errors cause stays bounded however many lines it has (issue 18).
SUGGESTED_LINES = 3

_WORD = re.compile(r"[^\W\d_]+")


def without_json(line: str) -> str:
    """The line without a sheet given as JSON (`sheet={…}`: keys and values, not words of the post's
    language): from its first `{` to its last `}`. Linear, whatever the line holds (no regex backtracking)."""
    start, end = line.find("{"), line.rfind("}")
    return line[:start] + " " + line[end + 1:] if 0 <= start < end else line


class ParsedCommand(msgspec.Struct, frozen=True, kw_only=True):
    """A line read as a command (its `post` left for the caller to fill)."""

    line: int
    source: str
    command: Command


ParsedLine = ParsedCommand | LineError


class ParsedPost(msgspec.Struct, frozen=True, kw_only=True):
    """Every command line of a post, each a command or an error, in the post's language."""

    lang: Lang
    lines: tuple[ParsedLine, ...]

    @property
    def commands(self) -> tuple[ParsedCommand, ...]:
        return tuple(line for line in self.lines if isinstance(line, ParsedCommand))

    @property
    def errors(self) -> tuple[LineError, ...]:
        return tuple(line for line in self.lines if isinstance(line, LineError))

    @property
    def ok(self) -> bool:
        return not self.errors


class Grammar:
    """The forms of some vocabularies, with no verb meaning two commands in either language."""

    def __init__(self, *vocabularies: LineForms) -> None:
        self.vocabularies = vocabularies
        self.forms: tuple[Form, ...] = tuple(f for v in vocabularies for f in v.forms)
        self._verbs: dict[str, tuple[Form, frozenset[Lang]]] = {}
        # Every vocabulary learns from every command: a shared command (create_character) carries what only
        # the engine's vocabulary can read (its sheet's weapons and skills).
        self._learners = tuple(v.learn for v in vocabularies if v.learn is not None)
        for form in self.forms:
            for word, lang in form.verbs.pairs():
                key = fold(word)
                known = self._verbs.get(key)
                if known is not None and known[0] is not form:
                    raise ValueError(f"verb {word!r} is both {known[0].command.__name__} and {form.command.__name__}")
                self._verbs[key] = (form, (known[1] if known else frozenset()) | {lang})
        self._verb_parts = frozenset(part for key in self._verbs for part in (key, *key.split("-")))
        # Every word of the vocabularies (verbs, option words, keys) with the languages that write it: what a
        # post's command lines say about its language (domain/language/post_language.py).
        langs_of: dict[str, set[Lang]] = {}
        for form in self.forms:
            pairs = list(form.verbs.pairs())
            for segment in form.all_segments():
                for slot in segment.slots:
                    pairs += [pair for _, words in getattr(slot, "options", ()) for pair in words.pairs()]
                    if slot.key is not None:
                        pairs += list(slot.key.pairs())
            for word, lang in pairs:
                for part in fold(word).split("-"):
                    langs_of.setdefault(part, set()).add(lang)
        self._word_langs: dict[str, Lang] = {word: next(iter(langs)) for word, langs in langs_of.items()
                                             if len(langs) == 1}

    def form_for(self, command: Command) -> Form:
        for vocabulary in self.vocabularies:
            form = vocabulary.form_for(command)
            if form is not None:
                return form
        raise KeyError(f"no line form for {type(command).__name__}")

    def verb_of(self, command_type: str, lang: Lang) -> str | None:
        """The verb answers write for a command type (`wng_start_turn` → `turn`), None if it has no line form."""
        for form in self.forms:
            if form.command.__struct_config__.tag == command_type:
                return form.verbs.canonical(lang)
        return None

    def verbs(self, lang: Lang) -> tuple[str, ...]:
        return tuple(word for form in self.forms for word in form.verbs.of(lang))

    def render(self, command: Command, lang: Lang) -> str:
        """The command's canonical line (without `!`): parsing it gives the same command back."""
        return render_form(self.form_for(command), command, lang, self._verb_parts)

    def parse_post(self, text: str, directory: Directory, context: ParseContext) -> ParsedPost:
        """Every command line of a forum post; later lines may name what earlier ones created."""
        lines = extract_lines(text)
        lang = context.lang or self.detect_lang([line.text for line in lines])
        parsed: list[ParsedLine] = []
        parts: dict[int, int] = {}
        errors = 0
        for line in lines:
            parts[line.number] = parts.get(line.number, 0) + 1
            result = self.parse_line(line.text, directory, context, number=line.number, lang=lang,
                                     part=parts[line.number], suggest=errors < SUGGESTED_LINES)
            if isinstance(result, LineError):
                errors += 1
            else:
                for learn in self._learners:
                    directory = learn(directory, result.command, context.author)
            parsed.append(result)
        return ParsedPost(lang=lang, lines=tuple(parsed))

    def parse_line(self, text: str, directory: Directory, context: ParseContext, *, number: int = 1,
                   lang: Lang | None = None, part: int = 1, suggest: bool = True) -> ParsedLine:
        """One command line (with or without its `!`) as a command, or the error that explains why not
        (with the nearest valid words unless `suggest` is False)."""
        chosen: Lang = lang or context.lang or self.detect_lang([text])
        source = text.strip()
        body = source[1:].lstrip() if source.startswith("!") else source
        env = Env(directory, context, chosen, number, part, suggest)
        try:
            tokens = tokenize(body)
            if not tokens:
                raise Failure("empty")
            form, used = self._verb(tokens, chosen, suggest)
            command = read_command(form, tokens[used:], env)
        except TokenError as error:
            return Failure(error.code, error.text).to_error(number, source, chosen)
        except Failure as failure:
            return failure.to_error(number, source, chosen)
        return ParsedCommand(line=number, source=source, command=command)

    def detect_lang(self, lines: Sequence[str], others: Sequence[Grammar] = ()) -> Lang:
        """The language most of the lines' verbs are in (English when none tells); when none of this
        grammar's verbs tells, the verbs of the `others` may (`!asalto`, a d100 verb, in a W&G post)."""
        votes = self.lang_votes(lines, others)
        return "es" if votes["es"] > votes["en"] else "en"

    def lang_votes(self, lines: Sequence[str], others: Sequence[Grammar] = ()) -> dict[Lang, int]:
        """How many of the lines' verbs are of each language (a verb both share counts for neither); the
        `others`' verbs count when this grammar's leave a tie."""
        votes = self._lang_votes(lines)
        if votes["es"] == votes["en"]:
            for other in others:
                if other is not self:
                    for lang, n in other._lang_votes(lines).items():
                        votes[lang] += n
        return votes

    def word_votes(self, lines: Sequence[str]) -> dict[Lang, int]:
        """How many words of the lines (verbs, option words, keys; each part of a hyphenated word) only one
        language's vocabulary writes: linear in the lines' length."""
        votes: dict[Lang, int] = dict.fromkeys(LANGS, 0)
        for line in lines:
            for word in _WORD.findall(without_json(line)):
                lang = self._word_langs.get(fold(word))
                if lang is not None:
                    votes[lang] += 1
        for lang, n in self._lang_votes(lines, known=False).items():
            votes[lang] += n
        return votes

    def _lang_votes(self, lines: Sequence[str], known: bool = True) -> dict[Lang, int]:
        """The lines' verbs' votes (`known`: False, only the mistyped verbs')."""
        votes: dict[Lang, int] = dict.fromkeys(LANGS, 0)
        mistyped = 0
        for line in lines:
            body = line.strip().lstrip("!").strip()
            first = body.split(maxsplit=1)[0] if body else ""
            verb = self._verbs.get(fold(first))
            if verb is None and first and mistyped < SUGGESTED_LINES:
                mistyped += 1
                # A mistyped verb still tells its language, if the nearest verbs are all of one.
                near = nearest(first, [*self.verbs("en"), *self.verbs("es")], limit=1)
                langs = {lang for lang in LANGS if near and near[0] in self.verbs(lang)}
                if len(langs) == 1:
                    votes[langs.pop()] += 1
            elif verb is not None and len(verb[1]) == 1 and known:
                votes[next(iter(verb[1]))] += 1
        return votes

    def _verb(self, tokens: Sequence[Token], lang: Lang, suggest: bool = True) -> tuple[Form, int]:
        for n in (3, 2, 1):
            words = tokens[:n]
            if len(words) == n and all(t.kind == "word" for t in words):
                known = self._verbs.get(fold("-".join(t.value for t in words)))
                if known is not None:
                    return known[0], n
        first = tokens[0]
        key = fold(first.value)
        if first.kind == "word" and len(key) >= 2:
            hits = {id(form): form for verb, (form, _) in self._verbs.items() if verb.startswith(key)}
            if len(hits) == 1:
                return next(iter(hits.values())), 1
            if hits:
                raise Failure("ambiguous", first.text, message("lines.expected.command"),
                              options=tuple(f"`{f.verbs.canonical(lang)}`" for f in hits.values()))
        near = self._near_verbs(first.value, lang) if suggest else ()
        raise Failure("unknown_command", first.text, message("lines.expected.command"), near)

    def _near_verbs(self, word: str, lang: Lang) -> tuple[str, ...]:
        """One verb per command the word may have meant, in the post's language where it has a close one."""
        shown: dict[int, str] = {}
        for verb in nearest(word, [*self.verbs(lang), *self.verbs(_other(lang))], limit=12):
            form = self._verbs[fold(verb)][0]
            if id(form) not in shown:
                close = nearest(word, form.verbs.of(lang), limit=1)
                shown[id(form)] = close[0] if close else form.verbs.canonical(lang)
        return tuple(shown.values())[:3]


def _other(lang: Lang) -> Lang:
    return "es" if lang == "en" else "en"
