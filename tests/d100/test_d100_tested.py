"""Tests with a consequence (issue 11): putting out On Fire, stopping Blood Loss, Fear, physical feats and their
distances, Focus Power and its hits on a horde. Numbers worked by hand from RULES.md and seeds 000–002."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.d100 import events as ev
from domain.d100.commands import (
    Extinguish,
    FearTest,
    Feat,
    FocusPower,
    GmRuling,
    NextTurn,
    RollDamage,
    StartEncounter,
    StopBloodLoss,
    TakeAction,
)
from domain.d100.sheet import SkillEntry
from domain.errors import RuleViolation
from tests.d100.encounter_fixtures import ANNA, BORIS, GM, Table, cultist, horde, marine


def burning() -> Table:
    table = Table()
    table.register("cultist", "boris", cultist())
    table.run(GmRuling(character_id="cultist", reason="flamer", add_conditions=("on_fire",)))
    return table


def test_extinguish_ag_minus_twenty_puts_the_fire_out_and_leaves_him_prone() -> None:
    # 000: down on the ground, Ag −20 (a Full Action). Ag 30 − 20 = 10: roll 05 succeeds.
    table = burning()
    out = table.run(Extinguish(test_id="x1", character_id="cultist"), [5], BORIS)[0]
    assert isinstance(out, ev.ExtinguishAttempted) and out.extinguished
    assert out.test.target == 10 and [(m.name, m.value) for m in out.test.modifiers.modifiers] == [
        ("putting out the fire", -20)]
    assert not table.char("cultist").has("on_fire") and table.char("cultist").has("prone")


def test_extinguish_failed_keeps_the_fire_and_fatigue_counts() -> None:
    # Fatigued: 30 − 20 − 10 = 0; roll 05 fails; still burning (and prone).
    table = burning()
    table.run(GmRuling(character_id="cultist", reason="tired", set_fatigue=1))
    out = table.run(Extinguish(test_id="x1", character_id="cultist"), [5], BORIS)[0]
    assert isinstance(out, ev.ExtinguishAttempted) and not out.extinguished and out.test.target == 0
    assert table.char("cultist").has("on_fire") and table.char("cultist").has("prone")


def test_extinguish_is_a_full_action_and_needs_a_fire() -> None:
    table = burning()
    table.register("brother", "anna", marine())
    with pytest.raises(RuleViolation) as cold:
        table.run(Extinguish(test_id="x0", character_id="brother"), [], ANNA)
    assert cold.value.rule == "not_on_fire"
    table.run(StartEncounter(encounter_id="e1", participants=("cultist", "brother")), [9, 1])
    # The start of the Cultist's turn burns him (1d10 = 2 energy, TB 3: nothing) and tests WP 30 (rolled 20: acts).
    table.run(NextTurn(), [2, 20])
    table.run(TakeAction(character_id="cultist", action="move"), [], BORIS)
    with pytest.raises(RuleViolation) as full:
        table.run(Extinguish(test_id="x1", character_id="cultist"), [], BORIS)
    assert full.value.rule == "full_action_needs_turn"


def bleeding(medicae: bool = True) -> Table:
    table = Table()
    skills = {"Medicae": SkillEntry(characteristic="Int", kind="advanced")} if medicae else {}
    table.register("medic", "anna", replace(cultist(), characteristics={**cultist().characteristics, "Int": 40},
                                            skills=skills))
    table.register("cultist", "boris", cultist())
    table.run(GmRuling(character_id="cultist", reason="lost an arm", add_conditions=("blood_loss",)))
    return table


def test_stop_blood_loss_medicae_minus_ten_when_calm() -> None:
    # 000: Medicae −10 to stop the bleeding; Int 40 − 10 = 30, roll 25 stops it.
    table = bleeding()
    treated = table.run(StopBloodLoss(test_id="m1", character_id="medic", patient_id="cultist"), [25], ANNA)[0]
    assert isinstance(treated, ev.BloodLossTreated) and treated.stopped and not treated.under_stress
    assert treated.test.target == 30 and treated.test.label == "Medicae"
    assert not table.char("cultist").has("blood_loss")


def test_stop_blood_loss_under_stress_is_minus_thirty_and_an_encounter_is_stress() -> None:
    # In an encounter the attempt is under stress: 40 − 30 = 10; roll 25 fails and he keeps bleeding.
    table = bleeding()
    # Initiative 9 + 3 and 1 + 3; round 1 begins with the bleeding Cultist's 10 % roll (50: he lives).
    table.run(StartEncounter(encounter_id="e1", participants=("medic", "cultist")), [9, 1, 50], GM)
    table.run(NextTurn())
    events = table.run(StopBloodLoss(test_id="m1", character_id="medic", patient_id="cultist"), [25], ANNA)
    assert [type(e).__name__ for e in events] == ["ActionUsed", "BloodLossTreated"]
    treated = events[1]
    assert isinstance(treated, ev.BloodLossTreated) and treated.under_stress and treated.test.target == 10
    assert not treated.stopped and table.char("cultist").has("blood_loss")


def test_stop_blood_loss_needs_medicae_and_a_bleeding_patient() -> None:
    table = bleeding(medicae=False)
    with pytest.raises(RuleViolation) as untrained:
        table.run(StopBloodLoss(test_id="m1", character_id="medic", patient_id="cultist"), [], ANNA)
    assert untrained.value.rule == "untrained_advanced_skill"
    with pytest.raises(RuleViolation) as dry:
        table.run(StopBloodLoss(test_id="m2", character_id="cultist", patient_id="medic"), [], BORIS)
    assert dry.value.rule == "not_bleeding"


def test_fear_three_is_wp_minus_twenty_and_a_failure_rolls_shock_plus_ten_per_degree() -> None:
    # WP 40 − 20 (Fear 3) = 20; roll 35 fails by 1 degree; Shock d100 60 + 10 = 70.
    table = Table()
    table.register("brother", "anna", marine())
    tested = table.run(FearTest(test_id="f1", character_id="brother", fear=3, source="a Lictor"), [35, 60], ANNA)[0]
    assert isinstance(tested, ev.FearTested) and tested.test is not None and tested.test.target == 20
    assert not tested.test.success and tested.test.degrees == 1
    assert (tested.shock_roll, tested.shock_total) == (60, 70)


def test_fear_passed_rolls_no_shock() -> None:
    table = Table()
    table.register("brother", "anna", marine())
    tested = table.run(FearTest(test_id="f1", character_id="brother", fear=1), [40], ANNA)[0]
    assert isinstance(tested, ev.FearTested) and tested.test is not None and tested.test.success
    assert tested.shock_roll is None and tested.dice == tested.dice[:1]


def test_a_horde_adds_its_magnitude_against_fear_and_breaks_when_it_fails() -> None:
    # 000: a horde's WP against Fear + its current magnitude; failing, it breaks and flees. WP 30 − 30 + 20 = 20.
    table = Table()
    table.register("mob", "gm-1", horde(magnitude=20))
    tested = table.run(FearTest(test_id="f1", character_id="mob", fear=4), [50])[0]
    assert isinstance(tested, ev.FearTested) and tested.test is not None and tested.test.target == 20
    assert tested.broken and tested.shock_roll is None and table.char("mob").has("broken")


def test_from_beyond_is_immune_to_fear() -> None:
    table = Table()
    table.register("daemon", "gm-1", replace(cultist(), traits=("from_beyond",)))
    tested = table.run(FearTest(test_id="f1", character_id="daemon", fear=4), [])[0]
    assert isinstance(tested, ev.FearTested) and tested.immune and tested.test is None and tested.dice == ()


def feats() -> Table:
    table = Table()
    table.register("brother", "anna", marine())  # S 42 + Unnatural 4: SB 8; Ag 41; T 44 + 4: TB 8
    table.register("cultist", "boris", cultist())  # SB 3, TB 3, AgB 3, every characteristic 30
    return table


def _feat(table: Table, faces: list[int], **fields: object) -> ev.FeatRolled:
    events = table.run(Feat(test_id=f"f{len(table.log)}", **fields), faces, GM)  # type: ignore[arg-type]
    found = events[-1]
    assert isinstance(found, ev.FeatRolled)
    return found


def test_running_leap_sb_metres_plus_half_a_metre_per_degree() -> None:
    # 002: Ag +0, +10 per 4 m of run-up after the first 4 (12 m: +20). Ag 41 + 20 = 61, roll 21: 4 degrees.
    # SB 8 + 4 × ½ = 10 m; a leap rises a quarter of its length: 2.5 m.
    leap = _feat(feats(), [21], character_id="brother", feat="running_leap", run_up_m=12)
    assert leap.test is not None and leap.test.target == 61 and leap.test.degrees == 4
    assert (leap.distance_m, leap.height_m) == (10.0, 2.5)


def test_standing_leap_failed_reaches_half_sb_less_half_a_metre_per_degree() -> None:
    # Ag 30 − 10 = 20, roll 45: 2 degrees of failure; ⌈3/2⌉ = 2 − 2 × ½ = 1 m, ½ m high.
    leap = _feat(feats(), [45], character_id="cultist", feat="standing_leap")
    assert leap.test is not None and not leap.test.success and leap.test.degrees == 2
    assert (leap.distance_m, leap.height_m) == (1.0, 0.5)


def test_running_jump_height_and_a_stumble_ends_the_turn() -> None:
    # Ag 30 (4 m run-up: +0), roll 10: 2 degrees; ½ m + ⌈3/2⌉ = 2 + 2 × ½ = 3.5 m.
    jump = _feat(feats(), [10], character_id="cultist", feat="running_jump", run_up_m=4)
    assert jump.height_m == 3.5 and not jump.turn_lost
    stumble = _feat(feats(), [90], character_id="cultist", feat="running_jump", run_up_m=5)
    assert stumble.turn_lost and stumble.height_m is None
    with pytest.raises(RuleViolation) as short:
        _feat(feats(), [], character_id="cultist", feat="running_jump", run_up_m=3)
    assert short.value.rule == "run_up"


def test_throw_sb_times_one_plus_degrees_and_gravity() -> None:
    # RULES A12: SB × (1 + degrees). S 30 roll 15: 1 degree → 3 × 2 = 6 m; failed: ⌊3/2⌋ = 1 m.
    assert _feat(feats(), [15], character_id="cultist", feat="throw").distance_m == 6.0
    assert _feat(feats(), [80], character_id="cultist", feat="throw").distance_m == 1.0
    # Low gravity: SB + 2 = 5 → 5 × 2 = 10 m. Too heavy: −20 (30 − 20 = 10; roll 15 fails: 1 m).
    assert _feat(feats(), [15], character_id="cultist", feat="throw", gravity="low").distance_m == 10.0
    heavy = _feat(feats(), [15], character_id="cultist", feat="throw", heavy=True)
    assert heavy.test is not None and heavy.test.target == 10 and heavy.distance_m == 1.0


def test_carry_lift_and_push_read_the_sb_plus_tb_row() -> None:
    # 002: the weight table's row is SB + TB (3 + 3); carrying takes no test; low gravity +4.
    table = feats()
    carry = _feat(table, [], character_id="cultist", feat="carry")
    assert carry.limit == 6 and carry.test is None and carry.dice == ()
    assert _feat(table, [], character_id="cultist", feat="carry", gravity="low").limit == 10
    # Lifting more: S +0, +1 per degree: roll 05 → 2 degrees → 8. Failing by 2+ degrees: a level of Fatigue.
    assert _feat(table, [5], character_id="cultist", feat="lift").limit == 8
    strain = _feat(table, [55], character_id="cultist", feat="push")
    assert strain.limit == 6 and table.char("cultist").fatigue == 1


def test_climb_and_a_fall() -> None:
    # 002: S (Climb untrained) 30, roll 10: 2 degrees; ⌈AgB 3 / 2⌉ = 2 + 2 = 4 m.
    table = feats()
    assert _feat(table, [10], character_id="cultist", feat="climb").distance_m == 4.0
    # Failed 6 m up: he falls; RULES A8: 1d10 (7) + 6 = 13, armour does not help, TB 3: 10 damage, prone.
    fell = _feat(table, [90, 7], character_id="cultist", feat="climb", height_m=6)
    assert fell.fell and fell.fall_m == 6
    assert table.char("cultist").damage == 10 and table.char("cultist").has("prone")


def test_drop_beyond_agb_takes_falling_damage_for_the_rest() -> None:
    # 002: Ag +0 to drop AgB (3) metres safely; from 5 m a success still falls 2 m: 1d10 (4) + 2 − TB 3 = 3.
    table = feats()
    drop = _feat(table, [10, 4], character_id="cultist", feat="drop", height_m=5)
    assert drop.fall_m == 2 and table.char("cultist").damage == 3 and table.char("cultist").has("prone")
    safe = _feat(table, [10], character_id="cultist", feat="drop", height_m=3)
    assert safe.fall_m is None and safe.change is None


def test_swimming_in_armour_is_minus_thirty_and_failing_tires() -> None:
    # Swim untrained (basic): half S = 15, in armour −30 → −15: any roll fails; one level of Fatigue.
    table = feats()
    swim = _feat(table, [1], character_id="cultist", feat="swim", heavy=True)
    assert swim.test is not None and swim.test.target == -15 and swim.distance_m == 0.0
    assert table.char("cultist").fatigue == 1
    assert _feat(feats(), [5], character_id="cultist", feat="swim").distance_m == 1.5  # SB 3 / 2


def psyker() -> Table:
    table = Table("only_war")
    table.register("psyker", "anna", replace(cultist(), psy_rating=3))
    table.register("mob", "gm-1", horde(magnitude=20))
    return table


def test_focus_power_dice_plus_psy_rating_against_the_threshold() -> None:
    # 001: the power's dice + psy rating ≥ threshold. 2d10 = 6 + 4, + 3 = 13 ≥ 12: it manifests.
    table = psyker()
    focused = table.run(FocusPower(test_id="p1", character_id="psyker", power="Smite", dice=2, threshold=12),
                        [6, 4], ANNA)[0]
    assert isinstance(focused, ev.PowerFocused) and focused.total == 13 and focused.success and focused.hits == 0
    failed = table.run(FocusPower(test_id="p2", character_id="psyker", power="Smite", dice=2, threshold=12),
                       [1, 2], ANNA)[0]
    assert isinstance(failed, ev.PowerFocused) and failed.total == 6 and not failed.success


def test_a_damaging_power_hits_a_horde_psy_rating_times_and_one_d10_more_for_an_area() -> None:
    # RULES A9: psy rating hits (+1d10 for an area). Psy rating 3, an area die of 2: 5 hits.
    table = psyker()
    focused = table.run(FocusPower(test_id="p1", character_id="psyker", power="Storm", dice=1, threshold=5,
                                   target_id="mob", area=True, damage="1d10+3"), [9, 2], ANNA)[0]
    assert isinstance(focused, ev.PowerFocused) and focused.hits == 5 and focused.area_die is not None
    # Each hit 1d10 + 3 against TB 3 + armour 3: 5 → 2, 1 → 0, 9 → 6, 10 → 7 (no Fury: no attack roll), 3 → 0.
    damage = table.run(RollDamage(attack_id="p1"), [5, 1, 9, 10, 3], ANNA)[0]
    assert isinstance(damage, ev.DamageApplied)
    assert [h.wounding for h in damage.hits] == [2, 0, 6, 7, 0] and all(h.fury is None for h in damage.hits)
    assert damage.magnitude_lost == 3 and table.char("mob").magnitude == 17


def test_a_power_without_psy_rating_or_with_damage_on_a_character_is_refused() -> None:
    table = psyker()
    table.register("plain", "boris", cultist())
    with pytest.raises(RuleViolation) as no_psy:
        table.run(FocusPower(test_id="p1", character_id="plain", power="Smite", dice=1, threshold=5), [], BORIS)
    assert no_psy.value.rule == "not_a_psyker"
    with pytest.raises(RuleViolation) as at_character:
        table.run(FocusPower(test_id="p2", character_id="psyker", power="Smite", dice=1, threshold=5,
                             target_id="plain", damage="1d10"), [], ANNA)
    assert at_character.value.rule == "power_damage"
