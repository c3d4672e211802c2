"""Given events folded into a state, when a command with fixed dice, then these events and this state."""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce

import msgspec
import pytest

from domain.commands import Actor
from domain.d100 import COMMANDS, EVENTS, D100State, decide, initial_state
from domain.d100 import events as ev
from domain.d100.commands import (
    Attack,
    BurnFate,
    CoverSpec,
    GmRuling,
    OpposedSide,
    React,
    RegisterCharacter,
    Reload,
    RollDamage,
    RollOpposedTest,
    RollTest,
    SpendFate,
    StartRound,
    TakeAim,
    Unjam,
)
from domain.d100.evolve import evolve
from domain.d100.modifiers import Modifier
from domain.d100.sheet import Armour, Sheet, SkillEntry, Weapon
from domain.dice import FixedDice
from domain.errors import Forbidden, RuleViolation, UnknownEntity
from domain.events import Event
from tests.support.characters import is_joining, joined

GM = Actor("gm-1", "gm")
ANNA = Actor("anna", "player")
BORIS = Actor("boris", "player")

BOLTER = Weapon(id="bolter", name="Bolter", weapon_class="basic", damage="1d10+9", damage_type="explosive",
                penetration=4, single=True, semi=3, full=0, range_m=100, clip=28)
AUTOGUN = Weapon(id="autogun", name="Autogun", weapon_class="basic", damage="1d10+3", single=True, semi=3,
                 full=10, range_m=90, clip=30)
SWORD = Weapon(id="sword", name="Power sword", weapon_class="melee", damage="1d10+5", damage_type="energy",
               penetration=6, qualities=("power_field",))
FLAMER = Weapon(id="flamer", name="Flamer", weapon_class="basic", damage="1d10+4", damage_type="energy",
                penetration=2, range_m=10, clip=6, qualities=("flame",))


def marine_sheet() -> Sheet:
    return Sheet(
        characteristics={"WS": 45, "BS": 50, "S": 42, "T": 44, "Ag": 41, "Int": 38, "Per": 40, "WP": 40, "Fel": 30},
        unnatural={"S": 4, "T": 4},
        skills={"Dodge": SkillEntry(characteristic="Ag", kind="basic"),
                "Tech-Use": SkillEntry(characteristic="Int", kind="advanced")},
        talents=("ambidextrous",), traits=("space_marine",), wounds=20, fate=3,
        armour=Armour(head=8, right_arm=8, left_arm=8, body=10, right_leg=8, left_leg=8),
        weapons=(BOLTER, SWORD, FLAMER, AUTOGUN),
    )


def cultist_sheet() -> Sheet:
    return Sheet(
        characteristics={"WS": 30, "BS": 30, "S": 30, "T": 30, "Ag": 30, "Int": 25, "Per": 30, "WP": 25, "Fel": 20},
        wounds=10, armour=Armour(body=2), weapons=(Weapon(id="knife", name="Knife", weapon_class="melee",
                                                          damage="1d5", qualities=("primitive",)),),
    )


def horde_sheet(magnitude: int = 20) -> Sheet:
    return Sheet(
        characteristics={"WS": 30, "BS": 30, "S": 30, "T": 30, "Ag": 30, "Int": 20, "Per": 30, "WP": 30, "Fel": 10},
        wounds=0, armour=Armour(body=3), magnitude=magnitude,
        weapons=(Weapon(id="claws", name="Claws", weapon_class="melee", damage="1d10"),),
    )


def fold(events: Iterable[Event], state: D100State | None = None) -> D100State:
    return reduce(evolve, events, state or initial_state("deathwatch"))


def given(*commands: tuple[object, list[int]], ruleset: str = "deathwatch") -> D100State:
    state = initial_state(ruleset)  # type: ignore[arg-type]
    for command, faces in commands:
        if is_joining(state, command):  # type: ignore[arg-type]
            state = fold(joined(state, command, GM), state)  # type: ignore[arg-type]
            continue
        state = fold(decide(state, command, FixedDice(faces), GM), state)  # type: ignore[arg-type]
    return state


