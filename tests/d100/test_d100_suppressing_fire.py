"""Suppressing Fire (000, RULES A5): the burst's hits fall at random on the characters of the kill zone, each
share a pending attack of its own (its reaction, then its damage); every assignment die is recorded."""

from __future__ import annotations

import pytest

from domain.d100 import events as ev
from domain.d100.commands import Attack, GmRuling, React, RollDamage, SpendFate
from domain.d100.hit_location import multiple_hit_locations
from domain.errors import RuleViolation
from tests.d100.encounter_fixtures import ANNA, BORIS, Table, cultist, horde, marine


def zone_table() -> Table:
    """Brother (BS 50, autogun full 10) facing two cultists and a horde of 20; no encounter."""
    table = Table()
    table.register("brother", "anna", marine())
    table.register("cultist", "boris", cultist())
    table.register("cultist2", "gm-1", cultist())
    table.register("horde", "gm-1", horde())
    return table


def burst(attack_id: str = "s1", target: str = "cultist", zone: tuple[str, ...] = ("cultist", "cultist2", "horde")
          ) -> Attack:
    return Attack(attack_id=attack_id, attacker_id="brother", target_id=target, weapon_id="autogun",
                  action="suppressing", zone=zone)


def test_suppressing_fire_assigns_each_hit_by_a_die_among_the_zone() -> None:
    table = zone_table()
    # BS 50 − 20 = 30; 05 → 2 degrees → 2 hits; d3 → 2 (cultist2), 3 (horde); then the three Pinning tests.
    events = table.run(burst(), [5, 2, 3, 90, 90, 90], ANNA)
    rolled = events[0]
    assert isinstance(rolled, ev.AttackRolled) and rolled.success and rolled.degrees == 2
    assert [(d.sides, d.value) for d in rolled.dice] == [(100, 5), (3, 2), (3, 3)]
    assert (rolled.hits, rolled.stage, rolled.zone) == (0, "missed", ("cultist", "cultist2", "horde"))
    assert [(a.attack_id, a.target_id, a.hits, a.locations, a.stage) for a in rolled.assigned] == [
        ("s1:cultist2", "cultist2", 1, ("body",), "awaiting_reaction"),  # 05 → 50: body
        ("s1:horde", "horde", 1, (), "awaiting_damage"),
    ]
    assert "s1" not in table.state.attacks
    assert {"s1:cultist2", "s1:horde"} <= set(table.state.attacks) and "s1:horde" in table.state.used_ids
    # Each share goes its own way: cultist2 takes it, the horde cannot react.
    table.run(React(attack_id="s1:cultist2", reaction="none"))
    hurt = table.run(RollDamage(attack_id="s1:cultist2"), [4])[0]
    assert isinstance(hurt, ev.DamageApplied) and hurt.target_id == "cultist2"
    # 4 + 3 = 7 (the 2 degrees are below the die), − TB 3 − body AP 2 = 2.
    assert (hurt.hits[0].total, hurt.hits[0].wounding, hurt.damage_after) == (7, 2, 2)
    table.run(RollDamage(attack_id="s1:horde"), [9])
    assert table.char("horde").magnitude == 19


def test_suppressing_fire_two_hits_on_one_character_follow_the_multiple_hits_table() -> None:
    table = zone_table()
    events = table.run(burst(zone=("cultist", "cultist2")), [5, 1, 1, 90, 90], ANNA)
    rolled = events[0]
    assert isinstance(rolled, ev.AttackRolled) and rolled.assigned == ()
    assert (rolled.hits, rolled.locations, rolled.stage) == (2, multiple_hit_locations("body", 2), "awaiting_reaction")
    # A Dodge against Suppressing Fire negates one hit (not one per degree).
    reacted = table.run(React(attack_id="s1", reaction="dodge"), [1], BORIS)[0]
    assert isinstance(reacted, ev.ReactionRolled) and (reacted.hits_negated, reacted.hits_after) == (1, 1)


def test_suppressing_fire_alone_in_the_zone_rolls_no_assignment_die() -> None:
    table = zone_table()
    rolled = table.run(burst(zone=("cultist",)), [5, 90], ANNA)[0]
    assert isinstance(rolled, ev.AttackRolled) and [d.sides for d in rolled.dice] == [100]
    assert (rolled.hits, rolled.assigned) == (2, ())


def test_suppressing_fire_target_must_be_in_the_zone_and_dead_are_skipped() -> None:
    table = zone_table()
    with pytest.raises(RuleViolation) as caught:
        table.run(burst(zone=("cultist2", "horde")), [], ANNA)
    assert caught.value.rule == "kill_zone_target"
    table.run(GmRuling(character_id="cultist2", reason="shot earlier", add_conditions=("dead",)))
    rolled = table.run(burst(), [5, 2, 2, 90, 90], ANNA)[0]  # d2 among cultist and the horde
    assert isinstance(rolled, ev.AttackRolled) and [d.sides for d in rolled.dice] == [100, 2, 2]
    assert [(a.target_id, a.hits) for a in rolled.assigned] == [("horde", 2)]


def test_fate_reroll_of_a_missed_suppressing_burst_assigns_its_hits_again() -> None:
    table = zone_table()
    table.run(burst(), [80, 90, 90, 90], ANNA)
    assert table.state.attacks["s1"].stage == "missed"
    spent, again = table.run(SpendFate(character_id="brother", use="reroll", test_id="s1"), [5, 1, 2], ANNA)
    assert isinstance(again, ev.AttackRolled) and again.reroll_of == "s1"
    assert (again.hits, [(a.attack_id, a.hits) for a in again.assigned]) == (1, [("s1:cultist2", 1)])
    assert table.state.attacks["s1"].stage == "awaiting_reaction"
    with pytest.raises(RuleViolation) as caught:
        table.run(SpendFate(character_id="brother", use="add_degree", test_id="s1:cultist2"), [], ANNA)
    assert caught.value.rule == "fate_degree_assigned"


def test_suppressing_fire_sentence_shows_the_kill_zone_dice() -> None:
    # The same burst as above: 05 vs 30, 2 degrees → 2 hits, assigned by a d3 each (2: cultist2, 3: the horde).
    # Both assignment dice are in the proof; the forum line shows them too (docs/history.md "Each die once").
    from domain.d100.phrases import PHRASES

    table = zone_table()
    rolled = table.run(burst(), [5, 2, 3, 90, 90, 90], ANNA)[0]
    names = {"brother": "Brother Kai", "cultist": "Cultist", "cultist2": "Second cultist", "horde": "Horde",
             "brother/autogun": "Autogun"}
    english = PHRASES.sentence(rolled, names.__getitem__, "en")
    spanish = PHRASES.sentence(rolled, names.__getitem__, "es")
    assert english is not None and spanish is not None
    assert english.endswith("; 1 on Second cultist; 1 on Horde (kill zone dice [2][3])")
    assert spanish.endswith("; 1 a Second cultist; 1 a Horde (dados de la zona de muerte [2][3])")
