"""Troops regrouping (RULES B3 troops; seed 003: members of different troops may regroup, as a free action,
into a new troop; a troop is at least two members within 5 m of each other; it stays a troop until one
member is left).

Reading taken: the GM names the troop the others join (`troop_id`); members of the same profile only; the
joining troops are left with no members; damage short of a member's worth travels with the members; in an
encounter the regrouped troop has acted this round if any part of it had. Numbers worked by hand: an ork
troop member has 1 wound and 2 shock; a combined attack gets +1 die per member up to half, rounded up."""

from __future__ import annotations

import pytest

from domain.errors import Forbidden, RuleViolation
from domain.wrath_and_glory.commands import AddCharacter, Attack, RegroupTroops, ResolveAttack, StartTurn
from domain.wrath_and_glory.encounter_commands import Override, StartEncounter
from domain.wrath_and_glory.encounter_events import RoundStarted
from domain.wrath_and_glory.events import DamageApplied, TestRolled
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.sheet import Sheet
from domain.wrath_and_glory.state import WngState
from domain.wrath_and_glory.troop_events import RegroupedPart, TroopsRegrouped

from .scenario import ALICE, of, ork_troop, run, table, then

LASPISTOL_ONE_HIT = [4, 4, 4] + [1] * 9  # Sigma 19's 12 dice, 3 icons against Defence 3: one ork hit


def _two_troops(*, left: int = 1, other: int = 6) -> WngState:
    """The orks cut down to `left` members and a second ork troop of `other`."""
    state = then(table(), AddCharacter(character_id="orks2", sheet=ork_troop()))
    dissolved: tuple[str, ...] = ("dissolved",) if left == 1 else ()
    state = then(state, Override(character_id="orks", reason="shot to pieces", members_left=left,
                                 add_conditions=dissolved))
    return then(state, Override(character_id="orks2", reason="shot up", members_left=other))


def test_regroup_a_lone_survivor_joins_the_other_troop() -> None:
    state = _two_troops()
    assert state.characters["orks"].has("dissolved")
    events = run(state, RegroupTroops(troop_id="orks2", joining=("orks",)))
    assert events == [TroopsRegrouped(
        troop_id="orks2", joined=(RegroupedPart(character_id="orks", members=1, shock_carried=0, wounds_carried=0),),
        members_before=6, members_after=7, shock_carried=0, wounds_carried=0, troop_shock_lost=0,
        troop_wounds_lost=0,
    )]
    state = then(state, RegroupTroops(troop_id="orks2", joining=("orks",)))
    orks, orks2 = state.characters["orks"], state.characters["orks2"]
    assert (orks.members_left, orks.regrouped_into) == (0, "orks2")
    assert (orks2.members_left, orks2.has("dissolved")) == (7, False)


def test_regrouped_troop_attacks_with_the_bonus_of_all_its_members() -> None:
    state = then(_two_troops(), RegroupTroops(troop_id="orks2", joining=("orks",)))
    # Seven members: +4 dice (half of 7, rounded up) on Weapon Skill 3 + Initiative 3.
    events = run(state, Attack(attacker_id="orks2", targets=("h1",), weapon="choppa"), [1] * 10)
    (rolled,) = of(events, TestRolled)
    assert isinstance(rolled, TestRolled)
    assert rolled.pool.bonus == (Modifier("troop of 7", 4),) and rolled.pool.total == 10


def test_regrouped_troop_carries_its_members_damage_short_of_a_member() -> None:
    state = then(table(), AddCharacter(character_id="orks2", sheet=ork_troop()))
    state = then(state, Attack(attacker_id="h1", targets=("orks",), weapon="laspistol"), LASPISTOL_ONE_HIT, ALICE)
    # 7 + ED die 1 (no icon) = 7 against Resilience 7: 1d3 shock to the one ork hit; the d3 shows 1.
    state = then(state, ResolveAttack(test_id="t1", target_id="orks"), [1, 1], ALICE)
    assert (state.characters["orks"].troop_shock_lost, state.characters["orks"].members_left) == (1, 10)
    state = then(state, Override(character_id="orks2", reason="shot up", members_left=6))

    state = then(state, RegroupTroops(troop_id="orks2", joining=("orks",)))
    assert (state.characters["orks2"].members_left, state.characters["orks2"].troop_shock_lost) == (16, 1)
    # One more shock on one member: 1 + 1 reaches one member's 2 shock, and a member falls.
    state = then(state, Attack(attacker_id="h1", targets=("orks2",), weapon="laspistol"), LASPISTOL_ONE_HIT, ALICE)
    events = run(state, ResolveAttack(test_id="t2", target_id="orks2"), [1, 1], ALICE)
    (applied,) = of(events, DamageApplied)
    assert isinstance(applied, DamageApplied)
    assert (applied.troop_shock_lost, applied.members_lost, applied.members_left) == (2, 1, 15)