def register(cid: str, owner: str, sheet: Sheet, comrade: bool = False) -> tuple[object, list[int]]:
    return RegisterCharacter(character_id=cid, owner=owner, name=cid.title(), sheet=sheet, comrade=comrade), []


def squad(ruleset: str = "deathwatch") -> D100State:
    return given(register("brother", "anna", marine_sheet()), register("cultist", "boris", cultist_sheet()),
                 register("horde", "gm-1", horde_sheet()), ruleset=ruleset)


def run(state: D100State, command: object, faces: list[int], actor: Actor = GM) -> tuple[list[Event], D100State]:
    events = decide(state, command, FixedDice(faces), actor)  # type: ignore[arg-type]
    return events, fold(events, state)


# --- shapes --------------------------------------------------------------------------------------------

def test_catalogue_every_command_and_event_is_tagged_d100() -> None:
    for cls in (*COMMANDS, *EVENTS):
        tag = cls.__struct_config__.tag
        assert isinstance(tag, str) and tag.startswith("d100_"), cls


def test_events_round_trip_through_json() -> None:
    state = squad()
    events, _ = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="bolter"),
                    [35])
    decoded = msgspec.json.decode(msgspec.json.encode(events[0]), type=ev.D100Event)
    assert decoded == events[0]


# --- authorisation -------------------------------------------------------------------------------------

def test_authorize_player_acts_only_for_owned_characters() -> None:
    state = squad()
    with pytest.raises(Forbidden):
        decide(state, RollTest(test_id="t", character_id="brother", characteristic="WS"), FixedDice([1]), BORIS)
    assert decide(state, RollTest(test_id="t", character_id="brother", characteristic="WS"), FixedDice([1]), ANNA)


def test_authorize_gm_only_commands_and_observers() -> None:
    state = squad()
    with pytest.raises(Forbidden):
        decide(state, StartRound(), FixedDice([]), ANNA)
    with pytest.raises(Forbidden):
        decide(state, RollTest(test_id="t", character_id="brother", characteristic="WS"), FixedDice([1]),
               Actor("obs", "observer"))


def test_unknown_character_is_unknown_entity() -> None:
    with pytest.raises(UnknownEntity):
        decide(squad(), RollTest(test_id="t", character_id="nobody", characteristic="WS"), FixedDice([1]), GM)


# --- tests --------------------------------------------------------------------------------------------------

def test_test_rolled_records_modifiers_target_and_die() -> None:
    events, state = run(squad(), RollTest(test_id="t1", character_id="brother", skill="Dodge", difficulty="hard",
                                          modifiers=(Modifier("smoke", -10),)), [9])
    rolled = events[0]
    assert isinstance(rolled, ev.TestRolled)
    assert (rolled.base, rolled.modifiers.total, rolled.target, rolled.roll) == (41, -30, 11, 9)
    assert rolled.success and rolled.degrees == 0
    assert [d.value for d in rolled.dice] == [9]
    assert state.tests["t1"].success


def test_test_untrained_advanced_skill_refused_with_a_human_message() -> None:
    state = given(register("cultist", "boris", cultist_sheet()))
    with pytest.raises(RuleViolation, match="Trade \\(Armourer\\) is an advanced skill: the character is untrained"):
        decide(state, RollTest(test_id="t", character_id="cultist", skill="Trade (Armourer)"), FixedDice([1]), GM)


def test_test_untrained_basic_skill_halves() -> None:
    events, _ = run(given(register("cultist", "boris", cultist_sheet())),
                    RollTest(test_id="t", character_id="cultist", skill="Awareness"), [10])
    assert isinstance(events[0], ev.TestRolled) and events[0].base == 15 and events[0].untrained


def test_test_fatigue_subtracts_10() -> None:
    state = squad()
    _, state = run(state, GmRuling(character_id="brother", reason="forced march", set_fatigue=1), [])
    events, _ = run(state, RollTest(test_id="t", character_id="brother", characteristic="WS"), [40])
    assert isinstance(events[0], ev.TestRolled)
    assert events[0].target == 35 and not events[0].success


