"""Each d100 command says who acts for it (its class's `acting`), and a player may send every command that is
not the GM's for the characters it owns (issue 20: a command forgotten in a separate table locked every player
out, and no test noticed)."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from domain.commands import Actor, Command
from domain.d100 import COMMANDS
from domain.d100.commands import Attack, RegisterCharacter
from domain.d100.decide import GM_ONLY, acting_character, authorize
from domain.d100.state import D100State, PendingAttack
from domain.errors import Forbidden
from service.api.examples import example_of
from tests.d100.test_d100_flow import cultist_sheet, given, marine_sheet, register, run

ROOT = Path(__file__).resolve().parents[2]
ALL = (*COMMANDS, RegisterCharacter)
# A class that forgot `acting` counts among the players' commands, so its test below fails rather than vanish.
PLAYERS_MAY = [kind for kind in ALL if getattr(kind, "acting", None) != GM_ONLY]
GM_ALONE = [kind for kind in ALL if getattr(kind, "acting", None) == GM_ONLY]


def tag(kind: type[Command]) -> str:
    return str(kind.__struct_config__.tag)


def test_every_d100_command_declares_who_acts_for_it() -> None:
    undeclared = [kind.__name__ for kind in ALL if not any("acting" in vars(c) for c in kind.__mro__[:-1]
                                                           if c is not Command)]
    assert undeclared == []
    for kind in ALL:
        spec: str = kind.acting  # type: ignore[attr-defined]
        if spec == GM_ONLY:
            continue
        path, _, side = spec.partition(">")
        first, *rest = path.split(".")
        assert first in kind.__struct_fields__, (kind.__name__, spec)
        if side:
            assert side in PendingAttack.__struct_fields__, (kind.__name__, spec)
        assert len(rest) <= 1


def test_the_gm_only_d100_commands_are_the_ones_the_docs_name() -> None:
    # docs/rules-d100.md, "Who may send what": "`d100_start_round`, … are GM-only." (the older spelling
    # d100_register_character is the campaign's create_character, whose own rules say who may send it).
    text = (ROOT / "docs" / "rules-d100.md").read_text()
    sentence = re.search(r"rider for `d100_mount` and `d100_ride`.*?are GM-only", text, re.DOTALL)
    assert sentence is not None
    documented = set(re.findall(r"`(d100_[a-z_]+)`", sentence.group(0).split("`create_character`")[-1]))
    assert documented == {tag(kind) for kind in GM_ALONE} - {"d100_register_character"}


def _table() -> D100State:
    # Kai (Anna's) has shot at the cultists (Boris's): attack a1 waits for the cultists' reaction.
    state = given(register("kai", "anna", marine_sheet()), register("cultists", "boris", cultist_sheet()))
    _, state = run(state, Attack(attack_id="a1", attacker_id="kai", target_id="cultists", weapon_id="bolter"), [35])
    return state


@pytest.mark.parametrize("kind", PLAYERS_MAY, ids=tag)
def test_a_player_may_send_each_d100_command_for_its_own_character(kind: type[Command]) -> None:
    state = _table()
    command = msgspec.convert(example_of(kind), kind)
    acting = acting_character(state, command)
    assert acting is not None
    if acting not in state.characters:  # a field the example names by itself (a rider)
        state = given(register("kai", "anna", marine_sheet()), register(acting, "anna", marine_sheet()))
    owner = state.characters[acting].owner
    authorize(state, command, Actor(owner, "player"))
    with pytest.raises(Forbidden):
        authorize(state, command, Actor("stranger", "player"))


@pytest.mark.parametrize("kind", GM_ALONE, ids=tag)
def test_a_player_may_not_send_a_gm_only_d100_command(kind: type[Command]) -> None:
    state = _table()
    command = msgspec.convert(example_of(kind), kind)
    with pytest.raises(Forbidden):
        authorize(state, command, Actor("anna", "player"))
    authorize(state, command, Actor("gm-1", "gm"))
