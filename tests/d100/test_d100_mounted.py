"""Mounted combat (issue 11; seed 001 "Todo lo que siempre quisiste saber … sobre el combate montado"), as far as
the seed gives numbers: mounting (Survival +20 in combat), the mounted actions and their Survival tests, riders
thrown when failing by more degrees than their AgB, attacks at a mounted pair (reversed 01–70 the mount, 71+ the
rider's body), Sidestep, the crushing charge, hit and run, and the mount's blinded and crippled states."""

from __future__ import annotations

import re
from typing import Literal

import pytest
from msgspec.structs import replace

from domain.d100 import events as ev
from domain.d100.commands import (
    Attack,
    GmRuling,
    Mount,
    NextTurn,
    React,
    Ride,
    RollDamage,
    StartEncounter,
)
from domain.d100.sheet import Armour, Sheet, SkillEntry, Weapon
from domain.errors import RuleViolation
from domain.events import Event
from tests.d100.encounter_fixtures import AUTOGUN, BOLTER, Table, cultist

HOOVES = Weapon(id="hooves", name="Hooves", weapon_class="melee", damage="1d10", qualities=("primitive",))
LANCE = Weapon(id="lance", name="Power lance", weapon_class="melee", damage="1d10+4")


def rider_sheet(agility: int = 40) -> Sheet:
    """A rough rider: Int 40 with Survival (advanced, trained), Ag 40 (AgB 4), WS 40, T 30 (TB 3)."""
    return replace(cultist(), characteristics={**cultist().characteristics, "Int": 40, "Ag": agility, "WS": 40},
                   skills={"Survival": SkillEntry(characteristic="Int", kind="advanced")},
                   weapons=(LANCE, AUTOGUN, BOLTER))


def steed() -> Sheet:
    """A mount: Ag 35 (AgB 3), S 45 (SB 4), WS 30, T 40, 15 wounds, body armour 2, hooves."""
    return Sheet(characteristics={"WS": 30, "BS": 0, "S": 45, "T": 40, "Ag": 35, "Int": 10, "Per": 30, "WP": 20,
                                  "Fel": 5}, wounds=15, armour=Armour(body=2), weapons=(HOOVES,))


def stable(agility: int = 40, mounted: bool = True) -> Table:
    table = Table("only_war")
    table.register("rider", "gm-1", rider_sheet(agility))
    table.register("steed", "gm-1", steed())
    table.register("cultist", "gm-1", replace(cultist(), weapons=(AUTOGUN, BOLTER)))
    if mounted:
        table.run(Mount(test_id="m0", rider_id="rider", mount_id="steed"))  # out of combat: no test
    return table


def in_combat(table: Table) -> Table:
    # Initiative: the rider 9 + 4, the cultist 1 + 3; the mount acts with its rider (it is not a participant).
    table.run(StartEncounter(encounter_id="e1", participants=("rider", "cultist")), [9, 1])
    table.run(NextTurn())
    return table


def test_mounting_out_of_combat_needs_no_test() -> None:
    table = stable(mounted=False)
    (mounted,) = table.run(Mount(test_id="m1", rider_id="rider", mount_id="steed"))
    assert isinstance(mounted, ev.MountChanged) and mounted.mounted and mounted.test is None
    assert table.char("rider").mounted_on == "steed" and table.state.rider_of("steed") == "rider"
    table.run(Mount(test_id="m2", rider_id="rider", mount_id="steed", dismount=True))
    assert table.char("rider").mounted_on is None


def test_mounting_in_combat_is_survival_plus_twenty_and_a_full_action() -> None:
    # Survival (Int 40) + 20 = 60: 50 mounts him.
    table = in_combat(stable(mounted=False))
    events = table.run(Mount(test_id="m1", rider_id="rider", mount_id="steed"), [50])
    assert [type(e).__name__ for e in events] == ["ActionUsed", "MountChanged"]
    changed = events[1]
    assert isinstance(changed, ev.MountChanged) and changed.mounted and changed.test is not None
    assert changed.test.target == 60 and table.char("rider").mounted_on == "steed"


def test_failing_to_mount_by_more_degrees_than_agb_throws_him() -> None:
    # Ag 20 (AgB 2): 95 against 60 fails by 3 degrees > 2: thrown, a fall of 3 m: 1d10 (6) + 3 − TB 3 = 6.
    table = in_combat(stable(agility=20, mounted=False))
    changed = table.run(Mount(test_id="m1", rider_id="rider", mount_id="steed"), [95, 6])[-1]
    assert isinstance(changed, ev.MountChanged) and changed.thrown and not changed.mounted
    assert changed.fall_m == 3 and table.char("rider").damage == 6 and table.char("rider").has("prone")
    # With AgB 4 the same roll is only a failure: he stays on foot, unhurt.
    calm = in_combat(stable(mounted=False))
    failed = calm.run(Mount(test_id="m1", rider_id="rider", mount_id="steed"), [95])[-1]
    assert isinstance(failed, ev.MountChanged) and not failed.mounted and not failed.thrown