def test_test_id_cannot_be_reused() -> None:
    _, state = run(squad(), RollTest(test_id="t", character_id="brother", characteristic="WS"), [40])
    with pytest.raises(RuleViolation, match="already used"):
        decide(state, RollTest(test_id="t", character_id="brother", characteristic="WS"), FixedDice([1]), GM)


def test_test_assistance_requires_trained_helpers() -> None:
    state = given(register("brother", "anna", marine_sheet()), register("b2", "anna", marine_sheet()),
                  register("cultist", "boris", cultist_sheet()))
    events, _ = run(state, RollTest(test_id="t", character_id="brother", skill="Tech-Use", helpers=("b2",)), [27])
    assert isinstance(events[0], ev.TestRolled)
    assert events[0].target == 48 and events[0].degrees == 2 + 1
    with pytest.raises(RuleViolation, match="not trained"):
        decide(state, RollTest(test_id="u", character_id="brother", skill="Tech-Use", helpers=("cultist",)),
               FixedDice([1]), GM)


def test_test_extended_counts_successes_across_posts() -> None:
    state = squad()
    _, state = run(state, RollTest(test_id="e1", character_id="brother", skill="Tech-Use", extended_id="door",
                                   extended_needed=2), [10])
    _, state = run(state, RollTest(test_id="e2", character_id="brother", skill="Tech-Use", extended_id="door"), [90])
    _, state = run(state, RollTest(test_id="e3", character_id="brother", skill="Tech-Use", extended_id="door"), [5])
    assert state.extended["door"].complete and state.extended["door"].attempts == 3


def test_opposed_test_records_both_rolls_and_the_winner() -> None:
    events, state = run(squad(), RollOpposedTest(
        contest_id="c1", first=OpposedSide(character_id="brother", characteristic="S"),
        second=OpposedSide(character_id="cultist", characteristic="S")), [20, 25])
    result = events[0]
    assert isinstance(result, ev.OpposedTestRolled)
    assert result.first.bonus == 8 and result.result.winner == "first"
    assert "c1" in state.used_ids


# --- fate -----------------------------------------------------------------------------------------------------

def test_fate_reroll_of_a_failed_test_stands_once() -> None:
    _, state = run(squad(), RollTest(test_id="t", character_id="brother", characteristic="WS"), [80])
    events, state = run(state, SpendFate(character_id="brother", use="reroll", test_id="t"), [12], ANNA)
    assert isinstance(events[0], ev.FateSpent) and isinstance(events[1], ev.TestRolled)
    assert events[1].reroll_of == "t" and events[1].success
    assert state.characters["brother"].fate == 2
    with pytest.raises(RuleViolation, match="failed test only"):
        decide(state, SpendFate(character_id="brother", use="reroll", test_id="t"), FixedDice([1]), ANNA)


def test_fate_reroll_refused_twice() -> None:
    _, state = run(squad(), RollTest(test_id="t", character_id="brother", characteristic="WS"), [80])
    _, state = run(state, SpendFate(character_id="brother", use="reroll", test_id="t"), [90])
    with pytest.raises(RuleViolation, match="only once"):
        decide(state, SpendFate(character_id="brother", use="reroll", test_id="t"), FixedDice([1]), GM)


def test_fate_bonus_before_rolling_adds_10_and_spends_a_point() -> None:
    events, state = run(squad(), RollTest(test_id="t", character_id="brother", characteristic="WS",
                                          fate_bonus=True), [55])
    assert isinstance(events[1], ev.TestRolled) and events[1].target == 55 and events[1].success
    assert state.characters["brother"].fate == 2


def test_fate_add_degree_after_a_success() -> None:
    _, state = run(squad(), RollTest(test_id="t", character_id="brother", characteristic="WS"), [30])
    _, state = run(state, SpendFate(character_id="brother", use="add_degree", test_id="t"), [])
    assert state.tests["t"].degrees == 2


