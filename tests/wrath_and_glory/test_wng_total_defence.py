"""Total Defence (RULES B3): an action; move up to half Speed; an Agility test, each icon +1 Defence until
the start of the character's next turn.

Worked by hand from RULES.md: hero 1 has Agility 6 (six dice, the last the Wrath die), Defence 3, Speed 6.
Icons: 4–5 → 1, 6 → 2. The warboss attacks with Weapon Skill 5 + Initiative 4 = nine dice, DN = Defence."""

from __future__ import annotations

import pytest

from domain.errors import RuleViolation
from domain.wrath_and_glory.attacks import AttackOptions
from domain.wrath_and_glory.commands import AddGloryDice, Attack, GainGlory, RerollFailedDice, StartTurn
from domain.wrath_and_glory.encounter_commands import Move, Override, StartEncounter, TotalDefence
from domain.wrath_and_glory.encounter_events import ActionTaken, TotalDefenceRolled, TurnEffectsExpired
from domain.wrath_and_glory.events import DefenceEffectAdded, GloryGained, GlorySpent, TestRolled
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.state import WngState

from .scenario import ALICE, BOB, of, run, table, then

ICONS_4 = [4, 4, 6, 1, 2, 3]  # 1 + 1 + 2 = 4 icons; the Wrath die shows 3
NINE_MISSES = [1] * 9


def _h1_acting() -> WngState:
    state = then(table(heroes=1, troop=False), StartEncounter(encounter_id="pit", participants=("h1", "boss")))
    return then(state, StartTurn(character_id="h1"), [], ALICE)


def _rolled(events: list[object]) -> TotalDefenceRolled:
    (found,) = [e for e in events if isinstance(e, TotalDefenceRolled)]
    return found


def test_total_defence_adds_each_icon_to_defence() -> None:
    events = run(_h1_acting(), TotalDefence(character_id="h1", metres=3), ICONS_4, ALICE)
    assert of(events, ActionTaken) == [ActionTaken(character_id="h1", name="total defence", kind="normal",
                                                    move=True, normal=True)]
    rolled = _rolled(events)
    assert (rolled.icons, rolled.exalted, rolled.defence_bonus, rolled.wrath) == (4, 1, 4, "none")
    assert (rolled.pool.attribute, rolled.pool.skill, len(rolled.dice)) == (6, 0, 6)
    assert [d.role for d in rolled.dice] == ["pool"] * 5 + ["wrath"]
    assert (rolled.metres, rolled.max_metres) == (3, 3)
    assert of(events, DefenceEffectAdded) == [DefenceEffectAdded(character_id="h1",
                                                                 effect=Modifier("total defence", 4))]
    state = then(_h1_acting(), TotalDefence(character_id="h1", metres=3), ICONS_4, ALICE)
    assert state.characters["h1"].defence == 7  # 3 + 4


def test_total_defence_raises_the_dn_of_attacks_against_it_until_its_next_turn() -> None:
    state = then(_h1_acting(), TotalDefence(character_id="h1"), ICONS_4, ALICE)
    state = then(state, StartTurn(character_id="boss"))
    events = run(state, Attack(attacker_id="boss", targets=("h1",), weapon="choppa"), NINE_MISSES)
    (rolled,) = of(events, TestRolled)
    assert isinstance(rolled, TestRolled) and (rolled.dn_base, rolled.dn) == (7, 7)
    state = then(state, Attack(attacker_id="boss", targets=("h1",), weapon="choppa"), NINE_MISSES)

    # Round 2: the start of hero 1's next turn ends the bonus; the next attack is against Defence 3 again.
    events = run(state, StartTurn(character_id="h1"), [], ALICE)
    assert of(events, TurnEffectsExpired) == [TurnEffectsExpired(
        character_id="h1", defence=(Modifier("total defence", 4),), prepared=False, cause="turn_started")]
    state = then(state, StartTurn(character_id="h1"), [], ALICE)
    assert state.characters["h1"].defence == 3
    state = then(state, StartTurn(character_id="boss"))
    (rolled,) = of(run(state, Attack(attacker_id="boss", targets=("h1",), weapon="choppa"), NINE_MISSES), TestRolled)
    assert isinstance(rolled, TestRolled) and rolled.dn == 3