def test_regrouped_troop_acts_no_more_and_cannot_be_targeted() -> None:
    state = then(_two_troops(), RegroupTroops(troop_id="orks2", joining=("orks",)))
    with pytest.raises(RuleViolation, match="joined orks2") as refused:
        run(state, Attack(attacker_id="orks", targets=("h1",), weapon="choppa"), [])
    assert refused.value.rule == "regrouped"
    with pytest.raises(RuleViolation, match="fight in orks2 now"):
        run(state, Attack(attacker_id="h1", targets=("orks",), weapon="boltgun"), [], ALICE)
    with pytest.raises(RuleViolation, match="already joined orks2"):
        run(state, RegroupTroops(troop_id="orks2", joining=("orks",)))
    with pytest.raises(RuleViolation, match="joined orks2"):
        run(state, StartEncounter(encounter_id="pit", participants=("h1", "orks")))


def test_regroup_needs_troops_of_one_profile() -> None:
    grots = Sheet(name="gretchin", kind="troop", defence=2, resilience=3, wounds=1, shock=1, members=8)
    state = then(_two_troops(), AddCharacter(character_id="grots", sheet=grots))
    with pytest.raises(RuleViolation, match="different troops"):
        run(state, RegroupTroops(troop_id="orks2", joining=("grots",)))
    with pytest.raises(RuleViolation, match="warboss is not a troop"):
        run(state, RegroupTroops(troop_id="orks2", joining=("boss",)))
    with pytest.raises(RuleViolation, match="name each troop once"):
        run(state, RegroupTroops(troop_id="orks2", joining=("orks", "orks")))
    with pytest.raises(RuleViolation, match="name each troop once"):
        run(state, RegroupTroops(troop_id="orks2", joining=("orks2",)))
    with pytest.raises(RuleViolation, match="name the troops"):
        run(state, RegroupTroops(troop_id="orks2", joining=()))


def test_regroup_is_the_gms() -> None:
    with pytest.raises(Forbidden):
        run(_two_troops(), RegroupTroops(troop_id="orks2", joining=("orks",)), [], ALICE)


def test_regroup_refuses_a_troop_with_no_members_left() -> None:
    state = then(_two_troops(), Override(character_id="orks", reason="all dead", members_left=0,
                                         add_conditions=("dead",)))
    with pytest.raises(RuleViolation, match="no members left"):
        run(state, RegroupTroops(troop_id="orks2", joining=("orks",)))


def _fight() -> WngState:
    state = then(_two_troops(left=3, other=4), StartEncounter(encounter_id="pit", participants=("h1", "orks", "orks2")))
    return then(state, StartTurn(character_id="h1"), [], ALICE)


def test_regroup_in_an_encounter_counts_as_acted_if_any_part_acted() -> None:
    state = then(_fight(), StartTurn(character_id="orks"))  # the orks (3 members) act in round 1
    events = run(state, RegroupTroops(troop_id="orks", joining=("orks2",)))
    assert isinstance(events[0], TroopsRegrouped) and events[0].acted
    state = then(state, RegroupTroops(troop_id="orks", joining=("orks2",)))
    assert state.characters["orks"].members_left == 7
    # The second troop's members now belong to a troop that has acted: round 1 is over.
    events = run(state, StartTurn(character_id="h1"), [], ALICE)
    assert isinstance(events[0], RoundStarted) and events[0].round == 2


def test_regroup_refuses_to_fold_the_acting_troop_away() -> None:
    state = then(_fight(), StartTurn(character_id="orks"))
    with pytest.raises(RuleViolation, match="ork boyz is acting"):
        run(state, RegroupTroops(troop_id="orks2", joining=("orks",)))


def test_regroup_in_an_encounter_before_either_acted_keeps_the_turn() -> None:
    state = then(_fight(), RegroupTroops(troop_id="orks2", joining=("orks",)))
    state = then(state, StartTurn(character_id="orks2"))
    assert state.position is not None and state.position.character_id == "orks2"


def test_regroup_refuses_troops_half_in_the_encounter() -> None:
    state = then(_two_troops(), StartEncounter(encounter_id="pit", participants=("h1", "orks2")))
    with pytest.raises(RuleViolation, match="wng_join_encounter"):
        run(state, RegroupTroops(troop_id="orks2", joining=("orks",)))


def test_regrouped_troop_may_be_overridden_above_its_sheet_size() -> None:
    state = then(_two_troops(left=5, other=10), RegroupTroops(troop_id="orks2", joining=("orks",)))
    assert state.characters["orks2"].members_left == 15
    state = then(state, Override(character_id="orks2", reason="one more falls", members_left=14))
    assert state.characters["orks2"].members_left == 14
