"""A person is "they" in English and has no gender in Spanish (issue 21 item 7, house rule: "persona jugadora").

Characters, players and comrades are people: an English refusal says "their turn", never "its turn" or "his
sacrifice"; a Spanish one says "persona jugadora", never "un jugador" or "los jugadores". Things keep "its" (a
pool, a seal, a weapon's Salvo, a mount's rider). The seeds' own named people (Owen, Xanthia) keep theirs.
"""

from __future__ import annotations

import re

from tests.domain.test_catalog import _entries

# "its" followed by what only a person has: their turn, their own characters, their next action, their sheet …
_ITS_OF_A_PERSON = re.compile(
    r"\bits (own characters?|characters?|turn|next turn|next action|sacrifice|Speed|sheet|comrade|action)\b")
_GENDERED_EN = re.compile(r"\b(his|him|himself|her|herself|he|she)\b")
_GENDERED_ES = re.compile(r"\b(un jugador|el jugador|los jugadores|del jugador|al jugador|cada jugador)\b")
SEEDS_NAMED_PEOPLE = {"premade.owen.source", "premade.xanthia.source"}


def _told(lang: str) -> list[tuple[str, str]]:
    """Every sentence of the language's catalog (refusals, replies, pages), but the seeds' named people."""
    return [(mid, form) for mid, forms in _entries(lang).items() for form in forms if mid not in SEEDS_NAMED_PEOPLE]


def test_no_english_message_calls_a_person_it_or_he() -> None:
    its = [(mid, form) for mid, form in _told("en") if _ITS_OF_A_PERSON.search(form)]
    gendered = [(mid, form) for mid, form in _told("en") if _GENDERED_EN.search(form)]
    assert its == [] and gendered == []


def test_no_spanish_message_makes_a_player_a_man() -> None:
    assert [(mid, form) for mid, form in _told("es") if _GENDERED_ES.search(form)] == []


def test_the_scan_finds_what_it_looks_for() -> None:
    assert _ITS_OF_A_PERSON.search("outside its turn a character only reacts")
    assert _ITS_OF_A_PERSON.search("a player may roll only for its own characters")
    assert _GENDERED_EN.search("{character} already made his sacrifice")
    assert not _ITS_OF_A_PERSON.search("a test needs at least one die in its pool")
    assert _GENDERED_ES.search("un jugador solo tira por sus propios personajes")
    assert not _GENDERED_ES.search("una persona jugadora solo tira por sus propios personajes")
