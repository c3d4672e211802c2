"""Given a table, when attacks, damage, soak and death tests arrive with fixed dice, then these events."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from domain.dice import Die
from domain.errors import Forbidden, RuleViolation
from domain.wrath_and_glory.attacks import AttackOptions
from domain.wrath_and_glory.commands import (
    AddCharacter,
    Attack,
    GainGlory,
    InteractionAttack,
    RecoverShock,
    Reload,
    RerollFailedDice,
    ResolveAttack,
    RollDeathTest,
    RollInitiative,
    RollTest,
    Soak,
    StartTurn,
    TakeWounds,
)
from domain.wrath_and_glory.events import (
    DamageApplied,
    DamageDealt,
    DeathTestRolled,
    DefenceEffectAdded,
    ReloadsSpent,
    RuinSpent,
    ShockRecovered,
    SoakRolled,
    SpecialRolled,
    TestRolled,
    WoundsPending,
)
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.sheet import Sheet, Weapon
from domain.wrath_and_glory.state import PendingWounds, WngState

from .scenario import ALICE, BOB, of, run, table, then

SIGMA_SHOOTS_ORKS = Attack(attacker_id="h1", targets=("orks",), weapon="boltgun")  # 12 dice vs Defence 3


def rolled(events: Sequence[object]) -> TestRolled:
    found = [e for e in events if isinstance(e, TestRolled)]
    assert len(found) == 1
    return found[0]


def test_sigma_19_hits_four_orks_with_nine_icons_against_defence_3() -> None:
    state = then(table(), SIGMA_SHOOTS_ORKS, [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 6, 6], ALICE)
    assert state.tests["t1"].dn == 3
    events = run(state, ResolveAttack(test_id="t1", target_id="orks"), [4], ALICE)
    dealt = of(events, DamageDealt)[0]
    assert isinstance(dealt, DamageDealt)
    assert (dealt.members_hit, dealt.total, dealt.wounds) == (4, 11, 4)
    applied = of(events, DamageApplied)[0]
    assert isinstance(applied, DamageApplied)
    assert (applied.members_lost, applied.members_left, applied.dissolved) == (4, 6, False)


def test_troop_cannot_soak_and_takes_damage_at_once() -> None:
    state = then(table(), SIGMA_SHOOTS_ORKS, [4] * 12, ALICE)
    state = then(state, ResolveAttack(test_id="t1", target_id="orks"), [1], ALICE)
    assert state.characters["orks"].pending_wounds is None
    with pytest.raises(RuleViolation):
        run(state, Soak(character_id="orks"))


def test_troop_loses_members_to_shock_each_time_loss_reaches_one_members_shock() -> None:
    weak = Attack(attacker_id="h1", targets=("orks",), weapon="laspistol")  # 7 + 1 ED vs Resilience 7
    state = then(table(), weak, [4, 4, 4] + [1] * 9, ALICE)  # 3 icons: one ork hit
    events = run(state, ResolveAttack(test_id="t1", target_id="orks"), [1, 2], ALICE)
    applied = of(events, DamageApplied)[0]
    assert isinstance(applied, DamageApplied)
    assert (applied.wounds, applied.shock_lost, applied.members_lost, applied.members_left) == (0, 2, 1, 9)
    after = then(state, ResolveAttack(test_id="t1", target_id="orks"), [1, 1], ALICE)
    assert (after.characters["orks"].members_left, after.characters["orks"].troop_shock_lost) == (10, 1)


def test_troop_dissolves_when_one_member_is_left() -> None:
    state = then(table(), SIGMA_SHOOTS_ORKS, [6] * 12, ALICE)
    after = then(state, ResolveAttack(test_id="t1", target_id="orks"), [6], ALICE)
    orks = after.characters["orks"]
    assert orks.members_left == 0
    assert orks.has("dead")


def test_troop_combined_attack_gets_a_die_per_member_up_to_half() -> None:
    attack = Attack(attacker_id="orks", targets=("h1",), weapon="choppa", troop_members=3)
    events = run(table(), attack, [2] * 8)  # WS 3 + Initiative 3 + 2 dice for 3 members
    assert Modifier("troop of 3", 2) in rolled(events).pool.bonus


def test_troop_split_four_members_also_get_two_dice() -> None:
    attack = Attack(attacker_id="orks", targets=("h2",), weapon="choppa", troop_members=4)
    assert Modifier("troop of 4", 2) in rolled(run(table(), attack, [2] * 8)).pool.bonus


def test_melee_adds_strength_and_a_hit_at_or_below_resilience_costs_1d3_shock() -> None:
    attack = Attack(attacker_id="h1", targets=("boss",), weapon="chainsword")  # WS 3 + Init 4 = 7 dice
    state = then(table(), attack, [4, 4, 4, 1, 1, 1, 1], ALICE)
    events = run(state, ResolveAttack(test_id="t1", target_id="boss"), [1, 2], ALICE)
    dealt = of(events, DamageDealt)[0]
    assert isinstance(dealt, DamageDealt)
    assert (dealt.damage.weapon, dealt.damage.strength, dealt.total) == (5, 4, 9)
    applied = of(events, DamageApplied)[0]
    assert isinstance(applied, DamageApplied)
    assert (applied.shock_lost, applied.shock_after, applied.wounds) == (2, 4, 0)


def test_damage_adds_shifts_and_glory_on_a_successful_attack() -> None:
    attack = Attack(attacker_id="h1", targets=("boss",), weapon="chainsword")
    state = then(then(table(), attack, [6, 6, 6, 4, 1, 1, 1], ALICE), GainGlory(amount=2))
    command = ResolveAttack(test_id="t1", target_id="boss", shifts=2, glory_damage=2)
    events = run(state, command, [6], ALICE)
    dealt = of(events, DamageDealt)[0]
    assert isinstance(dealt, DamageDealt)
    assert dealt.total == 5 + 4 + 2 + 2 + 2
    pending = of(events, WoundsPending)[0]
    assert pending == WoundsPending(character_id="boss", test_id="t1", wounds=5)


def test_damage_shifts_limited_to_what_the_dn_leaves() -> None:
    state = then(table(), Attack(attacker_id="h1", targets=("boss",), weapon="chainsword"), [6, 4, 1, 1, 1, 1, 1])
    with pytest.raises(RuleViolation, match="only 0 exalted icons"):
        run(state, ResolveAttack(test_id="t1", target_id="boss", shifts=1), [], ALICE)


def test_damage_a_miss_deals_nothing() -> None:
    state = then(table(), Attack(attacker_id="h1", targets=("boss",), weapon="chainsword"), [1] * 7)
    with pytest.raises(RuleViolation, match="missed"):
        run(state, ResolveAttack(test_id="t1", target_id="boss"))


def test_damage_resolved_once_per_target_and_then_closed_to_rerolls() -> None:
    state = then(table(), Attack(attacker_id="h1", targets=("boss",), weapon="chainsword"), [4, 4, 4, 1, 1, 1, 1])
    state = then(state, ResolveAttack(test_id="t1", target_id="boss"), [1, 1])
    with pytest.raises(RuleViolation, match="already been resolved"):
        run(state, ResolveAttack(test_id="t1", target_id="boss"))
    with pytest.raises(RuleViolation, match="already dealt its damage"):
        run(state, RerollFailedDice(test_id="t1"))


def wounded_boss(wounds_faces: list[int]) -> WngState:
    attack = Attack(attacker_id="h1", targets=("boss",), weapon="boltgun")
    state = then(table(), attack, [6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1], ALICE)  # 8 icons, 2 shifts possible
    return then(state, ResolveAttack(test_id="t1", target_id="boss", shifts=2), wounds_faces, ALICE)


def test_soak_for_an_npc_costs_ruin_and_one_shock_plus_one_per_wound() -> None:
    state = wounded_boss([6])  # 10 + 2 + 2 = 14 vs Resilience 10: 4 wounds pending
    assert state.characters["boss"].pending_wounds is not None
    with pytest.raises(Forbidden):
        run(state, Soak(character_id="boss"), [], ALICE)
    events = run(state, Soak(character_id="boss"), [4, 4, 1, 1, 1, 1])
    assert of(events, RuinSpent)[0] == RuinSpent(amount=1, cause="soak", before=3, after=2, character_id="boss",
                                                 test_id="t1")
    soaked = of(events, SoakRolled)[0]
    assert isinstance(soaked, SoakRolled)
    assert (soaked.icons, soaked.ignored, soaked.remaining, soaked.shock_cost) == (2, 2, 2, 3)
    applied = of(events, DamageApplied)[0]
    assert isinstance(applied, DamageApplied)
    assert (applied.wounds, applied.wounds_after, applied.shock_after) == (2, 6, 3)


def test_npc_at_zero_wounds_dies() -> None:
    state = then(table(), GainGlory(amount=6))
    state = then(state, Attack(attacker_id="h1", targets=("boss",), weapon="boltgun"), [6] * 4 + [1] * 8, ALICE)
    state = then(state, ResolveAttack(test_id="t1", target_id="boss", shifts=2, glory_damage=4), [6], ALICE)
    after = then(state, TakeWounds(character_id="boss"))
    assert after.characters["boss"].wounds == 0
    assert after.characters["boss"].has("dead")


def hero_hit(wounds: int) -> WngState:
    """The warboss's choppa (6 + Strength 6, ED showing 1) has hit hero 1 for 4 + Glory wounds, pending."""
    glory = wounds - (6 + 6 - 8)
    assert 0 <= glory <= 6
    state = table()
    state = then(state, Attack(attacker_id="boss", targets=("h1",), weapon="choppa"), [4] * 9)  # WS 5 + Init 4
    state = then(state, GainGlory(amount=glory)) if glory else state
    return then(state, ResolveAttack(test_id="t1", target_id="h1", glory_damage=glory), [1])


