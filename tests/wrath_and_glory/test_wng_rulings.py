"""Given a table, when GM overrides, corruption and fear tests, soak rerolls, personal Ruin and capped
Glory arrive with fixed dice, then these events and these refusals."""

from __future__ import annotations

import pytest

from domain.errors import Forbidden, RuleViolation
from domain.wrath_and_glory.commands import (
    AddCharacter,
    Attack,
    GainGlory,
    GainRuin,
    RerollFailedDice,
    ResolveAttack,
    RollTest,
    ShiftIcons,
    Soak,
    SpendRuin,
)
from domain.wrath_and_glory.encounter_commands import Override, RollResistanceTest
from domain.wrath_and_glory.events import DiceRerolled, RuinGained, RuinSpent, WrathSpent
from domain.wrath_and_glory.ruling_events import GmOverridden, ResistanceTestRolled, SoakRerolled

from .scenario import ALICE, hero, of, run, table, then


def test_override_names_who_and_why_and_sets_the_numbers() -> None:
    override = Override(character_id="h1", reason="the medicae saved him off-screen", wounds=3, shock=1,
                        add_conditions=("exhausted",))
    events = run(table(), override)
    assert events == [
        GmOverridden(character_id="h1", by="gm", reason="the medicae saved him off-screen", wounds_before=6,
                     wounds_after=3, shock_before=6, shock_after=1, death_failures_after=0, members_left_after=1,
                     conditions_added=("exhausted",))
    ]
    after = then(table(), override)
    assert (after.characters["h1"].wounds, after.characters["h1"].shock) == (3, 1)
    assert after.characters["h1"].has("exhausted")


def test_override_is_the_gms_and_stays_within_the_sheet() -> None:
    with pytest.raises(Forbidden):
        run(table(), Override(character_id="h1", reason="I feel better", wounds=6), [], ALICE)
    with pytest.raises(RuleViolation, match="wounds go from 0 to 6"):
        run(table(), Override(character_id="h1", reason="x", wounds=7))


def test_override_can_lift_death() -> None:
    state = then(table(), Override(character_id="h1", reason="x", wounds=0, add_conditions=("dead",)))
    revived = then(state, Override(character_id="h1", reason="a miracle of the Emperor", wounds=1,
                                   remove_conditions=("dead",)))
    assert not revived.characters["h1"].has("dead")


def test_fear_test_failed_gives_the_gm_one_ruin() -> None:
    state = then(table(), SpendRuin(amount=1))  # Ruin 2 of 3
    events = run(state, RollResistanceTest(character_id="h1", kind="fear"), [1, 2, 3], ALICE)  # Resolve 3
    test = of(events, ResistanceTestRolled)[0]
    assert isinstance(test, ResistanceTestRolled) and (test.icons, test.success) == (0, False)
    assert of(events, RuinGained) == [
        RuinGained(amount=1, cause="fear_test_failed", before=2, after=3, lost=0, test_id="t1")
    ]


def test_fear_test_failed_at_full_ruin_shows_the_overflow() -> None:
    events = run(table(), RollResistanceTest(character_id="h1", kind="fear"), [1, 2, 3], ALICE)
    gained = of(events, RuinGained)[0]
    assert isinstance(gained, RuinGained) and (gained.before, gained.after, gained.lost) == (3, 3, 1)


def test_corruption_test_uses_conviction_and_a_declared_wrath_reroll_can_save_it() -> None:
    kai = AddCharacter(character_id="kai", owner="alice", sheet=hero("Brother Kai", conviction=3))
    state = then(then(table(), kai), SpendRuin(amount=1))
    command = RollResistanceTest(character_id="kai", kind="corruption", reroll="wrath")
    events = run(state, command, [1, 2, 3, 4, 4, 5], ALICE)  # fails, then the three dice rerolled: 3 icons
    assert [type(e) for e in events] == [WrathSpent, ResistanceTestRolled]
    test = events[1]
    assert isinstance(test, ResistanceTestRolled) and test.success and len(test.rerolled) == 3
    assert then(state, command, [1, 2, 3, 4, 4, 5], ALICE).ruin == 2