def test_fate_remove_damage_and_fatigue_and_burn() -> None:
    state = squad()
    _, state = run(state, GmRuling(character_id="brother", reason="x", set_damage=7, set_fatigue=2,
                                   add_conditions=("dead",)), [])
    events, state = run(state, SpendFate(character_id="brother", use="remove_damage"), [4])
    assert isinstance(events[0], ev.FateSpent) and events[0].dice[0].value == 4
    assert state.characters["brother"].damage == 3
    _, state = run(state, SpendFate(character_id="brother", use="remove_fatigue"), [])
    assert state.characters["brother"].fatigue == 1
    _, state = run(state, BurnFate(character_id="brother", reason="bolter shell to the head"), [])
    brother = state.characters["brother"]
    assert (brother.fate, brother.fate_max, brother.has("dead")) == (1, 2, False)
    _, state = run(state, SpendFate(character_id="brother", use="initiative_ten"), [])
    with pytest.raises(RuleViolation, match="no Fate point"):
        decide(state, SpendFate(character_id="brother", use="initiative_ten"), FixedDice([]), GM)


# --- the attack flow ------------------------------------------------------------------------------------------

def test_attack_hit_waits_for_reaction_with_location_from_reversed_digits() -> None:
    events, state = run(squad(), Attack(attack_id="a1", attacker_id="brother", target_id="cultist",
                                        weapon_id="bolter"), [56 - 20])  # roll 36 → 63 → body
    attack = events[0]
    assert isinstance(attack, ev.AttackRolled)
    assert attack.success and attack.locations == ("body",) and attack.stage == "awaiting_reaction"
    assert state.attacks["a1"].stage == "awaiting_reaction"
    assert state.characters["brother"].ammo["bolter"] == 27


def test_attack_miss_leaves_nothing_pending() -> None:
    events, state = run(squad(), Attack(attack_id="a1", attacker_id="brother", target_id="cultist",
                                        weapon_id="bolter"), [70])
    assert isinstance(events[0], ev.AttackRolled) and events[0].stage == "missed"
    # Kept only so Fate can reroll it: nothing waits for a reaction or damage.
    assert [a.stage for a in state.attacks.values()] == ["missed"]
    with pytest.raises(RuleViolation):
        decide(state, React(attack_id="a1", reaction="dodge"), FixedDice([5]), GM)
    with pytest.raises(RuleViolation):
        decide(state, RollDamage(attack_id="a1"), FixedDice([5]), GM)


def test_attack_jam_on_96_fails_and_jams_until_unjammed() -> None:
    state = squad()
    events, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="cultist",
                                      weapon_id="bolter", modifiers=(Modifier("gm", 60),)), [96])
    assert isinstance(events[0], ev.AttackRolled) and events[0].jammed and not events[0].success
    with pytest.raises(RuleViolation, match="jammed"):
        decide(state, Attack(attack_id="a2", attacker_id="brother", target_id="cultist", weapon_id="bolter"),
               FixedDice([1]), GM)
    events, state = run(state, Unjam(character_id="brother", weapon_id="bolter", test_id="u1"), [20])
    assert isinstance(events[0], ev.UnjamAttempted) and events[0].characteristic == "BS"
    assert state.characters["brother"].jammed == ()
    with pytest.raises(RuleViolation, match="empty"):
        decide(state, Attack(attack_id="a2", attacker_id="brother", target_id="cultist", weapon_id="bolter"),
               FixedDice([1]), GM)
    _, state = run(state, Reload(character_id="brother", weapon_id="bolter"), [])
    assert state.characters["brother"].ammo["bolter"] == 28


def test_attack_semi_auto_hits_capped_and_multiple_locations() -> None:
    events, _ = run(squad(), Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="bolter",
                                    action="semi_auto"), [1])  # target 60: 5 degrees → 1 + 2 = 3 hits (RoF 3)
    attack = events[0]
    assert isinstance(attack, ev.AttackRolled)
    assert attack.hits == 3 and attack.locations == ("head", "head", "right_arm")  # 01 → 10 → head


