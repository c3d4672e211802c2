"""Knock-Down, Feint, Grapple, Pinning, Fate rerolls of attacks, the Heroic Sacrifice, loadable critical tables."""

from __future__ import annotations

import msgspec
import pytest
from msgspec.structs import replace

from domain.d100 import events as ev
from domain.d100.commands import (
    Attack,
    EndTurn,
    Feint,
    Grapple,
    HeroicSacrifice,
    KnockDown,
    LoadCriticalTable,
    NextTurn,
    PinningTest,
    React,
    RollDamage,
    RollTest,
    SpendFate,
    StartEncounter,
)
from domain.d100.criticals import DEFAULT_TABLE, CriticalTable, lookup
from domain.errors import Forbidden, RuleViolation
from tests.d100.encounter_fixtures import ANNA, BORIS, Table, cultist, horde, marine


def duel() -> Table:
    table = Table()
    table.register("brother", "anna", marine())
    table.register("cultist", "boris", cultist(fate=1))
    table.register("horde", "gm-1", horde())
    return table


def test_knock_down_big_win_prones_and_hurts() -> None:
    table = duel()
    # S 42 + 10 (moved) = 52 rolls 05 (4 degrees) against S 30 rolling 60: win by 4 → prone, and a blow.
    events = table.run(KnockDown(contest_id="k1", attacker_id="brother", target_id="cultist", moved=True), [5, 60, 9],
                       ANNA)
    result = events[-1]
    assert isinstance(result, ev.ManoeuvreResolved) and result.outcome == "target_prone_and_hurt"
    # d5 of 9 = 5 − 3 + SB 8 = 10 − TB 3 − 2 × body AP 2 = 3 damage, and one fatigue level.
    assert table.char("cultist").damage == 3 and table.char("cultist").fatigue == 1
    assert table.char("cultist").has("prone")


def test_knock_down_defender_big_win_prones_the_attacker() -> None:
    table = duel()
    events = table.run(KnockDown(contest_id="k1", attacker_id="cultist", target_id="brother"), [90, 5], BORIS)
    assert isinstance(events[-1], ev.ManoeuvreResolved) and events[-1].outcome == "attacker_prone"
    assert table.char("cultist").has("prone")


def test_feint_won_makes_the_next_standard_melee_attack_unavoidable() -> None:
    table = duel()
    table.run(Feint(contest_id="f1", attacker_id="brother", target_id="cultist"), [10, 80], ANNA)
    assert table.char("brother").feint_against == "cultist"
    rolled = table.run(Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="sword"), [20],
                       ANNA)[0]
    assert isinstance(rolled, ev.AttackRolled) and rolled.feinted and rolled.stage == "awaiting_damage"
    assert table.char("brother").feint_against is None


def test_grapple_begins_with_an_unarmed_attack_and_its_options() -> None:
    table = duel()
    table.run(Attack(attack_id="g1", attacker_id="brother", target_id="cultist", weapon_id="unarmed", grapple=True),
              [10], ANNA)
    table.run(React(attack_id="g1", reaction="none"), [], BORIS)
    started = table.run(RollDamage(attack_id="g1"), [], ANNA)[0]
    assert isinstance(started, ev.ManoeuvreResolved) and started.grapple_controller == "brother"
    assert table.state.grapples == {"brother": "cultist"}
    assert table.char("cultist").has("grappled")
    with pytest.raises(RuleViolation, match="an option of the controller"):
        table.run(Grapple(contest_id="x", character_id="cultist", option="damage"), [], BORIS)
    # Others get +20 WS against a grappled character (the horde's club: WS 30 + 20).
    rolled = table.run(Attack(attack_id="h1", attacker_id="horde", target_id="cultist", weapon_id="club"), [99])[0]
    assert isinstance(rolled, ev.AttackRolled) and rolled.target == 50
    # The grappled Cultist takes control: S 30 rolls 10 (2 degrees) against S 42 rolling 90.
    table.run(Grapple(contest_id="g2", character_id="cultist", option="take_control"), [10, 90], BORIS)
    assert table.state.grapples == {"cultist": "brother"}
    hurt = table.run(Grapple(contest_id="g3", character_id="cultist", option="damage"), [5, 95, 10], BORIS)[-1]
    assert isinstance(hurt, ev.ManoeuvreResolved) and hurt.outcome == "hurt"
    assert table.char("brother").fatigue == 1  # 5 − 3 + SB 3: no damage through TB 8 and AP 20, but the fatigue
    table.run(Grapple(contest_id="g4", character_id="brother", option="break_free"), [5, 95], ANNA)
    assert table.state.grapples == {} and not table.char("brother").has("grappled")


def test_suppressing_fire_rolls_pinning_tests_for_the_zone() -> None:
    table = duel()
    table.register("cultist2", "gm-1", cultist())
    events = table.run(Attack(attack_id="s1", attacker_id="brother", target_id="cultist", weapon_id="autogun",
                              action="suppressing", zone=("cultist", "cultist2", "horde")), [99, 50, 5, 80], ANNA)
    pins = [e for e in events if isinstance(e, ev.PinningTested)]
    assert [(p.character_id, p.target, p.roll, p.pinned) for p in pins] == [
        ("cultist", 10, 50, True), ("cultist2", 10, 5, False), ("horde", 30, 80, True)]  # horde: + magnitude 20
    assert table.char("cultist").has("pinned")
    # Escaping at the end of his turn: Easy (+30) when no longer under fire.
    escape = table.run(PinningTest(test_id="p1", character_id="cultist", reason="escape", under_fire=False), [40],
                       BORIS)[0]
    assert isinstance(escape, ev.PinningTested) and escape.target == 60 and escape.unpinned
    assert not table.char("cultist").has("pinned")


