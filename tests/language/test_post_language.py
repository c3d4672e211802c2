"""A post's reply language from the post as a whole, as docs/api.md ("Posts") describes it."""

from __future__ import annotations

from domain.grammars import grammar_for, grammars
from domain.language.post_language import post_language

D100 = grammar_for("deathwatch")


def _lang(text: str, preferred: tuple[str | None, ...] = ()) -> str:
    lines = [line for line in text.splitlines() if line.startswith("!")]
    return post_language(text, lines, D100, grammars(), preferred)  # type: ignore[arg-type]


def test_post_language_one_english_verb_in_a_spanish_post_is_spanish() -> None:
    assert _lang("Lucía dispara contra el hereje desde la columna.\n!roll 2d10 daño") == "es"


def test_post_language_an_english_post_with_a_spanish_verb_is_english() -> None:
    assert _lang("Kai fires at the heretic and then runs for the door.\n!tirada 2d10 damage") == "en"


def test_post_language_a_tie_falls_to_the_participant_then_the_campaign_then_english() -> None:
    assert _lang("!test Per", ("es", "en")) == "es"
    assert _lang("!test Per", (None, "es")) == "es"
    assert _lang("!test Per") == "en"


def test_post_language_shared_words_vote_for_neither() -> None:
    # "a", "no", "me" are written alike in both: they leave the tie to the preference.
    assert _lang("a no me\n!test Per", (None, "es")) == "es"


def test_post_language_a_whole_post_of_braces_is_read_in_linear_time() -> None:
    # Hostile text: the language is told before the post's size is refused, so it must stay linear (no regex
    # backtracking over unmatched `{`). 200,000 characters in one line; a generous bound for a loaded machine.
    import time

    text = "{" * 100_000 + "el " * 30_000
    started = time.perf_counter()
    assert _lang(text + "\n!test Per") == "es"
    assert time.perf_counter() - started < 5