def test_attack_charge_needs_four_metres() -> None:
    with pytest.raises(RuleViolation, match="a Charge needs the target at least 4 m away"):
        decide(squad(), Attack(attack_id="a", attacker_id="brother", target_id="cultist", weapon_id="sword",
                               action="charge", distance_m=3), FixedDice([1]), GM)


def test_attack_charge_bonus_is_a_variant() -> None:
    command = Attack(attack_id="a", attacker_id="brother", target_id="cultist", weapon_id="sword",
                     action="charge", distance_m=6)
    dw = decide(squad(), command, FixedDice([50]), GM)[0]
    ow = decide(squad("only_war"), command, FixedDice([50]), GM)[0]
    assert isinstance(dw, ev.AttackRolled) and isinstance(ow, ev.AttackRolled)
    assert (dw.target, ow.target) == (55, 65)


def test_attack_aim_is_used_by_the_next_attack() -> None:
    _, state = run(squad(), TakeAim(character_id="brother", aim="full"), [])
    events, state = run(state, Attack(attack_id="a", attacker_id="brother", target_id="cultist",
                                      weapon_id="bolter"), [99 - 30])
    assert isinstance(events[0], ev.AttackRolled) and events[0].target == 70 and events[0].aim_used == 20
    assert state.characters["brother"].aim == 0


def test_attack_modifiers_clamp_at_60() -> None:
    events, _ = run(squad(), Attack(attack_id="a", attacker_id="brother", target_id="cultist", weapon_id="bolter",
                                    circumstances=("unaware_target",), distance_m=2,
                                    modifiers=(Modifier("gm", 20),)), [1])
    attack = events[0]
    assert isinstance(attack, ev.AttackRolled)
    assert attack.modifiers.raw == 80 and attack.modifiers.total == 60 and attack.modifiers.clamped


def test_reaction_dodge_negates_and_second_reaction_refused() -> None:
    state = squad()
    _, state = run(state, Attack(attack_id="a1", attacker_id="cultist", target_id="brother", weapon_id="knife"), [11])
    events, state = run(state, React(attack_id="a1", reaction="dodge"), [20], ANNA)
    assert isinstance(events[0], ev.ReactionRolled) and events[0].hits_after == 0
    assert "a1" not in state.attacks
    _, state = run(state, Attack(attack_id="a2", attacker_id="cultist", target_id="brother", weapon_id="knife"), [12])
    with pytest.raises(RuleViolation, match="Brother already used this round's reaction on `dodge`"):
        decide(state, React(attack_id="a2", reaction="dodge"), FixedDice([1]), ANNA)
    _, state = run(state, StartRound(), [])
    assert state.characters["brother"].reactions_used == 0


def test_reaction_only_by_the_targets_owner_and_no_parry_against_shots() -> None:
    state = squad()
    _, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="bolter"), [30])
    with pytest.raises(Forbidden):
        decide(state, React(attack_id="a1", reaction="dodge"), FixedDice([1]), ANNA)
    with pytest.raises(RuleViolation, match="only melee attacks can be parried"):
        decide(state, React(attack_id="a1", reaction="parry"), FixedDice([1]), BORIS)


def test_reaction_dodge_against_full_auto_negates_one_per_degree() -> None:
    state = squad()
    _, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="autogun",
                                 action="full_auto"), [30])  # target 70, 4 degrees → 5 hits
    events, state = run(state, React(attack_id="a1", reaction="dodge"), [4], BORIS)  # Dodge 15: 1 degree
    assert isinstance(events[0], ev.ReactionRolled) and events[0].hits_negated == 2
    assert state.attacks["a1"].hits == 3


def test_damage_melee_adds_sb_and_subtracts_tb_and_armour() -> None:
    state = squad()
    _, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="sword"), [43])
    _, state = run(state, React(attack_id="a1", reaction="none"), [], BORIS)
    events, state = run(state, RollDamage(attack_id="a1"), [3])
    applied = events[0]
    assert isinstance(applied, ev.DamageApplied)
    hit = applied.hits[0]
    # 1d10+5 with a 3, + SB 8 = 16; body AP 2 − pen 6 → 0; TB 3 → 13 wounding; 10 wounds → 3 critical.
    assert (hit.location, hit.total, hit.armour, hit.toughness_bonus, hit.wounding) == ("body", 16, 0, 3, 13)
    assert (applied.damage_after, applied.critical_after) == (10, 3)
    assert state.characters["cultist"].has("unconscious")
    assert state.attacks == {}


