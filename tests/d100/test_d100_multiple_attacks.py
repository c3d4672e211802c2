"""Multiple Attacks (RULES A5): Swift Attack, Lightning Attack, a weapon in each hand; one Full Action, each
attack with its own reaction and damage step."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.d100 import events as ev
from domain.d100.commands import (
    AttackSpec,
    MultipleAttacks,
    NextTurn,
    React,
    RollDamage,
    StartEncounter,
    TakeAction,
    TakeAim,
)
from domain.d100.encounter_events import ActionUsed
from domain.d100.modifiers import Modifier
from domain.d100.sheet import Weapon
from domain.errors import RuleViolation
from tests.d100.encounter_fixtures import ANNA, BORIS, Table, cultist, marine

LASPISTOL = Weapon(id="laspistol", name="Laspistol", weapon_class="pistol", damage="1d10+2", damage_type="energy",
                   semi=2, range_m=30, clip=30)
STUBBER = Weapon(id="stubber", name="Stub revolver", weapon_class="pistol", damage="1d10+3", range_m=30, clip=6)
HEAVY = Weapon(id="heavy", name="Heavy stubber", weapon_class="heavy", damage="1d10+4", full=10, range_m=100,
               clip=80)


def fighter(*talents: str) -> Table:
    """Brother (WS 45, BS 50, AgB 4) with the talents, against two cultists; his turn in an encounter."""
    table = Table()
    sheet = marine()
    table.register("brother", "anna", replace(sheet, talents=talents,
                                              weapons=(*sheet.weapons, LASPISTOL, STUBBER, HEAVY)))
    table.register("cultist", "boris", cultist())
    table.register("cultist2", "boris", cultist())
    table.run(StartEncounter(encounter_id="melee", participants=("brother", "cultist", "cultist2")), [6, 2, 1])
    table.run(NextTurn())
    assert table.state.encounter is not None and table.state.encounter.acting == "brother"
    return table


def spec(attack_id: str, weapon: str = "sword", target: str = "cultist", **extra: object) -> AttackSpec:
    return AttackSpec(attack_id=attack_id, target_id=target, weapon_id=weapon, **extra)  # type: ignore[arg-type]


def refused(table: Table, command: object) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        table.run(command, [], ANNA)  # type: ignore[arg-type]
    return caught.value


def test_swift_attack_two_melee_attacks_in_one_full_action_each_pending() -> None:
    table = fighter("swift_attack")
    events = table.run(MultipleAttacks(attacker_id="brother", attacks=(spec("a1"), spec("a2"))), [30, 40], ANNA)
    used, first, second = events
    assert isinstance(used, ActionUsed) and (used.action, used.cost) == ("multiple_attacks", "full")
    assert isinstance(first, ev.AttackRolled) and isinstance(second, ev.AttackRolled)
    assert [(a.attack_id, a.target, a.roll, a.degrees, a.stage, a.part_of) for a in (first, second)] == [
        ("a1", 45, 30, 1, "awaiting_reaction", "a1"), ("a2", 45, 40, 0, "awaiting_reaction", "a1")]
    assert table.state.encounter is not None and table.state.encounter.budget.full == "multiple_attacks"
    assert refused(table, TakeAction(character_id="brother", action="move")).rule == "turn_spent"
    # The cultist dodges the first (untrained: half Ag 15, rolls 10); one reaction a round: the second lands.
    table.run(React(attack_id="a1", reaction="dodge"), [10], BORIS)
    assert "a1" not in table.state.attacks
    with pytest.raises(RuleViolation, match="Cultist already used this round's reaction on `dodge`"):
        table.run(React(attack_id="a2", reaction="dodge"), [], BORIS)
    table.run(React(attack_id="a2", reaction="none"), [], BORIS)
    # 3 + 5 + SB 8 = 16 at the head (40 → 04), armour 0 − pen 6, TB 3: 13 → 3 over Wounds 10.
    damage = table.run(RollDamage(attack_id="a2"), [3], ANNA)[0]
    assert isinstance(damage, ev.DamageApplied) and damage.hits[0].location == "head"
    assert (damage.damage_after, damage.critical_after) == (10, 3)


def test_lightning_attack_three_attacks_swift_attack_at_most_two() -> None:
    table = fighter("lightning_attack")
    events = table.run(MultipleAttacks(attacker_id="brother", attacks=(
        spec("a1"), spec("a2", target="cultist2"), spec("a3"))), [30, 50, 44], ANNA)
    rolled = [e for e in events if isinstance(e, ev.AttackRolled)]
    assert [(a.attack_id, a.target_id, a.success) for a in rolled] == [
        ("a1", "cultist", True), ("a2", "cultist2", False), ("a3", "cultist", True)]
    swift = fighter("swift_attack")
    violation = refused(swift, MultipleAttacks(attacker_id="brother", attacks=(spec("a1"), spec("a2"), spec("a3"))))
    assert (violation.rule, violation.message) == ("multiple_attacks_count", "Swift Attack gives at most 2 attacks")


def test_multiple_attacks_refused_without_talent_or_second_weapon() -> None:
    table = fighter()
    violation = refused(table, MultipleAttacks(attacker_id="brother", attacks=(spec("a1"), spec("a2"))))
    assert violation.rule == "multiple_attacks"
    assert violation.message == "Multiple Attacks needs Swift Attack, Lightning Attack or a weapon in each hand"
    fists = refused(table, MultipleAttacks(attacker_id="brother", attacks=(
        spec("a1"), spec("a2", weapon="unarmed", hand="off"))))
    assert fists.rule == "multiple_attacks"
    ranged = refused(fighter("swift_attack"), MultipleAttacks(attacker_id="brother", attacks=(
        spec("a1", weapon="bolter"), spec("a2", weapon="bolter"))))
    assert ranged.rule == "multiple_attacks_melee"
    assert table.log[-1].__class__.__name__ == "TurnStarted"  # nothing was spent or rolled


@pytest.mark.parametrize(("talents", "primary", "off"), [
    ((), -20, -40), (("ambidextrous",), -10, -30), (("two_weapon_wielder",), -20, -20),
    (("two_weapon_wielder", "ambidextrous"), -10, -10), (("two_weapon_wielder", "ambidextrous", "gunslinger"), 0, 0),
])
def test_two_weapons_one_attack_each_with_the_001_penalties(talents: tuple[str, ...], primary: int, off: int) -> None:
    table = fighter(*talents)
    events = table.run(MultipleAttacks(attacker_id="brother", targets_apart_m=4, attacks=(
        spec("a1", weapon="laspistol"), spec("a2", weapon="stubber", hand="off", target="cultist2"))), [20, 25], ANNA)
    first, second = (e for e in events if isinstance(e, ev.AttackRolled))
    assert (first.weapon_id, first.target) == ("laspistol", 50 + primary)
    assert (second.weapon_id, second.target) == ("stubber", 50 + off)
    if primary:
        assert first.modifiers.modifiers == (Modifier("two weapons (primary hand)", primary),)
    assert (first.ammo_after, second.ammo_after) == (29, 5)


def test_two_weapons_bursts_targets_apart_hands_and_heavy_weapons() -> None:
    table = fighter("two_weapon_wielder", "ambidextrous")
    far = MultipleAttacks(attacker_id="brother", targets_apart_m=12, attacks=(
        spec("a1", weapon="laspistol"), spec("a2", weapon="stubber", hand="off", target="cultist2")))
    assert refused(table, far).message == "two weapons strike targets at most 10 m apart"
    same_hand = MultipleAttacks(attacker_id="brother", attacks=(spec("a1", weapon="laspistol"),
                                                                 spec("a2", weapon="stubber")))
    assert refused(table, same_hand).rule == "two_weapon_hands"
    heavy = MultipleAttacks(attacker_id="brother", attacks=(spec("a1", weapon="laspistol"),
                                                             spec("a2", weapon="heavy", hand="off")))
    assert refused(table, heavy).message == "the Heavy stubber is not wielded in one hand"
    # Each pistol in its own mode: a semi-auto burst (+10) with the laspistol; 9 m apart is close enough.
    near = MultipleAttacks(attacker_id="brother", targets_apart_m=9, attacks=(
        spec("a1", weapon="laspistol", fire="semi_auto"), spec("a2", weapon="stubber", hand="off", target="cultist2")))
    first, second = (e for e in table.run(near, [10, 70], ANNA) if isinstance(e, ev.AttackRolled))
    assert (first.mode, first.target, first.degrees, first.hits) == ("semi", 50, 4, 2)
    assert (second.target, second.success) == (40, False)


def test_two_weapons_sword_and_pistol_need_the_two_weapon_talent() -> None:
    mixed = MultipleAttacks(attacker_id="brother", attacks=(spec("a1"), spec("a2", weapon="laspistol", hand="off")))
    assert refused(fighter("ambidextrous"), mixed).rule == "two_weapon_mixed"
    table = fighter("two_weapon_wielder")
    first, second = (e for e in table.run(mixed, [40, 30], ANNA) if isinstance(e, ev.AttackRolled))
    assert (first.melee, first.target) == (True, 25)  # WS 45 − 20
    assert (second.melee, second.target) == (False, 30)  # BS 50 − 20


def test_multiple_attacks_needs_the_whole_turn_and_aim_helps_the_first_only() -> None:
    table = fighter("swift_attack")
    table.run(TakeAim(character_id="brother", aim="half"), [], ANNA)
    assert refused(table, MultipleAttacks(attacker_id="brother", attacks=(spec("a1"), spec("a2")))).rule == (
        "full_action_needs_turn")
    outside = Table()
    outside.register("brother", "anna", replace(marine(), talents=("swift_attack",)))
    outside.register("cultist", "boris", cultist())
    outside.run(TakeAim(character_id="brother", aim="full"), [], ANNA)
    first, second = outside.run(MultipleAttacks(attacker_id="brother", attacks=(spec("a1"), spec("a2"))), [50, 50],
                                ANNA)
    assert isinstance(first, ev.AttackRolled) and isinstance(second, ev.AttackRolled)
    assert (first.target, first.aim_used, second.target, second.aim_used) == (65, 20, 45, 0)
    assert outside.char("brother").aim == 0


def test_multiple_attacks_ids_are_new_and_distinct() -> None:
    table = fighter("swift_attack")
    assert refused(table, MultipleAttacks(attacker_id="brother", attacks=(spec("a1"), spec("a1")))).rule == "id_reused"
    table.run(MultipleAttacks(attacker_id="brother", attacks=(spec("a1"), spec("a2"))), [30, 40], ANNA)
    assert {"a1", "a2"} <= table.state.used_ids


KNIFE = Weapon(id="knife", name="Combat knife", weapon_class="melee", damage="1d5+2")


def blades(*talents: str) -> Table:
    table = fighter(*talents)
    brother = table.char("brother")
    table.state = replace(table.state, characters={**table.state.characters, "brother": replace(
        brother, sheet=replace(brother.sheet, weapons=(*brother.sheet.weapons, KNIFE)))})
    return table


def test_swift_attack_with_a_second_weapon_adds_one_off_hand_attack() -> None:
    # Our reading of A5: the talent's attacks with the primary weapon and one more with the off-hand weapon, each
    # with the two-weapon penalties of the 001 list: no Two-Weapon talent −20 / −40 → WS 45: 25, 25, 5.
    table = blades("swift_attack")
    events = table.run(MultipleAttacks(attacker_id="brother", attacks=(
        spec("a1"), spec("a2"), spec("a3", weapon="knife", hand="off"))), [20, 30, 4], ANNA)
    rolled = [e for e in events if isinstance(e, ev.AttackRolled)]
    assert [(a.weapon_id, a.target, a.part_of) for a in rolled] == [
        ("sword", 25, "a1"), ("sword", 25, "a1"), ("knife", 5, "a1")]
    # With Two-Weapon Wielder and Ambidextrous: −10 each.
    skilled = blades("lightning_attack", "two_weapon_wielder", "ambidextrous")
    events = skilled.run(MultipleAttacks(attacker_id="brother", attacks=(
        spec("b1"), spec("b2"), spec("b3"), spec("b4", weapon="knife", hand="off"))), [90, 90, 90, 90], ANNA)
    assert [e.target for e in events if isinstance(e, ev.AttackRolled)] == [35, 35, 35, 35]


def test_swift_attack_with_a_second_weapon_keeps_the_talents_count_and_one_off_hand_attack() -> None:
    table = blades("swift_attack")
    too_many = refused(table, MultipleAttacks(attacker_id="brother", attacks=(
        spec("a1"), spec("a2"), spec("a3"), spec("a4", weapon="knife", hand="off"))))
    assert too_many.rule == "multiple_attacks_count"
    assert too_many.message == "Swift Attack gives at most 2 attacks with the primary weapon, and one more with the " \
                               "off-hand weapon"
    two_off = refused(table, MultipleAttacks(attacker_id="brother", attacks=(
        spec("a1"), spec("a2", weapon="knife", hand="off"), spec("a3", weapon="knife", hand="off"))))
    assert two_off.rule == "multiple_attacks_count"
    mixed_hand = refused(table, MultipleAttacks(attacker_id="brother", attacks=(
        spec("a1"), spec("a2", weapon="knife"), spec("a3", weapon="knife", hand="off"))))
    assert mixed_hand.rule == "two_weapon_hands"
    pistol = refused(blades("swift_attack", "two_weapon_wielder"), MultipleAttacks(attacker_id="brother", attacks=(
        spec("a1"), spec("a2"), spec("a3", weapon="laspistol", hand="off"))))
    assert pistol.rule == "multiple_attacks_melee"
    untalented = refused(blades(), MultipleAttacks(attacker_id="brother", attacks=(
        spec("a1"), spec("a2"), spec("a3", weapon="knife", hand="off"))))
    assert untalented.rule == "two_weapon_attacks"


def test_two_weapons_at_two_targets_must_say_how_far_apart_they_are() -> None:
    # 000: two weapons may strike two targets at most ten metres apart; without the distance nothing is checked.
    table = fighter("two_weapon_wielder")
    unsaid = refused(table, MultipleAttacks(attacker_id="brother", attacks=(
        spec("a1", weapon="laspistol"), spec("a2", weapon="stubber", hand="off", target="cultist2"))))
    assert unsaid.rule == "two_weapon_targets"
    at_ten = MultipleAttacks(attacker_id="brother", targets_apart_m=10, attacks=(
        spec("a1", weapon="laspistol"), spec("a2", weapon="stubber", hand="off", target="cultist2")))
    assert len([e for e in table.run(at_ten, [90, 90], ANNA) if isinstance(e, ev.AttackRolled)]) == 2


def test_blade_dancer_for_blades_gunslinger_for_pistols() -> None:
    # 001: Two-Weapon Wielder + Ambidextrous + Blade Dancer (or Gunslinger): 0 each. Gunslinger does nothing for
    # two blades (−10 each), Blade Dancer does (0).
    attacks = (spec("a1"), spec("a2", weapon="knife", hand="off"))
    pistolero = blades("two_weapon_wielder", "ambidextrous", "gunslinger")
    assert [e.target for e in pistolero.run(MultipleAttacks(attacker_id="brother", attacks=attacks), [90, 90], ANNA)
            if isinstance(e, ev.AttackRolled)] == [35, 35]
    dancer = blades("two_weapon_wielder", "ambidextrous", "blade_dancer")
    assert [e.target for e in dancer.run(MultipleAttacks(attacker_id="brother", attacks=attacks), [90, 90], ANNA)
            if isinstance(e, ev.AttackRolled)] == [45, 45]
