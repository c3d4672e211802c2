"""A Wrath die 1 (RULES B1): a complication, or 1 Ruin for the GM instead; the GM's choice, its own event.

Until the GM chooses, the complication is shown wherever a person reads the roll: on the character (state
and character reads, and so the transcript's change lines), in the encounter read and in the command's
answer. It blocks one thing: ending the session, which would close the test and lose the choice (issue 11,
defect 8). The attack itself resolves as usual: the complication is independent of success."""

from __future__ import annotations

import pytest

from domain.campaign.commands import EndSession, InviteParticipant, StartSession
from domain.commands import Actor
from domain.errors import Forbidden, RuleViolation
from domain.wrath_and_glory.commands import (
    AddCharacter,
    Attack,
    RerollFailedDice,
    ResolveAttack,
    ResolveComplication,
    RollTest,
    SpendRuin,
    StartTurn,
)
from domain.wrath_and_glory.encounter_commands import RollResistanceTest, StartEncounter
from domain.wrath_and_glory.engine import ENGINE
from domain.wrath_and_glory.events import ComplicationResolved, DamageDealt, RuinGained
from domain.wrath_and_glory.state import PendingComplication, WngState
from domain.wrath_and_glory.views import encounter_view
from tests.support.campaign_table import CampaignTable

from .scenario import ALICE, hero, of, ork_troop, run, table, then

# Sigma 19's 12 dice at the orks (Defence 3): 4, 4, 4 and the Wrath die (the last) showing 1.
WRATH_ONE_HIT = [4, 4, 4, 2, 2, 2, 2, 2, 2, 2, 2, 1]


def _attack_in_encounter() -> tuple[WngState, list[object]]:
    state = then(table(), StartEncounter(encounter_id="mine", participants=("h1", "orks")))
    state = then(state, StartTurn(character_id="h1"), [], ALICE)
    command = Attack(attacker_id="h1", targets=("orks",), weapon="boltgun")
    events = run(state, command, WRATH_ONE_HIT, ALICE)
    return then(state, command, WRATH_ONE_HIT, ALICE), list(events)


def test_complication_of_an_attack_is_shown_on_the_character_the_encounter_and_the_answer() -> None:
    state, events = _attack_in_encounter()
    assert state.characters["h1"].complications_pending == ("t1",)
    assert set(ENGINE.encounters(state)) == {"mine"}
    encounter = encounter_view(state)
    assert encounter is not None
    assert encounter.complications_pending == (PendingComplication(test_id="t1", character_id="h1"),)
    assert ENGINE.result(events) == {
        "complications": [{"test_id": "t1", "character_id": "h1", "status": "pending"}]
    }


def test_complication_does_not_stop_the_attack_resolving() -> None:
    state, _ = _attack_in_encounter()
    events = run(state, ResolveAttack(test_id="t1", target_id="orks"), [4], ALICE)
    (dealt,) = of(events, DamageDealt)
    assert isinstance(dealt, DamageDealt) and dealt.members_hit == 1  # 3 icons against Defence 3


def test_complication_resolved_by_the_gm_leaves_every_read() -> None:
    state, _ = _attack_in_encounter()
    events = run(state, ResolveComplication(test_id="t1", choice="complication", note="the boltgun runs dry"))
    assert events == [ComplicationResolved(test_id="t1", choice="complication", note="the boltgun runs dry")]
    assert ENGINE.result(events) == {"complications": [{"test_id": "t1", "status": "complication"}]}
    state = then(state, ResolveComplication(test_id="t1", choice="complication"))
    assert state.characters["h1"].complications_pending == ()
    assert encounter_view(state) is not None and encounter_view(state).complications_pending == ()  # type: ignore[union-attr]
    with pytest.raises(RuleViolation, match="no Wrath die 1 awaiting"):
        run(state, ResolveComplication(test_id="t1", choice="ruin"))


def test_complication_taken_as_ruin_gives_the_gm_one_ruin() -> None:
    state, _ = _attack_in_encounter()
    assert state.ruin == 3  # three heroes
    state = then(state, SpendRuin(amount=2, reason="a trap"))
    events = run(state, ResolveComplication(test_id="t1", choice="ruin"))
    assert of(events, RuinGained) == [RuinGained(amount=1, cause="wrath_one", before=1, after=2, lost=0,
                                                 test_id="t1")]
    assert ENGINE.result(events) == {"complications": [{"test_id": "t1", "status": "ruin"}]}


def test_complication_is_the_gms_to_resolve() -> None:
    state, _ = _attack_in_encounter()
    with pytest.raises(Forbidden):
        run(state, ResolveComplication(test_id="t1", choice="ruin"), [], ALICE)


def test_complication_from_a_wrath_die_rerolled_into_a_one_is_pending_too() -> None:
    # Persuasion 3 + Fellowship 4: seven dice, all failed, the Wrath die (the last) showing 3.
    state = then(table(), RollTest(character_id="h1", skill="persuasion"), [2, 2, 2, 2, 2, 2, 3], ALICE)
    assert state.characters["h1"].complications_pending == ()
    events = run(state, RerollFailedDice(test_id="t1"), [2, 2, 2, 2, 2, 2, 1], ALICE)
    assert ENGINE.result(events) == {"complications": [{"test_id": "t1", "status": "pending"}]}
    state = then(state, RerollFailedDice(test_id="t1"), [2, 2, 2, 2, 2, 2, 1], ALICE)
    assert state.characters["h1"].complications_pending == ("t1",)


def test_complication_of_a_fear_test_is_pending_until_the_gm_chooses() -> None:
    state = then(table(), RollResistanceTest(character_id="h1", kind="fear"), [4, 4, 1], ALICE)  # Resolve 3
    assert state.characters["h1"].complications_pending == ("t1",)
    state = then(state, ResolveComplication(test_id="t1", choice="complication"))
    assert state.characters["h1"].complications_pending == ()


def _campaign_with_a_pending_complication() -> tuple[CampaignTable, Actor]:
    campaign = CampaignTable("wrath_and_glory")
    campaign.run(InviteParticipant(name="Alice", role="player"))
    alice = Actor(next(p for p in campaign.state.participants if p != "gm"), "player")
    campaign.run(AddCharacter(character_id="h1", owner=alice.participant_id, sheet=hero()))
    campaign.run(AddCharacter(character_id="orks", sheet=ork_troop()))
    campaign.run(StartSession())
    campaign.run(Attack(attacker_id="h1", targets=("orks",), weapon="boltgun"), WRATH_ONE_HIT, alice)
    return campaign, alice


def test_complication_pending_keeps_the_session_open_until_the_gm_chooses() -> None:
    # The case: the session ended with the complication still pending, and the choice was lost.
    campaign, alice = _campaign_with_a_pending_complication()
    campaign.run(ResolveAttack(test_id="t1", target_id="orks"), [4], alice)
    with pytest.raises(RuleViolation, match="t1") as refused:
        campaign.run(EndSession())
    assert refused.value.rule == "complication_pending"
    campaign.run(ResolveComplication(test_id="t1", choice="ruin"))
    ended = campaign.run(EndSession())
    assert ended