def test_damage_degrees_are_the_minimum_of_one_die() -> None:
    state = squad()
    _, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="sword"), [3])
    _, state = run(state, React(attack_id="a1", reaction="none"), [], BORIS)
    events, _ = run(state, RollDamage(attack_id="a1"), [2])
    hit = events[0].hits[0]  # type: ignore[attr-defined]
    assert hit.faces == (4,) and hit.degrees_die == 0


def test_damage_ranged_never_adds_sb_and_demo_fallback_kills_at_5_over() -> None:
    state = squad()
    _, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="bolter"), [50])
    _, state = run(state, React(attack_id="a1", reaction="none"), [], BORIS)
    events, state = run(state, RollDamage(attack_id="a1"), [9])
    applied = events[0]
    assert isinstance(applied, ev.DamageApplied)
    # 9 + 9 = 18, AP 0 after pen 4, TB 3 → 15: 10 wounds, 5 critical → dead.
    assert applied.hits[0].total == 18 and applied.critical_after == 5
    assert state.characters["cultist"].has("dead")


def test_damage_righteous_fury_deathwatch_confirms_and_chains() -> None:
    state = squad()
    _, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="bolter"), [50])
    _, state = run(state, React(attack_id="a1", reaction="none"), [], BORIS)
    events, _ = run(state, RollDamage(attack_id="a1"), [10, 20, 10, 2])
    hit = events[0].hits[0]  # type: ignore[attr-defined]
    assert hit.fury.confirmed and hit.fury.extra_damage == 12 and hit.total == 19 + 12
    assert [d.value for d in events[0].dice] == [10, 20, 10, 2]  # type: ignore[attr-defined]


def test_damage_righteous_fury_only_war_rolls_a_d5_critical_if_it_wounds() -> None:
    state = given(register("guard", "anna", Sheet(characteristics={"WS": 40, "BS": 40, "S": 30, "T": 30},
                                                    wounds=12, weapons=(BOLTER,))),
                  register("cultist", "boris", cultist_sheet()), ruleset="only_war")
    _, state = run(state, Attack(attack_id="a1", attacker_id="guard", target_id="cultist", weapon_id="bolter"), [40])
    _, state = run(state, React(attack_id="a1", reaction="none"), [], BORIS)
    events, state = run(state, RollDamage(attack_id="a1"), [10, 7])
    applied = events[0]
    assert isinstance(applied, ev.DamageApplied)
    # 10 + 9 = 19 − TB 3 = 16 → 10 wounds + 6 critical, + d5(7) = 4 critical from the fury.
    assert applied.critical_after == 10 and applied.criticals[0].amount == 10


def test_damage_cover_stops_first() -> None:
    state = squad()
    _, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="bolter"), [36])
    _, state = run(state, React(attack_id="a1", reaction="none"), [], BORIS)
    events, _ = run(state, RollDamage(attack_id="a1", cover=CoverSpec(ap=16)), [1])
    hit = events[0].hits[0]  # type: ignore[attr-defined]
    assert (hit.cover_ap, hit.cover_damaged, hit.wounding) == (16, False, 0)


def test_horde_flamer_hits_1d5_plus_3_and_loses_magnitude() -> None:
    state = squad()
    events, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="horde",
                                      weapon_id="flamer"), [20, 5])
    attack = events[0]
    assert isinstance(attack, ev.AttackRolled)
    assert attack.hits == 3 + 3 and attack.stage == "awaiting_damage" and attack.locations == ()
    events, state = run(state, RollDamage(attack_id="a1"), [5, 1, 1, 1, 1, 1])
    applied = events[0]
    assert isinstance(applied, ev.DamageApplied)
    assert applied.magnitude_lost == 6 and state.characters["horde"].magnitude == 14


