"""Unnatural characteristics (RULES A1, 001 "Característica Sobrenatural (x)"): +X to the bonus wherever the
bonus counts (SB in damage, TB in soak, AgB in movement and initiative), and +⌊X/2⌋ degrees on every
successful test of that characteristic. Numbers worked by hand from RULES.md."""

from __future__ import annotations

from msgspec.structs import replace

from domain.d100 import events as ev
from domain.d100.commands import (
    Attack,
    GmRuling,
    NextTurn,
    OpposedSide,
    PinningTest,
    React,
    RollDamage,
    RollOpposedTest,
    RollTest,
    SpendFate,
    StartEncounter,
    TakeAction,
    Unjam,
)
from domain.d100.sheet import Sheet
from tests.d100.encounter_fixtures import ANNA, BORIS, Table, cultist, horde, marine


def beast(**unnatural: int) -> Sheet:
    """A cultist's sheet (every characteristic 30, Int 25, Fel 20) with Unnatural (X) characteristics."""
    return replace(cultist(), unnatural=unnatural)  # type: ignore[arg-type]


def test_unnatural_adds_half_its_value_in_degrees_to_a_successful_test() -> None:
    # Ag 30, Unnatural Ag (4): roll 10 → (30 − 10) // 10 = 2 degrees + 4 // 2 = 4; the bonus is 3 + 4 = 7.
    table = Table()
    table.register("beast", "boris", beast(Ag=4))
    rolled = table.run(RollTest(test_id="t1", character_id="beast", characteristic="Ag"), [10], BORIS)[0]
    assert isinstance(rolled, ev.TestRolled) and rolled.degrees == 4 and rolled.unnatural_degrees == 2
    assert table.char("beast").bonus("Ag") == 7
    # A failure gains nothing: 80 against 30 is 5 degrees of failure.
    failed = table.run(RollTest(test_id="t2", character_id="beast", characteristic="Ag"), [80], BORIS)[0]
    assert isinstance(failed, ev.TestRolled) and failed.degrees == 5 and failed.unnatural_degrees == 0


def test_unnatural_degrees_on_a_fate_reroll() -> None:
    # The reroll is the same Ag test (target 30): 10 → 2 + 2 = 4 degrees.
    table = Table()
    table.register("beast", "boris", replace(beast(Ag=4), fate=1))
    table.run(RollTest(test_id="t1", character_id="beast", characteristic="Ag"), [90], BORIS)
    reroll = table.run(SpendFate(character_id="beast", use="reroll", test_id="t1"), [10], BORIS)[1]
    assert isinstance(reroll, ev.TestRolled) and reroll.success and reroll.degrees == 4
    assert reroll.unnatural_degrees == 2


def test_unnatural_degrees_on_attacks_reactions_and_opposed_tests() -> None:
    table = Table()
    table.register("beast", "boris", replace(beast(WS=4, Ag=2, S=6), weapons=cultist().weapons))
    table.register("brother", "anna", marine())
    # The club: WS 30, roll 10 → 2 + 2 = 4 degrees.
    rolled = table.run(Attack(attack_id="a1", attacker_id="beast", target_id="brother", weapon_id="club"), [10],
                       BORIS)[0]
    assert isinstance(rolled, ev.AttackRolled) and rolled.degrees == 4
    # Brother dodges (Dodge trained, Ag 41): 21 → 2 degrees, no Unnatural Ag.
    dodge = table.run(React(attack_id="a1", reaction="dodge"), [21], ANNA)[0]
    assert isinstance(dodge, ev.ReactionRolled) and dodge.degrees == 2
    # An opposed S test: beast S 30 rolls 20 (1 + 3 = 4 degrees, bonus 3 + 6 = 9) against Brother S 42 with
    # Unnatural S (4) rolling 22 (2 + 2 = 4 degrees, bonus 4 + 4 = 8): tied on degrees, the higher bonus wins.
    contest = table.run(RollOpposedTest(
        contest_id="o1", first=OpposedSide(character_id="beast", characteristic="S"),
        second=OpposedSide(character_id="brother", characteristic="S")), [20, 22], BORIS)[0]
    assert isinstance(contest, ev.OpposedTestRolled)
    assert (contest.first.degrees, contest.first.bonus, contest.second.degrees, contest.second.bonus) == (4, 9, 4, 8)
    assert contest.result.winner == "first" and contest.result.reason == "higher_bonus"


