"""Recovering shock (RULES B2: 1 Wrath, 1d3 + 3 shock, one per turn, an action, next action +2 DN).

"One per turn" counts turns, and only an encounter has turns: outside one a hero may recover whenever it
has the Wrath for it (issue 11, defect 7)."""

from __future__ import annotations

import pytest

from domain.campaign.commands import EndSession, InviteParticipant, StartSession
from domain.commands import Actor
from domain.errors import RuleViolation
from domain.wrath_and_glory.commands import AddCharacter, RecoverShock, StartTurn
from domain.wrath_and_glory.encounter_commands import EndEncounter, Override, StartEncounter
from domain.wrath_and_glory.events import ShockRecovered, WrathSpent
from domain.wrath_and_glory.state import WngState
from tests.support.campaign_table import CampaignTable
from tests.wrath_and_glory.scenario import hero, ork_boss

from .scenario import ALICE, run, table, then


def _rules(campaign: CampaignTable) -> WngState:
    assert isinstance(campaign.state.rules, WngState)
    return campaign.state.rules


def _recovered(events: list[object]) -> ShockRecovered:
    (found,) = [e for e in events if isinstance(e, ShockRecovered)]
    return found


def test_recover_shock_outside_an_encounter_is_not_locked_by_an_earlier_recovery() -> None:
    # The case: a second recovery, even after end_session and a new start_session, was refused
    # "only once per turn".
    campaign = CampaignTable("wrath_and_glory")
    campaign.run(InviteParticipant(name="Alice", role="player"))
    alice = Actor(next(p for p in campaign.state.participants if p != "gm"), "player")
    campaign.run(AddCharacter(character_id="h1", owner=alice.participant_id, sheet=hero()))
    campaign.run(StartSession())
    campaign.run(Override(character_id="h1", reason="shot at", shock=1))

    # Shock 1, d3 shows 2: 1 + (2 + 3) = 6, the sheet's maximum; Wrath 2 → 1.
    first = _recovered(campaign.run(RecoverShock(character_id="h1"), [2], alice))
    assert (first.before, first.amount, first.after) == (1, 5, 6)

    campaign.run(Override(character_id="h1", reason="shot again", shock=2))
    # Shock 2, d3 shows 1: 2 + 4 = 6; the last Wrath point goes.
    second = _recovered(campaign.run(RecoverShock(character_id="h1"), [1], alice))
    assert (second.before, second.amount, second.after) == (2, 4, 6)
    assert _rules(campaign).characters["h1"].wrath == 0

    campaign.run(EndSession())
    campaign.run(StartSession())  # Wrath back to 2
    campaign.run(Override(character_id="h1", reason="a third fight", shock=3))
    events = campaign.run(RecoverShock(character_id="h1"), [3], alice)
    assert _recovered(events).after == 6  # 3 + 6, capped at 6
    assert [(e.before, e.after) for e in events if isinstance(e, WrathSpent)] == [(2, 1)]


def _in_encounter() -> WngState:
    state = then(table(heroes=1, troop=False), Override(character_id="h1", reason="hit", shock=1))
    state = then(state, StartEncounter(encounter_id="pit", participants=("h1", "boss")))
    return then(state, StartTurn(character_id="h1"), [], ALICE)


def test_recover_shock_in_an_encounter_is_once_per_turn_and_free_again_next_turn() -> None:
    state = then(_in_encounter(), RecoverShock(character_id="h1"), [1], ALICE)  # 1 + 4 = 5
    assert state.characters["h1"].shock == 5
    with pytest.raises(RuleViolation, match="only once per turn"):
        run(state, RecoverShock(character_id="h1"), [], ALICE)
    state = then(state, StartTurn(character_id="boss"))
    state = then(state, StartTurn(character_id="h1"), [], ALICE)  # round 2
    state = then(state, RecoverShock(character_id="h1"), [1], ALICE)  # 5 + 4, capped at 6
    assert state.characters["h1"].shock == 6


def test_recover_shock_after_the_encounter_ends_is_free_again() -> None:
    state = then(_in_encounter(), RecoverShock(character_id="h1"), [1], ALICE)
    state = then(state, EndEncounter())
    state = then(state, Override(character_id="h1", reason="a trap", shock=1))
    state = then(state, RecoverShock(character_id="h1"), [2], ALICE)  # 1 + 5
    assert state.characters["h1"].shock == 6


def test_npc_recovers_shock_for_ruin_outside_an_encounter_as_often_as_ruin_allows() -> None:
    state = then(table(heroes=2, troop=False), Override(character_id="boss", reason="hit", shock=0))
    state = then(state, RecoverShock(character_id="boss"), [1])  # 0 + 4; Ruin 2 → 1
    state = then(state, RecoverShock(character_id="boss"), [1])  # 4 + 4 → 6 (cap); Ruin 1 → 0
    assert (state.characters["boss"].shock, state.ruin) == (6, 0)
    assert ork_boss().shock == 6