def test_hero_at_zero_wounds_falls_unconscious_and_is_dying() -> None:
    state = hero_hit(6)
    after = then(state, TakeWounds(character_id="h1"), [], ALICE)
    h1 = after.characters["h1"]
    assert (h1.wounds, h1.has("unconscious"), h1.has("dying"), h1.has("dead")) == (0, True, True, False)


def test_hero_soaks_for_free_and_pays_shock() -> None:
    state = hero_hit(4)
    with pytest.raises(Forbidden):
        run(state, Soak(character_id="h1"), [], BOB)
    events = run(state, Soak(character_id="h1"), [6, 1, 1, 1], ALICE)
    assert of(events, RuinSpent) == []
    applied = of(events, DamageApplied)[0]
    assert isinstance(applied, DamageApplied)
    assert (applied.wounds, applied.wounds_after, applied.shock_after) == (2, 4, 3)


def test_twice_starting_wounds_in_one_attack_kills_outright() -> None:
    state = then(table(), Attack(attacker_id="boss", targets=("h1",), weapon="choppa"), [6] * 9)
    state = then(state, ResolveAttack(test_id="t1", target_id="h1", shifts=7), [6])  # 6 + 6 + 2 + 7 − 8 = 13
    assert state.characters["h1"].pending_wounds == PendingWounds(test_id="t1", wounds=13)
    applied = of(run(state, TakeWounds(character_id="h1"), [], ALICE), DamageApplied)[0]
    assert isinstance(applied, DamageApplied)
    assert (applied.instant_death, applied.dead, applied.unconscious) == (True, True, False)


