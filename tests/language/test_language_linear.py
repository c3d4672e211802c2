"""Every pattern and loop that reads a post's text runs in time linear in it (issue 18): each is given the
input that made it quadratic (or worse) and must answer within a generous bound; where a pattern was
rewritten for speed, a property test checks it answers what the plain definition answers."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.grammars import grammar_for, grammars
from domain.language import ParseContext, extract_lines
from domain.language.extraction import _quote_tags, _without_closing
from domain.language.folding import SUGGESTED_WORD_MAX, distance, fold, nearest
from domain.language.grammar import SUGGESTED_LINES
from domain.language.parser import _GLUED_LABEL
from domain.language.slots import _DICE, _DICE_TERM
from domain.language.tokens import tokenize
from service.api.posts import _COMMAND_TYPE

from . import table

# Generous for a loaded 2-core machine: the linear versions take milliseconds, the quadratic ones took
# seconds to minutes on these inputs.
FAST = 0.5
D100 = grammar_for("deathwatch")


def _seconds(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    try:
        run()
    except ValueError:
        pass  # an unclosed quote or bad JSON is an answer too
    return time.perf_counter() - start


def _osa(a: str, b: str) -> int:
    """Optimal string alignment distance, the textbook table (the definition the bounded one must keep)."""
    table_ = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        table_[i][0] = i
    for j in range(len(b) + 1):
        table_[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            table_[i][j] = min(table_[i - 1][j] + 1, table_[i][j - 1] + 1, table_[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                table_[i][j] = min(table_[i][j], table_[i - 2][j - 2] + 1)
    return table_[len(a)][len(b)]


def _nearest_by_definition(word: str, candidates: list[str], limit: int = 3) -> tuple[str, ...]:
    """docs/commands.md's "did you mean": within a third of the word's length (1 to 3 edits), a word it starts
    counts as one edit away; closest first, then in the candidates' order."""
    key = fold(word)
    if not key or len(word) > SUGGESTED_WORD_MAX:
        return ()
    allowed = max(1, min(3, len(key) // 3))
    scored: dict[str, tuple[int, int]] = {}
    for order, candidate in enumerate(candidates):
        folded = fold(candidate)
        if not folded or candidate in scored:
            continue
        gap = _osa(key, folded)
        if folded.startswith(key) and len(key) >= 2:
            gap = min(gap, 1)
        if gap <= allowed:
            scored[candidate] = (gap, order)
    return tuple(sorted(scored, key=lambda c: scored[c])[:limit])


words = st.text(alphabet="abcdeé -_", max_size=12)


@settings(max_examples=3000, deadline=None)
@given(words, words, st.integers(min_value=0, max_value=4))
def test_language_bounded_distance_is_the_distance_or_one_past_its_limit(a: str, b: str, limit: int) -> None:
    assert distance(a, b, limit) == min(_osa(a, b), limit + 1)
    assert distance(a, b) == _osa(a, b)


@settings(max_examples=1500, deadline=None)
@given(words, st.lists(words, max_size=8))
def test_language_nearest_answers_what_its_definition_does(word: str, candidates: list[str]) -> None:
    assert nearest(word, candidates) == _nearest_by_definition(word, candidates)


def test_language_nearest_of_a_20_kb_word_is_nothing_and_fast() -> None:
    verbs = [*D100.verbs("en"), *D100.verbs("es")]
    assert _seconds(lambda: nearest("q" * 20_000, verbs)) < FAST
    assert nearest("q" * 20_000, verbs) == ()
    assert nearest("atack", verbs)[0] == "attack"


def test_language_a_long_unknown_verb_is_unreadable_fast_without_suggestions() -> None:
    for size in (1_000, 4_000, 20_000):
        line = "!" + "q" * size
        assert _seconds(lambda line=line: D100.parse_post(line, table.D100, ParseContext())) < FAST
        error = D100.parse_post(line, table.D100, ParseContext()).errors[0]
        assert (error.code, error.suggestions) == ("unknown_command", ())


def test_language_a_long_unknown_word_after_a_verb_is_unreadable_fast() -> None:
    line = "!attack kai " + "q" * 20_000
    assert _seconds(lambda: D100.parse_post(line, table.D100, ParseContext())) < FAST
    assert D100.parse_post(line, table.D100, ParseContext()).errors


def test_language_only_the_first_unreadable_lines_get_suggestions() -> None:
    post = "\n".join(["!atack kai"] * (SUGGESTED_LINES + 2))
    errors = D100.parse_post(post, table.D100, ParseContext(lang="en")).errors
    assert [bool(e.suggestions) for e in errors] == [True] * SUGGESTED_LINES + [False] * 2


def test_language_telling_the_language_of_many_mistyped_verbs_is_fast() -> None:
    lines = ["!" + "qwertyuiopas"[: 1 + n % 12] for n in range(2_000)]
    assert _seconds(lambda: D100.detect_lang(lines, grammars())) < FAST


# extraction.py

_OLD_QUOTE_TAG = re.compile(r"\[(/?)quote(?:[=\s][^\]]*)?\]", re.IGNORECASE)
_OLD_CLOSING = re.compile(r"(?:\s*(?:\[/(?:b|i|u|s|color|colour|size|font)\]|\*\*|__))+\s*$", re.IGNORECASE)
bbcode = st.text(alphabet=list("[]/quoteQUOTE= \nx!*_bB"), max_size=60)


@settings(max_examples=3000, deadline=None)
@given(bbcode)
def test_language_quote_tags_are_the_tags_the_plain_pattern_finds(text: str) -> None:
    found = [(m.start(), m.end(), m.group(1) == "/") for m in _OLD_QUOTE_TAG.finditer(text)]
    assert list(_quote_tags(text)) == found


@settings(max_examples=3000, deadline=None)
@given(bbcode)
def test_language_closing_formatting_is_what_the_plain_pattern_removes(text: str) -> None:
    assert _without_closing(text) == _OLD_CLOSING.sub("", text)


def test_language_extraction_of_hostile_posts_is_fast() -> None:
    attacks = {
        "[quote= without ]": "[quote=" * 2_857,
        "[/quote= without ]": "[/quote " * 2_500,
        "a line of spaces": " " * 20_000 + "x",
        "[b]! then spaces": "[b]!" + " " * 20_000 + "x",
        "[b]! then **": "[b]!" + "** " * 6_600 + "x",
        "[b]! then [/b]": "[b]!" + " [/b]" * 4_000 + "x",
        "[b= without ]": "[b=" * 6_600,
        "[b][b]… without !": "[b]" * 6_600,
        "[lx] blocks": "[lx]" * 5_000,
        "> lines": "> x\n" * 5_000,
    }
    for name, text in attacks.items():
        assert _seconds(lambda text=text: extract_lines(text)) < FAST, name


def test_language_quotes_are_still_skipped_and_formatting_still_peeled() -> None:
    post = '[quote="Ana [GM]"]\n!roll d100 old\n[/quote]\n[b]!roll d100 new[/b] ** \n[quote=x'
    assert [(line.number, line.text) for line in extract_lines(post)] == [(4, "roll d100 new")]


# tokens.py

def test_language_tokenizing_hostile_lines_is_fast() -> None:
    attacks = {
        "arrows": "a->" * 6_600, "unicode arrows": "a→" * 6_600, "glued quotes": '"a"' * 6_600,
        "glued signed labels": '"a"+1' * 4_000, "quoted options": 'k="a"' * 4_000, "json options": "k={}" * 5_000,
        "ids": "#" * 20_000, "keys": "a=" * 10_000, "open json": "k={" * 6_600, "open quote": '"' + "\\" * 20_000,
        "spaces": " " * 20_000, "words": "a " * 10_000,
    }
    for name, text in attacks.items():
        assert _seconds(lambda text=text: tokenize(text)) < FAST, name


def test_language_tokens_split_glued_arrows_and_labels_as_before() -> None:
    assert [(t.kind, t.text) for t in tokenize('a->b→c "aim"+10 k="x y"z +5m')] == [
        ("word", "a"), ("arrow", "->"), ("word", "b"), ("arrow", "→"), ("word", "c"), ("signed", '"aim"+10'),
        ("option", 'k="x y"'), ("word", "z"), ("signed", "+5m"),
    ]


# slots.py, parser.py, posts.py: patterns matched against one token or one message

def test_language_token_patterns_are_fast_on_hostile_tokens() -> None:
    checks: dict[str, Callable[[], object]] = {
        "dice digits": lambda: _DICE.fullmatch("1" * 20_000 + "x"),
        "dice terms": lambda: _DICE.fullmatch("1d1+" * 5_000 + "x"),
        "dice d": lambda: _DICE.fullmatch("1d" * 10_000),
        "dice term": lambda: _DICE_TERM.match("+" + "1" * 20_000 + "x"),
        "glued label": lambda: _GLUED_LABEL.match("a" * 20_000 + "+"),
        "glued label digits": lambda: _GLUED_LABEL.match("a" + "+1" * 10_000),
        "command types": lambda: _COMMAND_TYPE.sub("x", "wng_" + "a" * 20_000 + "1 " + "d100_wng_" * 2_000),
    }
    for name, check in checks.items():
        assert _seconds(check) < FAST, name


def test_language_a_post_at_the_caps_parses_fast() -> None:
    # 100 lines (service/api/post_limits.py MAX_POST_LINES), the body's 20,000 characters spread over them.
    lines = {
        "mistyped verbs": ["!" + "qwertyuiopasdfghjklzxcvbnm"[: 3 + n % 20] for n in range(100)],
        "unknown words": ["!attack kai " + "qwerty " * 25 for _ in range(100)],
        "many names": ["!roll kai d100 " + "kai " * 45 for _ in range(100)],
        "many targets": ["!attack kai -> " + "cultists,kai," * 15 for _ in range(100)],
    }
    for name, post in lines.items():
        text = "\n".join(post)
        assert _seconds(lambda text=text: D100.parse_post(text, table.D100, ParseContext(lang="en"))) < 2.0, name
