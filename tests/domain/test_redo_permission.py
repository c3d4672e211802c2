"""Issue 11 defect 10: a player may redo its own undone turn where the campaign lets players undo their turns,
as docs/api.md says (`redo_turn: gm (player: own turn, if allowed)`); never another character's."""

from __future__ import annotations

import pytest

from domain.campaign.commands import InviteParticipant, RedoTurn, UndoTurn
from domain.commands import Actor
from domain.d100.commands import Attack, NextTurn, RegisterCharacter, StartEncounter
from domain.errors import Forbidden
from tests.d100.encounter_fixtures import cultist, marine
from tests.support.campaign_table import CampaignTable


def duel(allowed: bool = True) -> tuple[CampaignTable, Actor, Actor]:
    table = CampaignTable("deathwatch", players_may_undo_own_turn=allowed)
    table.run(InviteParticipant(name="Anna", role="player"))
    table.run(InviteParticipant(name="Boris", role="player"))
    anna, boris = (Actor(p, "player") for p in table.state.participants if p != "gm")
    table.run(RegisterCharacter(character_id="brother", owner=anna.participant_id, name="Brother", sheet=marine()))
    table.run(RegisterCharacter(character_id="cultist", owner=boris.participant_id, name="Cultist", sheet=cultist()))
    table.run(StartEncounter(encounter_id="duel", participants=("brother", "cultist")), [9, 1])
    table.run(NextTurn())
    table.run(Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="sword"), [80], anna)
    return table, anna, boris


def test_a_player_redoes_its_own_undone_turn() -> None:
    table, anna, _ = duel()
    table.run(UndoTurn(encounter="duel"), [], anna)
    assert "a1" not in table.state.rules.attacks  # type: ignore[union-attr]
    redone = table.run(RedoTurn(encounter="duel"), [], anna)
    assert [type(e).__name__ for e in redone] == ["TurnRedone"]
    assert "a1" in table.state.rules.attacks  # type: ignore[union-attr]


def test_a_player_may_not_redo_another_characters_turn() -> None:
    table, anna, boris = duel()
    table.run(UndoTurn(encounter="duel"), [], anna)
    with pytest.raises(Forbidden, match="own character"):
        table.run(RedoTurn(encounter="duel"), [], boris)


def test_a_player_may_not_redo_where_the_campaign_does_not_allow_it() -> None:
    table, anna, _ = duel(allowed=False)
    table.run(UndoTurn(encounter="duel"))  # the GM undoes
    with pytest.raises(Forbidden, match="players_may_undo_own_turn"):
        table.run(RedoTurn(encounter="duel"), [], anna)