def test_eleven_wounds_to_a_six_wound_hero_only_knock_it_out() -> None:
    state = then(table(), Attack(attacker_id="boss", targets=("h1",), weapon="choppa"), [6] * 9)
    state = then(state, ResolveAttack(test_id="t1", target_id="h1", shifts=5), [6])  # 11 wounds
    applied = of(run(state, TakeWounds(character_id="h1"), [], ALICE), DamageApplied)[0]
    assert isinstance(applied, DamageApplied)
    assert (applied.instant_death, applied.dead, applied.unconscious) == (False, False, True)


def dying_hero() -> WngState:
    return then(hero_hit(6), TakeWounds(character_id="h1"), [], ALICE)


def test_death_test_three_failures_kill() -> None:
    state = dying_hero()
    state = then(state, RollDeathTest(character_id="h1"), [1], ALICE)
    assert state.characters["h1"].death_failures == 2
    events = run(state, RollDeathTest(character_id="h1"), [3], ALICE)
    test = of(events, DeathTestRolled)[0]
    assert isinstance(test, DeathTestRolled)
    assert (test.result, test.failures_after, test.dead) == ("one_failure", 3, True)
    assert then(state, RollDeathTest(character_id="h1"), [3], ALICE).characters["h1"].has("dead")


def test_death_test_six_wakes_with_one_wound() -> None:
    after = then(dying_hero(), RollDeathTest(character_id="h1"), [6], ALICE)
    h1 = after.characters["h1"]
    assert (h1.wounds, h1.has("unconscious"), h1.has("dying")) == (1, False, False)