def test_half_gallop_is_the_mounts_move() -> None:
    # The mount's AgB 3: a half move of 3 m (half action), a full move of 6 m (full action).
    table = in_combat(stable())
    half = table.run(Ride(test_id="r1", rider_id="rider", manoeuvre="half_gallop"))
    assert [type(e).__name__ for e in half] == ["ActionUsed", "RideRolled"]
    assert isinstance(half[1], ev.RideRolled) and half[1].move_m == 3 and half[1].test is None
    full = stable()
    full_move = full.run(Ride(test_id="r1", rider_id="rider", manoeuvre="half_gallop", full=True))[-1]
    assert isinstance(full_move, ev.RideRolled) and full_move.move_m == 6


def test_gallop_runs_five_metres_more_per_degree() -> None:
    # Survival 40 − 10 = 30; roll 10: 2 degrees; the mount's run 18 m + 2 × 5 = 28 m.
    table = stable()
    gallop = table.run(Ride(test_id="r1", rider_id="rider", manoeuvre="gallop"), [10])[-1]
    assert isinstance(gallop, ev.RideRolled) and gallop.test is not None and gallop.test.target == 30
    assert gallop.move_m == 28


def test_a_bad_gallop_runs_without_its_rider() -> None:
    # AgB 2: 90 against 30 fails by 6 > 2: the mount runs (18 m), the rider falls 6 m: 1d10 (1) + 6 − 3 = 4.
    table = stable(agility=20)
    events = table.run(Ride(test_id="r1", rider_id="rider", manoeuvre="gallop"), [90, 1])
    gallop, thrown = events
    assert isinstance(gallop, ev.RideRolled) and gallop.thrown and gallop.move_m == 18
    assert isinstance(thrown, ev.MountChanged) and thrown.fall_m == 6 and table.char("rider").damage == 4
    assert table.char("rider").mounted_on is None


def test_evasive_trot_minus_five_per_degree_to_shots_at_rider_and_mount_until_his_turn() -> None:
    # Survival 40 − 20 + the mount's Agility 35 = 55; roll 25: 3 degrees → −15; the mount's full move 6 m.
    table = in_combat(stable())
    trot = table.run(Ride(test_id="r1", rider_id="rider", manoeuvre="evasive"), [25])[-1]
    assert isinstance(trot, ev.RideRolled) and trot.test is not None and trot.test.target == 55
    assert (trot.evasive, trot.move_m) == (15, 6)
    assert table.char("rider").evasive == 15 and table.char("steed").evasive == 15
    table.run(NextTurn())  # the cultist's turn: BS 30, short range +10, evasive −15 = 25
    shot = table.run(Attack(attack_id="a1", attacker_id="cultist", target_id="rider", weapon_id="autogun",
                            distance_m=30), [99])[-1]
    assert isinstance(shot, ev.AttackRolled) and shot.target == 25
    table.run(NextTurn())  # round 2, the rider's turn: the trot's penalty is over
    assert table.char("rider").evasive == 0 and table.char("steed").evasive == 0


def test_high_jump_twice_the_mounts_sb_plus_a_metre_per_degree() -> None:
    # Survival 40 − 20 + 35 = 55; roll 35: 2 degrees; 2 × SB 4 + 2 = 10 m long, ⌈10 / 4⌉ = 3 m high.
    table = stable()
    jump = table.run(Ride(test_id="r1", rider_id="rider", manoeuvre="leap"), [35])[-1]
    assert isinstance(jump, ev.RideRolled) and (jump.distance_m, jump.height_m) == (10, 3) and not jump.refused
    shy = table.run(Ride(test_id="r2", rider_id="rider", manoeuvre="leap"), [80])[-1]
    assert isinstance(shy, ev.RideRolled) and shy.refused and shy.distance_m is None


