"""The command-line client's words come from the catalog (client.po), in the reader's language.

The boards are read from the JSON the service answers, so these build that JSON by hand; the expected
sentences are written by hand too (Spanish agreement: "actuaron … las personas jugadoras", "2 sesiones celebradas").
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from domain.catalog import LANGS, has
from service.client.boards import character_board, encounter_board
from service.client.words import language, say

CLIENT = Path(__file__).resolve().parents[2] / "service" / "client"


def _wng_state(last_side: str | None) -> dict[str, object]:
    running = {"id": "gate", "round": 2, "turn": 3, "participants": ["sigma", "orks"], "acting": None,
               "acted": ["sigma"], "last_side": last_side}
    return {"version": 40, "characters": {"sigma": {"name": "Sigma 19", "kind": "pc"},
                                          "orks": {"name": "Ork mob", "kind": "npc"}},
            "rules": {"engine": "wrath_and_glory", "encounter": running, "characters": {
                "sigma": {"sheet": {"kind": "hero", "wounds": 8, "shock": 6}, "wounds": 8, "shock": 6},
                "orks": {"sheet": {"kind": "troop", "wounds": 5, "shock": 5, "members": 6},
                         "wounds": 5, "shock": 5, "members_left": 4}}}}


def test_cli_words_a_wng_heading_agrees_with_the_side_that_acted_last() -> None:
    players, gm = _wng_state("players"), _wng_state("gm")
    assert encounter_board(players, {"encounter": "gate"}, "es").heading[0] == (
        "Combate gate — asalto 2: no actúa nadie (actuaron por último las personas jugadoras)")
    assert encounter_board(gm, {"encounter": "gate"}, "es").heading[0] == (
        "Combate gate — asalto 2: no actúa nadie (actuó por último el DJ)")
    assert encounter_board(players, {"encounter": "gate"}, "en").heading[0] == (
        "Encounter gate — round 2: no one is acting (the players acted last)")


def test_cli_words_a_board_speaks_one_language() -> None:
    board = encounter_board(_wng_state(None), {"encounter": "gate"}, "es")
    assert board.headers == ["", "personaje", "bando", "actuó", "heridas", "shock", "miembros", "estados"]
    assert [row[2:4] for row in board.rows] == [["personas jugadoras", "sí"], ["DJ", "no"]]
    assert [row[3] for row in character_board(_wng_state(None), "es").rows] == ["PJ", "PNJ"]
    assert [row[3] for row in character_board(_wng_state(None), "en").rows] == ["pc", "npc"]


def test_cli_words_counts_take_the_plural_form_of_their_number() -> None:
    assert [say("client.state.sessions_held", "es", count=n) for n in (1, 2)] == [
        "1 sesión celebrada", "2 sesiones celebradas"]
    assert [say("client.state.sessions_held", "en", count=n) for n in (1, 2)] == ["1 session held", "2 sessions held"]
    assert say("client.state.free_rolls", "es", count=0) == "0 tiradas libres"
    assert say("client.state.characters", "en", count=1) == "1 character"


def test_cli_words_an_unknown_language_reads_english() -> None:
    assert (language(None), language("fr"), language("es")) == ("en", "en", "es")


def _said_ids() -> list[tuple[str, str]]:
    """Every message id the client names: `say("client.…")` and `say(f"client.column.{…}")` prefixes."""
    found: list[tuple[str, str]] = []
    for path in sorted(CLIENT.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "say" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.append((path.name, first.value))
    return found


def test_cli_words_every_message_the_client_says_is_in_every_language() -> None:
    said = _said_ids()
    assert len(said) > 30
    assert [(where, i) for where, i in said for lang in LANGS if not has(i, lang)] == []


def test_cli_words_no_client_module_chooses_words_by_language() -> None:
    branches = [(path.name, line) for path in sorted(CLIENT.glob("*.py"))
                for line in path.read_text().splitlines() if re.search(r'==\s*"es"|\bif es\b', line)]
    assert branches == []