def test_death_test_four_or_five_stabilises() -> None:
    after = then(dying_hero(), RollDeathTest(character_id="h1"), [4], ALICE)
    h1 = after.characters["h1"]
    assert (h1.has("unconscious"), h1.has("dying"), h1.death_failures) == (True, False, 0)


def test_death_test_wrath_spent_beforehand_adds_one() -> None:
    events = run(dying_hero(), RollDeathTest(character_id="h1", spend_wrath=True), [5], ALICE)
    test = of(events, DeathTestRolled)[0]
    assert isinstance(test, DeathTestRolled)
    assert (test.bonus, test.total, test.result) == (1, 6, "wakes")


def test_death_test_wrath_cannot_reroll_it() -> None:
    state = then(dying_hero(), RollDeathTest(character_id="h1"), [2], ALICE)
    with pytest.raises(RuleViolation, match="Wrath cannot reroll a death test"):
        run(state, RerollFailedDice(test_id="t2"), [], ALICE)


def test_death_test_only_when_dying() -> None:
    with pytest.raises(RuleViolation, match="not dying"):
        run(table(), RollDeathTest(character_id="h1"), [], ALICE)


def test_all_out_attack_lowers_defence_until_the_start_of_its_next_turn() -> None:
    attack = Attack(attacker_id="h1", targets=("boss",), weapon="chainsword", options=AttackOptions(all_out=True))
    events = run(table(), attack, [1] * 9, ALICE)
    assert of(events, DefenceEffectAdded) == [
        DefenceEffectAdded(character_id="h1", effect=Modifier("all-out attack", -2))
    ]
    state = then(table(), attack, [1] * 9, ALICE)
    assert state.characters["h1"].defence == 1
    assert then(state, StartTurn(character_id="h1"), [], ALICE).characters["h1"].defence == 3


def test_salvo_spends_a_reload_and_adds_salvo_dice() -> None:
    attack = Attack(attacker_id="h1", targets=("boss",), weapon="boltgun", options=AttackOptions(salvo=True))
    events = run(table(), attack, [1] * 14, ALICE)
    assert of(events, ReloadsSpent) == [
        ReloadsSpent(character_id="h1", amount=1, cause="salvo", before=3, after=2, test_id="t1")
    ]
    assert rolled(events).pool.total == 14


def test_reloads_run_out() -> None:
    attack = Attack(attacker_id="h1", targets=("boss",), weapon="boltgun", options=AttackOptions(salvo=True))
    state = table()
    for _ in range(3):
        state = then(state, attack, [1] * 14, ALICE)
    with pytest.raises(RuleViolation, match="not enough Reloads"):
        run(state, attack, [], ALICE)


def test_multiple_targets_dn_is_highest_defence_plus_two_per_extra_target() -> None:
    attack = Attack(attacker_id="h1", targets=("boss", "orks"), weapon="boltgun")
    assert rolled(run(table(), attack, [1] * 12, ALICE)).dn == 5