def test_rearing_strike_the_mount_hits_with_its_hooves() -> None:
    # Survival 40 − 20 + the mount's WS 30 = 50; roll 23: a hit, reversed 32: the body. Hooves 1d10 + the mount's
    # SB 4 (melee), primitive: body AP 2 doubled = 4; the cultist's TB 3. Die 9: 13 − 4 − 3 = 6.
    table = stable()
    strike = table.run(Ride(test_id="r1", rider_id="rider", manoeuvre="rearing_strike", target_id="cultist"),
                       [23])[-1]
    assert isinstance(strike, ev.RideRolled) and strike.hits == 1 and strike.locations == ("body",)
    assert table.state.attacks["r1"].attacker_id == "steed"
    table.run(React(attack_id="r1", reaction="none"))
    damage = table.run(RollDamage(attack_id="r1"), [9])[0]
    assert isinstance(damage, ev.DamageApplied) and damage.hits[0].wounding == 6


def test_a_hit_on_a_mounted_pair_strikes_the_mount_on_01_to_70_and_the_riders_body_on_71_up() -> None:
    table = stable()
    # BS 30 + 10 short: 25 hits; reversed 52: the mount (its body).
    at_mount = table.run(Attack(attack_id="a1", attacker_id="cultist", target_id="rider", weapon_id="autogun",
                                distance_m=30), [25])[-1]
    assert isinstance(at_mount, ev.AttackRolled) and at_mount.hits == 0 and at_mount.stage == "missed"
    (share,) = at_mount.assigned
    assert (share.target_id, share.hits, share.locations) == ("steed", 1, ("body",))
    # 19: reversed 91, the rider — always his body (a plain hit location would be the left leg).
    at_rider = table.run(Attack(attack_id="a2", attacker_id="cultist", target_id="rider", weapon_id="autogun",
                                distance_m=30), [19])[-1]
    assert isinstance(at_rider, ev.AttackRolled) and at_rider.hits == 1 and at_rider.locations == ("body",)
    # An explosive weapon strikes both (BS 30 + 10 short with the bolter).
    both = table.run(Attack(attack_id="a3", attacker_id="cultist", target_id="steed", weapon_id="bolter",
                            distance_m=30), [25])[-1]
    assert isinstance(both, ev.AttackRolled) and both.hits == 1 and [s.target_id for s in both.assigned] == ["rider"]
    # A Called Shot names who it strikes: no split.
    called = table.run(Attack(attack_id="a4", attacker_id="cultist", target_id="rider", weapon_id="autogun",
                              action="called_shot", called_location="head", distance_m=30), [5])[-1]
    assert isinstance(called, ev.AttackRolled) and called.hits == 1 and called.assigned == ()


def test_a_mount_makes_no_reaction_but_its_rider_may_sidestep() -> None:
    table = stable()
    table.run(Attack(attack_id="a1", attacker_id="cultist", target_id="rider", weapon_id="autogun", distance_m=30),
              [25])
    with pytest.raises(RuleViolation) as mount:
        table.run(React(attack_id="a1:steed", reaction="dodge"))
    assert mount.value.rule == "mount_no_reaction"
    # Sidestep: Survival 40 − 40 + the mount's Agility 35 = 35; roll 5: 3 degrees, the hit avoided.
    stepped = table.run(React(attack_id="a1:steed", reaction="sidestep"), [5])[0]
    assert isinstance(stepped, ev.ReactionRolled) and stepped.reaction == "sidestep"
    assert stepped.character_id == "rider" and stepped.target == 35 and stepped.hits_negated == 1
    assert "a1:steed" not in table.state.attacks and table.char("rider").reactions_used == 1


def test_crushing_charge_plus_twenty_no_parry_and_the_target_is_ridden_down() -> None:
    # WS 40 + 20 = 60 with the lance, 8 m away (the mount's charge: 3 × AgB 3 = 9 m); roll 30 hits.
    table = stable()
    with pytest.raises(RuleViolation) as far:
        table.run(Attack(attack_id="c0", attacker_id="rider", target_id="cultist", weapon_id="lance",
                         action="crushing_charge", distance_m=10))
    assert far.value.rule == "charge_distance"
    charge = table.run(Attack(attack_id="c1", attacker_id="rider", target_id="cultist", weapon_id="lance",
                              action="crushing_charge", distance_m=8), [30])[-1]
    assert isinstance(charge, ev.AttackRolled) and charge.target == 60
    with pytest.raises(RuleViolation) as parry:
        table.run(React(attack_id="c1", reaction="parry"))
    assert parry.value.rule == "parry_crushing_charge"
    table.run(React(attack_id="c1", reaction="none"))
    # Lance 1d10 + 4 + SB 3: die 1 → 8 − AP 2 − TB 3 = 3. Then S 30 (rolls 60) against the mount's S 45 (rolls 20).
    events = table.run(RollDamage(attack_id="c1"), [1, 60, 20])
    assert [type(e).__name__ for e in events] == ["DamageApplied", "OpposedTestRolled", "ManoeuvreResolved"]
    trample = events[-1]
    assert isinstance(trample, ev.ManoeuvreResolved) and trample.outcome == "target_prone"
    assert table.char("cultist").has("prone")


