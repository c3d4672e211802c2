"""The language a post is answered in, chosen as a person would: from the post as a whole, never from one verb.

A Spanish post whose only English word is `!roll` is a Spanish post (issue 21 §5). Each word of the post — its
command lines' verbs and the everyday words of its prose and reasons — votes for the language whose vocabulary
holds it; a word both languages share votes for neither. A tie (no word tells) falls to the participant's
preferred language, then the campaign's option `reply_language`, then English.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .folding import fold
from .grammar import Grammar, without_json
from .words import LANGS, Lang

# Everyday words that tell a language in a forum post (articles, pronouns, prepositions, common verbs); a word
# both languages write alike ("a", "no", "me", "son", "he") is left out of both, so it never decides alone.
PROSE_WORDS: dict[Lang, frozenset[str]] = {
    "en": frozenset(fold(w) for w in (
        "the", "and", "of", "to", "in", "is", "it", "with", "for", "on", "at", "my", "his", "her", "their",
        "our", "your", "i", "we", "they", "she", "you", "this", "that", "from", "into", "then", "but", "or",
        "up", "out", "against", "an", "be", "are", "was", "will", "attacks", "shoots", "fires", "runs",
        "moves", "looks", "takes", "tries", "towards", "toward", "behind", "before", "after", "again", "now",
        "what", "who", "where", "when", "how", "all", "some", "there", "here", "not", "let", "lets", "let's",
    )),
    "es": frozenset(fold(w) for w in (
        "el", "la", "los", "las", "de", "del", "que", "y", "en", "un", "una", "unos", "unas", "con", "por",
        "para", "mi", "mis", "su", "sus", "es", "al", "lo", "se", "yo", "nosotros", "ellos", "ella", "tú",
        "esto", "este", "esta", "ese", "esa", "pero", "o", "hacia", "contra", "sobre", "desde", "ataca",
        "dispara", "corre", "mira", "intenta", "detrás", "antes", "después", "otra", "vez", "ahora", "qué",
        "quién", "dónde", "cuándo", "cómo", "todos", "todas", "hay", "aquí", "allí", "vamos", "muy", "también",
    )),
}

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def prose_votes(text: str) -> dict[Lang, int]:
    """How many of the text's words belong to each language's everyday words."""
    votes: dict[Lang, int] = dict.fromkeys(LANGS, 0)
    for found in _WORD.finditer("\n".join(without_json(line) for line in text.split("\n"))):
        word = fold(found.group(0))
        langs = [lang for lang in LANGS if word in PROSE_WORDS[lang]]
        if len(langs) == 1:
            votes[langs[0]] += 1
    return votes


def post_language(text: str, lines: Sequence[str], grammar: Grammar, others: Sequence[Grammar] = (),
                  preferred: Sequence[Lang | None] = ()) -> Lang:
    """The language of a post's reply: the majority of its words (its lines' verbs and its prose), then the
    first of `preferred` that is set (the participant's, then the campaign's), then English. Linear in the
    text: the caller bounds its size."""
    told = words_language(text, lines, grammar, others)
    if told is not None:
        return told
    return next((lang for lang in preferred if lang is not None), "en")


def words_language(text: str, lines: Sequence[str], grammar: Grammar, others: Sequence[Grammar] = ()) -> Lang | None:
    """The language most of the post's words are in (its lines' verbs and its prose), None on a tie."""
    votes = grammar.word_votes(lines)
    if votes["en"] == votes["es"]:
        # A line this grammar cannot tell (a d100 verb in a W&G post) may be told by the others' words.
        for other in others:
            if other is not grammar:
                for lang, n in other.word_votes(lines).items():
                    votes[lang] += n
    for lang, n in prose_votes(text).items():
        votes[lang] += n
    if votes["en"] == votes["es"]:
        return None
    return "es" if votes["es"] > votes["en"] else "en"
