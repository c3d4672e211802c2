"""A mission's oath shows up in the d100 rules: named modifiers on tests and attacks, no jams, fury rerolls."""

from __future__ import annotations

from msgspec.structs import replace

from domain.campaign.commands import InviteParticipant
from domain.commands import Actor
from domain.d100 import events as ev
from domain.d100.commands import Attack, React, RegisterCharacter, RollDamage, RollTest
from domain.d100.modifiers import Modifier
from domain.missions.commands import AddObjective, AdvanceMission, ChooseLeader, CreateMission, TakeOath
from tests.d100.encounter_fixtures import cultist, marine
from tests.support.campaign_table import CampaignTable


def sworn(oath: str, enemy_type: str | None = None) -> CampaignTable:
    table = CampaignTable("deathwatch")
    table.run(InviteParticipant(name="Anna", role="player"))
    leader = marine()
    # Each oath needs a leader of certain specialities (002): Kyros is whatever this oath asks for.
    speciality = {"knowledge": "Librarian"}.get(oath, "Tactical Marine")
    table.run(RegisterCharacter(character_id="kyros", owner="gm", name="Kyros",
                                sheet=replace(leader, speciality=speciality)))
    table.run(RegisterCharacter(character_id="vael", owner="gm", name="Vael",
                                sheet=replace(leader, speciality="devastador")))
    table.run(RegisterCharacter(character_id="ork", owner="gm", name="Ork",
                                sheet=replace(cultist(), enemy_type="Orks", wounds=100)))
    table.run(CreateMission(mission_id="m", briefing="Purge", squad=("kyros", "vael")))
    table.run(AddObjective(mission_id="m", objective_id="o", kind="primary", text="Purge the nest"))
    table.run(ChooseLeader(mission_id="m", method="gm", character_id="kyros" if oath != "weapon" else "vael"))
    table.run(TakeOath(mission_id="m", oath=oath, enemy_type=enemy_type))  # type: ignore[arg-type]
    table.run(AdvanceMission(mission_id="m", to="execution"))
    return table


def test_oath_to_the_emperor_adds_ten_to_willpower_tests() -> None:
    table = sworn("emperor")
    (rolled,) = table.run(RollTest(test_id="t1", character_id="kyros", characteristic="WP"), [50])
    assert isinstance(rolled, ev.TestRolled)
    assert Modifier("Oath to the Emperor", 10) in rolled.modifiers.modifiers
    (other,) = table.run(RollTest(test_id="t2", character_id="kyros", characteristic="Per"), [50])
    assert isinstance(other, ev.TestRolled) and other.modifiers.modifiers == ()


def test_oath_to_the_emperor_adds_ten_to_fear_tests() -> None:
    # A Fear test is a WP test: Fear (2) −10, the oath +10: WP 40 → 40.
    from domain.d100.tested_commands import FearTest

    table = sworn("emperor")
    (tested,) = table.run(FearTest(test_id="f1", character_id="kyros", fear=2), [30])
    assert isinstance(tested, ev.FearTested) and tested.test is not None
    assert Modifier("Oath to the Emperor", 10) in tested.test.modifiers.modifiers and tested.test.target == 40


def test_oath_of_knowledge_adds_ten_against_the_chosen_enemy_only() -> None:
    table = sworn("knowledge", enemy_type="orks")
    events = table.run(Attack(attack_id="a1", attacker_id="kyros", target_id="ork", weapon_id="bolter"), [30])
    rolled = next(e for e in events if isinstance(e, ev.AttackRolled))
    assert Modifier("Oath of Knowledge", 10) in rolled.modifiers.modifiers


def test_no_oath_before_the_mission_is_in_execution() -> None:
    table = CampaignTable("deathwatch")
    table.run(RegisterCharacter(character_id="kyros", owner="gm", name="Kyros", sheet=marine()))
    (rolled,) = table.run(RollTest(test_id="t1", character_id="kyros", characteristic="WP"), [50])
    assert isinstance(rolled, ev.TestRolled) and rolled.modifiers.modifiers == ()


def test_oath_of_the_weapon_means_personal_weapons_never_jam() -> None:
    table = sworn("weapon")
    events = table.run(Attack(attack_id="a1", attacker_id="vael", target_id="ork", weapon_id="bolter"), [97])
    rolled = next(e for e in events if isinstance(e, ev.AttackRolled))
    assert rolled.jammed is False
    assert table.state.rules.characters["vael"].jammed == ()  # type: ignore[union-attr]


def test_oath_of_the_weapon_rerolls_a_failed_fury_confirmation_in_melee() -> None:
    table = sworn("weapon")
    gm = Actor("gm", "gm")
    # Engaged melee with the power sword: WS 45 hits on 20; a 10 on damage asks for confirmation;
    # 90 fails, the oath's reroll 30 confirms; one extra die (4).
    table.run(Attack(attack_id="a1", attacker_id="vael", target_id="ork", weapon_id="sword"), [20], gm)
    table.run(React(attack_id="a1", reaction="none"), [], gm)
    events = table.run(RollDamage(attack_id="a1"), [10, 90, 30, 4], gm)
    applied = next(e for e in events if isinstance(e, ev.DamageApplied))
    fury = applied.hits[0].fury
    assert fury is not None and fury.confirmed and fury.confirmation is not None
    assert (fury.confirmation.value, fury.reroll.value if fury.reroll else None) == (90, 30)
    assert fury.extra_damage == 4


