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