def test_hit_and_run_is_ws_minus_ten_from_the_saddle() -> None:
    table = stable()
    strike = table.run(Attack(attack_id="h1", attacker_id="rider", target_id="cultist", weapon_id="lance",
                              action="hit_and_run"), [90])[-1]
    assert isinstance(strike, ev.AttackRolled) and strike.target == 30
    table.register("walker", "gm-1", rider_sheet())
    with pytest.raises(RuleViolation) as afoot:
        table.run(Attack(attack_id="h2", attacker_id="walker", target_id="cultist", weapon_id="lance",
                         action="hit_and_run"))
    assert afoot.value.rule == "not_mounted"


def test_a_blinded_mount_is_minus_thirty_to_ride_and_a_crippled_one_goes_nowhere() -> None:
    table = stable()
    table.run(GmRuling(character_id="steed", reason="critical", add_conditions=("blinded",)))
    # 40 − 10 − 30 = 0: a roll of 05 fails, by no degree (not thrown).
    gallop = table.run(Ride(test_id="r1", rider_id="rider", manoeuvre="gallop"), [5])[-1]
    assert isinstance(gallop, ev.RideRolled) and gallop.test is not None and gallop.test.target == 0
    assert not gallop.thrown and gallop.move_m is None
    table.run(GmRuling(character_id="steed", reason="broken leg", add_conditions=("limb_useless",)))
    with pytest.raises(RuleViolation) as lame:
        table.run(Ride(test_id="r2", rider_id="rider", manoeuvre="half_gallop"))
    assert lame.value.rule == "mount_crippled"


def test_a_burning_mount_burns_with_its_riders_turn_and_may_bolt_or_set_him_alight() -> None:
    # 001 "En llamas": at the start of each of the rider's turns, Ag +0 or he catches fire, and Survival −30 or
    # the mount bolts a full move (6 m). The mount burns as a burning character does: 1d10 (7) − TB 4 = 3, +1 fatigue.
    table = stable()
    table.run(GmRuling(character_id="steed", reason="promethium", add_conditions=("on_fire",)))
    # Initiative (rider 9 + 4, cultist 1 + 3), then the rider's turn: fire 7, Ag 40 rolls 55 (fails), Survival
    # 40 − 30 = 10 rolls 05 (holds the mount).
    table.run(StartEncounter(encounter_id="e1", participants=("rider", "cultist")), [9, 1])
    events = table.run(NextTurn(), [7, 55, 5])
    burning = events[-1]
    assert isinstance(burning, ev.BurningMountTested) and burning.wounding == 3
    assert burning.caught_fire and burning.survival is not None and burning.survival.target == 10
    assert not burning.bolted and burning.bolt_m is None
    assert table.char("steed").damage == 3 and table.char("steed").fatigue == 1 and table.char("rider").has("on_fire")


@pytest.mark.parametrize(("action", "mounted", "reach", "too_far"), [
    ("charge", False, 12, "a Charge reaches at most 12 m (3 × AgB)"),  # the rider's AgB 4
    ("crushing_charge", True, 9, "the mount charges at most 9 m (3 × its AgB)"),  # the steed's AgB 3
])
def test_a_charge_is_at_least_four_metres_and_at_most_the_chargers_charge_move(
    action: Literal["charge", "crushing_charge"], mounted: bool, reach: int, too_far: str
) -> None:
    # RULES A4/A5: the target at least 4 m away and within the Charge move, 3 × AgB of whoever charges.
    def attack(distance: float | None, faces: tuple[int, ...] = ()) -> list[Event]:
        return stable(mounted=mounted).run(Attack(attack_id="c", attacker_id="rider", target_id="cultist",
                                                  weapon_id="lance", action=action, distance_m=distance), faces)

    for near in (None, 3.9):
        with pytest.raises(RuleViolation, match="^a Charge needs the target at least 4 m away$") as refused:
            attack(near)
        assert refused.value.rule == "charge_distance"
    with pytest.raises(RuleViolation, match=f"^{re.escape(too_far)}$") as refused:
        attack(reach + 0.5)
    assert refused.value.rule == "charge_distance"
    assert isinstance(attack(reach, (30,))[-1], ev.AttackRolled)
    assert isinstance(attack(4, (30,))[-1], ev.AttackRolled)
