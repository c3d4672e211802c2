"""Given a table, when a test command arrives with fixed dice, then these events and this state."""

from __future__ import annotations

import pytest

from domain.errors import Forbidden, RuleViolation, UnknownEntity
from domain.wrath_and_glory.commands import (
    AddGloryDice,
    GainGlory,
    RerollFailedDice,
    ResolveComplication,
    RollTest,
    ShiftIcons,
    StartSession,
)
from domain.wrath_and_glory.events import (
    ComplicationResolved,
    DiceRerolled,
    GloryDiceAdded,
    GloryGained,
    GlorySpent,
    IconsShifted,
    RuinGained,
    SessionStarted,
    TestRolled,
    WrathSpent,
)
from domain.wrath_and_glory.modifiers import Modifier

from .scenario import ALICE, BOB, OBSERVER, of, run, table, then

ELENA = RollTest(character_id="h1", skill="persuasion")  # Persuasion 3 + Fellowship 4 = 7 dice


def test_session_start_resets_wrath_glory_ruin_and_reloads() -> None:
    state = table(3, session=False)
    events = run(state, StartSession())
    assert events == [
        SessionStarted(
            session=1,
            heroes=tuple(events[0].heroes),  # type: ignore[attr-defined]
            glory=0,
            glory_cap=6,
            ruin=3,
            ruin_cap=3,
        )
    ]
    after = then(state, StartSession())
    assert (after.glory, after.ruin, after.session) == (0, 3, 1)
    assert all(after.characters[h].wrath == 2 and after.characters[h].reloads == 3 for h in ("h1", "h2", "h3"))


def test_session_start_ruin_equals_the_number_of_characters() -> None:
    assert table(5).ruin == 5


def test_elena_rolls_five_icons_against_dn_3_and_her_wrath_six_brings_glory() -> None:
    state = table()
    events = run(state, ELENA, [1, 2, 3, 3, 4, 6, 6], ALICE)
    rolled = of(events, TestRolled)[0]
    assert isinstance(rolled, TestRolled)
    assert (rolled.icons, rolled.dn, rolled.success, rolled.wrath) == (5, 3, True, "glory")
    assert rolled.dice[-1].role == "wrath"
    assert [d.die.value for d in rolled.dice] == [1, 2, 3, 3, 4, 6, 6]
    assert of(events, GloryGained) == [
        GloryGained(amount=1, cause="wrath_six", before=0, after=1, lost=0, test_id="t1")
    ]
    assert then(state, ELENA, [1, 2, 3, 3, 4, 6, 6], ALICE).glory == 1


def test_wrath_six_glory_denied_on_a_trivial_test() -> None:
    events = run(table(), RollTest(character_id="h1", skill="persuasion", trivial=True), [1, 2, 3, 3, 4, 6, 6])
    assert of(events, GloryGained) == []


def test_wrath_six_glory_at_the_cap_is_lost_and_shown() -> None:
    state = then(table(), GainGlory(amount=6))
    events = run(state, ELENA, [1, 2, 3, 3, 4, 6, 6], ALICE)
    assert of(events, GloryGained)[0] == GloryGained(
        amount=1, cause="wrath_six", before=6, after=6, lost=1, test_id="t1"
    )


def test_test_dn_penalties_raise_the_dn_and_are_recorded() -> None:
    command = RollTest(character_id="h1", skill="persuasion", dn=3, dn_penalties=(Modifier("hostile crowd", 2),))
    rolled = of(run(table(), command, [1, 2, 3, 3, 4, 6, 6]), TestRolled)[0]
    assert isinstance(rolled, TestRolled)
    assert (rolled.dn, rolled.success) == (5, True)


def test_test_bonus_dice_beyond_the_cap_are_cut_visibly() -> None:
    command = RollTest(character_id="h1", skill="persuasion", bonus_dice=(Modifier("relic", 8),))
    rolled = of(run(table(), command, [2] * 13), TestRolled)[0]
    assert isinstance(rolled, TestRolled)
    assert (rolled.pool.bonus_cap, rolled.pool.bonus_applied, rolled.pool.bonus_lost) == (6, 6, 2)
    assert len(rolled.dice) == 13


def test_test_glory_dice_before_the_roll_spend_glory_and_are_glory_dice() -> None:
    state = then(table(), GainGlory(amount=2))
    events = run(state, RollTest(character_id="h1", skill="persuasion", glory_dice=2), [2] * 9, ALICE)
    assert of(events, GlorySpent) == [GlorySpent(amount=2, cause="bonus_dice", before=2, after=0, test_id="t1")]
    rolled = of(events, TestRolled)[0]
    assert isinstance(rolled, TestRolled)
    assert [d.role for d in rolled.dice][-3:] == ["wrath", "glory", "glory"]


def test_test_player_cannot_roll_for_another_players_hero() -> None:
    with pytest.raises(Forbidden):
        run(table(), ELENA, [], BOB)