def test_corruption_test_passed_needs_no_reroll_and_gives_no_ruin() -> None:
    kai = AddCharacter(character_id="kai", owner="alice", sheet=hero("Brother Kai", conviction=3))
    events = run(then(table(), kai), RollResistanceTest(character_id="kai", kind="corruption", reroll="wrath"),
                 [4, 4, 5], ALICE)
    assert [type(e) for e in events] == [ResistanceTestRolled]


def test_resistance_test_is_settled_when_rolled() -> None:
    state = then(table(), RollResistanceTest(character_id="h1", kind="fear"), [1, 2, 3], ALICE)
    with pytest.raises(RuleViolation, match="a fear test is settled when rolled"):
        run(state, RerollFailedDice(test_id="t1"), [], ALICE)


def test_personal_ruin_rerolls_an_adversarys_failed_test() -> None:
    state = then(table(), RollTest(character_id="boss", skill="intimidation"), [1, 2, 2, 3])
    events = run(state, RerollFailedDice(test_id="t1", pay_with="personal_ruin"), [4, 4, 4, 2])
    spent = of(events, RuinSpent)[0]
    assert isinstance(spent, RuinSpent) and (spent.personal_of, spent.before, spent.after) == ("boss", 2, 1)
    rerolled = of(events, DiceRerolled)[0]
    assert isinstance(rerolled, DiceRerolled) and rerolled.success
    after = then(state, RerollFailedDice(test_id="t1", pay_with="personal_ruin"), [4, 4, 4, 2])
    assert (after.characters["boss"].personal_ruin, after.ruin) == (1, 3)


def test_personal_ruin_never_rerolls_a_troop() -> None:
    state = then(table(), RollTest(character_id="orks", skill="weapon_skill"), [1] * 6)
    with pytest.raises(RuleViolation, match="never a troop"):
        run(state, RerollFailedDice(test_id="t1", pay_with="personal_ruin"))


def test_npc_soak_reroll_paid_with_ruin() -> None:
    attack = Attack(attacker_id="h1", targets=("boss",), weapon="boltgun")  # 10 + ED vs Resilience 10
    state = then(table(), attack, [4, 4, 4] + [1] * 9, ALICE)
    state = then(state, ResolveAttack(test_id="t1", target_id="boss"), [6], ALICE)  # 12: 2 wounds
    events = run(state, Soak(character_id="boss", reroll="ruin"), [1, 1, 1, 1, 1, 1, 4, 1, 1, 1, 1, 1])
    rerolled = of(events, SoakRerolled)[0]
    assert isinstance(rerolled, SoakRerolled) and (rerolled.icons, rerolled.ignored, rerolled.remaining) == (1, 1, 1)
    assert [e.cause for e in of(events, RuinSpent) if isinstance(e, RuinSpent)] == ["soak", "reroll"]


def test_soak_reroll_unused_when_every_wound_is_soaked() -> None:
    attack = Attack(attacker_id="boss", targets=("h1",), weapon="choppa")
    state = then(table(), attack, [4, 4, 4] + [1] * 6, )
    state = then(state, ResolveAttack(test_id="t1", target_id="h1"), [1])  # 12 vs 8: 4 wounds
    events = run(state, Soak(character_id="h1", reroll="wrath"), [6, 6, 1, 1], ALICE)
    assert not of(events, WrathSpent) and not of(events, SoakRerolled)


def test_glory_award_at_the_maximum_is_refused() -> None:
    state = then(table(), GainGlory(amount=6))
    with pytest.raises(RuleViolation, match="Glory is at its maximum of 6"):
        run(state, GainGlory(amount=1))


def test_glory_shift_at_the_maximum_is_refused() -> None:
    state = then(then(table(), GainGlory(amount=6)), RollTest(character_id="h1", skill="persuasion"),
                 [6, 6, 4, 1, 1, 1, 2], ALICE)
    with pytest.raises(RuleViolation, match="Glory is at its maximum of 6"):
        run(state, ShiftIcons(test_id="t1", uses=("glory",)), [], ALICE)


def test_ruin_award_at_the_maximum_is_refused_but_a_failed_test_still_counts() -> None:
    with pytest.raises(RuleViolation, match="Ruin is at its maximum of 3"):
        run(table(), GainRuin(amount=1))
    gained = run(table(), GainRuin(amount=1, cause="fear_test_failed"))[0]
    assert isinstance(gained, RuinGained) and gained.lost == 1