def test_total_defence_bonus_adds_to_other_dn_terms_of_a_shot() -> None:
    # Total Defence with 4 icons, then a long-range shot (+2 DN): DN = 3 + 4 + 2 = 9.
    state = then(table(heroes=2, troop=False), TotalDefence(character_id="h2"), ICONS_4, BOB)
    shot = Attack(attacker_id="h1", targets=("h2",), weapon="boltgun", options=AttackOptions(distance=30))
    (rolled,) = of(run(state, shot, [1] * 12, ALICE), TestRolled)
    assert isinstance(rolled, TestRolled) and (rolled.dn_base, rolled.dn) == (7, 9)


def test_total_defence_exalted_wrath_die_gives_two_defence_and_a_glory() -> None:
    events = run(_h1_acting(), TotalDefence(character_id="h1"), [1, 1, 1, 1, 1, 6], ALICE)
    assert (_rolled(events).icons, _rolled(events).wrath) == (2, "glory")
    assert of(events, GloryGained) == [GloryGained(amount=1, cause="wrath_six", before=0, after=1, lost=0,
                                                   test_id="t1")]


def test_total_defence_without_icons_adds_no_defence() -> None:
    events = run(_h1_acting(), TotalDefence(character_id="h1"), [1, 2, 3, 1, 2, 3], ALICE)
    assert _rolled(events).defence_bonus == 0
    assert of(events, DefenceEffectAdded) == []


def test_total_defence_glory_dice_are_bought_before_the_roll() -> None:
    state = then(_h1_acting(), GainGlory(amount=2))
    # Six Agility dice + 1 Glory die (rolled last, never the Wrath die): 4, 2, 2, 2, 2, 2 and the Glory 5.
    events = run(state, TotalDefence(character_id="h1", glory_dice=1), [4, 2, 2, 2, 2, 2, 5], ALICE)
    assert of(events, GlorySpent) == [GlorySpent(amount=1, cause="bonus_dice", before=2, after=1, test_id="t1")]
    rolled = _rolled(events)
    assert [d.role for d in rolled.dice][-2:] == ["wrath", "glory"]
    assert rolled.defence_bonus == 2
    state = then(state, TotalDefence(character_id="h1", glory_dice=1), [4, 2, 2, 2, 2, 2, 5], ALICE)
    with pytest.raises(RuleViolation, match="no DN to fail") as refused:
        run(state, AddGloryDice(test_id="t1", count=1), [], ALICE)
    assert refused.value.rule == "total_defence"
    with pytest.raises(RuleViolation, match="no DN to fail"):
        run(state, RerollFailedDice(test_id="t1"), [], ALICE)


def test_total_defence_wrath_one_is_a_complication() -> None:
    state = then(_h1_acting(), TotalDefence(character_id="h1"), [4, 4, 4, 4, 4, 1], ALICE)
    assert state.characters["h1"].complications_pending == ("t1",)
    assert state.characters["h1"].defence == 3 + 5


def test_total_defence_moves_at_most_half_speed() -> None:
    with pytest.raises(RuleViolation, match="at most 3 m during Total Defence") as refused:
        run(_h1_acting(), TotalDefence(character_id="h1", metres=3.5), [], ALICE)
    assert refused.value.rule == "speed"


def test_total_defence_is_the_turns_action_and_its_move() -> None:
    state = then(_h1_acting(), TotalDefence(character_id="h1"), ICONS_4, ALICE)
    with pytest.raises(RuleViolation, match="one normal action per turn"):
        run(state, Attack(attacker_id="h1", targets=("boss",), weapon="boltgun"), [], ALICE)
    with pytest.raises(RuleViolation, match="one move action per turn"):
        run(state, Move(character_id="h1", metres=2), [], ALICE)
    moved = then(_h1_acting(), Move(character_id="h1", metres=6), [], ALICE)
    with pytest.raises(RuleViolation, match="one move action per turn"):
        run(moved, TotalDefence(character_id="h1"), [], ALICE)


def test_total_defence_is_refused_to_the_exhausted() -> None:
    state = then(_h1_acting(), Override(character_id="h1", reason="spent", shock=0, add_conditions=("exhausted",)))
    with pytest.raises(RuleViolation, match="exhausted"):
        run(state, TotalDefence(character_id="h1"), [], ALICE)


def test_total_defence_outside_an_encounter_lasts_until_its_next_turn_start() -> None:
    state = then(table(heroes=1, troop=False), TotalDefence(character_id="h1"), ICONS_4, ALICE)
    assert state.characters["h1"].defence == 7
    assert then(state, StartTurn(character_id="h1"), [], ALICE).characters["h1"].defence == 3