# --- the third rules pass: every WP test takes the Oath to the Emperor, every WS/BS test against the chosen
# enemy the Oath of Knowledge (RULES A11: "Emperor +10 WP tests", "Knowledge +10 WS/BS against one enemy type").

def test_a11_oath_to_the_emperor_adds_ten_to_a_pinning_test() -> None:
    from domain.d100.encounter_commands import PinningTest

    # Pinning is a WP test (RULES A5): WP 40 − 20 + 10 = 30; a roll of 30 holds (without the oath 20: pinned).
    table = sworn("emperor")
    (pin,) = table.run(PinningTest(test_id="p1", character_id="kyros", reason="suppressing"), [30])
    assert isinstance(pin, ev.PinningTested)
    assert Modifier("Oath to the Emperor", 10) in pin.modifiers.modifiers
    assert pin.target == 30 and pin.success and not pin.pinned


def test_a11_oath_to_the_emperor_adds_ten_to_the_pinning_tests_of_a_kill_zone() -> None:
    # Suppressing Fire at a zone holding the ork and Kyros: BS 50 − 20 = 30, 90 misses; then each in the zone
    # tests Pinning: the ork WP 30 − 20 = 10 (95 fails), Kyros 40 − 20 + 10 = 30 (25 holds).
    table = sworn("emperor")
    events = table.run(Attack(attack_id="s1", attacker_id="vael", target_id="ork", weapon_id="autogun",
                              action="suppressing", zone=("ork", "kyros")), [90, 95, 25])
    pins = {e.character_id: e for e in events if isinstance(e, ev.PinningTested)}
    assert pins["ork"].target == 10 and pins["ork"].pinned
    assert pins["kyros"].target == 30 and pins["kyros"].success and not pins["kyros"].pinned


def test_a11_oath_to_the_emperor_adds_ten_to_the_on_fire_willpower_test() -> None:
    from domain.d100.commands import EditSheet, GmRuling
    from domain.d100.encounter_commands import NextTurn, StartEncounter

    # Vael without sealed armour, on fire: at his turn 1d10 (3 − TB 8: nothing) and WP 40 + 10 = 50; 45 acts.
    table = sworn("emperor")
    table.run(EditSheet(character_id="vael", reason="armour breached",
                        sheet=replace(marine(), traits=(), speciality="devastador")))
    table.run(GmRuling(character_id="vael", reason="promethium", add_conditions=("on_fire",)))
    table.run(StartEncounter(encounter_id="e", participants=("vael", "ork")), [9, 1])
    events = table.run(NextTurn(), [3, 45])
    burned = next(e for e in events if isinstance(e, ev.OnFireBurned))
    assert burned.character_id == "vael" and burned.wp_target == 50 and not burned.panicking


def test_a11_oath_of_knowledge_adds_ten_to_each_of_multiple_attacks() -> None:
    from domain.d100.commands import EditSheet
    from domain.d100.encounter_commands import AttackSpec, MultipleAttacks

    # Swift Attack: two sword attacks on the ork, each WS 45 + 10 = 55.
    table = sworn("knowledge", enemy_type="orks")
    table.run(EditSheet(character_id="kyros", reason="an advance",
                        sheet=replace(marine(), talents=("swift_attack",), speciality="Librarian")))
    events = table.run(MultipleAttacks(attacker_id="kyros", attacks=(
        AttackSpec(attack_id="m1", target_id="ork", weapon_id="sword"),
        AttackSpec(attack_id="m2", target_id="ork", weapon_id="sword"),
    )), [90, 90])
    rolled = [e for e in events if isinstance(e, ev.AttackRolled)]
    assert [r.target for r in rolled] == [55, 55]
    assert all(Modifier("Oath of Knowledge", 10) in r.modifiers.modifiers for r in rolled)


def test_a11_oath_of_knowledge_adds_ten_to_a_feint_against_the_chosen_enemy() -> None:
    from domain.d100.encounter_commands import Feint

    # A Feint is an opposed WS test (RULES A5): Kyros WS 45 + 10 = 55 against the ork's WS 30.
    table = sworn("knowledge", enemy_type="orks")
    events = table.run(Feint(contest_id="f1", attacker_id="kyros", target_id="ork"), [50, 20])
    contest = next(e for e in events if isinstance(e, ev.OpposedTestRolled))
    assert contest.first.target == 55 and contest.first.success
    assert contest.second.target == 30


def test_a11_oaths_reach_both_sides_of_an_opposed_test() -> None:
    from domain.d100.commands import OpposedSide, RollOpposedTest

    # WP 40 + 10 (Oath to the Emperor) against the ork's WP 30, which swore nothing.
    table = sworn("emperor")
    (contest,) = table.run(RollOpposedTest(contest_id="c1", first=OpposedSide(character_id="ork", characteristic="WP"),
                                           second=OpposedSide(character_id="kyros", characteristic="WP")), [50, 50])
    assert isinstance(contest, ev.OpposedTestRolled)
    assert contest.first.target == 30 and contest.second.target == 50 and contest.second.success