def test_horde_melee_cannot_be_dodged_and_adds_dice() -> None:
    state = squad()
    events, state = run(state, Attack(attack_id="a1", attacker_id="horde", target_id="brother",
                                      weapon_id="claws"), [25])
    assert isinstance(events[0], ev.AttackRolled) and events[0].stage == "awaiting_damage"
    events, _ = run(state, RollDamage(attack_id="a1"), [5, 6, 7])
    hit = events[0].hits[0]  # type: ignore[attr-defined]
    assert len(hit.horde_dice) == 2 and hit.total == 5 + 3 + 6 + 7


def test_horde_melee_refuses_a_dodge_or_parry_from_its_target() -> None:
    # RULES A9: a horde's melee attacks cannot be dodged or parried; its hit waits for damage, not for a reaction.
    state = squad()
    _, state = run(state, Attack(attack_id="a1", attacker_id="horde", target_id="brother", weapon_id="claws"), [25])
    for reaction in ("dodge", "parry"):
        with pytest.raises(RuleViolation) as refused:
            decide(state, React(attack_id="a1", reaction=reaction), FixedDice([1]), ANNA)
        assert refused.value.rule == "no_reaction_pending"


def test_horde_breaks_at_quarter_magnitude() -> None:
    state = squad()
    _, state = run(state, GmRuling(character_id="horde", reason="artillery", set_magnitude=6), [])
    _, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="horde", weapon_id="bolter"), [50])
    _, state = run(state, RollDamage(attack_id="a1"), [5, 5])  # explosive: one hit more
    horde = state.characters["horde"]
    assert horde.magnitude == 4 and horde.has("broken")


def test_comrade_takes_a_double_in_cohesion() -> None:
    state = given(register("guard", "anna", cultist_sheet(), comrade=True), register("ork", "gm-1", cultist_sheet()),
                  ruleset="only_war")
    events, state = run(state, Attack(attack_id="a1", attacker_id="ork", target_id="guard", weapon_id="knife",
                                      comrade_in_cohesion=True), [22])
    assert isinstance(events[0], ev.AttackRolled) and events[0].to_comrade
    _, state = run(state, React(attack_id="a1", reaction="none"), [], ANNA)
    _, state = run(state, RollDamage(attack_id="a1"), [])
    assert state.characters["guard"].comrade == "wounded" and state.characters["guard"].damage == 0


def test_unarmed_damage_is_primitive_and_tires() -> None:
    state = squad()
    _, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="unarmed"), [5])
    _, state = run(state, React(attack_id="a1", reaction="none"), [], BORIS)
    events, state = run(state, RollDamage(attack_id="a1"), [10, 80])  # a 10 counts 5; fury not confirmed
    hit = events[0].hits[0]  # type: ignore[attr-defined]
    assert hit.total == 5 - 3 + 8 and hit.armour == 2 * 2 and not hit.fury.confirmed  # AP doubled
    assert state.characters["cultist"].fatigue == 1


def test_damage_after_a_missed_attack_says_the_attack_missed() -> None:
    # 80 > BS 50: the shot misses (RULES A7 step 2), so there is no damage to roll, and the refusal says why
    # rather than "no attack is waiting" (in the attack's own post the damage line is skipped for it).
    state = squad()
    events, state = run(state, Attack(attack_id="a1", attacker_id="brother", target_id="cultist",
                                      weapon_id="bolter"), [80])
    assert isinstance(events[0], ev.AttackRolled) and events[0].stage == "missed"
    with pytest.raises(RuleViolation) as refused:
        run(state, RollDamage(attack_id="a1"), [])
    assert refused.value.rule == "attack_missed"
    assert str(refused.value) == "the attack 'a1' missed (or its hits were all avoided): it has no damage to roll"
    with pytest.raises(RuleViolation) as unknown:
        run(state, RollDamage(attack_id="nope"), [])
    assert unknown.value.rule == "no_pending_attack"
