"""A reinforcement joining a running Wrath & Glory encounter (issue 11).

RULES B3 orders a round by alternating picks, players first, until everyone has acted. Reading taken: a
reinforcement has not acted in the round it arrives in, so its side may pick it when its next pick comes
(the current round), or the GM holds it for the next round (`next_round`); one arriving after everyone has
acted arrives between rounds and acts from the next one. It is never surprised by an ambush."""

from __future__ import annotations

import pytest

from domain.errors import Forbidden, RuleViolation
from domain.wrath_and_glory.commands import AddCharacter, StartTurn
from domain.wrath_and_glory.encounter_commands import EndEncounter, JoinEncounter, Override, StartEncounter
from domain.wrath_and_glory.encounter_events import EncounterJoined, RoundStarted
from domain.wrath_and_glory.events import TurnStarted
from domain.wrath_and_glory.state import WngState

from .scenario import ALICE, BOB, hero, of, run, table, then


def _round_one() -> WngState:
    """Heroes 1 and 2 against the warboss; hero 1 and the warboss have acted, hero 2's pick is next."""
    state = then(table(heroes=2), StartEncounter(encounter_id="mine", participants=("h1", "h2", "boss")))
    state = then(state, StartTurn(character_id="h1"), [], ALICE)
    return then(state, StartTurn(character_id="boss"))


def test_reinforcement_acts_in_the_round_it_arrives_when_its_sides_pick_comes() -> None:
    events = run(_round_one(), JoinEncounter(character_id="orks"))
    assert events == [EncounterJoined(encounter_id="mine", character_id="orks", round=1, acts_from_round=1)]
    state = then(_round_one(), JoinEncounter(character_id="orks"))
    assert state.encounter is not None and state.encounter.participants == ("h1", "h2", "boss", "orks")
    with pytest.raises(RuleViolation, match="the players' pick"):
        run(state, StartTurn(character_id="orks"))
    state = then(state, StartTurn(character_id="h2"), [], BOB)
    (started,) = of(run(state, StartTurn(character_id="orks")), TurnStarted)
    assert isinstance(started, TurnStarted) and (started.round, started.turn, started.side) == (1, 4, "gm")


def test_reinforcement_held_for_the_next_round_waits_for_it() -> None:
    state = then(table(heroes=2), StartEncounter(encounter_id="mine", participants=("h1", "h2", "boss")))
    state = then(state, StartTurn(character_id="h1"), [], ALICE)
    state = then(state, JoinEncounter(character_id="orks", next_round=True))  # the GM's pick is next
    with pytest.raises(RuleViolation, match="acts from round 2") as refused:
        run(state, StartTurn(character_id="orks"))
    assert refused.value.rule == "reinforcement"
    state = then(state, StartTurn(character_id="boss"))
    state = then(state, StartTurn(character_id="h2"), [], BOB)
    # Round 1 is over without it; round 2 opens with the players' pick, then the orks may act.
    events = run(state, StartTurn(character_id="h1"), [], ALICE)
    assert isinstance(events[0], RoundStarted) and events[0].round == 2
    state = then(state, StartTurn(character_id="h1"), [], ALICE)
    (started,) = of(run(state, StartTurn(character_id="orks")), TurnStarted)
    assert isinstance(started, TurnStarted) and (started.round, started.turn) == (2, 2)


def test_reinforcement_arriving_after_everyone_acted_acts_from_the_next_round() -> None:
    state = then(_round_one(), StartTurn(character_id="h2"), [], BOB)
    assert run(state, JoinEncounter(character_id="orks")) == [
        EncounterJoined(encounter_id="mine", character_id="orks", round=1, acts_from_round=2)
    ]
    state = then(state, JoinEncounter(character_id="orks"))
    events = run(state, StartTurn(character_id="h1"), [], ALICE)
    assert isinstance(events[0], RoundStarted) and events[0].round == 2


def test_reinforcement_hero_is_picked_by_the_players_and_is_not_surprised() -> None:
    state = then(table(heroes=2), AddCharacter(character_id="h3", owner="alice", sheet=hero("hero 3")))
    state = then(state, StartEncounter(encounter_id="mine", participants=("h1", "h2", "boss", "orks"),
                                         ambush="gm"))
    state = then(state, StartTurn(character_id="boss"))
    state = then(state, JoinEncounter(character_id="h3"))
    assert state.encounter is not None and "h3" in state.encounter.aware
    # The surprised heroes wait for every ambusher; the late-comer saw nothing coming and acts now.
    with pytest.raises(RuleViolation, match="surprised"):
        run(state, StartTurn(character_id="h1"), [], ALICE)
    (started,) = of(run(state, StartTurn(character_id="h3"), [], ALICE), TurnStarted)
    assert isinstance(started, TurnStarted) and started.side == "players"


def test_reinforcement_ends_with_the_encounter_like_everyone() -> None:
    state = then(_round_one(), JoinEncounter(character_id="orks"))
    state = then(state, EndEncounter())
    assert state.encounter is None


def test_reinforcement_refusals() -> None:
    state = _round_one()
    with pytest.raises(Forbidden):
        run(state, JoinEncounter(character_id="orks"), [], ALICE)
    with pytest.raises(RuleViolation, match="already takes part"):
        run(state, JoinEncounter(character_id="boss"))
    dead = then(state, Override(character_id="orks", reason="gone", members_left=0, add_conditions=("dead",)))
    with pytest.raises(RuleViolation, match="dead"):
        run(dead, JoinEncounter(character_id="orks"))
    with pytest.raises(RuleViolation, match="no encounter is running"):
        run(table(), JoinEncounter(character_id="orks"))