def test_unnatural_strength_adds_to_melee_damage_and_toughness_to_soak() -> None:
    # Brother (S 42, Unnatural S 4 → SB 8) hits a beast with T 30 and Unnatural T 5 (TB 8), sword 1d10+5
    # pen 6 against body AP 2: die 7 → 7 + 5 + 8 = 20 − TB 8 − AP 0 = 12.
    table = Table()
    table.register("brother", "anna", marine())
    table.register("beast", "boris", replace(beast(T=5), wounds=30))
    table.run(Attack(attack_id="a1", attacker_id="brother", target_id="beast", weapon_id="sword"), [33], ANNA)
    table.run(React(attack_id="a1", reaction="none"), [], BORIS)
    damage = table.run(RollDamage(attack_id="a1"), [7], ANNA)[0]
    assert isinstance(damage, ev.DamageApplied)
    (hit,) = damage.hits
    assert (hit.total, hit.toughness_bonus, hit.armour, hit.wounding) == (20, 8, 0, 12)


def test_unnatural_agility_in_initiative_movement_and_charge() -> None:
    # Ag 30, Unnatural Ag (3): AgB 6. Initiative 1d10 + 6; move 6 m, full 12, run 36 (Xanthia's 4/8/12/24 scaled).
    table = Table()
    table.register("beast", "boris", replace(beast(Ag=3), weapons=cultist().weapons))
    table.register("brother", "anna", marine())
    initiative = table.run(StartEncounter(encounter_id="e1", participants=("beast", "brother")), [4, 2])[1]
    assert isinstance(initiative, ev.InitiativeRolled)
    rolls = [(r.character_id, r.agility_bonus, r.total) for r in initiative.rolls]
    assert rolls == [("beast", 6, 10), ("brother", 4, 6)]
    table.run(NextTurn())
    moved = table.run(TakeAction(character_id="beast", action="move"), [], BORIS)[0]
    assert isinstance(moved, ev.ActionTaken) and moved.move_m == 6
    # A Charge reaches 3 × AgB = 18 m: 17 m is in reach (the move was a half action, so a new turn is needed).
    table.run(NextTurn())
    table.run(NextTurn())
    charge = table.run(Attack(attack_id="c1", attacker_id="beast", target_id="brother", weapon_id="club",
                              action="charge", distance_m=17), [90], BORIS)
    assert isinstance(charge[-1], ev.AttackRolled)


def test_xanthias_movement_from_the_seed() -> None:
    # 001: Xanthia, AgB 4, moves 4/8/12/24; without Unnatural Ag, Ag 40 gives the same.
    table = Table()
    table.register("xanthia", "anna", replace(cultist(), characteristics={**cultist().characteristics, "Ag": 40}))
    for action, metres in (("move", 4), ("full_move", 8), ("run", 24), ("disengage", 4), ("tactical_advance", 8)):
        taken = table.run(TakeAction(character_id="xanthia", action=action), [], ANNA)[0]  # type: ignore[arg-type]
        assert isinstance(taken, ev.ActionTaken) and taken.move_m == metres, action


def test_unnatural_willpower_on_pinning_and_a_hordes_breaking_test() -> None:
    # Pinning escape: WP 30 + 30 (not under fire) = 60, roll 20 → 4 + ⌊4/2⌋ = 6 degrees.
    table = Table()
    table.register("beast", "boris", beast(WP=4))
    table.run(GmRuling(character_id="beast", reason="suppressed", add_conditions=("pinned",)))
    escape = table.run(PinningTest(test_id="p1", character_id="beast", reason="escape", under_fire=False), [20],
                       BORIS)[0]
    assert isinstance(escape, ev.PinningTested) and escape.degrees == 6 and escape.unpinned
    # Unjam: BS 30 (the default BS variant), Unnatural BS (2): roll 10 → 2 + 1 = 3 degrees.
    table.register("gunner", "boris", replace(beast(BS=2), weapons=cultist().weapons))
    table.register("brother", "anna", marine())
    table.run(Attack(attack_id="j1", attacker_id="gunner", target_id="brother", weapon_id="autogun"), [97], BORIS)
    cleared = table.run(Unjam(character_id="gunner", weapon_id="autogun", test_id="u1"), [10], BORIS)[0]
    assert isinstance(cleared, ev.UnjamAttempted) and cleared.success and cleared.degrees == 3
    # A horde's breaking test (WP 30, Unnatural WP (2)) rolled 10: 2 + 1 = 3 degrees.
    from domain.d100.encounter_decisions import _break_test

    mob = table.state.characters["beast"]
    mob = replace(mob, sheet=replace(horde(), unnatural={"WP": 2}), magnitude=20, magnitude_start=20)
    from domain.dice import FixedDice

    tested = _break_test(mob, table.state, FixedDice([10]))
    assert tested.degrees == 3 and tested.success