def test_fate_rerolls_a_missed_attack_and_the_reroll_stands() -> None:
    table = duel()
    table.run(Attack(attack_id="a1", attacker_id="cultist", target_id="brother", weapon_id="club"), [70], BORIS)
    events = table.run(SpendFate(character_id="cultist", use="reroll", test_id="a1"), [12], BORIS)
    assert isinstance(events[0], ev.FateSpent) and events[0].fate_after == 0
    again = events[1]
    assert isinstance(again, ev.AttackRolled) and again.reroll_of == "a1" and again.roll == 12
    assert again.stage == "awaiting_reaction" and table.state.attacks["a1"].stage == "awaiting_reaction"
    original = next(e for e in table.log if isinstance(e, ev.AttackRolled) and e.reroll_of is None)
    assert original.roll == 70 and not original.success  # the original stays in the log


def test_fate_reroll_refuses_a_hit_a_jam_and_a_second_reroll() -> None:
    table = duel()
    table.run(Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="bolter"), [99], ANNA)
    with pytest.raises(RuleViolation, match="stays jammed"):
        table.run(SpendFate(character_id="brother", use="reroll", test_id="a1"), [5], ANNA)
    table.run(Attack(attack_id="a2", attacker_id="brother", target_id="cultist", weapon_id="sword"), [80], ANNA)
    table.run(SpendFate(character_id="brother", use="reroll", test_id="a2"), [85], ANNA)
    with pytest.raises(RuleViolation, match="only once"):
        table.run(SpendFate(character_id="brother", use="reroll", test_id="a2"), [5], ANNA)


def test_heroic_sacrifice_ignores_criticals_then_kills_after_tb_turns() -> None:
    table = Table()
    table.register("brother", "anna", replace(marine(), fate=1, characteristics={
        **marine().characteristics, "T": 20}, unnatural={"S": 4, "T": 0}))  # TB 2
    table.register("cultist", "boris", cultist())
    table.run(LoadCriticalTable(default=True))
    table.run(StartEncounter(encounter_id="last-stand", participants=("brother", "cultist")), [9, 1])
    table.run(NextTurn())
    declared = table.run(HeroicSacrifice(character_id="brother"), [], ANNA)[0]
    assert isinstance(declared, ev.HeroicSacrificeDeclared) and declared.turns == 2 and declared.fate_after == 1
    table.run(EndTurn(character_id="brother"), [], ANNA)
    assert table.char("brother").sacrifice_turns == 1
    started = table.run(EndTurn(character_id="cultist"), [], BORIS)[-1]
    assert isinstance(started, ev.TurnStarted) and started.fate_after == 1  # a free Fate point each turn
    ended = table.run(EndTurn(character_id="brother"), [], ANNA)[0]
    assert isinstance(ended, ev.TurnEnded) and ended.sacrifice_turns_after == 0
    assert table.char("brother").has("dead")


def test_critical_table_upload_and_lookup() -> None:
    table_json = {"name": "House", "rows": [
        {"area": "leg", "damage_type": "impact", "total": 1, "effects": [{"key": "prone"}]},
        {"area": "leg", "damage_type": "impact", "total": 3, "effects": [{"key": "stunned", "amount": 2},
                                                                          {"key": "limb_useless"}]},
    ]}
    house = msgspec.convert(table_json, CriticalTable)
    assert lookup(house, "left_leg", "impact", 2) == house.rows[0]
    assert lookup(house, "right_leg", "impact", 9) == house.rows[1]  # beyond the table: its last row
    assert lookup(house, "head", "impact", 3) is None
    assert [e.key for e in lookup(DEFAULT_TABLE, "head", "energy", 12).effects] == ["dead"]  # type: ignore[union-attr]
    table = duel()
    with pytest.raises(Forbidden):  # a player may not load the GM's critical tables
        table.run(LoadCriticalTable(default=True), [], ANNA)
    table.run(LoadCriticalTable(table=house))
    club = table.run(Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="sword",
                            called_location="left_leg", action="called_shot"), [10], ANNA)[0]
    assert isinstance(club, ev.AttackRolled) and club.locations == ("left_leg",)
    table.run(React(attack_id="a1", reaction="none"), [], BORIS)
    # A sword (energy) has no row here: the critical is recorded with no effect (and no demo fallback).
    hit = table.run(RollDamage(attack_id="a1"), [9], ANNA)[0]
    assert isinstance(hit, ev.DamageApplied) and hit.criticals and hit.conditions_added == ()


def test_rule_named_messages_from_the_issue() -> None:
    table = duel()
    with pytest.raises(RuleViolation, match="a Charge needs the target at least 4 m away"):
        table.run(Attack(attack_id="c", attacker_id="brother", target_id="cultist", weapon_id="sword",
                         action="charge", distance_m=2), [], ANNA)
    with pytest.raises(RuleViolation, match=r"Trade \(Armourer\) is an advanced skill: the character is untrained"):
        table.run(RollTest(test_id="t", character_id="brother", skill="Trade (Armourer)"), [], ANNA)
