"""Undo in a Wrath & Glory encounter: a turn with a Glory spend and a troop wiped out comes back exactly."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.campaign.commands import InviteParticipant, RedoTurn, StartSession, UndoTurn
from domain.campaign.state import CampaignState
from domain.commands import Actor
from domain.wrath_and_glory.commands import AddCharacter, Attack, GainGlory, ResolveAttack, StartTurn
from domain.wrath_and_glory.encounter_commands import StartEncounter
from domain.wrath_and_glory.events import GlorySpent, TestRolled
from domain.wrath_and_glory.state import WngState
from tests.support.campaign_table import CampaignTable
from tests.wrath_and_glory.scenario import hero, ork_troop


def comparable(state: CampaignState) -> dict[str, Any]:
    data = msgspec.to_builtins(state)
    for bookkeeping in ("version", "encounters", "retracted"):
        data.pop(bookkeeping)
    return data


def rules(table: CampaignTable) -> WngState:
    assert isinstance(table.state.rules, WngState)
    return table.state.rules


def test_undo_restores_the_glory_spent_and_the_troop_killed() -> None:
    table = CampaignTable("wrath_and_glory")
    table.run(InviteParticipant(name="Alice", role="player"))
    alice = Actor(next(p for p in table.state.participants if p != "gm"), "player")
    table.run(AddCharacter(character_id="h1", owner=alice.participant_id, sheet=hero()))
    table.run(AddCharacter(character_id="orks", sheet=ork_troop(10)))
    table.run(StartSession())
    table.run(GainGlory(amount=2, reason="a fine speech"))
    table.run(StartEncounter(encounter_id="ork-ambush", participants=("h1", "orks")))
    table.run(StartTurn(character_id="h1"), [], alice)
    turn_began = table.state.encounters["ork-ambush"].turns[-1].seqs[0]

    # Sigma 19's 12 dice and 1 bought with Glory; the Wrath die shows 4, so no Glory comes back.
    events = table.run(Attack(attacker_id="h1", targets=("orks",), weapon="boltgun", glory_dice=1),
                       [6] * 11 + [4] + [6], alice)
    assert any(isinstance(e, GlorySpent) for e in events)
    test = next(e for e in events if isinstance(e, TestRolled))
    table.run(ResolveAttack(test_id=test.test_id, target_id="orks"), [6], alice)
    assert rules(table).glory == 1
    assert rules(table).characters["orks"].members_left == 0

    table.run(UndoTurn(encounter="ork-ambush"))
    assert comparable(table.state) == comparable(table.state_at(turn_began - 1))
    assert rules(table).glory == 2
    assert rules(table).characters["orks"].members_left == 10
    assert table.state.rules.position.turn == 0  # type: ignore[union-attr]

    table.run(RedoTurn(encounter="ork-ambush"))
    assert rules(table).glory == 1 and rules(table).characters["orks"].members_left == 0