def test_test_observer_cannot_roll() -> None:
    with pytest.raises(Forbidden):
        run(table(), ELENA, [], OBSERVER)


def test_test_unknown_character_is_unknown() -> None:
    with pytest.raises(UnknownEntity):
        run(table(), RollTest(character_id="nobody", skill="tech"))


def test_daniel_jump_six_icons_allow_one_shift_not_two() -> None:
    command = RollTest(character_id="h1", skill="persuasion")  # 7 dice like Daniel's Athletics + Agility
    state = then(table(), command, [1, 2, 3, 4, 5, 6, 6], ALICE)
    with pytest.raises(RuleViolation, match="only 1 exalted icon can be shifted"):
        run(state, ShiftIcons(test_id="t1", uses=("fact", "fact")), [], ALICE)
    events = run(state, ShiftIcons(test_id="t1", uses=("quality",)), [], ALICE)
    assert events == [IconsShifted(test_id="t1", uses=("quality",), shifted_total=1)]


def test_james_learns_three_facts_from_three_shifted_icons() -> None:
    state = then(table(), RollTest(character_id="h1", skill="tech", dn=5), [1, 4, 4, 4, 5, 5, 6, 6, 6], ALICE)
    events = run(state, ShiftIcons(test_id="t1", uses=("fact", "fact", "fact")), [], ALICE)
    assert events == [IconsShifted(test_id="t1", uses=("fact", "fact", "fact"), shifted_total=3)]
    assert then(state, ShiftIcons(test_id="t1", uses=("fact", "fact", "fact")), [], ALICE).tests["t1"].shifted == 3


def test_shift_for_glory_adds_glory_and_the_wrath_six_still_counts() -> None:
    state = then(table(), ELENA, [1, 2, 3, 3, 4, 6, 6], ALICE)
    events = run(state, ShiftIcons(test_id="t1", uses=("glory",)), [], ALICE)
    assert of(events, GloryGained) == [GloryGained(amount=1, cause="shift", before=1, after=2, lost=0, test_id="t1")]


def test_shift_not_twice_beyond_what_is_left() -> None:
    state = then(table(), ELENA, [1, 2, 3, 3, 4, 6, 6], ALICE)
    state = then(state, ShiftIcons(test_id="t1", uses=("time",)), [], ALICE)
    with pytest.raises(RuleViolation, match="only 0 exalted icons"):
        run(state, ShiftIcons(test_id="t1", uses=("time",)), [], ALICE)


def test_reroll_spends_wrath_and_rerolls_only_the_failed_dice_keeping_the_originals() -> None:
    state = then(table(), ELENA, [1, 2, 3, 4, 2, 5, 3], ALICE)  # 2 icons vs DN 3: failed
    events = run(state, RerollFailedDice(test_id="t1"), [6, 6, 1, 1, 4], ALICE)
    assert of(events, WrathSpent) == [
        WrathSpent(character_id="h1", amount=1, cause="reroll", before=2, after=1, test_id="t1")
    ]
    rerolled = of(events, DiceRerolled)[0]
    assert isinstance(rerolled, DiceRerolled)
    assert [r.position for r in rerolled.rerolls] == [0, 1, 2, 4, 6]
    assert [r.before_face for r in rerolled.rerolls] == [1, 2, 3, 2, 3]
    assert [r.after.value for r in rerolled.rerolls] == [6, 6, 1, 1, 4]
    assert (rerolled.icons, rerolled.success, rerolled.wrath, rerolled.wrath_rerolled) == (7, True, "none", True)
    after = then(state, RerollFailedDice(test_id="t1"), [6, 6, 1, 1, 4], ALICE)
    assert [d.die.value for d in after.tests["t1"].dice] == [6, 6, 1, 4, 1, 5, 4]
    assert after.characters["h1"].wrath == 1


def test_reroll_never_touches_a_wrath_die_showing_one() -> None:
    state = then(table(), ELENA, [4, 2, 2, 2, 2, 2, 1], ALICE)
    rerolled = of(run(state, RerollFailedDice(test_id="t1"), [2, 2, 2, 2, 2], ALICE), DiceRerolled)[0]
    assert isinstance(rerolled, DiceRerolled)
    assert 6 not in [r.position for r in rerolled.rerolls]
    assert state.tests["t1"].complication_pending


def test_reroll_only_once_per_test() -> None:
    state = then(table(), ELENA, [2] * 7, ALICE)
    state = then(state, RerollFailedDice(test_id="t1"), [2] * 7, ALICE)
    with pytest.raises(RuleViolation, match="only once"):
        run(state, RerollFailedDice(test_id="t1"), [], ALICE)


def test_reroll_only_a_failed_test() -> None:
    state = then(table(), ELENA, [1, 2, 3, 3, 4, 6, 6], ALICE)
    with pytest.raises(RuleViolation, match="only a failed test"):
        run(state, RerollFailedDice(test_id="t1"), [], ALICE)