def test_reload_action_puts_the_next_shot_at_plus_two_dn() -> None:
    state = then(table(), Reload(character_id="h1"), [], ALICE)
    assert state.characters["h1"].reloads == 2
    test = rolled(run(state, Attack(attacker_id="h1", targets=("boss",), weapon="boltgun"), [1] * 12, ALICE))
    assert test.dn == 5
    after = then(state, Attack(attacker_id="h1", targets=("boss",), weapon="boltgun"), [1] * 12, ALICE)
    assert after.characters["h1"].next_action_dn == ()


def test_interaction_attack_dn_is_the_higher_of_opposed_skill_and_resolve() -> None:
    command = InteractionAttack(attacker_id="h1", target_id="boss", skill="persuasion", opposed_skill="intimidation")
    assert rolled(run(table(), command, [1] * 7, ALICE)).dn == 4


def test_interaction_attack_success_adds_one_dn_to_the_targets_next_action() -> None:
    command = InteractionAttack(attacker_id="h1", target_id="boss", skill="persuasion")
    state = then(table(), command, [4, 4, 4, 4, 1, 1, 2], ALICE)
    state = then(state, ResolveAttack(test_id="t1", target_id="boss", effect="dn"), [], ALICE)
    test = rolled(run(state, RollTest(character_id="boss", skill="intimidation"), [1] * 4))
    assert test.dn == 4
    assert Modifier("interaction attack", 1) in test.dn_penalties


def test_interaction_attack_can_lower_defence_instead() -> None:
    command = InteractionAttack(attacker_id="h1", target_id="boss", skill="persuasion")
    state = then(table(), command, [4, 4, 4, 4, 1, 1, 2], ALICE)
    state = then(state, ResolveAttack(test_id="t1", target_id="boss", effect="defence"), [], ALICE)
    assert state.characters["boss"].defence == 2


def test_recover_shock_spends_wrath_restores_d3_plus_3_and_penalises_the_next_action() -> None:
    state = then(hero_hit(4), Soak(character_id="h1"), [1, 1, 1, 1], ALICE)
    assert state.characters["h1"].shock == 5
    events = run(state, RecoverShock(character_id="h1"), [3], ALICE)
    assert of(events, ShockRecovered)[0] == ShockRecovered(
        character_id="h1", die=Die(k=0, sides=3, value=3), amount=1, before=5, after=6
    )
    state = then(state, RecoverShock(character_id="h1"), [3], ALICE)
    h1 = state.characters["h1"]
    assert h1.wrath == 1
    assert h1.next_action_dn == (Modifier("after recovering shock", 2),)
    # Outside an encounter there is no turn to count: see test_wng_shock_recovery.py for "one per turn".


def test_initiative_roll_has_no_wrath_die_and_counts_icons() -> None:
    events = run(table(), RollInitiative(character_id="h1"), [6, 4, 1, 2], ALICE)
    special = events[0]
    assert isinstance(special, SpecialRolled)
    assert (special.icons, len(special.dice)) == (3, 4)


def test_exhausted_character_cannot_attack() -> None:
    slugga = Weapon(name="slugga", kind="melee", damage=2)
    grot = Sheet(name="grot", kind="elite", defence=2, resilience=3, wounds=2, shock=2, weapons=(slugga,),
                 skills={"weapon_skill": 3})
    state = then(table(), AddCharacter(character_id="grot", sheet=grot))
    for k in range(1, 3):
        state = then(state, Attack(attacker_id="grot", targets=("h1",), weapon="slugga"), [4, 4, 4])
        state = then(state, ResolveAttack(test_id=f"t{k}", target_id="h1"), [3])
    assert state.characters["h1"].has("exhausted")
    with pytest.raises(RuleViolation, match="exhausted"):
        run(state, Attack(attacker_id="h1", targets=("boss",), weapon="boltgun"), [], ALICE)


def test_engaged_combatant_cannot_fire_a_boltgun() -> None:
    attack = Attack(attacker_id="h1", targets=("boss",), weapon="boltgun", options=AttackOptions(engaged=True))
    with pytest.raises(RuleViolation, match="not a Pistol"):
        run(table(), attack, [], ALICE)
