"""A four-round ambush with fixed dice: initiative, the turn budget, and every turn-boundary effect firing."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.d100 import events as ev
from domain.d100.commands import (
    Attack,
    EndEncounter,
    EndTurn,
    LoadCriticalTable,
    NextTurn,
    React,
    Reload,
    RollDamage,
    SpendFate,
    StartEncounter,
    TakeAction,
    TakeAim,
)
from domain.encounter import TurnPosition
from domain.errors import Forbidden, RuleViolation
from tests.d100.encounter_fixtures import ANNA, BORIS, GM, Table, cultist, horde, marine


def refused(table: Table, command: object, actor: object = GM) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        table.run(command, [], actor)  # type: ignore[arg-type]
    return caught.value


def ambush() -> Table:
    """Brother (AgB 4), Cultist (Fate 1), a surprised Heretic and a horde of 20; the default critical table."""
    table = Table()
    table.register("brother", "anna", marine())
    table.register("cultist", "boris", cultist(fate=1))
    table.register("heretic", "gm-1", cultist())
    table.register("horde", "gm-1", horde())
    table.run(LoadCriticalTable(default=True))
    table.run(StartEncounter(encounter_id="ambush", participants=("brother", "cultist", "heretic", "horde"),
                             surprised=("heretic",)), [6, 7, 2, 2])
    return table


def test_encounter_initiative_fate_ten_ties_and_roll_off() -> None:
    table = ambush()
    rolled = next(e for e in table.log if isinstance(e, ev.InitiativeRolled))
    assert [(r.character_id, r.die.value, r.agility_bonus, r.total) for r in rolled.rolls] == [
        ("brother", 6, 4, 10), ("cultist", 7, 3, 10), ("heretic", 2, 3, 5), ("horde", 2, 3, 5)]
    assert table.state.position == TurnPosition("ambush", 1, 0, None)
    # Before the first turn the Cultist's Fate makes his die a 10 (10 + AgB 3 = 13).
    spent = table.run(SpendFate(character_id="cultist", use="initiative_ten"), [], BORIS)
    assert isinstance(spent[0], ev.FateSpent) and spent[0].initiative_after == 13
    started = table.run(NextTurn(), [3, 8])
    fixed = started[0]
    # Heretic and horde tie on 5 and on Ag 30: the roll-off (3 against 8) puts the horde first.
    assert isinstance(fixed, ev.InitiativeOrderFixed)
    assert fixed.order == ("cultist", "brother", "horde", "heretic")
    assert [(r.character_id, r.die.value) for r in fixed.rolloffs] == [("heretic", 3), ("horde", 8)]
    assert table.state.position == TurnPosition("ambush", 1, 1, "cultist")
    assert refused(table, SpendFate(character_id="cultist", use="initiative_ten"), BORIS).rule == "no_fate"


def test_encounter_four_rounds_every_boundary_effect_fires() -> None:
    table = ambush()
    table.run(SpendFate(character_id="cultist", use="initiative_ten"), [], BORIS)
    table.run(NextTurn(), [3, 8])

    # Round 1, the Cultist's turn: nobody else acts; two different half actions; aim lapses on a move.
    assert refused(table, Attack(attack_id="x", attacker_id="brother", target_id="cultist", weapon_id="bolter"),
                   ANNA).rule == "not_your_turn"
    with pytest.raises(Forbidden):
        table.run(EndTurn(character_id="cultist"), [], ANNA)
    table.run(TakeAim(character_id="cultist", aim="half"), [], BORIS)
    assert refused(table, TakeAim(character_id="cultist", aim="half"), BORIS).message == (
        "Cultist already used a half action on `aim` this turn: not a second of the same kind")
    table.run(TakeAction(character_id="cultist", action="move"), [], BORIS)
    assert table.char("cultist").aim == 0
    assert refused(table, TakeAction(character_id="cultist", action="ready"), BORIS).rule == "turn_spent"
    table.run(EndTurn(character_id="cultist"), [], BORIS)

    # The Brother's All Out Attack on the unaware Heretic (+20, +30): 92 hits the left arm, no reaction.
    assert table.state.position == TurnPosition("ambush", 1, 2, "brother")
    rolled = table.run(Attack(attack_id="a1", attacker_id="brother", target_id="heretic", weapon_id="sword",
                              action="all_out"), [92], ANNA)
    assert isinstance(rolled[0], ev.ActionUsed) and rolled[0].cost == "full"
    assert isinstance(rolled[1], ev.AttackRolled) and rolled[1].target == 95 and rolled[1].stage == "awaiting_damage"
    assert refused(table, TakeAction(character_id="brother", action="move"), ANNA).message == (
        "Brother already used this turn's Full Action on `all-out attack`: no half action is left")
    # 6 + 5 + SB 8 = 19 − TB 3 = 16: 6 over Wounds 10 at the left arm, energy → the default table's row 6.
    damage = table.run(RollDamage(attack_id="a1"), [6], ANNA)[0]
    assert isinstance(damage, ev.DamageApplied) and damage.critical_after == 6
    assert [e.key for e in damage.critical_effects] == ["limb_lost", "blood_loss", "on_fire"]
    assert table.char("heretic").has("on_fire") and table.char("heretic").has("blood_loss")
    table.run(EndTurn(character_id="brother"), [], ANNA)

    # The horde shoots the Brother: no Dodge after his All Out Attack.
    table.run(Attack(attack_id="h1", attacker_id="horde", target_id="brother", weapon_id="autogun"), [10])
    assert refused(table, React(attack_id="h1", reaction="dodge"), ANNA).rule == "all_out_no_reaction"
    table.run(React(attack_id="h1", reaction="none"), [], ANNA)
    table.run(RollDamage(attack_id="h1"), [5, 4, 4])

    # The surprised Heretic loses his round-1 turn: round 2 starts; Blood Loss rolls 50 and he lives.
    crossing = table.run(NextTurn(), [50])
    assert [type(e).__name__ for e in crossing] == ["TurnEnded", "RoundStarted", "BloodLossRolled", "TurnStarted"]
    assert isinstance(crossing[2], ev.BloodLossRolled) and not crossing[2].died
    assert not table.char("heretic").has("unaware")
    assert table.state.position == TurnPosition("ambush", 2, 1, "cultist")

    # Round 2: the Cultist delays; his turn holds nothing more.
    table.run(TakeAction(character_id="cultist", action="delay"), [], BORIS)
    assert refused(table, TakeAction(character_id="cultist", action="move"), BORIS).rule == "turn_spent"
    started = table.run(EndTurn(character_id="cultist"), [], BORIS)[-1]
    assert isinstance(started, ev.TurnStarted) and started.expired == ("all_out_attack",)

    # The Brother's full-auto burst: 01 against 70 → 6 degrees → 7 hits, each wounds: magnitude 20 → 13 (35 %).
    table.run(Attack(attack_id="a2", attacker_id="brother", target_id="horde", weapon_id="autogun",
                     action="full_auto"), [1], ANNA)
    hurt = table.run(RollDamage(attack_id="a2"), [5] * 7, ANNA)[0]
    assert isinstance(hurt, ev.DamageApplied) and hurt.magnitude_after == 13 and hurt.break_test_due
    # At the horde's turn it tests WP 30 (13 is not below half of 20): 20 passes.
    crossing = table.run(EndTurn(character_id="brother"), [20], ANNA)
    test = crossing[-1]
    assert isinstance(test, ev.HordeBreakTested) and test.target == 30 and test.success and not test.broken
    assert not table.char("horde").break_test_due

    # In the horde's turn the Cultist spends his delayed half action; one reaction per round.
    table.run(Attack(attack_id="c1", attacker_id="cultist", target_id="brother", weapon_id="club", use="delayed"),
              [5], BORIS)
    assert not table.char("cultist").delayed
    table.run(React(attack_id="c1", reaction="dodge"), [30], ANNA)
    table.run(Attack(attack_id="h2", attacker_id="horde", target_id="brother", weapon_id="autogun"), [10])
    assert refused(table, React(attack_id="h2", reaction="dodge"), ANNA).message == (
        "Brother already used this round's reaction on `dodge`")
    assert refused(table, Attack(attack_id="h3", attacker_id="horde", target_id="brother",
                                 weapon_id="autogun")).message == "a horde of magnitude 13 fires 1 shot a turn"
    table.run(React(attack_id="h2", reaction="none"), [], ANNA)
    table.run(RollDamage(attack_id="h2"), [5, 4])

    # The Heretic's turn: On Fire burns (1 − TB 3: no damage, +1 fatigue); WP 80 fails: he runs screaming.
    burned = table.run(NextTurn(), [1, 80])[-1]
    assert isinstance(burned, ev.OnFireBurned) and burned.change.fatigue_after == 1 and burned.panicking
    assert refused(table, Attack(attack_id="x2", attacker_id="heretic", target_id="brother",
                                 weapon_id="club")).rule == "turn_spent"
    # Round 3 starts: Blood Loss rolls 05: the Heretic dies, and his turns are passed over from now on.
    crossing = table.run(NextTurn(), [5])
    assert isinstance(crossing[2], ev.BloodLossRolled) and crossing[2].died
    assert table.char("heretic").has("dead")

    # Round 3: the Cultist aims and ends his turn (the aim waits for his next action).
    table.run(TakeAim(character_id="cultist", aim="half"), [], BORIS)
    table.run(EndTurn(character_id="cultist"), [], BORIS)
    assert table.char("cultist").aim == 10
    # The Brother stuns him: 1 + SB 8 = 9 against 5 + TB 3 = 8 → stunned 1 round, +1 fatigue.
    table.run(Attack(attack_id="a3", attacker_id="brother", target_id="cultist", weapon_id="sword", action="stun"),
              [5], ANNA)
    table.run(React(attack_id="a3", reaction="none"), [], BORIS)
    stun = table.run(RollDamage(attack_id="a3"), [1, 5], ANNA)[0]
    assert isinstance(stun, ev.StunResolved) and stun.stunned_rounds == 1
    table.run(EndTurn(character_id="brother"), [], ANNA)
    # Reactions came back with round 3: the Brother dodges again.
    table.run(Attack(attack_id="h4", attacker_id="horde", target_id="brother", weapon_id="autogun"), [10])
    table.run(React(attack_id="h4", reaction="dodge"), [30], ANNA)
    crossing = table.run(NextTurn())  # the dead Heretic is skipped: round 4 begins with the Cultist
    assert [type(e).__name__ for e in crossing] == ["TurnEnded", "RoundStarted", "TurnStarted"]

    # Round 4: the stunned Cultist cannot act; at the end of his turn the stun is over and his aim lapses.
    assert refused(table, TakeAim(character_id="cultist", aim="half"), BORIS).rule == "incapacitated"
    ended = table.run(EndTurn(character_id="cultist"), [], BORIS)[0]
    assert isinstance(ended, ev.TurnEnded) and ended.expired == ("stunned",) and ended.aim_lost
    assert table.char("cultist").aim == 0 and not table.char("cultist").has("stunned")

    # An extended reload (two Full Actions) across rounds 4 and 5.
    first = table.run(Reload(character_id="brother", weapon_id="autogun"), [], ANNA)
    assert [type(e).__name__ for e in first] == ["ActionTaken"]
    table.run(NextTurn())
    table.run(NextTurn())
    table.run(NextTurn())
    done = table.run(Reload(character_id="brother", weapon_id="autogun"), [], ANNA)
    assert isinstance(done[-1], ev.WeaponReloaded) and table.char("brother").ammo["autogun"] == 30

    ended_encounter = table.run(EndEncounter())[0]
    assert isinstance(ended_encounter, ev.EncounterEnded) and ended_encounter.rounds == 5
    assert table.state.encounter is None and table.state.position is None


def test_encounter_defensive_stance_gives_a_second_reaction_and_minus_20_ws() -> None:
    table = ambush()
    table.run(NextTurn(), [3, 8])  # order: brother (10, Ag 41) before cultist (10, Ag 30)
    assert table.state.position == TurnPosition("ambush", 1, 1, "brother")
    table.run(TakeAction(character_id="brother", action="defensive_stance"), [], ANNA)
    table.run(EndTurn(character_id="brother"), [], ANNA)
    rolled = table.run(Attack(attack_id="c1", attacker_id="cultist", target_id="brother", weapon_id="club"), [5],
                       BORIS)[-1]
    assert isinstance(rolled, ev.AttackRolled) and rolled.target == 10  # WS 30 − 20
    table.run(React(attack_id="c1", reaction="dodge"), [30], ANNA)
    table.run(EndTurn(character_id="cultist"), [], BORIS)
    table.run(Attack(attack_id="h1", attacker_id="horde", target_id="brother", weapon_id="autogun"), [10])
    table.run(React(attack_id="h1", reaction="dodge"), [30], ANNA)  # the second reaction of the round
    table.run(Attack(attack_id="h2", attacker_id="horde", target_id="brother", weapon_id="club", action="standard",
                     use="free"), [1])
    assert table.char("brother").reactions_used == 2
    # Expires at the start of his next turn (the surprised Heretic is passed over in round 1).
    started = table.run(NextTurn())[-1]
    assert isinstance(started, ev.TurnStarted) and "defensive_stance" in started.expired


def test_encounter_horde_breaks_on_a_failed_test_or_at_a_quarter() -> None:
    table = ambush()
    table.run(NextTurn(), [3, 8])
    table.run(Attack(attack_id="a1", attacker_id="brother", target_id="horde", weapon_id="autogun",
                     action="full_auto"), [1], ANNA)
    table.run(RollDamage(attack_id="a1"), [5] * 7, ANNA)
    table.run(EndTurn(character_id="brother"), [], ANNA)  # the cultist's turn
    test = table.run(EndTurn(character_id="cultist"), [95], BORIS)[-1]
    assert isinstance(test, ev.HordeBreakTested) and test.broken and table.char("horde").has("broken")

    other = ambush()
    other.run(NextTurn(), [3, 8])
    other.run(Attack(attack_id="a1", attacker_id="brother", target_id="horde", weapon_id="autogun",
                     action="full_auto", modifiers=()), [1], ANNA)
    other.state = replace(other.state, characters={**other.state.characters, "horde": replace(
        other.char("horde"), magnitude=10, magnitude_at_turn_start=10)})
    events = other.run(RollDamage(attack_id="a1"), [5] * 7, ANNA)
    assert isinstance(events[-1], ev.HordeBroke) and events[-1].magnitude == 3 and events[-1].starting == 20


def test_encounter_fearless_horde_never_tests() -> None:
    table = Table()
    table.register("brother", "anna", marine())
    table.register("horde", "gm-1", replace(horde(), traits=("fearless",)))
    table.run(StartEncounter(encounter_id="e", participants=("brother", "horde")), [5, 5])
    table.run(NextTurn())
    table.run(Attack(attack_id="a1", attacker_id="brother", target_id="horde", weapon_id="autogun",
                     action="full_auto"), [1], ANNA)
    hurt = table.run(RollDamage(attack_id="a1"), [5] * 7, ANNA)[0]
    assert isinstance(hurt, ev.DamageApplied) and not hurt.break_test_due
    assert [type(e).__name__ for e in table.run(EndTurn(character_id="brother"), [], ANNA)] == [
        "TurnEnded", "TurnStarted"]


def test_encounter_start_is_gm_only_and_one_at_a_time() -> None:
    table = ambush()
    with pytest.raises(Forbidden):
        table.run(NextTurn(), [], ANNA)
    assert refused(table, StartEncounter(encounter_id="again", participants=("brother",))).rule == (
        "encounter_running")
    table.run(EndEncounter())
    assert refused(table, StartEncounter(encounter_id="ambush", participants=("brother",))).rule == "id_reused"