def test_reroll_needs_wrath() -> None:
    state = table()
    for k in (1, 2, 3):
        state = then(state, ELENA, [2] * 7, ALICE)
        if k < 3:
            state = then(state, RerollFailedDice(test_id=f"t{k}"), [2] * 7, ALICE)
    with pytest.raises(RuleViolation, match="not enough Wrath"):
        run(state, RerollFailedDice(test_id="t3"), [], ALICE)


def test_reroll_never_touches_glory_dice() -> None:
    state = then(table(), ELENA, [2] * 7, ALICE)
    state = then(state, GainGlory(amount=1))
    state = then(state, AddGloryDice(test_id="t1", count=1), [3], ALICE)
    rerolled = of(run(state, RerollFailedDice(test_id="t1"), [2] * 7, ALICE), DiceRerolled)[0]
    assert isinstance(rerolled, DiceRerolled)
    assert 7 not in [r.position for r in rerolled.rerolls]


def test_reroll_with_ruin_only_for_adversaries_and_monsters_by_the_gm() -> None:
    state = then(table(), RollTest(character_id="boss", skill="intimidation"), [2] * 4)
    with pytest.raises(Forbidden):
        run(state, RerollFailedDice(test_id="t1", pay_with="ruin"), [], ALICE)
    events = run(state, RerollFailedDice(test_id="t1", pay_with="ruin"), [2] * 4)
    assert len(of(events, DiceRerolled)) == 1
    troop = then(table(), RollTest(character_id="orks", skill="weapon_skill"), [2] * 6)
    with pytest.raises(RuleViolation, match="adversary's or a monster's"):
        run(troop, RerollFailedDice(test_id="t1", pay_with="ruin"))


def test_reroll_wrath_die_rerolled_to_six_brings_glory() -> None:
    state = then(table(), ELENA, [2] * 7, ALICE)
    events = run(state, RerollFailedDice(test_id="t1"), [2, 2, 2, 2, 2, 2, 6], ALICE)
    assert of(events, GloryGained)[0] == GloryGained(amount=1, cause="wrath_six", before=0, after=1, lost=0,
                                                     test_id="t1")


def test_glory_dice_after_the_roll_can_turn_a_failure_into_success() -> None:
    state = then(then(table(), ELENA, [2, 2, 2, 2, 4, 2, 4], ALICE), GainGlory(amount=1))
    events = run(state, AddGloryDice(test_id="t1", count=1), [5], ALICE)
    assert of(events, GlorySpent)[0] == GlorySpent(amount=1, cause="bonus_dice", before=1, after=0, test_id="t1")
    added = of(events, GloryDiceAdded)[0]
    assert isinstance(added, GloryDiceAdded)
    assert (added.icons, added.success) == (3, True)


def test_glory_dice_respect_the_bonus_cap() -> None:
    command = RollTest(character_id="h1", skill="persuasion", bonus_dice=(Modifier("relic", 5),))
    state = then(then(table(), command, [2] * 12, ALICE), GainGlory(amount=3))
    with pytest.raises(RuleViolation, match="only 1 more bonus die fits"):
        run(state, AddGloryDice(test_id="t1", count=2), [], ALICE)


def test_glory_dice_need_glory() -> None:
    state = then(table(), ELENA, [2] * 7, ALICE)
    with pytest.raises(RuleViolation, match="not enough Glory"):
        run(state, AddGloryDice(test_id="t1", count=1), [], ALICE)


def test_complication_or_ruin_is_the_gms_choice() -> None:
    state = then(table(), ELENA, [4, 4, 4, 2, 2, 2, 1], ALICE)
    with pytest.raises(Forbidden):
        run(state, ResolveComplication(test_id="t1", choice="ruin"), [], ALICE)
    events = run(state, ResolveComplication(test_id="t1", choice="ruin"))
    assert events == [
        ComplicationResolved(test_id="t1", choice="ruin"),
        RuinGained(amount=1, cause="wrath_one", before=3, after=3, lost=1, test_id="t1"),
    ]


def test_complication_ruin_below_the_cap_is_kept() -> None:
    from domain.wrath_and_glory.commands import SpendRuin

    state = then(then(table(), SpendRuin(amount=2)), ELENA, [4, 4, 4, 2, 2, 2, 1], ALICE)
    after = then(state, ResolveComplication(test_id="t1", choice="ruin"))
    assert after.ruin == 2
    assert not after.tests["t1"].complication_pending


def test_complication_only_for_a_wrath_die_one() -> None:
    state = then(table(), ELENA, [1, 2, 3, 3, 4, 6, 6], ALICE)
    with pytest.raises(RuleViolation, match="no Wrath die 1"):
        run(state, ResolveComplication(test_id="t1", choice="complication"))
